import Foundation

/// The files of an output of several pages, one per page: a PNG export of several pages,
/// the diff images of two PDFs.
public enum PageFiles {
    /// Where page `page` of `output` goes: `%d` in the path is replaced by the page number;
    /// otherwise `-N` goes before the extension (`plan.png` -> `plan-3.png`).
    public static func path(_ output: String, page: Int) -> String {
        if output.contains("%d") { return output.replacingOccurrences(of: "%d", with: String(page)) }
        let url = URL(fileURLWithPath: output)
        let base = url.deletingPathExtension().lastPathComponent
        let name = "\(base)-\(page).\(url.pathExtension)"
        let directory = (output as NSString).deletingLastPathComponent
        return directory.isEmpty ? name : directory + "/" + name
    }
}
