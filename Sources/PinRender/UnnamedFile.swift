import Foundation
import PinRenderCore
internal import CLinux

/// A file with no name in any directory (Linux's `memfd_create`): nothing to remove when
/// the job ends or is killed, nothing another process can find by listing a directory. It
/// lives as long as a descriptor of it is open: this object's, or one it was handed to. The
/// libraries that open their outputs and inputs by name (libpng's writer, Cairo's PDF
/// surface, qpdf) reach it as ``path``, `/proc/self/fd/N`, which opens the same file again
/// from its start.
///
///     let result = try UnnamedFile(label: "render.png")
///     try canvas.writePNG(to: result.path, name: "render.png")
///     let bytes = result.size
public final class UnnamedFile: @unchecked Sendable {
    /// The file's descriptor, owned here and closed when this object goes.
    public let descriptor: Int32

    /// A new empty file; `label` names it in `/proc/self/fd` and in messages.
    public init(label: String) throws {
        let descriptor = pr_unnamed_file(label)
        guard descriptor >= 0 else {
            throw OutputError(file: label, reason: "no file in memory for it: \(String(cString: strerror(errno)))")
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// The name by which a library that opens files by name reaches this one.
    public var path: String { "/proc/self/fd/\(descriptor)" }

    /// The bytes written so far.
    public var size: Int {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
    }

    /// Appends `data` (a result made in memory, sent back as a render's is).
    public func write(_ data: Data) throws {
        try data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                guard written > 0 else {
                    throw OutputError(file: "/proc/self/fd/\(descriptor)", reason: String(cString: strerror(errno)))
                }
                offset += written
            }
        }
    }

    /// Empties the file (a job that failed: nothing of it is left to read).
    public func empty() {
        _ = ftruncate(descriptor, 0)
    }
}
