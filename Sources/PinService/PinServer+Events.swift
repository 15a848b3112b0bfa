import Foundation
import PinPlatform
import PinServiceCore

extension PinServer {
    /// `GET /v1/contents/{id}/events?since=CURSOR` upgraded to a WebSocket: subscribes the
    /// client first, then replays the changes after the cursor, then `ready`, then live
    /// events. Everything runs on the loop thread, so no change lands between the replay's
    /// reading and the subscription; and a client sends an event only once (by seq), so the
    /// replay and the live events neither miss nor repeat one.
    func openEvents(_ request: HTTPRequest, connection: ServerWebSocket) {
        guard case .events(let contentId)? = try? Route(method: "GET", path: request.path),
              let query = try? QueryOptions.parse(request.query, as: .events) else { return }
        let socket = EventSocket(connection: connection, contentId: contentId, since: query.since, batched: query.batch)
        hub.attach(socket)
        var cursor = query.since
        do {
            while socket.isOpen {
                let page = try service.changes(of: contentId, since: cursor)
                socket.send(EventBatch(zip(page.changes, page.events).map { change, type in
                    let event = PinEvent(change, recorded: type)
                    return (event.text, event.seq)
                }))
                cursor = page.cursor
                if !page.more { break }
            }
        } catch {
            socket.close(code: 1011, reason: "the changes cannot be read: \(error)")
        }
        socket.send(PinEvent(type: "ready", contentId: contentId, cursor: max(cursor, socket.lastSeq)))
    }
}
