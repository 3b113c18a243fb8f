import APICheckRecording
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What both replay protocols do with a request: answer it from the store's recording (or routes), record it
/// through the live API, or fail it with a message that the store also keeps for the test's report.
class StoreURLProtocol: URLProtocol {
    /// The store answering this class's requests now; nil once its replay has finished.
    class var store: ReplayStore? { nil }

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    private var forwarding: Task<Void, Never>?

    override func startLoading() {
        guard let store = Self.store else {
            fail("apicheck: this replay session has already finished")
            return
        }
        guard let url = request.url else {
            fail("apicheck: a request without a URL")
            return
        }
        var body = Self.body(of: request)
        var unseen: String?
        let method = request.httpMethod ?? "GET"
        if body == nil, let upload = task as? URLSessionUploadTask {
            switch Self.uploadBody(of: upload, method: method, url: url, store: store) {
            case .seen(let bytes): body = bytes
            case .unseen(let reason): unseen = reason
            case .refused(let message):
                fail(message)
                return
            }
        }
        answer(method: method, url: url, body: body, unseen: unseen, store: store)
    }

    /// What an upload task's body is to replay.
    private enum UploadBody {
        /// Handed over by the code that made the task (UploadBodies).
        case seen(Data)
        /// Not handed over, and the test lets such a body match a recorded one nobody saw either; the reason.
        case unseen(String)
        /// Not handed over or not readable: the message the request fails with.
        case refused(String)
    }

    /// URLSession keeps an upload task's body to itself: a URLProtocol gets neither httpBody nor a stream. The code that
    /// made the task may have handed it over (UploadBodies).
    private static func uploadBody(of upload: URLSessionUploadTask, method: String, url: URL, store: ReplayStore) -> UploadBody {
        guard let source = UploadBodies.take(for: upload) else {
            if store.configuration.unseenUploadBodies { return .unseen("an upload task whose body was not handed over") }
            return .refused(
                store.refuse(
                    """
                    apicheck: \(method) \(url.absoluteString) was sent as an upload task (URLSession.upload(for:from:), \
                    uploadTask(with:from:)), whose body URLSession never hands to a URLProtocol; apicheck cannot match or record \
                    a body it cannot see. Hand it over with TestRecording.registerUpload(body, for: task) (UploadBodies.register \
                    outside Swift Testing) before the task resumes, as an Alamofire EventMonitor's request(_:didCreateTask:) \
                    can, or send the request with data(for:) and the body in httpBody
                    """
                ))
        }
        do throws(ReplayError) {
            return .seen(try UploadBodies.bytes(of: source))
        } catch {
            return .refused(store.refuse(error.message))
        }
    }

    /// Answers the request from the routes, the recording, or the live API (recording), by its body, or as one whose
    /// body nobody saw (`unseen`).
    private func answer(method: String, url: URL, body: Data?, unseen: String?, store: ReplayStore) {
        let headers = (request.allHTTPHeaderFields ?? [:]).map { ($0.key, $0.value) }
        if store.answersRoutes {
            switch store.answerRoute(method: method, url: url, headers: headers, body: body) {
            case .replay(let response): ProtocolAnswers.deliver(response, url: url, through: self)
            case .fail(let message): fail(message)
            }
            return
        }
        guard var live = store.liveRequest(method: method, url: url, headers: headers, body: body) else {
            fail(store.refuseUnknownBase(method: method, url: url))
            return
        }
        live.unseenBody = unseen
        switch store.decide(for: live, addressed: url) {
        case .replay(let response, _):
            ProtocolAnswers.deliver(response, url: url, through: self)
        case .fail(let message):
            fail(message)
        case .record(let target):
            record(method: method, url: url, target: target, headers: headers, body: body, store: store)
        }
    }

    override func stopLoading() {
        forwarding?.cancel()
    }

    private func fail(_ message: String) {
        ProtocolAnswers.fail(message, through: self)
    }

    /// Sends the request to `target` (the base's live URL) through a plain session, records it as addressed to `url`,
    /// and hands the real answer to the client.
    private func record(method: String, url: URL, target: URL, headers: [(String, String)], body: Data?, store: ReplayStore) {
        var outgoing = URLRequest(url: target, timeoutInterval: request.timeoutInterval)
        outgoing.httpMethod = method
        for (name, value) in headers { outgoing.setValue(value, forHTTPHeaderField: name) }
        outgoing.httpBody = body
        let this = UncheckedSendable<URLProtocol>(self)
        let request = outgoing
        forwarding = Task {
            await ProtocolAnswers.forward(request, to: this, method: method, url: url, headers: headers, body: body, store: store)
        }
    }

