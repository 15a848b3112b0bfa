import Foundation
import Testing
import PinRenderCore

/// What the command line says when it is asked for help or given something wrong, as a
/// new user meets it (issue 15): the real binary, its exit status and its one line.
@Suite struct CommandLineWordingTests {
    /// `pinrender help COMMAND` is `pinrender COMMAND --help`, for every command.
    @Test func helpCommandPrintsThatCommandsHelp() throws {
        for command in try ReferencePageTests.commands() {
            let viaHelp = try Support.pinrender(["help", command])
            let viaFlag = try Support.pinrender([command, "--help"])
            #expect(viaHelp.status == 0 && viaFlag.status == 0, "\(command): \(viaHelp.stderr)")
            #expect(viaHelp.stdout == viaFlag.stdout, "help \(command) is not \(command) --help")
        }
        let unknown = try Support.pinrender(["help", "frobnicate"])
        #expect(unknown.status == 2 && unknown.stdout.isEmpty && unknown.stderr.contains("frobnicate"))
    }

    /// `--version` after a command prints the version, as before one.
    @Test func versionAfterACommandPrintsTheVersion() throws {
        let plain = try Support.pinrender(["--version"])
        for command in ["render", "preview", "diff", "snapshot", "cluster", "devices"] {
            let run = try Support.pinrender([command, "--version"])
            #expect(run.status == 0 && run.stdout == plain.stdout && run.stderr.isEmpty, "\(command): \(run.stderr)")
        }
    }

    /// An unknown device is blamed on the option given (`--devices` for preview, `--device`
    /// for render) and the closest preset is suggested, orientation kept.
    @Test func anUnknownDeviceNamesTheOptionGivenAndTheClosestPreset() throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pins = Support.path("samples/pins/floorplan-few.json"), plan = Support.path("samples/floorplan.pdf")
        let sheet = dir.appendingPathComponent("sheet.png").path
        let preview = try Support.pinrender(["preview", plan, "--pins", pins, "--devices", "iphone-se,iphone-16", "-o", sheet])
        #expect(preview.status == 2 && preview.stderr.hasPrefix("pinrender: --devices: unknown device \"iphone-16\""), "\(preview.stderr)")
        #expect(preview.stderr.contains("did you mean iphone-15?"), "\(preview.stderr)")
        let render = try Support.pinrender(["render", plan, "--pins", pins, "--device", "ipda-mini@landscape",
                                            "-o", dir.appendingPathComponent("screen.png").path])
        #expect(render.status == 2 && render.stderr.hasPrefix("pinrender: --device: unknown device"), "\(render.stderr)")
        #expect(render.stderr.contains("did you mean ipad-mini@landscape?"), "\(render.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    /// A value that cannot be read deep inside a layout file is named as the other messages
    /// name fields (`pages[0].markers[0].x`), in one line, not as Foundation's description of
    /// the error; a manifest that is not JSON says so in one line.
    @Test func aFieldDeepInAFileIsNamedWithIndexes() throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let manifest = dir.appendingPathComponent("m.json")
        try Data(#"{"cases": [{"name": "a", "canvas": "10x10", "pins": "p.json"}"#.utf8).write(to: manifest)
        let snapshot = try Support.pinrender(["snapshot", manifest.path])
        #expect(snapshot.status == 2 && snapshot.stderr == "pinrender: \(manifest.path): not a snapshot manifest: The given data was not valid JSON.\n",
                "\(snapshot.stderr)")

