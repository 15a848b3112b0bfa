import Foundation
import PinServiceCore

extension RenderCounts {
    /// Counts a render's outcome, and its worker's peak memory; one running less when a
    /// worker had `taken` it.
    mutating func count(_ result: Result<Data, ServiceError>, peakMemory: Int, taken: Bool) {
        self.peakMemory = max(self.peakMemory, peakMemory)
        if taken { running = max(0, running - 1) }
        switch result {
        case .success: rendered += 1
        case .failure(let error) where error.status != 400:
            failed += 1
            lastFailure = Failure(status: error.status, error: error.message)
        case .failure: break
        }
    }
}
