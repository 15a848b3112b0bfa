import PinRenderCore

extension ReviewService {
    /// A run of changes of a sync batch applied in one transaction: the writer's work that a
    /// caller may place where it wants (``sync(_:client:stepSize:step:)``).
    public typealias SyncStep = () throws -> Void

    /// Applies an offline client's batch: each change applied or refused on its own, in
    /// order; a changeId that `client` sent before on the content gets its first outcome
    /// again, so a batch is safe to send again whole. Throws only when the batch itself
    /// cannot be read: more changes than ``Limits/maxSyncChanges``, a changeId twice, a
    /// cursor past the newest change. `client` names whose changeIds they are (a digest of
    /// its token; "" for everyone's).
    ///
    /// The changes are applied in steps of at most `stepSize`, each one transaction (a
    /// change read against it: a change may name a pin an earlier one made), its events sent
    /// once it committed; `step` runs each step (the HTTP adapter runs them on its writer,
    /// so that other requests' writes go between the steps of a large batch).
    public func sync(_ batch: SyncBatch, client: String, stepSize: Int = .max,
                     step: (@escaping SyncStep) throws -> Void = { try $0() }) throws(ReviewError) -> SyncAnswer {
        try requireContent(batch.contentId)
        try check(cursor: batch.cursor, named: "cursor")
        try check(batchSize: batch.changes.count)
        var seen: [String: Int] = [:]
        for (index, change) in batch.changes.enumerated() {
            if let first = seen[change.changeId] {
                throw .invalid("changes[\(index)].changeId",
                               "\"\(change.changeId)\" is changes[\(first)]'s id too: each change of a batch needs its own")
            }
            seen[change.changeId] = index
        }
        var results: [SyncOutcome] = []
        for start in stride(from: 0, to: batch.changes.count, by: max(stepSize, 1)) {
            let changes = batch.changes[start..<min(start + max(stepSize, 1), batch.changes.count)]
            // Assigned, not appended: a step whose group of writes could not commit runs again.
            var stepResults: [SyncOutcome] = []
            try run { try step { stepResults = try self.apply(changes, of: batch.contentId, client: client) } }
            results += stepResults
        }
        let list = try changes(of: batch.contentId, since: batch.cursor)
        return SyncAnswer(results: results, contentId: batch.contentId, cursor: list.cursor, more: list.more,
                          changes: list.changes)
    }

    /// Applies changes of a batch in one transaction, then sends their events.
    private func apply(_ changes: ArraySlice<SyncBatch.Change>, of contentId: String, client: String) throws -> [SyncOutcome] {
        let (results, commits) = try store.batch { transaction in
            var results: [SyncOutcome] = []
            var commits: [CommittedChange] = []
            for change in changes {
                let previous = try transaction.pin(change.pinId, of: contentId)
                let (outcome, changed) = try transaction.apply(try resolve(change, of: contentId, current: previous), from: client)
                if !changed.isEmpty { commits.append(CommittedChange(pins: changed, previous: previous)) }
                results.append(outcome)
            }
            return (results, commits)
        }
        publish(commits)
        return results
    }

    /// Throws unless a batch of `count` changes is within ``Limits/maxSyncChanges``: a
    /// reader of a batch may ask before it reads the changes.
    public func check(batchSize count: Int) throws(ReviewError) {
        guard count > limits.maxSyncChanges else { return }
        throw .invalid("changes", "\(count) changes; at most \(limits.maxSyncChanges) a batch")
    }

    /// A change of the batch read against its pin as it is now (`current`: nil when there is
    /// none): an edit made on it; one the store must refuse (an unknown or deleted pin, a
    /// bad field) as a refusal.
    private func resolve(_ change: SyncBatch.Change, of contentId: String, current: StoredPin?) throws(ReviewError) -> SyncChange {
        let action: SyncChange.Action
        do {
            switch change.operation {
            case .create(let pin):
                action = .create(pin)
            case .update(let id, let edit):
                guard let current else { throw ReviewError.unknownPin(contentId: contentId, id: id) }
                if current.deleted { throw ReviewError.deleted(current) }
                let edit = try edit.get()
                action = .update(try edit.apply(current.pin), version: edit.version)
            case .delete(let id, let version):
                guard current != nil else { throw ReviewError.unknownPin(contentId: contentId, id: id) }
                action = .delete(version: try version.get())
            case .refuse(_, let error):
                throw error
            }
        } catch let error as InputError {
            action = .refuse(.invalid(error))
        } catch let error as ReviewError {
            guard error.refusesTheChange else { throw error }
            action = .refuse(error)
        } catch {
            throw .serverFault(detail: "\(error)")
        }
        return SyncChange(changeId: change.changeId, contentId: contentId, pinId: change.pinId, location: change.location,
                          action: action)
    }
}
