import Foundation
internal import CPangoCairo

/// Pango font maps that no ``TextSetter`` uses now, kept with the fonts they have loaded: a
/// new font map loads them again (3.7 ms for a tooltip's four lines against 0.15 ms with a
/// map that has set them before), which every page drawn on every worker would pay. A map is
/// used by one setter at a time: taken when the setter is made, given back when it goes, so
/// there are never more maps than setters alive at once (a few per worker). They last as long
/// as the process, as Pango's own default font maps do.
enum FontMapPool {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var idle: [UnsafeMutablePointer<PangoFontMap>] = []

    /// A font map no one else uses until it is given back: the one given back last (its
    /// fonts are the likeliest to be needed again), or a new one.
    static func take() -> UnsafeMutablePointer<PangoFontMap> {
        lock.lock()
        let map = idle.popLast()
        lock.unlock()
        return map ?? pango_cairo_font_map_new()
    }

    /// Gives back a map from ``take()`` once nothing made from it is in use.
    static func giveBack(_ map: UnsafeMutablePointer<PangoFontMap>) {
        lock.lock()
        idle.append(map)
        lock.unlock()
    }
}
