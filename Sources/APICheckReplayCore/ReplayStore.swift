import APICheckRecording
import Foundation
import Locking
import WireFormat

/// One session's recording, cursor and findings; its lock is this session's alone.
package final class ReplayStore: Sendable {
    package enum Decision {
        /// Answer with the recorded response of interaction `index`.
        case replay(PreparedResponse, index: Int)
        /// Send the request to this URL (the base's live URL, or where it was addressed) and record it.
        case record(URL)
        case fail(String)
    }

    package let configuration: ReplayConfiguration
    /// What changes as the session runs, behind this session's own lock.
    private struct State {
        var recording: Recording
        var matcher: RequestMatcher
        /// Whether each interaction of `recording` has answered a request.
        var used: [Bool]
        var failures: [String] = []
        var recorded = false
        /// Response bytes and headers, built the first time each interaction is replayed.
        var preparedResponses: [Int: PreparedResponse] = [:]
        /// The main base a request was forwarded to as addressed (no live URL was configured), for `recorded_from`.
        var forwardedMainBase: String?
        /// What the client sent to the routes and was answered, in order.
        var exchanges: [Interaction] = []
        /// The secrets the live API handed out while recording, numbered as the recording writes them.
        var ledger: SecretLedger
    }

    private let state: Locked<State>
    /// The API's base URLs by name, `""` for the main one, prepared once: the URLs the session hands out and the
    /// app's own (``ReplayConfiguration/baseURLAliases``), each in `http` and `https`.
    package let bases: BaseURLSet
    /// Where a recorded request goes, by base name: the live URL without a trailing `/` (recording only).
    private let liveTargets: [String: String]
    /// The bases as messages list them.
    private let knownBases: String
    /// Whether unmatched requests go to the live API in this session.
    package let records: Bool
    private let loadError: String?
    /// Operations answered whatever their parameters (contract examples), instead of the recording; empty otherwise.
    private let routes: [(route: ReplayRoute, response: PreparedResponse)]
    /// The headers (lower-cased) in which the recording's requests send back a secret the server handed out: a live
    /// request keeps them whatever the matching rules say, so that it must send back the same one.
    private let secretHeaderNames: Set<String>

    /// A session's store: the recording at `configuration.recordingURL`, or, when `routes` are given, those
    /// routes only (no file is read or written).
    package init(configuration: ReplayConfiguration, routes: [ReplayRoute] = [], recording given: Recording? = nil) {
        self.configuration = configuration
        self.routes = routes.map { ($0, PreparedResponse($0.response)) }
        let exists = given != nil || (routes.isEmpty && FileManager.default.fileExists(atPath: configuration.recordingURL.path))
        var loaded = given
        var loadError: String?
        if given == nil, exists && configuration.mode != .all {
            do {
                loaded = try Recording.load(from: configuration.recordingURL)
            } catch {
                loadError = error.description
            }
        }
        switch configuration.mode {
        case .all: records = true
        case .new: records = true
        case .once: records = !exists
        default: records = false
        }
        if !exists && !records && routes.isEmpty {
            loadError = "no recording at \(configuration.recordingURL.path).\n  Record it with: \(configuration.recordCommand(mode: .once))"
        }
        self.loadError = loadError
        var entries: [(name: String, url: URL)] = [("", configuration.effectiveBaseURL)]
        entries += configuration.otherBaseURLs.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        for (name, urls) in configuration.baseURLAliases.sorted(by: { $0.key < $1.key }) {
            entries += urls.map { (name, $0) }
        }
        bases = BaseURLSet(entries: entries, bothSchemes: true)
        var targets: [String: String] = [:]
        if let live = configuration.liveBaseURL { targets[""] = BaseURLSet.trimmed(live) }
        for (name, url) in configuration.otherBaseURLs { targets[name] = BaseURLSet.trimmed(url) }
        liveTargets = targets
        var listed: [String] = []
        for entry in entries {
            let text = BaseURLSet.trimmed(entry.url)
            if !listed.contains(text) { listed.append(text) }
        }
        knownBases = listed.joined(separator: ", ")
        let recording =
            loaded
            ?? Recording(
                api: configuration.api, name: configuration.name, recordedAt: "", recordedFrom: "", interactions: []
            )
        let matcher = RequestMatcher(interactions: recording.interactions, rules: configuration.matching)
        secretHeaderNames = matcher.secretHeaderNames
        state = Locked(
            State(
                recording: recording, matcher: matcher, used: Array(repeating: false, count: recording.interactions.count),
                // Only a session that adds to a recording numbers after it; reading its strings costs a replay nothing.
                ledger: SecretLedger(after: records ? recording.interactions : [])))
    }

    /// The live request as matching sees it: only the headers matching compares, and the body classified.
    ///
    /// Lighter than a full capture: this runs on every replayed request.
    package func liveRequest(method: String, url: URL, headers: [(String, String)], body: Data?) -> RecordedRequest? {
        guard let (base, relative) = bases.relativeURL(url) else { return nil }
        var kept = HeaderFields()
        var contentType: String?
        // A custom rule sees every header; otherwise only those matching compares are kept.
        let keepsAll = configuration.matching.custom != nil
        for (name, value) in headers {
            let lowered = name.lowercased()
            if lowered == "content-type" { contentType = value }
            if keepsAll || configuration.matching.matchedHeaders.contains(lowered) || RequestMatcher.conditionalHeaders.contains(lowered)
                || (!secretHeaderNames.isEmpty && secretHeaderNames.contains(lowered))
            {
                kept.add(name: name, value: value)
            }
        }
        return RecordedRequest(
            method: method.uppercased(), url: relative, base: base.isEmpty ? nil : base, headers: kept,
            body: body.flatMap { RecordedBody(bytes: $0, contentType: contentType) }
        )
    }

    /// Fails a request for `message`, which the session's ``finish()`` reports too (a client may swallow the error).
    package func refuse(_ message: String) -> String {
        return state.withLock { state in
            state.failures.append(message)
            return message
        }
    }

    /// Fails a request addressed to no base of the API, naming the bases this session answers.
    package func refuseUnknownBase(method: String, url: URL) -> String {
        let sent = records ? "" : "; nothing was sent"
        return refuse(
            """
            apicheck: \(method) \(url.absoluteString) is addressed to no base URL of API "\(configuration.api)"\(sent)
              this replay answers: \(knownBases) (each also in http and https)
              Name the host in apicheck.yml (base_url, base_url_env or other_bases), or send the request to TestRecording.baseURL
            """)
    }

    /// Where a request to be recorded goes: its base's live URL with the same path and query, or, when the base has
    /// none, the URL the client addressed (never a `.invalid` host, which no resolver answers).
    private func forwardURL(for url: URL) -> URL? {
        guard let (name, _, relative) = bases.match(url) else { return nil }
        if let target = liveTargets[name] { return URL(string: target + relative) }
        guard let host = url.host?.lowercased(), !host.hasSuffix(".invalid") else { return nil }
        return url
    }

    /// Finds the recorded answer, or says where to record it, or explains why it cannot answer.
    package func decide(for request: RecordedRequest, addressed url: URL) -> Decision {
        let live = RequestMatcher.prepare(request, rules: configuration.matching)
        return state.withLock { state in
            if let loadError, !records {
                state.failures.append(loadError)
                return .fail(loadError)
            }
            for index in state.matcher.candidates(for: live) where !state.used[index] {
                if state.matcher.matches(live: live, recordedAt: index) {
                    state.used[index] = true
                    return .replay(Self.prepared(index, in: &state), index: index)
                }
            }
            if configuration.repeatsLast,
                let index = state.matcher.candidates(for: live).last(where: { state.matcher.matches(live: live, recordedAt: $0) })
            {
                return .replay(Self.prepared(index, in: &state), index: index)
            }
            if records {
                if request.unseenBody != nil {
                    let message = """
                        cannot record \(request.method) \(request.url): it is an upload task whose body was not handed over, and \
                        apicheck cannot send a body it does not have; hand it over with TestRecording.registerUpload(body, for: task) \
                        (UploadBodies.register(.data(body), for: task) in an app) before the task resumes
                        """
                    state.failures.append(message)
                    return .fail(message)
                }
                guard let target = forwardURL(for: url) else {
                    let message =
                        "cannot record \(request.method) \(request.url): no live base URL; set APICHECK_BASE_URL or pass one to the trait"
                    state.failures.append(message)
                    return .fail(message)
                }
                return .record(target)
            }
            let message = unmatchedMessage(for: live, in: state)
            state.failures.append(message)
            return .fail(message)
        }
    }

    /// Interaction `index`'s response, built the first time it is asked for.
    private static func prepared(_ index: Int, in state: inout State) -> PreparedResponse {
        if let prepared = state.preparedResponses[index] { return prepared }
        let prepared = PreparedResponse(state.recording.interactions[index].response)
        state.preparedResponses[index] = prepared
        return prepared
    }

    package enum RouteAnswer {
        case replay(PreparedResponse)
        case fail(String)
    }

    /// Answers a request with the route that fits it best (most literal segments) and keeps the whole request
    /// (every header, the body) with the answer, so that a test can check it against the contract.
    package func answerRoute(method: String, url: URL, headers: [(String, String)], body: Data?) -> RouteAnswer {
        let exchange = CapturedExchange(
            method: method, url: url, requestHeaders: headers, requestBody: body, status: 200, responseHeaders: [], responseBody: nil)
        let request: RecordedRequest
        do {
            request = try Interaction(capturing: exchange, bases: bases).request
        } catch {
            let message = "apicheck: \(error.message)"
            return state.withLock { state in
                state.failures.append(message)
                return .fail(message)
            }
        }
        let method = request.method
        let best = PathTemplate.best(routes.filter { $0.route.method == method }, for: request.path) { $0.route.template }?.element
        return state.withLock { state in
            guard let best else {
                let answered = routes.map(\.route.operation).joined(separator: ", ")
                let message = "apicheck: the client sent \(request.method) \(request.url), but this session answers only \(answered)"
                state.failures.append(message)
                return .fail(message)
            }
            state.exchanges.append(Interaction(step: best.route.operation, request: request, response: best.route.response))
            return .replay(best.response)
        }
    }

    /// Whether this session answers routes rather than a recording.
    package var answersRoutes: Bool { !routes.isEmpty }

    /// What the client sent to the routes so far, with the answers.
    package func answeredExchanges() -> [Interaction] {
        return state.withLock { $0.exchanges }
    }

    /// Adds an interaction recorded from the live API, redacted with the session's ``SecretLedger`` (so that a token
    /// the API handed out is numbered where it is sent back); `target` is where it was sent.
    package func append(_ unredacted: Interaction, forwardedTo target: URL?) {
        state.withLock { state in
            let interaction = configuration.redaction.redact(unredacted, ledger: &state.ledger)
            if interaction.request.base == nil, liveTargets[""] == nil, state.forwardedMainBase == nil, let target,
                let (_, prefix, _) = bases.match(target)
            {
                state.forwardedMainBase = prefix
            }
            state.recording.interactions.append(interaction)
            state.used.append(true)
            state.matcher.add(interaction.request, at: state.recording.interactions.count - 1)
            state.recorded = true
        }
    }

    /// Writes what was recorded and returns every failure of the session.
    package func finish() -> [String] {
        return state.withLock { state in
            var problems = state.failures
            if records && (state.recorded || configuration.mode == .all) {
                var toSave = state.recording
                if configuration.mode == .all {
                    // Re-recorded from scratch: keep only what this session used, in order.
                    toSave.interactions = zip(state.recording.interactions, state.used).filter(\.1).map(\.0)
                }
                toSave.api = configuration.api
                toSave.name = configuration.name
                toSave.recordedFrom =
                    configuration.recordedFrom ?? configuration.liveBaseURL?.absoluteString ?? state.forwardedMainBase ?? "unknown"
                toSave.recordedAt = ISO8601DateCodec(wireForm: .secondsUTC).string(from: Date())
                do throws(RecordingError) {
                    try toSave.save(to: configuration.recordingURL)
                } catch {
                    problems.append(error.description)
                }
            }
            if configuration.strict {
                let unused = zip(state.recording.interactions, state.used).enumerated().filter { !$0.element.1 }
                if !unused.isEmpty {
                    let list = unused.map { "    #\($0.offset) \($0.element.0.request.method) \($0.element.0.request.url)" }.joined(
                        separator: "\n")
                    problems.append(
                        """
                        strict replay: \(unused.count) recorded interaction\(unused.count == 1 ? " was" : "s were") never requested \
                        in \(configuration.recordingURL.path):\n\(list)\n  If the test no longer makes them, re-record: \
                        \(configuration.recordCommand(mode: .all))
                        """
                    )
                }
            }
            return problems
        }
    }

    private func unmatchedMessage(for live: RequestMatcher.Prepared, in state: State) -> String {
        let request = live.request
        var lines = ["apicheck: no recorded response for \(request.method) \(request.url)\(request.base.map { " (base \($0))" } ?? "")"]
        lines.append("  recording: \(configuration.recordingURL.path)")
        let sameKeyUsed = state.matcher.candidates(for: live).filter { state.used[$0] }
        let nearest = Self.nearestInteractions(to: live, in: state)
        if nearest.isEmpty {
            lines.append("  the recording has no interactions")
        } else {
            lines.append("  nearest recorded requests:")
            for (index, differences) in nearest {
                let recorded = state.recording.interactions[index].request
                let used = state.used[index] ? " (already used)" : ""
                lines.append("    #\(index) \(recorded.method) \(recorded.url)\(used)")
                for difference in differences { lines.append("       - \(difference)") }
            }
        }
        if !sameKeyUsed.isEmpty && nearest.allSatisfy({ $0.differences.isEmpty }) {
            lines.append("  the same request was recorded \(sameKeyUsed.count) time(s) and every recorded answer is used up")
        }
        let stale = Self.staleSecretLines(live, nearest: nearest.map(\.index), in: state)
        if stale.isEmpty {
            lines.append("  To record it: \(configuration.recordHint ?? configuration.recordCommand(mode: .new))")
        } else {
            lines += stale
            lines.append("  This is the client's bug, not a missing recording: recording again sends the same old secret to the live API.")
        }
        return lines.joined(separator: "\n")
    }

    /// What a request that sends back another secret than the recorded one did: which answer handed out each (a client
    /// that retries with the token a refresh replaced). Only on the failure path.
    private static func staleSecretLines(_ live: RequestMatcher.Prepared, nearest: [Int], in state: State) -> [String] {
        for index in nearest {
            guard let stale = RequestMatcher.staleSecret(live: live.request, recorded: state.matcher.prepared(at: index)) else { continue }
            let sent = RedactionRules.placeholderNumbers(in: stale.sent).map { origin(of: $0, in: state) }
            return [
                "  \(stale.header) sends back \(sent.joined(separator: " and ")),",
                "  where the recorded request #\(index) sent \(origin(of: stale.number, in: state)):",
                "  the client sent a secret the server had handed out before, not the one it sent when recorded. After a refresh,",
                "  send the new token: build the retried request again, or set the header when it is sent (an Alamofire",
                "  RequestInterceptor's adapt), rather than retrying the request that carried the old one.",
            ]
        }
        return []
    }

    /// Where the recording's answers handed out the secret numbered `number`: `<redacted#3> (the /token that
    /// #4 GET /refresh answered)`.
    private static func origin(of number: Int, in state: State) -> String {
        let placeholder = RedactionRules.placeholder(number)
        for (index, interaction) in state.recording.interactions.enumerated() {
            guard case .json(let body)? = interaction.response.body, let pointer = pointer(to: placeholder, in: body, at: .root) else {
                continue
            }
            return "\(placeholder) (the \(pointer) that #\(index) \(interaction.request.method) \(interaction.request.path) answered)"
        }
        return placeholder
    }

    /// Where the string `text` first is in `value`.
    private static func pointer(to text: String, in value: JSONValue, at pointer: JSONPointer) -> JSONPointer? {
        switch value {
        case .string(let string): return string == text ? pointer : nil
        case .array(let items):
            for (index, item) in items.enumerated() {
                if let found = self.pointer(to: text, in: item, at: pointer.appending(index)) { return found }
            }
        case .object(let object):
            for member in object {
                if let found = self.pointer(to: text, in: member.value, at: pointer.appending(member.key)) { return found }
            }
        default: break
        }
        return nil
    }

    /// The three recorded requests most like `request`, with what differs and whether each has answered already (for
    /// `apicheck serve`'s journal). Only on the failure path.
    package func nearest(to request: RecordedRequest) -> [(index: Int, differences: [String], used: Bool)] {
        let live = RequestMatcher.prepare(request, rules: configuration.matching)
        return state.withLock { state in
            Self.nearestInteractions(to: live, in: state).map { ($0.index, $0.differences, state.used[$0.index]) }
        }
    }

    /// The three recorded requests most like `request`, with what differs. Only on the failure path.
    private static func nearestInteractions(to live: RequestMatcher.Prepared, in state: State) -> [(index: Int, differences: [String])] {
        let request = live.request
        let scored = zip(0..., state.recording.interactions).map { index, interaction -> (Int, Int, [String]) in
            let differences = state.matcher.differences(live: live, recordedAt: index)
            var score = differences.count * 10
            if interaction.request.method != request.method { score += 5 }
            if interaction.request.path != request.path { score += 20 }
            return (index, score, differences)
        }
        return scored.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(3).map { ($0.0, $0.2) }
    }
}

/// A recorded response ready to hand to URLSession: its body bytes and headers, built once.
package struct PreparedResponse: Sendable {
    static let boundary = "apicheck-boundary"
    package let status: Int
    package let headers: [String: String]
    package let body: Data

    package init(_ response: RecordedResponse) {
        status = response.status
        body = response.body?.bytes(boundary: Self.boundary) ?? Data()
        var headers: [String: String] = [:]
        for field in response.headers { headers[field.name] = field.value }
        if case .multipart = response.body, let type = headers["Content-Type"] {
            headers["Content-Type"] = type + "; boundary=\(Self.boundary)"
        }
        headers["Content-Length"] = String(body.count)
        self.headers = headers
    }
}
