// libFuzzer target for the pins decoder and thread building (PinRenderCore, pure Swift).
// Built by `make fuzz` with swiftc -sanitize=fuzzer,address -parse-as-library.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPins(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    if let pins = try? PinDecoder(source: "fuzz").decode(data) {
        _ = try? ThreadBuilder(source: "fuzz").build(pins)
    }
    return 0
}
