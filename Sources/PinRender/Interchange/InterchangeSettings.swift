import Foundation
import PinRenderCore

/// What `import` and `export` both take besides their files: the document the comments are
/// on, the content, the base of W3C ids, a PDF's password; one option group for both.
public struct InterchangeSettings: Sendable {
    /// The PDF (or image) the comments are on.
    public var document: String?
    /// Import: the pins' `contentId`; export: only the pins of this content.
    public var contentId: String?
    /// The base URL of the W3C ids; nil for `urn:pinrender:` ones.
    public var baseURL: String?
    /// The password of an encrypted PDF.
    public var password: String?

    public init() {}

    /// The files read (the document too) and the one written, checked before anything is
    /// read: no output is an input, its folder exists and is writable.
    func checkPaths(input: String, option: String, role: String, output: String) throws {
        var paths = OutputPaths()
        paths.read(input, option: option, role: role)
        if let document { paths.read(document, option: "--document", role: "the document") }
        if output != "-" { paths.write(output, option: "-o") }
        try paths.check()
        if output != "-" { try OutputFiles.checkDirectory(of: output) }
    }
}

extension OptionGroup<InterchangeSettings> {
    /// `--document`, `--content-id`, `--base-url`, `--password`.
    public static var interchange: Self {
        OptionGroup(title: nil, options: [
            Option("--document", value: "DOC", help: """
                the PDF (or image) the comments are on: its pages' boxes and
                rotation, its /ID (needed for XFDF, and for W3C in pixels)
                """, isPath: true) { text, settings in
                settings.document = text
            },
            Option("--content-id", value: "ID", help: """
                import: the pins' contentId (default: the content the input
                names, else its file name); export: only this content's pins
                """) { text, settings in
                settings.contentId = text
            },
            Option("--base-url", value: "URL", help: """
                the base of the W3C ids (URL/annotations/CONTENT/PIN); default
                urn:pinrender:pin:CONTENT/PIN
                """) { text, settings in
                settings.baseURL = text
            },
            Option("--password", value: "PASSWORD", help: "the password of an encrypted PDF") { text, settings in
                settings.password = text
            },
        ])
    }
}
