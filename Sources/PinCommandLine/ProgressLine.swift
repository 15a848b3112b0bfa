import Foundation
import PinRender
import Synchronization

/// A long render's progress on standard error, only while standard error is a terminal: one
/// line rewritten in place (`page 12/400`, or `stripe 3/40` for one large page), erased when
/// the command ends, so the terminal is left as it was. Nothing at all for a file or a pipe.
final class ProgressLine: Sendable {
    /// Whether a line is on the terminal, to be erased.
    private let shown = Mutex(false)

    /// A progress line, or nil when standard error is not a terminal.
    static func onTerminal() -> ProgressLine? {
        isatty(STDERR_FILENO) != 0 ? ProgressLine() : nil
    }

    /// Shows how far the job is (work of a single step shows nothing).
    func show(_ progress: RenderProgress) {
        guard progress.total > 1 else { return }
        shown.withLock { shown in
            shown = true
            Self.write("\r\(progress.unit.rawValue) \(progress.done)/\(progress.total)\u{1B}[K")
        }
    }

    /// Erases the line, if one is shown, before the command's own messages.
    func finish() {
        shown.withLock { shown in
            if shown { Self.write("\r\u{1B}[K") }
            shown = false
        }
    }

    private static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
