import APICheckContracts
import APICheckRecording
import APICheckReplayCore
import Foundation
import Locking
import Sandbox

/// What a ``ReplayServer`` answers each request with: the app's from the recordings, the control API's from its state.
final class ServeResponder: Sendable {
    /// The largest request body the server reads (an upload the app sends).
    static let maximumBodyBytes = 64 << 20

    let configuration: ServeConfiguration
    let stopRequest = StopRequest()

    private struct State {
        var served: ServedRecordings
        var store: ReplayStore
        var journal = ServeJournal()
        var number = 0
        /// How many interactions the session has recorded.
        var recorded = 0
    }

    private let state: Locked<State>

    init(configuration: ServeConfiguration, served: ServedRecordings) {
        self.configuration = configuration
        state = Locked(State(served: served, store: Self.store(configuration, served)))
    }

    /// A replay of `served`'s recordings, fresh: every interaction unused; or, recording, an empty session.
    private static func store(_ configuration: ServeConfiguration, _ served: ServedRecordings) -> ReplayStore {
        if let record = configuration.record {
            // The app addresses the API's base URL, and its requests go upstream.
            var aliases = configuration.baseURLAliases
            if let main = configuration.baseURL { aliases[""] = (aliases[""] ?? []) + [main] }
            let session = ReplayConfiguration(
                api: configuration.api, name: record.name ?? "upstream",
                recordingURL: Self.sessionFile(configuration, record) ?? configuration.recordingsFolder, mode: .all,
                liveBaseURL: record.upstream, otherBaseURLs: configuration.otherBaseURLs, matching: configuration.matching,
                redaction: record.redaction, recordedFrom: record.recordedFrom, baseURLAliases: aliases)
            return ReplayStore(configuration: session)
        }
        var replay = ReplayConfiguration(
            api: configuration.api, name: served.combined.name, recordingURL: configuration.recordingsFolder, mode: .none,
            liveBaseURL: configuration.baseURL, otherBaseURLs: configuration.otherBaseURLs, matching: configuration.matching,
            baseURLAliases: configuration.baseURLAliases)
        replay.repeatsLast = configuration.repeatsLast
        replay.recordHint =
            "run the flow against the live API where it is recorded (a scenario with apicheck record, a test with APICHECK_RECORD=new), or choose the recording that has it (POST /__apicheck/recordings)"
        return ReplayStore(configuration: replay, recording: served.combined)
    }

    /// Where a recorded session is written: `sessions/<name>.json` in the API's recordings folder.
    static func sessionFile(_ configuration: ServeConfiguration, _ record: ServeConfiguration.RecordSession) -> URL? {
        record.name.map { configuration.recordingsFolder.appendingPathComponent("sessions").appendingPathComponent($0 + ".json") }
    }

    /// Writes the session recorded (when recording) and returns what went wrong.
    func finish() -> [String] {
        guard configuration.record?.name != nil else { return [] }
        return state.withLock { $0.store }.finish()
    }

    var journal: ServeJournal { state.withLock { $0.journal } }
    var chosen: [String] { state.withLock { $0.served.chosen } }

    func use(_ names: [String]?) throws(ServeError) {
        let available = state.withLock { $0.served.available }
        let served = try ServedRecordings(available: available, choosing: names, api: configuration.api)
        let store = Self.store(configuration, served)
        state.withLock { state in
            state = State(served: served, store: store)
        }
    }

    func reset() {
        state.withLock { state in
            state = State(served: state.served, store: Self.store(configuration, state.served))
        }
    }

    // MARK: The app's requests

    /// Headers that describe how the request reached this server, not what the app asked the API.
    private static let transportHeaders: Set<String> = ["host", "content-length", "connection", "transfer-encoding", "keep-alive"]
    /// Headers of a recorded response that describe how it was sent, not what it says (its body is kept decoded).
    private static let framingHeaders: Set<String> = [
        "content-length", "transfer-encoding", "content-encoding", "connection", "keep-alive",
    ]

