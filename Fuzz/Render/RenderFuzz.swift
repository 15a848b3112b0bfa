// libFuzzer target over the whole render path: the bytes are the document (a PDF, PNG or
// JPEG, told apart by content as the command line does), rendered with fixed pins as
// `pinrender render` renders it: to PNG at the default size, to PNG drawn small (images
// shrink while they decode), and to the PDF review export; then `pinrender diff` of the
// document with itself, into a diff image. Built by `make fuzz` with
// -sanitize=fuzzer,address and -DFUZZING; a plain build replays files given as arguments
// (`swift run pinrender-fuzz crash-...`), which is how a finding is reproduced.
import Foundation
import PinRender
import PinRenderCore

/// The scratch directory, the pins and the document's path, made once per process.
let scratch: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("pinrender-fuzz-\(getpid())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    let pins = """
        {"pins": [
          {"id": "a", "contentId": "c", "relativeX": 0.1, "relativeY": 0.2, "authorId": "u", "createdAt": "2026-11-02T09:15:00Z",
           "text": "Пример comment", "resolved": false},
          {"id": "b", "contentId": "c", "relativeX": 0.96, "relativeY": 0.97, "authorId": "u", "createdAt": "2026-11-02T09:16:00Z",
           "text": "resolved one", "resolved": true},
          {"id": "r", "contentId": "c", "parentId": "a", "authorId": "v", "createdAt": "2026-11-02T09:17:00Z",
           "text": "a reply", "resolved": false}]}
        """
    try? Data(pins.utf8).write(to: url.appendingPathComponent("pins.json"))
    return url
}()

/// Renders `data` as a document the three ways and diffs it; every error is an expected outcome.
func render(document data: Data) {
    let input = scratch.appendingPathComponent("input").path
    guard FileManager.default.createFile(atPath: input, contents: data) else { return }
    let pins = scratch.appendingPathComponent("pins.json").path
    for (output, size) in [("out.png", nil), ("small.png", SizeRequest.fit(width: 61, height: nil)), ("out.pdf", nil)] {
        var options = RenderOptions(input: input, pins: pins, output: scratch.appendingPathComponent(output).path)
        options.pages = .list([1])
        options.size = size
        options.tooltips = .all
        // The command line's default is 400 million pixels; the fuzzer's memory is 2 GB.
        options.pixelLimit = 4_000_000
        _ = try? RenderJob(options: options).run()
    }
    // And compared with itself, as `pinrender diff` does (rows read in stripes), into a diff image.
    var diff = DiffJob(expected: input, actual: input)
    diff.output = scratch.appendingPathComponent("diff.png").path
    diff.pixelLimit = 4_000_000
    _ = try? diff.run()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRender(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    render(document: Data(bytes: bytes, count: count))
    return 0
}

#if !FUZZING
@main
enum Replay {
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("\(path): cannot be read\n".utf8))
                exit(2)
            }
            render(document: data)
            print("\(path): rendered without a crash")
        }
        try? FileManager.default.removeItem(at: scratch)
    }
}
#endif
