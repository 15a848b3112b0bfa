// swift-tools-version:6.0
import PackageDescription

/// A `.pc` file of this package, by absolute path (SwiftPM reads `pkgConfig` paths as they are).
func localPkgConfig(_ module: String) -> String {
    Context.packageDirectory + "/Sources/CInterop/\(module)/\(module).pc"
}

let package = Package(
    name: "pinrender",
    products: [
        .executable(name: "pinrender", targets: ["pinrender"]),
        .executable(name: "pinrender-net", targets: ["pinrender-net"]),
        .library(name: "PinRenderCore", targets: ["PinRenderCore"]),
        .library(name: "PinRender", targets: ["PinRender"]),
        .library(name: "PinRemote", targets: ["PinRemote"]),
        .library(name: "PinSnapshot", targets: ["PinSnapshot"]),
        .library(name: "PinServiceCore", targets: ["PinServiceCore"]),
        .library(name: "PinService", targets: ["PinService"]),
        .library(name: "PinSync", targets: ["PinSync"]),
    ],
    targets: [
        // C libraries from Debian, seen only by PinRenderGraphics.
        .systemLibrary(name: "CPoppler", path: "Sources/CInterop/CPoppler",
                       pkgConfig: "poppler-glib", providers: [.apt(["libpoppler-glib-dev"])]),
        .systemLibrary(name: "CPangoCairo", path: "Sources/CInterop/CPangoCairo",
                       pkgConfig: localPkgConfig("CPangoCairo"), providers: [.apt(["libpango1.0-dev", "libcairo2-dev", "libpixman-1-dev"])]),
        .systemLibrary(name: "CQPDF", path: "Sources/CInterop/CQPDF",
                       pkgConfig: "libqpdf", providers: [.apt(["libqpdf-dev"])]),
        // FFTW: the Fourier transforms of `pinrender carry`'s phase correlation, seen only by
        // PinRenderGraphics (PhaseCorrelation).
        .systemLibrary(name: "CFFTW", path: "Sources/CInterop/CFFTW",
                       pkgConfig: "fftw3", providers: [.apt(["libfftw3-dev"])]),
        // libpng and libjpeg report errors with longjmp, which Swift cannot catch: these C
        // functions hold the setjmp and return a status instead.
        .target(name: "CCodecs", path: "Sources/CInterop/CCodecs",
                linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("jpeg"), .linkedLibrary("exif"),
                                 .linkedLibrary("z"), .linkedLibrary("deflate")]),
        // Linux calls glibc hides from Swift's Glibc (memfd_create), seen only by PinRender.
        .target(name: "CLinux", path: "Sources/CInterop/CLinux"),
        // libsoup-3 and GLib, seen only by PinPlatform (and GLib by PinRenderGraphics, through Poppler).
        .systemLibrary(name: "CSoup", path: "Sources/CInterop/CSoup",
                       pkgConfig: localPkgConfig("CSoup"), providers: [.apt(["libsoup-3.0-dev"])]),
        // SQLite stores the pin service's contents and pins, and the sync client's queue, seen
        // only by PinPlatform (SQLiteConnection).
        .systemLibrary(name: "CSQLite", path: "Sources/CInterop/CSQLite",
                       pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // libpq: the pin service's store on PostgreSQL (`serve --db postgresql://...`), seen only
        // by PinPlatform (PostgresConnection).
        .systemLibrary(name: "CPostgres", path: "Sources/CInterop/CPostgres",
                       pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),

        .target(name: "PinRenderCore"),
        // GLib and libsoup-3 for the service and sync side: the main loop, the one HTTP client
        // (a deadline for the whole exchange, bodies read under a limit), the one WebSocket
        // client, and the HTTP server with its WebSocket, for PinRemote, PinService and PinSync.
        .target(name: "PinPlatform", dependencies: ["CSoup", "CSQLite", "CPostgres"]),
        .target(name: "PinRenderGraphics",
                dependencies: ["PinRenderCore", "CPoppler", "CPangoCairo", "CQPDF", "CCodecs", "CFFTW"]),
        // No network or database library: URLs and stores are read through PinSource.remote.
        .target(name: "PinRender", dependencies: ["PinRenderCore", "PinRenderGraphics", "CLinux"]),
        // Pins from a URL (libsoup-3) or a sync client's store (PinSync, SQLite).
        .target(name: "PinRemote", dependencies: ["PinRender", "PinRenderCore", "PinSync", "PinPlatform"]),
        .target(name: "PinSnapshot", dependencies: ["PinRender", "PinRenderCore", "PinRenderGraphics"]),
        // The pin service's operations without HTTP: the store (SQLite or PostgreSQL, through
        // PinPlatform's connections) and what may be done to contents and pins.
        .target(name: "PinServiceCore", dependencies: ["PinRenderCore", "PinPlatform"]),
        // `pinrender serve`: PinServiceCore over HTTP and WebSocket (PinPlatform's server).
        .target(name: "PinService", dependencies: ["PinServiceCore", "PinRender", "PinRenderCore", "PinRenderGraphics", "PinPlatform"]),
        // The offline-first client of the service: a local store, an outbox, `POST /v1/sync`,
        // the events WebSocket through PinPlatform.
        .target(name: "PinSync", dependencies: ["PinRenderCore", "PinPlatform"]),
        // The command line: its commands, shared by the two programs.
        .target(name: "PinCommandLine", dependencies: ["PinRender", "PinRenderCore"]),
        // `pinrender`: the commands that need only files; it links no network or database
        // library and runs pinrender-net in its place for the others (serve, pins, pins from
        // a URL or a store).
        .executableTarget(name: "pinrender", dependencies: ["PinCommandLine"]),
        // Every command, the pin service and the sync client included.
        .executableTarget(name: "pinrender-net",
                          dependencies: ["PinCommandLine", "PinPlatform", "PinRender", "PinRenderCore", "PinRemote", "PinService",
                                         "PinServiceCore", "PinSync"]),
        // The whole render path as a libFuzzer target (`make fuzz`); a plain build replays inputs.
        .executableTarget(name: "pinrender-fuzz", dependencies: ["PinRender", "PinRenderCore"], path: "Fuzz/Render"),
        .executableTarget(name: "pinrender-bench", dependencies: ["PinRender", "PinRenderCore", "PinRenderGraphics"],
                          path: "Sources/pinrender-bench"),

        .testTarget(name: "PinRenderCoreTests", dependencies: ["PinRenderCore"]),
        .testTarget(name: "PinRenderTests",
                    dependencies: ["PinRender", "PinRenderGraphics", "PinRenderCore", "PinRemote", "PinSnapshot", "pinrender",
                                   "pinrender-net"],
                    exclude: ["__Snapshots__"]),
        .testTarget(name: "PinServiceTests", dependencies: ["PinService", "PinServiceCore", "PinPlatform", "PinRender", "PinRenderCore",
                                                            "PinRenderGraphics"],
                    path: "Tests/Service",
                    exclude: ["service_test.py", "make_openapi_swift.py", "schemathesis_run.py", "hostile_browsers_test.py",
                              "hostile_render_pool_test.py", "hostile_renders_test.py", "hostile_signals_test.py", "hostile_slow_store_test.py",
                              "hostile_store_test.py", "hostile_wire_test.py", "hostile_drain_test.py", "hostile_operating_test.py",
                              "interchange_service_test.py", "revisions_test.py"]),
        .testTarget(name: "PinSyncTests", dependencies: ["PinSync", "PinPlatform", "PinRenderCore", "PinRenderGraphics", "pinrender",
                                                         "pinrender-net"],
                    path: "Tests/Sync",
                    exclude: ["fault_proxy.py", "websocket_tunnel.py"]),
    ],
    swiftLanguageModes: [.v6]
)