    func respond(to request: ReceivedRequest) -> HTTPServer.Response {
        if request.path == "/__apicheck" || request.path.hasPrefix("/__apicheck/") { return control(request) }
        guard let url = addressedURL(of: request) else {
            let written = request.header(ReplayServer.originalURLHeader) ?? ""
            return Self.json(400, ["error": .string("\(ReplayServer.originalURLHeader) is not an absolute http(s) URL: \"\(written)\"")])
        }
        let headers = request.headers.filter {
            let name = $0.name.lowercased()
            return !Self.transportHeaders.contains(name) && name != ReplayServer.originalURLHeader.lowercased()
                && name != ReplayServer.unseenBodyHeader.lowercased()
        }.map { ($0.name, $0.value) }
        let (store, served) = state.withLock { ($0.store, $0.served) }
        guard
            var live = store.liveRequest(
                method: request.method, url: url, headers: headers, body: request.body.isEmpty ? nil : Data(request.body))
        else {
            let message = store.refuseUnknownBase(method: request.method, url: url)
            return unmatched(request.method, url, message: message, nearest: [])
        }
        // An upload the app could not see the body of matches only a recorded one nobody saw either, and is not recorded.
        live.unseenBody = request.body.isEmpty ? request.header(ReplayServer.unseenBodyHeader) : nil
        switch store.decide(for: live, addressed: url) {
        case .replay(let response, let index):
            let origin = served.origins[index]
            let findings = check(
                request, addressed: url, headers: headers, answer: served.combined.interactions[index].response, store: store)
            let match = ServeJournal.Entry.Match(recording: origin.recording, interaction: origin.interaction)
            if configuration.refusesInvalidRequests && findings.contains(where: { $0.severity >= .error }) {
                // Asked for: a request the contract refuses gets 422 and its findings, not the recorded answer.
                let entry = journal(request.method, url, status: 422, matched: match, unmatched: nil, findings: findings)
                var refused = Self.json(422, ServeJournal.json(entry))
                refused.headers.append(("X-APICheck-Refused", "1"))
                return refused
            }
            journal(request.method, url, status: response.status, matched: match, unmatched: nil, findings: findings)
            let headers = response.headers.filter { !Self.framingHeaders.contains($0.key.lowercased()) }.sorted { $0.key < $1.key }
            return HTTPServer.Response(status: response.status, headers: headers.map { ($0.key, $0.value) }, body: [UInt8](response.body))
        case .record(let target):
            return forward(request, addressed: url, headers: headers, to: target, store: store)
        case .fail(let message):
            // Recording, the store's candidates are the session's own interactions, not the served recordings: a request
            // refused then (an upload whose body is unseen) has no recorded neighbour to name.
            let candidates = configuration.record == nil ? store.nearest(to: live) : []
            let nearest = candidates.filter { $0.index < served.origins.count }.map { candidate in
                let recorded = served.combined.interactions[candidate.index].request
                let origin = served.origins[candidate.index]
                return ServeJournal.Entry.Candidate(
                    recording: origin.recording, interaction: origin.interaction, method: recorded.method, url: recorded.url,
                    differences: candidate.differences, used: candidate.used)
            }
            return unmatched(request.method, url, message: message, nearest: nearest)
        }
    }

