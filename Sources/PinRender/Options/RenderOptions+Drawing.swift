import Foundation
import PinRenderCore

extension Option<RenderOptions> {
    /// `--tooltips auto|all|none`
    public static var tooltips: Self {
        Option("--tooltips", value: OptionValue.placeholder(TooltipMode.self), help: """
            auto (default): where they fit without covering others, on
            pages of at most 25 pins; all: every pin; margin: every pin's
            in a column beside the page, on leader lines (PNG); none:
            markers only
            """) { text, options in
            options.tooltips = try OptionValue.choice(text, of: TooltipMode.self)
        }
    }

    /// `--cluster auto|off`
    public static var cluster: Self {
        Option("--cluster", value: OptionValue.placeholder(ClusterMode.self), help: """
            auto (default): markers that would overlap become one bubble
            with the count and, in red, how many are open
            """) { text, options in
            options.clustering = try OptionValue.choice(text, of: ClusterMode.self)
        }
    }

    /// `--theme FILE`: read and checked when given.
    public static var theme: Self {
        Option("--theme", value: "FILE", help: "JSON of colors, sizes and font (see docs/THEMES.md)", isPath: true) { path, options in
            guard let data = FileManager.default.contents(atPath: path) else {
                throw InputError(source: path, location: "", problem: "cannot read the theme file")
            }
            options.theme = try Theme.decode(data, source: path)
            options.themeFile = path
        }
    }

    /// `--ui-scale S`: pixels per UI point of the input image (2 for an @2x screenshot).
    public static var uiScale: Self {
        Option("--ui-scale", value: "S", help: """
            pixels per point of the image, as on its screen (2 for an @2x
            screenshot): markers and tooltips are drawn that much larger;
            default: the PNG's pHYs (144 dpi is 2), else 1
            """) { text, options in
            options.uiScale = try OptionValue.number(text, needs: "a number from 0.25 to 40") { $0 >= 0.25 && $0 <= 40 }
        }
    }

    /// `--include open|resolved|all`
    public static var include: Self {
        Option("--include", value: OptionValue.placeholder(CommentFilter.self),
               help: "which threads to draw and export (default all)") { text, options in
            options.include = try OptionValue.choice(text, of: CommentFilter.self)
        }
    }

    /// `--content-id ID`
    public static var contentId: Self {
        Option("--content-id", value: "ID", help: "draw only the pins of this contentId") { text, options in
            options.contentId = text
        }
    }

    /// `--timezone TZ`
    public static var timezone: Self {
        Option("--timezone", value: "TZ", help: "time zone of the times in tooltips (default UTC)") { text, options in
            guard let zone = TimeZone(identifier: text) else { throw OptionProblem.statement("unknown time zone \(text)") }
            options.timeZone = zone
        }
    }
}

extension OptionGroup<RenderOptions> {
    /// What is drawn and how.
    public static var drawing: Self {
        OptionGroup(title: "DRAWING", options: [.tooltips, .cluster, .theme, .uiScale, .include, .contentId, .timezone])
    }
}
