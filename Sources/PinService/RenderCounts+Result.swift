import Foundation
import PinServiceCore

extension RenderCounts {
    /// Counts a render's outcome, and its worker's peak memory.
    mutating func count(_ result: Result<Data, ServiceError>, peakMemory: Int) {
        self.peakMemory = max(self.peakMemory, peakMemory)
        switch result {
        case .success: rendered += 1
        case .failure(let error) where error.status != 400:
            failed += 1
            lastFailure = Failure(status: error.status, error: error.message)
        case .failure: break
        }
    }
}
