import Foundation
import PinRenderCore

/// The files a command reads and the files it writes, each with the option that named it,
/// checked before anything is written: no output may be a file that is read, or another
/// output. Paths are compared as the file system resolves them (symbolic links followed,
/// `./x` and `x` alike), and files that exist also by device and inode, so a hard link is
/// the same file under another name.
///
///     var paths = OutputPaths()
///     paths.read("plan.pdf", option: "INPUT", role: "the input document")
///     paths.write("plan.json", option: "--layout-json")
///     try paths.check()   // InputError: "--layout-json plan.pdf: is the input document (INPUT plan.pdf); ..."
public struct OutputPaths {
    private struct File {
        var path: String
        var option: String
        /// What a file read is ("the pins file"); nil for an output.
        var role: String?
        var identity: FileIdentity
    }

    private var reads: [File] = []
    private var writes: [File] = []

    public init() {}

    /// A file the command reads: `role` says what it is, `option` where it was named. `-`
    /// is standard input, which counts when it is redirected from a file.
    public mutating func read(_ path: String, option: String, role: String) {
        guard let identity = path == "-" ? FileIdentity.standardInput() : FileIdentity(path) else { return }
        reads.append(File(path: path, option: option, role: role, identity: identity))
    }

    /// A file the command writes, named by `option` (for the numbered pages of a PNG
    /// export, each page's own path).
    public mutating func write(_ path: String, option: String) {
        writes.append(File(path: path, option: option, role: nil, identity: FileIdentity(path)))
    }

    /// Throws for the first output that is a file read or an earlier output.
    public func check() throws {
        for (index, output) in writes.enumerated() {
            if let input = reads.first(where: { $0.identity.isSame(as: output.identity) }) {
                throw InputError(source: "\(output.option) \(output.path)", location: "",
                                 problem: "is \(input.role ?? "read") (\(input.option) \(input.path)); choose another path")
            }
            if let other = writes[..<index].first(where: { $0.identity.isSame(as: output.identity) }) {
                throw InputError(source: "\(output.option) \(output.path)", location: "",
                                 problem: "is also written as \(other.option) \(other.path); choose another path")
            }
        }
    }
}

/// Which file a path names: its resolved path, and its device and inode when it exists.
struct FileIdentity {
    private struct Node: Equatable {
        var device: UInt64
        var inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// Absolute, symbolic links resolved; nil for standard input.
    private var path: String?
    private var node: Node?

    init(_ path: String) {
        var info = stat()
        node = stat(path, &info) == 0 ? Node(info) : nil
        self.path = Self.resolve(path)
    }

    private init(node: Node) {
        self.node = node
    }

    /// Standard input when it is a regular file; nil otherwise (a pipe or a terminal).
    static func standardInput() -> FileIdentity? {
        var info = stat()
        guard fstat(STDIN_FILENO, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileIdentity(node: Node(info))
    }

    func isSame(as other: FileIdentity) -> Bool {
        (path != nil && path == other.path) || (node != nil && node == other.node)
    }

    /// The path with every symbolic link resolved; for a file that does not exist (yet),
    /// its directory's resolved path and its name.
    private static func resolve(_ path: String) -> String {
        func real(_ path: String) -> String? {
            guard let resolved = realpath(path, nil) else { return nil }
            defer { free(resolved) }
            return String(cString: resolved)
        }
        if let resolved = real(path) { return resolved }
        let url = URL(fileURLWithPath: path)
        guard let directory = real(url.deletingLastPathComponent().path) else { return url.standardizedFileURL.path }
        return (directory as NSString).appendingPathComponent(url.lastPathComponent)
    }
}

extension OutputPaths {
    /// The files a render or preview with `options` reads.
    public init(reading options: RenderOptions) {
        self.init()
        read(files: options)
    }

    /// Adds the files `options` reads: the document, the pins file (not a URL) and the
    /// theme file, their options prefixed with `prefix` ("case plan: ").
    public mutating func read(files options: RenderOptions, naming prefix: String = "") {
        if let input = options.input { read(input, option: prefix + "INPUT", role: "the input document") }
        if !options.pins.hasPrefix("http://") && !options.pins.hasPrefix("https://") {
            read(options.pins, option: prefix + "--pins", role: "the pins file")
        }
        if let theme = options.themeFile { read(theme, option: prefix + "--theme", role: "the theme file") }
    }
}
