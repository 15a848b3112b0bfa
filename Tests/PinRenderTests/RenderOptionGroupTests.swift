import Foundation
import Testing
import PinRender
import PinRenderCore

/// Each group of render options read from a command line: good values stored, each bad
/// value refused with its one line; and the rules every command line follows.
@Suite struct RenderOptionGroupTests {
    /// The options `words` give with only `groups` embedded.
    func parse(_ groups: [OptionGroup<RenderOptions>], _ words: [String]) throws -> RenderOptions {
        var options = RenderOptions.unset
        let rest = try OptionParser(command: "render", groups: groups).parse(words, into: &options)
        #expect(rest.isEmpty, "\(words): \(rest) left")
        return options
    }

    /// The message refusing `words`, or nil when they are accepted.
    func refusal(_ groups: [OptionGroup<RenderOptions>], _ words: [String]) -> String? {
        do {
            _ = try parse(groups, words)
            return nil
        } catch {
            return "\(error)"
        }
    }

    func usage(_ message: String) -> String { "usage: \(message) (see pinrender --help)" }

    @Test func document() throws {
        let document = try parse([.document], ["plan.pdf", "--password", "pw", "--max-pixels", "1000"])
        #expect(document.input == "plan.pdf" && document.canvas == nil && document.password == "pw" && document.pixelLimit == 1000)
        #expect(try parse([.document], ["--canvas", "390X844.5"]).canvas == CGSize(width: 390, height: 844.5))
        for canvas in ["0x10", "10x0", "-5x10", "abc", "10x", "10x10x10", "infx10", "nanx10"] {
            #expect(refusal([.document], ["--canvas", canvas]) == usage("--canvas needs WxH, e.g. 390x844"), "\(canvas)")
        }
        for limit in ["0", "-3", "1.5", "many", "1073676290"] {
            #expect(refusal([.document], ["plan.pdf", "--max-pixels", limit])
                    == usage("--max-pixels needs a positive whole number, at most 1073676289 (32767 x 32767, the largest image Cairo draws)"))
        }
        #expect(refusal([.document], ["plan.pdf", "--canvas", "10x10"]) == usage("give either INPUT or --canvas, not both"))
        #expect(refusal([.document], []) == usage("render needs one INPUT document (or --canvas WxH)"))
        var options = RenderOptions.unset
        let rest = try OptionParser(command: "render", groups: [.document]).parse(["a.pdf", "b.pdf"], into: &options)
        #expect(options.input == "a.pdf" && rest == ["b.pdf"])
    }

    @Test func pages() throws {
        #expect(try parse([.pages], []).pages == .all)
        #expect(try parse([.pages], ["--page", "3"]).pages == .list([3]))
        #expect(try parse([.pages], ["--pages", "4,1-2,2"]).pages == .list([4, 1, 2]))
        for page in ["0", "-1", "two", "1.5"] {
            #expect(refusal([.pages], ["--page", page]) == usage("--page needs a page number from 1"))
        }
        #expect(refusal([.pages], ["--pages", "3-1"]) == #"--pages: "3-1" is not a page list (1-based, like 1,3-5)"#)
        #expect(refusal([.pages], ["--page", "1", "--pages", "2"]) == usage("use --page or --pages, not both"))
        #expect(refusal([.page], ["--pages", "2"]) == usage("unknown option --pages (did you mean --page?)"))
    }

    @Test func pinsSource() throws {
        let options = try parse([.pinsSource], ["--pins", "https://api/pins", "--header", "A: 1", "--timeout", "2.5",
                                                "--header", "B: 2", "--max-response", "1024"])
        #expect(options.pins == "https://api/pins" && options.headers == ["A: 1", "B: 2"])
        #expect(options.timeout == 2.5 && options.maxResponse == 1024)
        #expect(try parse([.pinsSource], ["--pins", "-"]).pins == "-")
        #expect(refusal([.pinsSource], []) == usage("render needs --pins PINS"))
        for timeout in ["0", "-1", "3601", "soon", "inf"] {
            #expect(refusal([.pinsSource], ["--pins", "p", "--timeout", timeout]) == usage("--timeout needs seconds, e.g. 10"))
        }
        for bytes in ["0", "-5", "1.5", "lots"] {
            #expect(refusal([.pinsSource], ["--pins", "p", "--max-response", bytes]) == usage("--max-response needs a positive number of bytes"))
        }
    }

    @Test func outputs() throws {
        let options = try parse([.outputs, .threads], ["--output", "o.png", "--layout-json", "l.json", "--summary-json", "s.json",
                                                       "--summary-csv", "s.csv", "--threads", "panel"])
        #expect(options.output == "o.png" && options.layoutJSON == "l.json" && options.summaryJSON == "s.json")
        #expect(options.summaryCSV == "s.csv" && options.threadsPanel)
        #expect(try parse([.outputs, .threads], ["-o", "o.pdf", "--threads", "none"]).threadsPanel == false)
        #expect(refusal([.outputs], []) == usage("render needs -o OUT"))
        #expect(refusal([.outputs], ["-o", "a.png", "--output", "b.png"]) == usage("--output is given twice"))
        #expect(refusal([.threads], ["--threads", "side"]) == usage("--threads takes panel or none"))
    }

    @Test func size() throws {
        #expect(try parse([.size], []).size == nil)
        #expect(try parse([.size], ["--dpi", "72"]).size == .dpi(72))
        #expect(try parse([.size], ["--scale", "0.5"]).size == .scale(0.5))
        #expect(try parse([.size], ["--width", "300"]).size == .fit(width: 300, height: nil))
        #expect(try parse([.size], ["--height", "200", "--width", "300"]).size == .fit(width: 300, height: 200))
        for (option, values, needs) in [("--dpi", ["0", "-72", "inf", "nan", "x"], "a positive number"),
                                        ("--scale", ["0", "-1", "inf"], "a positive number"),
                                        ("--width", ["0", "1.5", "-3", "w"], "a positive whole number of pixels"),
                                        ("--height", ["0", "x"], "a positive whole number of pixels")] {
            for value in values {
                #expect(refusal([.size], [option, value]) == usage("\(option) needs \(needs)"), "\(option) \(value)")
            }
        }
        for words in [["--dpi", "72", "--scale", "2"], ["--width", "10", "--dpi", "2"], ["--scale", "1", "--height", "9"]] {
            #expect(refusal([.size], words) == usage("use one of --dpi, --scale, --width/--height"), "\(words)")
        }
    }

    @Test func drawing() throws {
        let dir = try Support.scratch()
        let theme = dir.appendingPathComponent("theme.json")
        try Data(##"{"markerFill": "#0A84FF"}"##.utf8).write(to: theme)
        let options = try parse([.drawing], ["--tooltips", "all", "--cluster", "off", "--include", "resolved", "--theme", theme.path,
                                             "--content-id", "doc-1", "--timezone", "Europe/Berlin"])
        #expect(options.tooltips == .all && options.clustering == .off && options.include == .resolved)
        #expect(options.theme.markerFill == Color(hex: "#0A84FF") && options.themeFile == theme.path)
        #expect(options.contentId == "doc-1" && options.timeZone.identifier == "Europe/Berlin")
        #expect(refusal([.drawing], ["--tooltips", "some"]) == usage("--tooltips takes auto, all, margin or none"))
        #expect(refusal([.drawing], ["--cluster", "on"]) == usage("--cluster takes auto or off"))
        #expect(refusal([.drawing], ["--include", "closed"]) == usage("--include takes open, resolved or all"))
        #expect(refusal([.drawing], ["--timezone", "Mars/Base"]) == "--timezone: unknown time zone Mars/Base")
        #expect(refusal([.drawing], ["--theme", "/nonexistent/theme.json"]) == "/nonexistent/theme.json: cannot read the theme file")
        try Data(##"{"markerFil": "#0A84FF"}"##.utf8).write(to: theme)
        let bad = try #require(refusal([.drawing], ["--theme", theme.path]))
        #expect(bad.hasPrefix(theme.path) && bad.contains("markerFil"), "\(bad)")
    }

    @Test func device() throws {
        let options = try parse([.device, .view], ["--device", "iphone-15@landscape", "--zoom", "3", "--offset", "400, 900",
                                                   "--focus", "p20", "--safe-area"])
        #expect(options.device == (try DevicePreset.screen(named: "iphone-15@landscape")))
        #expect(options.zoomScale == 3 && options.contentOffset == CGPoint(x: 400, y: 900))
        #expect(options.focusPinId == "p20" && options.safeArea)
        #expect(refusal([.device], ["--device", "nokia-3310"])
                == #"--device: unknown device "nokia-3310" (see pinrender devices, or give WxH@S like 390x844@3)"#)
        for zoom in ["0.5", "0", "1001", "big"] {
            #expect(refusal([.device], ["--device", "iphone-se", "--zoom", zoom]) == usage("--zoom needs a number from 1 (the whole page) up"))
        }
        for offset in ["1", "1,2,3", "a,b", "1,inf"] {
            #expect(refusal([.device], ["--device", "iphone-se", "--offset", offset]) == usage("--offset needs X,Y in points, e.g. 400,900"))
        }
        for words in [["--zoom", "2"], ["--offset", "1,1"], ["--focus", "p1"], ["--safe-area"]] {
            #expect(refusal([.device, .view], words) == usage("--zoom, --offset, --focus and --safe-area need --device"), "\(words)")
        }
        #expect(refusal([.view], ["--safe-area=yes"]) == usage("--safe-area takes no value"))
    }

    /// What every command line shares: `--name=value`, `-` and negative numbers as values,
    /// and one line for an unknown option, a missing value or an option given twice.
    @Test func commandLineRules() throws {
        let all: [OptionGroup<RenderOptions>] = [.document, .pinsSource, .outputs, .size]
        let options = try parse(all, ["--pins=-", "plan.pdf", "-o", "out.png", "--dpi=72"])
        #expect(options.pins == "-" && options.input == "plan.pdf" && options.output == "out.png" && options.size == .dpi(72))
        #expect(refusal(all, ["plan.pdf", "--pins", "p", "-o", "o.png", "--frobnicate"]) == usage("unknown option --frobnicate"))
        #expect(refusal(all, ["plan.pdf", "--pins", "p", "-o", "o.png", "--frob=1"]) == usage("unknown option --frob"))
        #expect(refusal(all, ["plan.pdf", "--dip", "100", "--pins", "p", "-o", "o.png"])
                == usage("unknown option --dip (did you mean --dpi?)"))
        #expect(refusal(all, ["plan.pdf", "--pins", "p", "-o", "o.png", "--widht=3"]) == usage("unknown option --widht (did you mean --width?)"))
        #expect(refusal(all, ["plan.pdf", "--pins", "p", "-o"]) == usage("-o needs a value"))
        #expect(refusal(all, ["plan.pdf", "--pins", "p", "-o", "o.png", "--dpi", "72", "--dpi=96"]) == usage("--dpi is given twice"))
        #expect(refusal(all, ["plan.pdf", "--pins", "p", "-o", "o.png", "--dpi", "-72"]) == usage("--dpi needs a positive number"))
    }
}
