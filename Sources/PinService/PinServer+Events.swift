import Foundation
import PinPlatform
import PinServiceCore

extension PinServer {
    /// `GET /v1/contents/{id}/events?since=CURSOR` upgraded to a WebSocket: subscribes the
    /// client first, holding its live events, then replays the changes after the cursor (each
    /// page read by the store's readers, off the loop thread, and sent from the loop), then
    /// `ready`, then the live events held meanwhile and those after. A change committed before
    /// the subscription is in the replay's reading, one committed after it is held, one in
    /// between is both; a client sends an event only once (by seq), so the replay and the
    /// live events neither miss nor repeat one.
    func openEvents(_ request: HTTPRequest, connection: ServerWebSocket) {
        guard case .events(let contentId)? = try? Route(method: "GET", path: request.path),
              let query = try? QueryOptions.parse(request.query, as: .events) else { return }
        let socket = EventSocket(connection: connection, contentId: contentId, since: query.since, batched: query.batch)
        hub.attach(socket)
        socket.hold()
        replay(to: LoopBound(value: socket), contentId: contentId, after: query.since)
    }

    /// Reads the page of changes after `cursor` on the readers and sends it from the loop,
    /// then the next page, until the last; then `ready` and what was held.
    private func replay(to bound: LoopBound<EventSocket>, contentId: String, after cursor: Int) {
        let (service, server) = (service, LoopBound(value: self))
        stores.readers.async {
            let page = Result { try service.changes(of: contentId, since: cursor) }
            MainLoop.perform {
                let socket = bound.value
                guard socket.isOpen else { return }
                switch page {
                case .failure(let error):
                    socket.close(code: 1011, reason: "the changes cannot be read: \(error)")
                case .success(let page):
                    socket.replay(EventBatch(zip(page.changes, page.events).map { change, type in
                        let event = PinEvent(change, recorded: type)
                        return (event.text, event.seq)
                    }))
                    guard !page.more else { return server.value.replay(to: bound, contentId: contentId, after: page.cursor) }
                    socket.replay(EventBatch(PinEvent(type: "ready", contentId: contentId, cursor: max(page.cursor, socket.lastSeq))))
                    socket.release()
                }
            }
        }
    }
}
