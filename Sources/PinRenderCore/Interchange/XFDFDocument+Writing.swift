import Foundation

extension XFDFDocument {
    /// The side, in points, of the sticky note written for a pin: its upper-left corner in the
    /// page's user space (where an upright icon's top-left corner is) is the pin's point.
    public static let noteSize = 20.0

    /// XFDF for `threads`: per thread a `<text>` note at its root's point, its replies
    /// (`inreplyto`, `replyType="reply"`), and for a resolved thread a review-state reply
    /// (`state="Completed"`, `statemodel="Review"`, named `ROOT-resolved`), as the review export
    /// writes them. Pages are numbered from 0, rects are in the pages' user space.
    /// - Parameters:
    ///   - threads: the threads, each on a page of `pages`.
    ///   - pages: the PDF's pages' geometry.
    ///   - href: the PDF's file name, for `<f href>`.
    ///   - ids: the PDF's `/ID`, for `<ids>`.
    public static func data(threads: [CommentThread], pages: [PageGeometry], href: String?,
                            ids: (original: String, modified: String)?) -> Data {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xfdf xmlns=\"http://ns.adobe.com/xfdf/\" xml:space=\"preserve\">\n"
        if let href { xml += "<f href=\"\(escaped(href, attribute: true))\"/>\n" }
        if let ids { xml += "<ids original=\"\(ids.original)\" modified=\"\(ids.modified)\"/>\n" }
        xml += "<annots>\n"
        for thread in threads {
            let root = thread.root
            let geometry = pages[root.page - 1]
            let size = geometry.displayedSize
            let point = CGPoint(x: (root.relativeX ?? 0) * size.width, y: (root.relativeY ?? 0) * size.height)
            let corner = geometry.pageSpacePoint(fromContent: point)
            let rect = [corner.x, corner.y - noteSize, corner.x + noteSize, corner.y].map { DecimalText.string($0, decimals: 4) }.joined(separator: ",")
            func note(_ pin: Pin, name: String, reply: Bool, state: String? = nil, text: String? = nil, date: Date? = nil) {
                let created = PDFDate.string(date ?? pin.createdAt)
                var attributes = [("page", String(root.page - 1)), ("rect", rect), ("name", name), ("title", pin.displayAuthor),
                                  ("creationdate", created), ("date", created), ("flags", "print,nozoom,norotate"), ("icon", state == nil ? "Comment" : "Check")]
                if reply { attributes += [("inreplyto", root.id), ("replyType", "reply")] }
                if let state { attributes += [("state", state), ("statemodel", "Review")] }
                xml += "<text" + attributes.map { " \($0.0)=\"\(escaped($0.1, attribute: true))\"" }.joined()
                xml += "><contents>\(escaped(text ?? pin.text, attribute: false))</contents></text>\n"
            }
            note(root, name: root.id, reply: false)
            for reply in thread.replies { note(reply, name: reply.id, reply: true) }
            if root.resolved {
                note(root, name: root.id + "-resolved", reply: true, state: "Completed", text: "Resolved",
                     date: ([root] + thread.replies).map(\.createdAt).max())
            }
        }
        xml += "</annots>\n</xfdf>\n"
        return Data(xml.utf8)
    }

    /// Text as XML character data or an attribute value. Characters XML 1.0 cannot hold
    /// (controls other than tab, line feed and carriage return) are left out; a carriage return,
    /// and in an attribute a tab or line feed, is a character reference so that it survives.
    static func escaped(_ text: String, attribute: Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where attribute: result += "&quot;"
            case "\r": result += "&#13;"
            case "\n" where attribute: result += "&#10;"
            case "\t" where attribute: result += "&#9;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