        let good = dir.appendingPathComponent("good.json"), bad = dir.appendingPathComponent("bad.json")
        #expect(try Support.pinsrenderOK(["render", "--canvas", "390x844", "--pins", Support.path("samples/pins/screenshot.json"),
                                           "-o", dir.appendingPathComponent("s.png").path, "--layout-json", good.path]))
        var root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: good)) as? [String: Any])
        var pages = try #require(root["pages"] as? [[String: Any]])
        var markers = try #require(pages[0]["markers"] as? [[String: Any]])
        markers[0]["x"] = "left"
        pages[0]["markers"] = markers
        root["pages"] = pages
        try JSONSerialization.data(withJSONObject: root).write(to: bad)
        #expect(try Support.pinrender(["diff", "--layout", good.path, good.path]).status == 0)
        let diff = try Support.pinrender(["diff", "--layout", good.path, bad.path])
        #expect(diff.status == 2 && diff.stderr.hasPrefix("pinrender: \(bad.path): pages[0].markers[0].x: "), "\(diff.stderr)")
        #expect(!diff.stderr.contains("Index"), "\(diff.stderr)")
    }

    /// Foundation's index keys (`Index 0`, as older toolchains also print them) become `[0]`;
    /// a field named like one stays a field.
    @Test func codingPathsAreWrittenWithIndexes() {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int?
            init(stringValue: String) { self.stringValue = stringValue }
            init(intValue: Int) { (self.stringValue, self.intValue) = ("Index \(intValue)", intValue) }
        }
        #expect(InputError.location([Key(stringValue: "cases"), Key(intValue: 0), Key(stringValue: "pins")]) == "cases[0].pins")
        #expect(InputError.location([Key(intValue: 2), Key(stringValue: "Index 1")]) == "[2].Index 1")
        #expect(InputError.location([]) == "")
    }

    /// A pin `number` too large to be a pin's number is printed as an integer, as written
    /// (2^63 was "found 9.223372036854776e+18"); a fraction is printed as it is.
    @Test func aTooLargePinNumberIsPrintedAsAnInteger() throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pins = dir.appendingPathComponent("pins.json")
        for (number, message) in [("9223372036854775808", "pins[0].number: 9223372036854775808 is too large (at most 999999999999999)"),
                                  ("-1000000000000000", "pins[0].number: -1000000000000000 is below 0"),
                                  ("2.5", "pins[0].number: expected a whole number, found 2.5")] {
            try Data(#"[{"id": "a", "contentId": "c", "relativeX": 0.5, "relativeY": 0.5, "authorId": "u", "createdAt": "2026-11-02T09:00:00Z", "text": "t", "resolved": false, "parentId": null, "number": \#(number)}]"#.utf8).write(to: pins)
            let run = try Support.pinrender(["render", "--canvas", "100x100", "--pins", pins.path, "-o", dir.appendingPathComponent("o.png").path])
            #expect(run.status == 2 && run.stderr == "pinrender: \(pins.path): \(message)\n", "\(run.stderr)")
        }
    }

    /// `--content-id` that no pin has still renders (the page without pins), but says so in
    /// one warning naming the id and the ids there are, a long list shortened.
    @Test func aContentIdWithoutPinsIsWarnedAbout() throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("o.png").path
        let few = try Support.pinrender(["render", "--canvas", "390x844", "--pins", Support.path("samples/pins/screenshot.json"),
                                         "--content-id", "screenshots", "-o", out])
        #expect(few.status == 0, "\(few.stderr)")
        #expect(few.stderr == "pinrender: warning: --content-id \"screenshots\" matches none of the 5 pins of "
                + "\(Support.path("samples/pins/screenshot.json")) (their contentId: screenshot)\n", "\(few.stderr)")
        let matching = try Support.pinrender(["render", "--canvas", "390x844", "--pins", Support.path("samples/pins/screenshot.json"),
                                              "--content-id", "screenshot", "-o", out])
        #expect(matching.status == 0 && matching.stderr.isEmpty, "\(matching.stderr)")

        let long = String(repeating: "x", count: 200)
        let pins = (0..<40).map { index in
            ["id": "p\(index)", "contentId": "\(long)-\(index)", "relativeX": 0.5, "relativeY": 0.5, "authorId": "u",
             "createdAt": "2026-11-02T09:00:00Z", "text": "t", "resolved": false] as [String: Any]
        }
        let many = dir.appendingPathComponent("many.json")
        try JSONSerialization.data(withJSONObject: pins).write(to: many)
        let run = try Support.pinrender(["render", "--canvas", "390x844", "--pins", many.path, "--content-id", "doc", "-o", out])
        let lines = run.stderr.split(separator: "\n")
        #expect(run.status == 0 && lines.count == 1 && lines[0].count < 400, "\(run.stderr)")
        #expect(lines.first?.contains("--content-id \"doc\" matches none of the 40 pins") == true, "\(run.stderr)")
        #expect(lines.first?.hasSuffix("and 37 more)") == true, "\(run.stderr)")
    }
}