    /// Sends the app's request to `target` (recording), records the answer, redacted, and answers the app with it.
    private func forward(
        _ request: ReceivedRequest, addressed url: URL, headers: [(String, String)], to target: URL, store: ReplayStore
    ) -> HTTPServer.Response {
        let body = request.body.isEmpty ? nil : Data(request.body)
        let upstream: Upstream.Answer
        switch Upstream.send(request.method, to: target, headers: headers, body: body) {
        case .success(let answer): upstream = answer
        case .failure(let reason):
            return unmatched(
                request.method, url, message: "apicheck serve: \(target.absoluteString) did not answer: \(reason.text)", nearest: [])
        }
        let (status, data) = (upstream.status, upstream.body)
        let responseHeaders = upstream.headers
        let exchange = CapturedExchange(
            method: request.method, url: url, requestHeaders: headers, requestBody: body, status: status,
            responseHeaders: responseHeaders, responseBody: data)
        let captured: Interaction
        do {
            captured = try Interaction(capturing: exchange, bases: store.bases)
        } catch {
            return unmatched(request.method, url, message: "apicheck serve: the answer cannot be recorded: \(error.message)", nearest: [])
        }
        store.append(captured, forwardedTo: target)
        let number = state.withLock { state in
            state.recorded += 1
            return state.recorded - 1
        }
        let findings = configuration.verifier?.verify(captured) ?? []
        journal(
            request.method, url, status: status, matched: nil, unmatched: nil,
            recorded: configuration.record?.name.map { .init(recording: "sessions/" + $0, interaction: number) },
            findings: findings.filter { $0.side == .request })
        let kept = responseHeaders.filter { !Self.framingHeaders.contains($0.0.lowercased()) }
        return HTTPServer.Response(status: status, headers: kept, body: [UInt8](data ?? Data()))
    }

    /// The request's findings against the contract (nothing without a verifier), checked with the answer it gets: a
    /// request answered with a declared 4xx is one meant to be wrong, as verify reads it.
    private func check(
        _ request: ReceivedRequest, addressed url: URL, headers: [(String, String)], answer: RecordedResponse, store: ReplayStore
    ) -> [Finding] {
        guard let verifier = configuration.verifier else { return [] }
        var exchange = CapturedExchange(
            method: request.method, url: url, requestHeaders: headers, requestBody: request.body.isEmpty ? nil : Data(request.body),
            status: answer.status, responseHeaders: [], responseBody: nil)
        // A body the app could not see is "not checked" (request.body-unseen), not a missing body.
        exchange.requestBodyUnseen = request.header(ReplayServer.unseenBodyHeader)
        guard let captured = try? Interaction(capturing: exchange, bases: store.bases) else { return [] }
        return verifier.verify(Interaction(request: captured.request, response: answer)).filter { $0.side == .request }
    }

    /// The URL the app addressed: the header's, or the request's path and query on the API's base URL.
    private func addressedURL(of request: ReceivedRequest) -> URL? {
        if let written = request.header(ReplayServer.originalURLHeader) {
            guard let url = URL(string: written), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                url.host != nil
            else { return nil }
            return url
        }
        let base = BaseURLSet.trimmed(configuration.baseURL ?? ReplayConfiguration.offlineBaseURL)
        return URL(string: base + request.path + (request.query.map { "?" + $0 } ?? ""))
    }

    /// Answers a request no recording answers: 502, with replay's message and the nearest recorded requests.
    private func unmatched(_ method: String, _ url: URL, message: String, nearest: [ServeJournal.Entry.Candidate]) -> HTTPServer.Response {
        let entry = journal(method, url, status: 502, matched: nil, unmatched: .init(message: message, nearest: nearest))
        var response = Self.json(502, ServeJournal.json(entry))
        response.headers.append(("X-APICheck-Unmatched", "1"))
        return response
    }

    @discardableResult
    private func journal(
        _ method: String, _ url: URL, status: Int, matched: ServeJournal.Entry.Match?, unmatched: ServeJournal.Entry.Unmatched?,
        recorded: ServeJournal.Entry.Match? = nil, findings: [Finding] = []
    ) -> ServeJournal.Entry {
        state.withLock { state in
            state.number += 1
            let entry = ServeJournal.Entry(
                number: state.number, method: method, url: url.absoluteString, status: status, matched: matched, unmatched: unmatched,
                recorded: recorded, findings: findings)
            state.journal.append(entry, limit: configuration.journalLimit)
            return entry
        }
    }

    // MARK: The control API

