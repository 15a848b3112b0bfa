import Foundation
internal import CPoppler

/// Takes a GError set by a failed GLib call: returns its message and frees it.
func consumeGError(_ error: UnsafeMutablePointer<GError>?, fallback: String) -> String {
    guard let error else { return fallback }
    defer { g_error_free(error) }
    guard let message = error.pointee.message else { return fallback }
    return String(cString: message)
}

/// A `file://` URI for a path, as poppler wants.
func fileURI(for path: String) throws -> String {
    let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
    var error: UnsafeMutablePointer<GError>?
    guard let uri = g_filename_to_uri(absolute, nil, &error) else {
        throw GraphicsError.unreadable(file: path, reason: consumeGError(error, fallback: "not a valid path"))
    }
    defer { g_free(uri) }
    return String(cString: uri)
}
