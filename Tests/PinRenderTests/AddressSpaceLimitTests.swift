import Foundation
import Testing

/// Under an address-space limit (`ulimit -v`) glibc's reservations of 64 MB a thread's heap
/// used to fill the space before the memory was used: Pango's threads could not start, GLib
/// aborted (status 133) or a thread faulted. With one heap (``AddressSpaceLimit``) the floor
/// plan renders in 400 MB of address space (about 250 MB are enough; before, 450 MB were not
/// always). Not under address sanitizer, which maps terabytes of shadow memory.
@Suite struct AddressSpaceLimitTests {
    @Test(.enabled(if: !PeakMemory.sanitized))
    func aRenderUnderAnAddressSpaceLimitFinishesWithTheSameBytes() throws {
        let dir = try Support.scratch()
        let render = { (out: String) in
            ["render", Support.path("samples/floorplan.pdf"), "--pins", Support.path("samples/pins/floorplan-crowd.json"),
             "--page", "1", "--dpi", "100", "-o", out]
        }
        let free = dir.appendingPathComponent("free.png").path
        #expect(try Support.pinrender(render(free)).status == 0)
        for run in 1...3 {
            let out = dir.appendingPathComponent("limited-\(run).png").path
            let limited = try Support.run("/bin/sh", ["-c", "ulimit -v 400000; exec \"$0\" \"$@\"", Support.binary] + render(out))
            #expect(limited.status == 0, "\(limited.status): \(limited.stderr.suffix(300))")
            #expect(FileManager.default.contentsEqual(atPath: out, andPath: free))
        }
    }
}
