import APICheckLive
import Foundation
import Locking

/// A transport that answers from a script, and remembers what it was sent.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
final class ScriptedTransport: LiveTransport, Sendable {
    typealias Answer = @Sendable (LiveRequest, Int) async throws(TransportError) -> LiveResponse

    private let sent = Locked<[LiveRequest]>([])
    private let answer: Answer

    /// `answer` gets the request and how many requests were sent before it.
    init(_ answer: @escaping Answer) {
        self.answer = answer
    }

    var requests: [LiveRequest] { sent.withLock { $0 } }

    func send(_ request: LiveRequest, deadline: ContinuousClock.Instant) async throws(TransportError) -> LiveResponse {
        let index = sent.withLock { sent in
            sent.append(request)
            return sent.count - 1
        }
        return try await answer(request, index)
    }

    func shutdown() async {}

    static func json(_ status: Int, _ body: String, headers: [(String, String)] = []) -> LiveResponse {
        LiveResponse(status: status, headers: [("Content-Type", "application/json")] + headers, body: Array(body.utf8))
    }
}
