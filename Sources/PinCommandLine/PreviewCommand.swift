import Foundation
import PinRender
import PinRenderCore

/// `pinrender preview`: parses arguments and writes a contact sheet of device screens.
enum PreviewCommand: Command {
    /// What a preview is asked for: the render options, the screens and the zoom levels.
    struct Request {
        var options = RenderOptions.unset
        var screens: [DevicePreset.Screen] = []
        var zooms = [1.0]
    }

    static let parser = OptionParser<Request>(command: "preview", groups: [
        OptionGroup<RenderOptions>.document.pullback(\.options),
        OptionGroup<RenderOptions>.page.pullback(\.options),
        OptionGroup<RenderOptions>.pinsSource.pullback(\.options),
        OptionGroup(title: "OUTPUT", options: [
            Option<RenderOptions>.output.described(value: "SHEET.png", help: "the contact sheet, a .png").pullback(\.options),
            Option<RenderOptions>.layoutJSON.pullback(\.options),
        ]),
        screens,
        OptionGroup<RenderOptions>.view.pullback(\.options),
        OptionGroup<RenderOptions>.drawing.pullback(\.options),
    ])

    /// `--devices LIST`, `--zooms LIST`.
    static let screens = OptionGroup<Request>(title: "SCREENS", options: [
        Option("--devices", value: "NAME,NAME,...", help: "presets (pinrender devices), NAME@landscape, or WxH@S") { text, request in
            request.screens = try text.split(separator: ",").map { try OptionValue.screen(String($0)) }
        }.required(),
        Option("--zooms", value: "LIST", help: "zoomScale levels, e.g. 1,2,4 (default 1)") { text, request in
            request.zooms = try text.split(separator: ",").map {
                try OptionValue.number(String($0), needs: "numbers from 1 up, e.g. 1,2,4") { $0 >= 1 && $0 <= 1000 }
            }
        },
    ]) { _, request in
        if request.screens.isEmpty || request.zooms.isEmpty {
            throw OptionProblem.predicate("needs at least one device and zoom")
        }
    }

    static var manual: Manual {
        Manual(pinrender: "preview", summary: "the same page and pins on several screens and zoom levels, side by side", synopsis: [
            "pinrender preview INPUT --pins PINS --devices NAME,NAME,... -o SHEET.png [options]",
        ], description: [
            .paragraph("""
                Every screen is drawn at one physical scale (120 pixels per inch of the real device), in
                rows, one row per zoom level, each labelled with device, orientation, size and zoom.
                """),
        ], options: parser.sections, exitStatus: [
            Manual.Definition("0", "written"),
            Manual.Definition("2", "bad usage or bad input (one line on standard error; nothing written)"),
        ], examples: [
            Manual.Example("mkdir -p out"),
            Manual.Example("""
                pinrender preview samples/floorplan.pdf --pins samples/pins/floorplan-crowd.json \\
                    --devices iphone-se,iphone-15-pro-max,ipad-pro-12.9@landscape,pixel-8 --zooms 1,3 \\
                    --focus p20 -o out/sheet.png
                """),
        ])
    }

    static func run(_ words: [String]) throws -> Int32 {
        var request = Request()
        guard try parser.parse(words, into: &request).isEmpty else { throw InputError.usage("preview needs one INPUT document") }
        try PinSource.requireReadable([request.options.pins])
        var job = PreviewJob(options: request.options, screens: request.screens, zooms: request.zooms)
        job.overrun = endOnTimeout
        let result = try job.run()
        for warning in result.warnings { warn(warning) }
        return 0
    }
}
