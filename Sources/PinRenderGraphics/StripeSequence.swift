import Foundation

/// The stripes of one image, handed out to workers in order and written in order: each as
/// soon as it and every stripe above it are finished. A worker is handed stripe `i` only
/// while `i` is less than `window` stripes past the first one not yet written, so no more
/// than `window` stripes are ever being made or waiting for the file: memory is bounded by
/// the worker count, whatever the image's height.
final class StripeSequence: @unchecked Sendable {
    private let count: Int
    private let window: Int
    private let condition = NSCondition()
    /// The next stripe to hand out.
    private var next = 0
    /// How many stripes are in the file.
    private var written = 0
    /// Stripes finished below the first one not yet written.
    private var finished: [Int: PNGWriter.Stripe] = [:]
    /// A worker is writing: stripes finished meanwhile are left to it.
    private var writing = false
    /// The first failure: no stripe is handed out or written after it.
    private(set) var failure: Error?

    init(count: Int, window: Int) {
        self.count = count
        self.window = max(1, window)
    }

    /// The next stripe to make, once it is within the window; nil when none is left or
    /// something failed.
    func take() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while failure == nil && next < count && next >= written + window { condition.wait() }
        guard failure == nil, next < count else { return nil }
        next += 1
        return next - 1
    }

    /// Hands in stripe `index`. When it is the first not yet written and nobody is writing,
    /// this worker writes it and every finished stripe after it, in order, with `write`
    /// (outside the lock: the other workers go on meanwhile).
    func finish(_ index: Int, _ stripe: PNGWriter.Stripe, write: (PNGWriter.Stripe) throws -> Void) {
        condition.lock()
        defer { condition.unlock() }
        guard failure == nil else { return }
        finished[index] = stripe
        guard !writing else { return }
        writing = true
        while failure == nil, let ready = finished.removeValue(forKey: written) {
            condition.unlock()
            let result = Result { try write(ready) }
            condition.lock()
            switch result {
            case .success: written += 1
            case .failure(let error): failure = failure ?? error
            }
            condition.broadcast()
        }
        writing = false
    }

    /// Records a failure: waiting workers stop, nothing more is handed out or written.
    func fail(_ error: Error) {
        condition.lock()
        failure = failure ?? error
        condition.broadcast()
        condition.unlock()
    }
}
