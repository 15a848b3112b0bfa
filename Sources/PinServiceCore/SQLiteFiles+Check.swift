import PinPlatform

extension SQLiteFiles {
    /// Throws ``StoreUnavailable/lost(_:)`` unless each file at its path is still the one
    /// opened (``replaced``).
    func check() throws(StoreUnavailable) {
        if let replaced { throw .lost(replaced) }
    }
}