    /// The request body: `httpBody`, or the whole `httpBodyStream` where Apple platforms moved it.
    static func body(of request: URLRequest) -> Data? {
        if let body = request.httpBody { return body }
        guard let stream = request.httpBodyStream else { return nil }
        stream.open()
        defer { stream.close() }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count <= 0 { break }
            data.append(buffer, count: count)
        }
        return data
    }
}

/// The URLProtocol of one replay session (see ``ReplaySlots``): answers from the recording or records.
final class ReplayProtocol<Slot: SlotNumber>: StoreURLProtocol {
    override class var store: ReplayStore? { ReplaySlots.boxes[Slot.value].current }
}

/// The URLProtocol registered for a global-scope replay (``GlobalReplay``): every http(s) request of
/// `URLSession.shared` while one runs; nothing at other times, and no other scheme (`file:`, `data:`).
final class GlobalReplayProtocol: StoreURLProtocol {
    override class var store: ReplayStore? { GlobalReplay.current }

    override class func canInit(with request: URLRequest) -> Bool {
        guard let scheme = request.url?.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
        return GlobalReplay.current != nil
    }
}

extension HTTPURLResponse {
    /// The response's header fields as name-value pairs (those whose name and value are strings): what a live answer
    /// is captured and answered with, by replay's record path, the bootstrap and `apicheck serve`.
    package var headerPairs: [(String, String)] {
        allHeaderFields.compactMap { key, value -> (String, String)? in
            guard let name = key as? String, let value = value as? String else { return nil }
            return (name, value)
        }
    }
}

/// Carries a value the compiler cannot prove Sendable across a task boundary; used for URLProtocol only.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Answers a URLProtocol's client: a recorded response, a failure, or a live answer forwarded and recorded.
enum ProtocolAnswers {
    static func deliver(_ response: PreparedResponse, url: URL, through proto: URLProtocol) {
        let data = response.body
        guard let http = HTTPURLResponse(url: url, statusCode: response.status, httpVersion: "HTTP/1.1", headerFields: response.headers)
        else {
            fail("apicheck: cannot build a response with status \(response.status)", through: proto)
            return
        }
        proto.client?.urlProtocol(proto, didReceive: http, cacheStoragePolicy: .notAllowed)
        if !data.isEmpty { proto.client?.urlProtocol(proto, didLoad: data) }
        proto.client?.urlProtocolDidFinishLoading(proto)
    }

    static func fail(_ message: String, through proto: URLProtocol) {
        let error = URLError(.resourceUnavailable, userInfo: [NSLocalizedDescriptionKey: message])
        proto.client?.urlProtocol(proto, didFailWithError: error)
    }

    // URLProtocol is not Sendable; URLSession lets its client be called from any thread, so it is handed over as is.
    // The request goes through a session of its own (ephemeral configuration): `URLProtocol.registerClass` reaches
    // `URLSession.shared` only, so a forwarded request never loops back into a global replay.
    static func forward(
        _ request: URLRequest, to this: UncheckedSendable<URLProtocol>, method: String, url: URL,
        headers: [(String, String)], body: Data?, store: ReplayStore
    ) async {
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        do {
            let (data, response) = try await session.data(for: request)
            guard let http = response as? HTTPURLResponse else {
                fail("apicheck: the live answer was not HTTP", through: this.value)
                return
            }
            let responseHeaders = http.headerPairs
            let exchange = CapturedExchange(
                method: method, url: url, requestHeaders: headers, requestBody: body,
                status: http.statusCode, responseHeaders: responseHeaders, responseBody: data
            )
            let interaction = try Interaction(capturing: exchange, bases: store.bases)
            store.append(interaction, forwardedTo: request.url)
            // The client gets the live answer, decoded, without transfer headers.
            deliver(
                PreparedResponse(
                    RecordedResponse(status: http.statusCode, headers: interaction.response.headers, body: interaction.response.body)),
                url: url, through: this.value
            )
        } catch let error as RecordingError {
            fail("apicheck: \(error.message)", through: this.value)
        } catch {
            this.value.client?.urlProtocol(this.value, didFailWithError: error)
        }
    }

}
