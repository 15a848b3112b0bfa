/// An error answer of the service (the OpenAPI document's `Error`): its status, one line
/// naming the field and index at fault (`changes[3].pin.relativeX: ...`), and with a
/// conflict or a deleted pin the pin as it now is.
public struct WireError: Codable, Sendable, Equatable {
    public var status: Int
    public var error: String
    public var current: WirePin?

    public init(status: Int, error: String, current: WirePin? = nil) {
        self.status = status
        self.error = error
        self.current = current
    }
}
