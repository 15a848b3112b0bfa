import Foundation
import PinRenderCore

extension Option<RenderOptions> {
    /// `--device NAME`: a preset, `NAME@landscape`, or `WxH@S`.
    public static var device: Self {
        Option("--device", value: "NAME", help: """
            render what that screen shows, at its pixel size: iphone-15,
            ipad-pro-12.9@landscape, or WxH@S (points and scale, 390x844@3)
            """) { text, options in
            options.device = try OptionValue.screen(text)
        }
    }

    /// `--zoom Z`
    public static var zoom: Self {
        Option("--zoom", value: "Z", help: "UIScrollView zoomScale, 1 (whole page, aspect-fit) or more") { text, options in
            options.zoomScale = try OptionValue.number(text, needs: "a number from 1 (the whole page) up") { $0 >= 1 && $0 <= 1000 }
        }
    }

    /// `--offset X,Y`
    public static var offset: Self {
        Option("--offset", value: "X,Y", help: "contentOffset in points of the zoomed content (clamped)") { text, options in
            let xy = try OptionValue.numbers(text, count: 2, needs: "X,Y in points, e.g. 400,900")
            options.contentOffset = CGPoint(x: xy[0], y: xy[1])
        }
    }

    /// `--focus PIN_ID`
    public static var focus: Self {
        Option("--focus", value: "PIN_ID", help: "scroll so this pin is centered") { text, options in
            options.focusPinId = text
        }
    }

    /// `--safe-area`
    public static var safeArea: Self {
        Option("--safe-area", help: "keep the content inside the device's safe area") { _, options in
            options.safeArea = true
        }
    }
}

extension OptionGroup<RenderOptions> {
    /// One device screen: `--device`, `--zoom`, `--offset` (with ``view``).
    public static var device: Self {
        OptionGroup(title: "DEVICES (see pinrender devices)", options: [.device, .zoom, .offset]) { given, options in
            if options.device == nil,
               options.zoomScale != 1 || options.contentOffset != .zero || options.focusPinId != nil || options.safeArea {
                let names = ["--zoom", "--offset", "--focus"].map(given.name).joined(separator: ", ")
                throw OptionProblem.statement("\(names) and \(given.name("--safe-area")) need \(given.name("--device"))")
            }
        }
    }

    /// What a screen shows of the page: `--focus`, `--safe-area`.
    public static var view: Self {
        OptionGroup(title: nil, options: [.focus, .safeArea],
                    note: "Pins out of view show as indicators on the edge toward them, with a count.")
    }
}

extension OptionValue {
    /// A device screen by name (see ``DevicePreset/screen(named:)``); an unknown name gets
    /// the closest preset as a hint, its orientation kept (`iphone-16@landscape`: did you
    /// mean iphone-15@landscape?).
    public static func screen(_ text: String) throws -> DevicePreset.Screen {
        do {
            return try DevicePreset.screen(named: text)
        } catch let error as InputError {
            let parts = text.lowercased().split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
            let names = DevicePreset.all.map(\.name)
            let name = String(parts[0])
            let hint = names.contains(name) ? nil : OptionSuggestion.closest(to: name, among: names)
            let orientation = parts.count > 1 ? "@\(parts[1])" : ""
            throw OptionProblem.statement(error.problem + (hint.map { "; did you mean \($0)\(orientation)?" } ?? ""))
        }
    }
}
