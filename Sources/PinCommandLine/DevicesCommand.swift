import Foundation
import PinRender
import PinRenderCore

/// `pinrender devices`: the screen presets.
enum DevicesCommand: Command {
    static var manual: Manual {
        Manual(pinrender: "devices", summary: "the screen presets for --device and --devices", synopsis: [
            "pinrender devices",
        ], description: [
            .paragraph("""
                Lists each preset's name, device, size in points, scale, size in pixels and pixels per inch.
                Each preset works in portrait (the default) and landscape: iphone-15@landscape.
                A custom screen is WxH@S: width and height in points and the scale, e.g. 390x844@3.
                """),
        ], exitStatus: [
            Manual.Definition("0", "listed"),
            Manual.Definition("2", "bad usage (one line on standard error)"),
        ], examples: [
            Manual.Example("pinrender devices"),
        ])
    }

    static func run(_ words: [String]) throws -> Int32 {
        guard words.isEmpty else { throw InputError.usage("devices takes no arguments") }
        func column(_ text: String, _ width: Int) -> String { text.padding(toLength: max(width, text.count), withPad: " ", startingAt: 0) }
        print(column("name", 19), column("device", 21), column("points", 10), column("scale", 7), column("pixels", 11), "ppi")
        for device in DevicePreset.all {
            let w = Int(device.portrait.width), h = Int(device.portrait.height)
            let pixels = "\(Int((device.portrait.width * device.scale).rounded()))x\(Int((device.portrait.height * device.scale).rounded()))"
            let scale = device.scale == device.scale.rounded() ? "@\(Int(device.scale))x" : "@\(device.scale)x"
            print(column(device.name, 19), column(device.displayName, 21), column("\(w)x\(h)", 10), column(scale, 7),
                  column(pixels, 11), Int(device.pixelsPerInch))
        }
        print("\nAdd @landscape for landscape (ipad-pro-12.9@landscape), or give WxH@S (390x844@3).")
        return 0
    }
}
