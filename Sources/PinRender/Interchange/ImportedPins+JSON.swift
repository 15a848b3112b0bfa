import Foundation
import PinRenderCore

extension ImportedPin {
    /// `{"pins": [...]}`, a pin a line, as `--pins` reads it: the apps' fields (`canonical` and
    /// `via` when the comment had them), then the ones an import adds (`modifiedAt`, `subtype`,
    /// `reviewState`, `language`), which every command ignores.
    static func json(_ pins: [ImportedPin]) -> Data {
        var data = Data()
        var writer = JSONWriter { data.append($0) }
        writer.raw("{\"pins\": [")
        for (index, item) in pins.enumerated() {
            let pin = item.pin
            writer.raw(index == 0 ? "\n  {" : ",\n  {")
            field(&writer, "id", first: true) { $0.string(pin.id) }
            field(&writer, "contentId") { $0.string(pin.contentId) }
            field(&writer, "page") { $0.integer(pin.page) }
            if let x = pin.relativeX, let y = pin.relativeY {
                field(&writer, "relativeX") { $0.number(x) }
                field(&writer, "relativeY") { $0.number(y) }
            }
            field(&writer, "authorId") { $0.string(pin.authorId) }
            if let name = pin.authorName { field(&writer, "authorName") { $0.string(name) } }
            field(&writer, "createdAt") { $0.string(ISODate.string(pin.createdAt)) }
            if let modified = item.modified { field(&writer, "modifiedAt") { $0.string(ISODate.string(modified)) } }
            field(&writer, "text") { $0.string(pin.text) }
            field(&writer, "resolved") { $0.raw(pin.resolved ? "true" : "false") }
            if let parent = pin.parentId { field(&writer, "parentId") { $0.string(parent) } }
            if pin.kind == .voice, let audio = pin.audio {
                field(&writer, "kind") { $0.string("voice") }
                field(&writer, "audio") {
                    $0.raw("{\"url\": ")
                    $0.string(audio.url)
                    $0.raw(", \"durationMs\": ")
                    $0.integer(audio.durationMs)
                    $0.raw("}")
                }
            }
            if let canonical = pin.canonical { field(&writer, "canonical") { $0.string(canonical) } }
            if let via = pin.via { field(&writer, "via") { $0.string(via) } }
            if let subtype = item.subtype { field(&writer, "subtype") { $0.string(subtype) } }
            if let state = item.reviewState {
                field(&writer, "reviewState") {
                    $0.raw("{\"state\": ")
                    $0.string(state.state)
                    $0.raw(", \"author\": ")
                    $0.string(state.author)
                    if let date = state.date {
                        $0.raw(", \"date\": ")
                        $0.string(ISODate.string(date))
                    }
                    $0.raw("}")
                }
            }
            if let language = item.language { field(&writer, "language") { $0.string(language) } }
            writer.raw("}")
        }
        writer.raw(pins.isEmpty ? "]}\n" : "\n]}\n")
        writer.flush()
        return data
    }

    private static func field(_ writer: inout JSONWriter, _ key: String, first: Bool = false, _ value: (inout JSONWriter) -> Void) {
        writer.raw(first ? "\"\(key)\": " : ", \"\(key)\": ")
        value(&writer)
    }
}
