import Foundation

/// Running a command and reading its peak resident memory from the kernel (wait4's rusage,
/// through Python's resource module): a bound on memory that a test can check without
/// timing anything. Under address sanitizer (`make test-asan`) freed memory is kept in a
/// quarantine of 16 MB instead of 256, so that the peak is the program's.
enum PeakMemory {
    static let wrapper = """
        import os, resource, subprocess, sys
        env = dict(os.environ)
        env["ASAN_OPTIONS"] = (env.get("ASAN_OPTIONS", "") + ":quarantine_size_mb=16").lstrip(":")
        code = subprocess.run(sys.argv[1:], env=env).returncode
        print("peak-kb", resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)
        sys.exit(code)
        """

    /// Runs `pinrender` with `arguments` (and `environment`); the result and its peak
    /// resident memory in MB.
    static func pinrender(_ arguments: [String], environment: [String: String?] = [:]) throws -> (run: Support.Run, megabytes: Int) {
        var run = try Support.run("/usr/bin/env", ["python3", "-c", wrapper, Support.binary] + arguments, environment: environment)
        var lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last == "" { lines.removeLast() }
        guard let last = lines.popLast(), last.hasPrefix("peak-kb "), let kilobytes = Int(last.dropFirst(8)) else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "no peak memory in \(run.stderr)"])
        }
        run.stderr = lines.map { $0 + "\n" }.joined()
        return (run, kilobytes / 1024)
    }

    /// The peak of rendering a 16 x 16 image: what the program needs before any image is
    /// large (about 45 MB in a plain build, more under address sanitizer). Bounds are set
    /// above it.
    static func baseline(in directory: URL) throws -> Int {
        let image = try TestImages.cells(width: 16, height: 16, cell: 4, seed: 1, in: directory, name: "tiny.png")
        let pins = try Support.pinsFile([(1, 0.5, 0.5)], in: directory, name: "tiny-pins.json")
        let (run, megabytes) = try pinrender(["render", image, "--pins", pins, "--width", "8",
                                              "-o", directory.appendingPathComponent("tiny-out.png").path])
        guard run.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: run.stderr])
        }
        for name in ["tiny.png", "tiny-pins.json", "tiny-out.png"] {
            try FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
        return megabytes
    }

    /// Runs `pinrender` where allocations past `megabytes` fail: under a data limit
    /// (`ulimit -d`, the private writable memory mapped), or in a build with address
    /// sanitizer, which reserves terabytes of address space, with allocations over that size
    /// failing instead. Not an address-space limit (`ulimit -v`): glibc reserves 64 MB of it
    /// for each thread's heap, so under load a thread could not start (GLib aborted in Pango,
    /// libdispatch waited for ever) before any memory was short.
    static func pinrender(_ arguments: [String], memoryLimit megabytes: Int) throws -> Support.Run {
        if sanitized {
            let options = (ProcessInfo.processInfo.environment["ASAN_OPTIONS"].map { $0 + ":" } ?? "")
                + "allocator_may_return_null=1:max_allocation_size_mb=\(megabytes)"
            return try Support.pinrender(arguments, environment: ["ASAN_OPTIONS": options])
        }
        return try Support.run("/bin/sh", ["-c", "ulimit -d \(megabytes * 1024); exec \"$0\" \"$@\"", Support.binary] + arguments)
    }

    /// Whether `pinrender` was built with address sanitizer.
    static let sanitized: Bool = {
        let binary = try? Data(contentsOf: URL(fileURLWithPath: Support.binary), options: .alwaysMapped)
        return binary?.range(of: Data("__asan_init".utf8)) != nil
    }()
}

/// Test images made by Tests/Fixtures/cells_png.py.
enum TestImages {
    /// `cells_png.py cells`: CELL x CELL squares of pseudo-random colors.
    static func cells(width: Int, height: Int, cell: Int, seed: Int, in directory: URL, name: String,
                      lastRowsSeed: Int? = nil, interlace: Bool = false) throws -> String {
        try make(["cells", "\(width)", "\(height)", "\(cell)", "\(seed)"], in: directory, name: name,
                 flags: (lastRowsSeed.map { ["--last-band-seed", "\($0)"] } ?? []) + (interlace ? ["--interlace"] : []))
    }

    /// `cells_png.py noise`: every pixel pseudo-random.
    static func noise(width: Int, height: Int, seed: Int, alpha: Bool, interlace: Bool, in directory: URL,
                      name: String) throws -> String {
        try make(["noise", "\(width)", "\(height)", "\(seed)"], in: directory, name: name,
                 flags: (alpha ? ["--alpha"] : []) + (interlace ? ["--interlace"] : []))
    }

    private static func make(_ arguments: [String], in directory: URL, name: String, flags: [String] = []) throws -> String {
        let path = directory.appendingPathComponent(name).path
        let result = try Support.run("/usr/bin/env", ["python3", Support.path("Tests/Fixtures/cells_png.py")] + arguments
                                     + [path] + flags)
        guard result.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: result.stderr])
        }
        return path
    }
}
