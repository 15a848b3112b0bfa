import PinRenderCore

extension Option<RenderOptions> {
    /// `--dpi D`
    public static var dpi: Self {
        Option("--dpi", value: "D", help: "PNG resolution of PDF pages (default 150)") { text, options in
            options.size = .dpi(try OptionValue.number(text, needs: "a positive number") { $0 > 0 })
        }
    }

    /// `--scale S`
    public static var scale: Self {
        Option("--scale", value: "S", help: "PNG output units per content unit (images: pixels; default 1)") { text, options in
            options.size = .scale(try OptionValue.number(text, needs: "a positive number") { $0 > 0 })
        }
    }

    /// `--width W`: fit inside W pixels (with `--height`, inside both).
    public static var width: Self {
        Option("--width", value: "W", help: "fit the PNG inside W pixels wide, keeping the aspect") { text, options in
            let width = try OptionValue.whole(text, needs: "a positive whole number of pixels") { $0 > 0 }
            if case .fit(_, let height) = options.size {
                options.size = .fit(width: width, height: height)
            } else {
                options.size = .fit(width: width, height: nil)
            }
        }
    }

    /// `--height H`: fit inside H pixels (with `--width`, inside both).
    public static var height: Self {
        Option("--height", value: "H", help: "fit the PNG inside H pixels high, keeping the aspect") { text, options in
            let height = try OptionValue.whole(text, needs: "a positive whole number of pixels") { $0 > 0 }
            if case .fit(let width, _) = options.size {
                options.size = .fit(width: width, height: height)
            } else {
                options.size = .fit(width: nil, height: height)
            }
        }
    }
}

extension OptionGroup<RenderOptions> {
    /// The PNG size: one of `--dpi`, `--scale`, `--width`/`--height`.
    public static var size: Self {
        OptionGroup(title: "SIZE (PNG)", options: [.dpi, .scale, .width, .height]) { given, _ in
            let asked = [["--dpi"], ["--scale"], ["--width", "--height"]].filter { $0.contains(where: given.contains) }
            if asked.count > 1 {
                let names = [["--dpi"], ["--scale"], ["--width", "--height"]].map { $0.map(given.name).joined(separator: "/") }
                throw OptionProblem.statement("use one of \(names.joined(separator: ", "))")
            }
        }
    }
}
