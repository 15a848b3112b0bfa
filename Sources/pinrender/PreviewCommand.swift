import Foundation
import PinRender
import PinRenderCore

/// `pinrender preview`: parses arguments and writes a contact sheet of device screens.
enum PreviewCommand {
    static let help = """
    pinrender preview: the same page and pins on several screens and zoom levels, side by side

    USAGE
      pinrender preview INPUT --pins PINS --devices NAME,NAME,... -o SHEET.png [options]

    Every screen is drawn at one physical scale (120 pixels per inch of the real device), in
    rows, one row per zoom level, each labelled with device, orientation, size and zoom.

    OPTIONS
      --devices LIST           presets (pinrender devices), NAME@landscape, or WxH@S
      --zooms LIST             zoomScale levels, e.g. 1,2,4 (default 1)
      --focus PIN_ID           scroll every screen so this pin is centered
      --page N                 the page (default 1)
      --safe-area              keep the content inside each device's safe area
      --tooltips, --cluster, --theme, --content-id, --timezone, --password, --header,
      --timeout                as for pinrender render

    EXAMPLE
      pinrender preview samples/floorplan.pdf --pins samples/pins/floorplan-crowd.json \\
          --devices iphone-se,iphone-15-pro-max,ipad-pro-12.9@landscape,pixel-8 --zooms 1,3 \\
          --focus p20 -o sheet.png
    """

    static func run(_ words: [String]) throws -> Int32 {
        var arguments = try Arguments.parse(words, valued: ["--pins", "-o", "--output", "--devices", "--zooms", "--focus",
                                                            "--page", "--tooltips", "--cluster", "--theme",
                                                            "--content-id", "--password", "--max-pixels", "--timezone", "--include",
                                                            "--header", "--timeout", "--max-response"])
        if arguments.flag("--help", "-h") {
            print(help)
            return 0
        }
        guard let pins = arguments.value("--pins") else { throw usage("preview needs --pins PINS") }
        guard let output = arguments.value("-o", "--output") else { throw usage("preview needs -o SHEET.png") }
        guard let list = arguments.value("--devices") else { throw usage("preview needs --devices NAME,NAME,...") }
        guard arguments.positionals.count == 1 else { throw usage("preview needs one INPUT document") }
        var options = RenderOptions(input: arguments.positionals[0], pins: pins, output: output)
        if let page = arguments.value("--page") {
            guard let number = Int(page), number >= 1 else { throw usage("--page needs a page number from 1") }
            options.pages = .list([number])
        }
        try RenderCommand.parseDrawingOptions(&arguments, into: &options)
        let screens = try list.split(separator: ",").map { try DevicePreset.screen(named: String($0)) }
        var zooms = [1.0]
        if let text = arguments.value("--zooms") {
            zooms = try text.split(separator: ",").map {
                guard let value = Double($0), value >= 1, value <= 1000 else { throw usage("--zooms needs numbers from 1 up, e.g. 1,2,4") }
                return value
            }
        }
        try arguments.finish()
        guard !screens.isEmpty, !zooms.isEmpty else { throw usage("preview needs at least one device and zoom") }
        var job = PreviewJob(options: options, screens: screens, zooms: zooms)
        job.overrun = endOnTimeout
        let result = try job.run()
        for warning in result.warnings { warn(warning) }
        return 0
    }
}
