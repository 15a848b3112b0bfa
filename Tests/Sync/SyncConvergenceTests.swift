import Foundation
import Testing
import PinSync

/// Several clients make random changes offline and sync at random moments, against a real
/// server: every queued change is settled (applied, or reported refused or lost), and after
/// a final round of syncs every client's store equals the server's.
@Suite(.serialized) struct SyncConvergenceTests {
    /// xorshift64*: the same seed, the same run.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return state &* 2_685_821_657_736_338_717
        }
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func randomOfflineInterleavingsConverge(seed: UInt64) async throws {
        let service = try TestService()
        try await service.upload()
        let server = SyncServer(url: service.url)
        var random = Seeded(state: seed)
        let clients = try (0..<3).map { _ in try PinSyncStore.scratch() }
        var problems: [SyncProblem] = []
        let texts = ["Crack", "Riss im Putz", "Трещина", "🔧 fix", "שבר", "ok"]
        for _ in 0..<60 {
            let client = clients[Int.random(in: 0..<clients.count, using: &random)]
            let live = try client.pins(of: "plan")
            let target = live.randomElement(using: &random)?.pin
            let text = texts.randomElement(using: &random)!
            switch (Int.random(in: 0..<10, using: &random), target) {
            case (0...1, _), (_, nil):
                try client.create(on: "plan", x: .random(in: 0...1, using: &random), y: .random(in: 0...1, using: &random),
                                  text: text, author: "a")
            case (2, let pin?): try client.reply(to: pin.id, of: "plan", text: text, author: "b")
            case (3, let pin?): try client.edit(pin.id, of: "plan", PinEdit(text: text))
            case (4, let pin?):
                try client.edit(pin.id, of: "plan", PinEdit(point: (.random(in: 0...1, using: &random), .random(in: 0...1, using: &random))))
            case (5, let pin?): try client.edit(pin.id, of: "plan", PinEdit(resolved: !pin.resolved))
            case (6, let pin?): try client.delete(pin.id, of: "plan")
            default: problems += try await settledSync(client, server).problems
            }
        }
        for client in clients + clients { problems += try await settledSync(client, server).problems }
        #expect(problems.contains { $0.kind == .conflict }, "each seed's run meets conflicts (and most refusals)")
        let truth = try await service.pins()
        for client in clients {
            #expect(try client.snapshot() == truth)
            #expect(try client.queued() == 0 && client.pins(of: "plan").allSatisfy { !$0.pendingSync })
        }
    }

    /// Syncs and checks that each change queued before is applied or reported.
    private func settledSync(_ client: PinSyncStore, _ server: SyncServer) async throws -> SyncReport {
        let queued = try client.queued()
        let report = try await client.sync("plan", with: server)
        #expect(report.applied + report.problems.count == queued - (try client.queued()))
        #expect(try client.queued() == 0)
        return report
    }
}