    private static let endpoints = "GET /__apicheck/journal, GET|POST /__apicheck/recordings, POST /__apicheck/reset, POST /__apicheck/stop"

    private func control(_ request: ReceivedRequest) -> HTTPServer.Response {
        guard request.header(ReplayServer.tokenHeader) == configuration.token else {
            return Self.json(
                401,
                [
                    "error": .string(
                        """
                        the control API asks for the server's token in \(ReplayServer.tokenHeader) (apicheck serve printed it; the app's \
                        launch environment has it as \(ReplayServer.tokenVariable))
                        """)
                ])
        }
        switch (request.method, request.path) {
        case ("GET", "/__apicheck/journal"):
            let (journal, chosen) = state.withLock { ($0.journal, $0.served.chosen) }
            return Self.json(200, journal.json(api: configuration.api, recordings: chosen))
        case ("GET", "/__apicheck/recordings"):
            return Self.json(200, recordingsJSON())
        case ("POST", "/__apicheck/recordings"):
            do {
                try use(try Self.chosenNames(in: request.body))
            } catch {
                return Self.json(400, ["error": .string(error.description)])
            }
            return Self.json(200, recordingsJSON())
        case ("POST", "/__apicheck/reset"):
            reset()
            return Self.json(200, recordingsJSON())
        case ("POST", "/__apicheck/stop"):
            stopRequest.signal()
            return Self.json(200, ["stopping": true])
        case (_, "/__apicheck/journal"), (_, "/__apicheck/recordings"), (_, "/__apicheck/reset"), (_, "/__apicheck/stop"):
            var response = Self.json(
                405, ["error": .string("\(request.method) \(request.path): the control API answers \(Self.endpoints)")])
            response.headers.append(
                ("Allow", request.path.hasSuffix("journal") ? "GET" : request.path.hasSuffix("recordings") ? "GET, POST" : "POST"))
            return response
        default:
            return Self.json(404, ["error": .string("\(request.method) \(request.path): the control API answers \(Self.endpoints)")])
        }
    }

    private func recordingsJSON() -> JSONValue {
        let served = state.withLock { $0.served }
        return [
            "api": .string(configuration.api), "recordings": .array(served.chosen.map(JSONValue.string)),
            "available": .array(served.available.keys.sorted().map(JSONValue.string)),
            "interactions": .number(JSONNumber(served.combined.interactions.count)),
        ]
    }

    /// `{"use": ["a", "b"]}` or `{"use": null}` (every recording).
    private static func chosenNames(in body: [UInt8]) throws(ServeError) -> [String]? {
        let value: JSONValue
        do {
            value = try JSONReader.parse(body)
        } catch {
            throw ServeError(
                "the body is not JSON (\(error)); send {\"use\": [\"tests/list-first-page\"]}, or {\"use\": null} for every recording")
        }
        switch value["use"] {
        case .null?: return nil
        case .array(let names)? where names.allSatisfy({ $0.stringValue != nil }): return names.compactMap(\.stringValue)
        default: throw ServeError("expected {\"use\": [\"<recording>\", ...]}, or {\"use\": null} for every recording")
        }
    }

    static func json(_ status: Int, _ value: JSONValue) -> HTTPServer.Response {
        HTTPServer.Response(
            status: status, headers: [("Content-Type", "application/json")], body: Array(JSONWriter.pretty(value).utf8))
    }

    static func tooLarge(announced: Int?) -> HTTPServer.Response {
        json(413, ["error": .string("apicheck serve reads request bodies up to \(maximumBodyBytes >> 20) MB")])
    }
}

/// A request to stop, which `apicheck serve` waits for beside Ctrl-C.
final class StopRequest: Sendable {
    private let state = Locked<(done: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func signal() {
        let waiters = state.withLock { state in
            guard !state.done else { return [CheckedContinuation<Void, Never>]() }
            state.done = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state in
                if state.done { return true }
                state.waiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }
}
