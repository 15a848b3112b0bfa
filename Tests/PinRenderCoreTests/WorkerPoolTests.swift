import Foundation
import Testing
@testable import PinRenderCore

/// The worker pool every job runs on: outputs by index, the first failure in task order,
/// cancellation between tasks, one context per worker on one thread.
@Suite struct WorkerPoolTests {
    struct Failure: Error, Equatable {
        var task: Int
    }

    /// What a worker sets up: which thread made it, and whether a task is using it now.
    final class Context: Sendable {
        let thread = pthread_self()
        let busy = Exclusive(false)
    }

    @Test func outputsComeInIndexOrderWhateverTheFinishingOrder() throws {
        let finishedOne = DispatchSemaphore(value: 0)
        let finished = Exclusive<[Int]>([])
        let outputs = try WorkerPool(workers: 2).map(2, context: { _ in }) { _, index in
            // Task 0 finishes only after task 1 (the wait is a guard against a hang, not a timing).
            if index == 0 { _ = finishedOne.wait(timeout: .now() + 30) }
            finished.use { $0.append(index) }
            if index == 1 { finishedOne.signal() }
            return "task \(index)"
        }
        #expect(finished.use { $0 } == [1, 0])
        #expect(outputs == ["task 0", "task 1"])
        #expect(try WorkerPool(workers: 3).map(50, context: { _ in }) { _, index in index * index } == (0..<50).map { $0 * $0 })
    }

    @Test func theFirstFailureInTaskOrderIsThrown() {
        let failedOne = DispatchSemaphore(value: 0)
        #expect(throws: Failure(task: 0)) {
            try WorkerPool(workers: 2).map(2, context: { _ in }) { _, index -> Int in
                // Task 1 fails first; task 0 fails afterwards, and is the one reported.
                if index == 1 { failedOne.signal(); throw Failure(task: 1) }
                _ = failedOne.wait(timeout: .now() + 30)
                throw Failure(task: 0)
            }
        }
    }

    /// Once a task failed, a worker coming back for a task gets none, whatever is left:
    /// the schedule two workers share, task 3 failed while task 4 is out.
    @Test func aFailureStopsHandingOutTasks() {
        let schedule = TaskSchedule<Int>(count: 100, window: nil, onDone: nil)
        #expect((0..<5).map { _ in schedule.take() } == [0, 1, 2, 3, 4])
        schedule.finish(0, 0)
        schedule.fail(3, Failure(task: 3))
        schedule.finish(4, 4)
        #expect(schedule.take() == nil)
        #expect(schedule.failure as? Failure == Failure(task: 3))
    }

    /// One worker: the tasks before the failure run, none after it.
    @Test func aFailureStopsTheWorker() {
        let started = Exclusive<[Int]>([])
        #expect(throws: Failure(task: 3)) {
            try WorkerPool(workers: 1).map(100, context: { _ in }) { _, index -> Int in
                started.use { $0.append(index) }
                if index == 3 { throw Failure(task: 3) }
                return index
            }
        }
        #expect(started.use { $0 } == [0, 1, 2, 3])
    }

    @Test(arguments: [1, 2])
    func aFailedCheckpointCancelsTheRest(workers: Int) {
        let checks = Exclusive(0), ran = Exclusive(0)
        #expect(throws: Failure(task: -1)) {
            try WorkerPool(workers: workers).map(100, context: { _ in }, checkpoint: {
                // The fourth check and every later one: the time is up.
                if checks.use({ $0 += 1; return $0 }) > 3 { throw Failure(task: -1) }
            }) { _, index in ran.use { $0 += 1 } }
        }
        #expect(ran.use { $0 } == 3)
    }

    @Test func eachWorkerMakesItsContextOnceAndUsesItOnItsThreadAlone() throws {
        let made = Exclusive(0), misuses = Exclusive(0)
        let workers = 2
        _ = try WorkerPool(workers: workers).map(200, context: { _ in
            made.use { $0 += 1 }
            return Context()
        }) { context, index in
            let wasBusy = context.busy.use { busy in defer { busy = true }; return busy }
            if wasBusy || pthread_equal(context.thread, pthread_self()) == 0 { misuses.use { $0 += 1 } }
            context.busy.use { $0 = false }
            return index
        }
        #expect(made.use { $0 } <= workers)
        #expect(misuses.use { $0 } == 0)
    }

    @Test func doneIsCountedAfterEachTask() throws {
        let counts = Exclusive<[Int]>([])
        _ = try WorkerPool(workers: 2).map(20, context: { _ in }, onDone: { done, total in
            counts.use { $0.append(done * 100 + total) }
        }) { _, index in index }
        #expect(counts.use { $0 } == (1...20).map { $0 * 100 + 20 })
    }

    @Test(arguments: [1, 2, 3])
    func streamedOutputsArriveInOrderWithinTheWindow(window: Int) throws {
        let delivered = Exclusive<[Int]>([]), outside = Exclusive(0)
        try WorkerPool(workers: 3).stream(40, window: window, context: { _ in }, deliver: { index, output in
            #expect(index == output)
            delivered.use { $0.append(index) }
        }) { _, index in
            // A task starts only while it is less than `window` past the first not delivered.
            if index >= delivered.use({ $0.count }) + window { outside.use { $0 += 1 } }
            return index
        }
        #expect(delivered.use { $0 } == Array(0..<40))
        #expect(outside.use { $0 } == 0)
    }

    @Test func aFailedDeliveryFailsTheJob() {
        #expect(throws: Failure(task: 5)) {
            try WorkerPool(workers: 2).stream(20, window: 2, context: { _ in }, deliver: { index, _ in
                if index == 5 { throw Failure(task: 5) }
            }) { _, index in index }
        }
    }
}
