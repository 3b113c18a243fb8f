import APICheckContracts
import APICheckRecording
import APICheckReplay
import APICheckReplayTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One response the contract allows, written by `apicheck examples`: a step of a file in
/// `recordings/<api>/examples/`. Feed it to your client with
/// ``expectDecodes(scope:alsoAnswering:decodingFailure:sourceLocation:_:)-1bskb``.
///
/// ```swift
/// @Test(arguments: try ContractExample.load(api: "todos", operation: "GET /api/v2/todos/{id}"))
/// func todoDecodes(_ example: ContractExample) async {
///     await example.expectDecodes { replay in
///         try await TodoClient(session: replay.session, baseURL: replay.baseURL).todo(id: 5)
///     }
/// }
/// ```
public struct ContractExample: Sendable, CustomTestStringConvertible {
    /// The API, as `apicheck.yml` names it.
    public let api: String
    /// The contract's operation, such as `GET /api/v2/todos/{id}`.
    public let operation: String
    /// The example's file as the package names it: `recordings/todos/examples/get-api-v2-todos-id.200.json`.
    public var file: String { source.displayPath }
    /// The example's index in the file's `interactions`.
    public let index: Int
    /// What the example varies, such as `null at /meta/from` (its `step`).
    public let step: String
    /// The request and the response the contract allows.
    public let interaction: Interaction
    /// The response's status.
    public var status: Int { interaction.response.status }
    /// `200 null at /meta/from`: how the test case is named.
    public var testDescription: String { "\(status) \(step)" }

    let source: ExampleFile
    let project: ExampleProject

    /// The examples of `operation` (method and path template as the contract writes them), every status, in file order.
    ///
    /// The API's contract and recordings folder come from `apicheck.yml` beside `Package.swift` (or `APICHECK_CONFIG`;
    /// `APICHECK_RECORDINGS` moves the recordings, `APICHECK_CONTRACT_<API>` names another contract, as
    /// `apicheck breaking --examples` does to try a new contract's examples; with `APICHECK_EXAMPLE_REPORT` naming a
    /// file, each checked example appends its result to it).
    ///
    /// - Parameters:
    ///   - api: The API's name in `apicheck.yml`, such as `todos`.
    ///   - operation: The operation as the contract writes it, such as `GET /api/v2/todos/{id}`.
    ///   - statuses: Only these statuses; all when nil.
    ///   - bundle: A test bundle holding `apicheck.yml`, the contract and the recordings as resources (`Bundle.module`),
    ///     for a test target with no `Package.swift` above it.
    ///   - folder: A folder holding them, instead of the package root.
    ///   - filePath: The calling test file (the default), from which `Package.swift` is found.
    /// - Throws: `ReplayError` when the configuration, the contract or an example cannot be read, when the
    ///   contract has no such operation, or when it has no examples (run `swift run apicheck examples --api <api>`):
    ///   a test over no examples would pass without checking anything.
    public static func load(
        api: String, operation: String, statuses: Set<Int>? = nil, bundle: Bundle? = nil, folder: URL? = nil, filePath: String = #filePath
    ) throws(ReplayError) -> [ContractExample] {
        let project = try ExampleProject.load(api: api, source: source(bundle: bundle, folder: folder, filePath: filePath))
        guard let named = project.contract.operations.first(where: { $0.name == normalized(operation) }) else {
            if let refusal = project.contract.refused.first(where: { $0.operation == normalized(operation) }) {
                throw ReplayError(
                    message: "\(project.contractPath): \(normalized(operation)) is refused, so it has no examples: \(refusal.reasonText)")
            }
            let known = project.contract.operations.map { "  \($0.name)" }.joined(separator: "\n")
            throw ReplayError(message: "\(project.contractPath) has no operation \"\(operation)\"; it has:\n\(known)")
        }
        let examples = try project.examples().filter {
            $0.operation == named.name && statuses.map { [status = $0.status] in $0.contains(status) } ?? true
        }
        guard !examples.isEmpty else {
            let which = statuses.map { " with status \($0.sorted().map(String.init).joined(separator: ", "))" } ?? ""
            throw ReplayError(
                message:
                    """
                    no examples of \(named.name)\(which) in \(project.examplesDisplayPath); write them with: swift run apicheck \
                    examples --api \(api)
                    """
            )
        }
        return examples
    }

    /// The first example of `operation` with `status` (its maximal one): an answer for another request the client
    /// makes on the way (a token refresh), given to ``expectDecodes(scope:alsoAnswering:decodingFailure:sourceLocation:_:)-1bskb``.
    public static func first(
        api: String, operation: String, status: Int, bundle: Bundle? = nil, folder: URL? = nil, filePath: String = #filePath
    ) throws(ReplayError) -> ContractExample {
        let examples = try load(api: api, operation: operation, statuses: [status], bundle: bundle, folder: folder, filePath: filePath)
        return examples[0]
    }

    /// Every operation of the API's contract (`GET /api/v2/todos`), in the contract's order: for a test that
    /// checks a suite covers each one.
    public static func operations(api: String, bundle: Bundle? = nil, folder: URL? = nil, filePath: String = #filePath) throws(ReplayError)
        -> [String]
    {
        try ExampleProject.load(api: api, source: source(bundle: bundle, folder: folder, filePath: filePath)).contract.operations.map(
            \.name)
    }

    static func source(bundle: Bundle?, folder: URL?, filePath: String) throws(ReplayError) -> ProjectSource {
        try ProjectSource.named(bundle: bundle, folder: folder, filePath: filePath, by: "ContractExample")
    }

    static func normalized(_ operation: String) -> String {
        let parts = operation.split(separator: " ", maxSplits: 1)
        guard parts.count == 2 else { return operation }
        return "\(parts[0].uppercased()) \(parts[1])"
    }

    /// The 1-based line of `pointer` (relative to the example's response body, or the interaction when nil) in its file
    /// (``JSONReader/line(of:in:)``: the place, or the nearest one above it that the file has).
    func line(ofBodyPointer pointer: String?) -> Int? {
        let interaction = "/interactions/\(index)"
        guard let pointer, case .json = self.interaction.response.body else {
            return JSONReader.line(of: JSONPointer(interaction), in: source.bytes)
        }
        return JSONReader.line(of: JSONPointer(interaction + "/response/body/json" + pointer), in: source.bytes)
    }
}

extension ContractExample {
    /// A decoding failure a client reported: where in the body (a JSON pointer) and what the decoder said.
    public struct DecodingFailure: Sendable, Hashable {
        /// The failing key as a JSON pointer, such as `/data/updated_at`; nil when the decoder did not say.
        public let pointer: String?
        /// The decoder's words.
        public let detail: String

        /// A failure at `pointer` (a JSON pointer or a dotted coding path: `data.updated_at`, `items.0.owner`).
        public init(pointer: String?, detail: String) {
            if let pointer, !pointer.isEmpty, !pointer.hasPrefix("/") {
                self.pointer =
                    JSONPointer(tokens: pointer.split(separator: ".", omittingEmptySubsequences: false).map(String.init)).description
            } else {
                self.pointer = pointer
            }
            self.detail = detail
        }

        /// `/items/0/owner` as a coding path: `items.0.owner` (`~1` and `~0` read back as `/` and `~`).
        static func codingPath(of pointer: String) -> String {
            JSONPointer(pointer).tokens.joined(separator: ".")
        }

        /// The failure a `DecodingError` describes (its coding path, array indices as numbers), or nil for any other error.
        ///
        /// A `dataCorrupted` error with an empty coding path names no place: the body is not JSON, or a custom date
        /// strategy threw without one (swift-openapi-runtime's `DateTranscoder` does). Its pointer is nil rather than
        /// `/`, which would blame the whole body.
        ///
        /// Clients that wrap decoding errors in their own error type pass their own function to
        /// ``ContractExample/expectDecodes(scope:alsoAnswering:decodingFailure:sourceLocation:_:)-1bskb``.
        public init?(_ error: any Error) {
            guard let error = error as? DecodingError else { return nil }
            let context: DecodingError.Context
            switch error {
            case .typeMismatch(_, let found), .valueNotFound(_, let found), .dataCorrupted(let found): context = found
            case .keyNotFound(let key, let found):
                context = DecodingError.Context(codingPath: found.codingPath + [key], debugDescription: found.debugDescription)
            @unknown default: return nil
            }
            let tokens = context.codingPath.map { key in key.intValue.map(String.init) ?? key.stringValue }
            if tokens.isEmpty, case .dataCorrupted = error {
                self.init(pointer: nil, detail: context.debugDescription)
                return
            }
            self.init(pointer: tokens.isEmpty ? "/" : JSONPointer(tokens: tokens).description, detail: context.debugDescription)
        }
    }
}

/// What the client did with an example.
public enum ExampleOutcome<Value> {
    /// The call returned this value.
    case returned(Value)
    /// The call threw.
    case threw(any Error)
    /// The call did not run (the replay could not be set up).
    case notRun
}

/// The replay an example's call runs in: hand ``session`` and ``baseURL`` to your client, or build your own session
/// from ``configuration``.
public struct ExampleReplay: Sendable {
    /// The session that answers the example's operation (and any others given) whatever the parameters.
    public let session: URLSession
    /// The base URL to give the client (never resolved). The URLs `apicheck.yml` names for the API are answered too.
    public let baseURL: URL
    let others: [String: URL]
    let replay: ReplaySession

    /// A new configuration for a session your app builds itself (Alamofire, Moya, your own delegate), answered by
    /// this replay like ``session``.
    public var configuration: URLSessionConfiguration { replay.sessionConfiguration }

    /// The API's other base URL called `name` in `apicheck.yml` (GitHub's `oauth`).
    ///
    /// A name `apicheck.yml` does not give records an issue and returns a never-resolved URL.
    public func baseURL(named name: String) -> URL {
        if let url = others[name] { return url }
        Issue.record("apicheck.yml names no base \"\(name)\" for this API (other_bases)")
        return URL(string: "http://\(name).replay.apicheck.invalid") ?? baseURL
    }
}

extension ContractExample {
    /// Sends the client's request (your `call`) to a replay that answers the example's operation with the example,
    /// and records an issue naming the example's file, line and step when the client does not accept what the
    /// contract allows:
    /// - a success (below 400) must come back as a value; a decoding failure names the failing key's pointer and line;
    /// - an error status must be thrown, and not as a decoding failure of its body;
    /// - the client must send a request, every request must be one the replay answers (this operation or
    ///   `others`' operations), and each must conform to the contract (parameters, body).
    ///
    /// - Parameters:
    ///   - scope: `.global` to answer `URLSession.shared` as well, for app code that takes no session (one such
    ///     check runs at a time; see `ReplayScope`).
    ///   - others: Examples answering other operations the call reaches on the way (a token refresh).
    ///   - decodingFailure: Tells a decoding failure among the errors the client throws; by default a `DecodingError`.
    ///   - sourceLocation: Where the issues are recorded (the call, by default).
    ///   - call: Makes the client's request with the given session and base URL; returns what the client returned.
    /// - Returns: What the call did, for further expectations.
    @discardableResult
    public func expectDecodes<Value>(
        scope: ReplayScope = .session,
        alsoAnswering others: [ContractExample] = [],
        decodingFailure: (any Error) -> ContractExample.DecodingFailure? = { ContractExample.DecodingFailure($0) },
        sourceLocation: SourceLocation = #_sourceLocation,
        _ call: (ExampleReplay) async throws -> Value
    ) async -> ExampleOutcome<Value> {
        let (outcome, problems) = await check(scope: scope, alsoAnswering: others, decodingFailure: decodingFailure, call)
        for problem in problems {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
        return outcome
    }

    /// ``expectDecodes(scope:alsoAnswering:decodingFailure:sourceLocation:_:)-1bskb`` for app code that builds its own
    /// requests and takes no session: with `scope: .global`, `URLSession.shared` answers at the app's own base URL.
    ///
    /// ```swift
    /// @Test(arguments: try ContractExample.load(api: "todos", operation: "GET /api/v2/todos/{id}"))
    /// func appDecodesEveryTodo(_ example: ContractExample) async {
    ///     await example.expectDecodes(scope: .global) { try await TodoService().todo(id: 5126) }
    /// }
    /// ```
    @discardableResult
    public func expectDecodes<Value>(
        scope: ReplayScope,
        alsoAnswering others: [ContractExample] = [],
        decodingFailure: (any Error) -> ContractExample.DecodingFailure? = { ContractExample.DecodingFailure($0) },
        sourceLocation: SourceLocation = #_sourceLocation,
        _ call: () async throws -> Value
    ) async -> ExampleOutcome<Value> {
        await expectDecodes(scope: scope, alsoAnswering: others, decodingFailure: decodingFailure, sourceLocation: sourceLocation) { _ in
            try await call()
        }
    }

    /// ``expectDecodes(scope:alsoAnswering:decodingFailure:sourceLocation:_:)-1bskb``'s check, returning the problems instead of recording
    /// them.
    public func check<Value>(
        scope: ReplayScope = .session,
        alsoAnswering others: [ContractExample] = [],
        decodingFailure: (any Error) -> ContractExample.DecodingFailure? = { ContractExample.DecodingFailure($0) },
        _ call: (ExampleReplay) async throws -> Value
    ) async -> (outcome: ExampleOutcome<Value>, problems: [String]) {
        let result = await checked(scope: scope, alsoAnswering: others, decodingFailure: decodingFailure, call)
        ExampleReport.append(self, problems: result.problems)
        return result
    }

    private func checked<Value>(
        scope: ReplayScope, alsoAnswering others: [ContractExample], decodingFailure: (any Error) -> ContractExample.DecodingFailure?,
        _ call: (ExampleReplay) async throws -> Value
    ) async -> (outcome: ExampleOutcome<Value>, problems: [String]) {
        let what = "step \"\(step)\" (\(status) of \(operation))"
        var problems: [String] = []
        let routes = ([self] + others).map { example in
            ReplayRoute(
                method: example.interaction.request.method, pathTemplate: example.operationTemplate, response: example.interaction.response)
        }
        let replay: ReplaySession
        do {
            replay = try ReplaySession(
                answering: routes,
                ReplayConfiguration(
                    api: api, name: RecordingKind.examples.rawValue, recordingURL: source.url, otherBaseURLs: project.otherBaseURLs,
                    baseURLAliases: project.baseURLAliases
                ))
        } catch {
            return (.notRun, ["\(here): \(what): \(error.message)"])
        }
        var outcome: ExampleOutcome<Value> = .notRun
        let scoped = await ScopedReplay.run(replay, scope: scope) {
            outcome = .returned(
                try await call(
                    ExampleReplay(session: replay.session, baseURL: replay.baseURL, others: project.otherBaseURLs, replay: replay)))
        }
        if let thrown = scoped.thrown { outcome = .threw(thrown) }
        if let refused = scoped.refused {
            _ = replay.finish()
            return (.notRun, ["\(here): \(what): \(refused)"])
        }
        let unanswered = replay.finish()
        let sent = replay.answeredRequests
        problems += outcomeProblems(outcome, unanswered: unanswered, decodingFailure: decodingFailure, what: what)
        if sent.isEmpty && unanswered.isEmpty {
            problems.append(
                """
                \(here): \(what): the client sent no request, so this example checked nothing; the call must make the client request \
                \(operation)
                """
            )
        }
        for problem in unanswered {
            problems.append("\(here): \(what): \(problem)")
        }
        problems += requestProblems(sent, what: what)
        return (outcome, problems)
    }

    /// `file:line` of the example, for a problem: its line is found (a parse of its file) only when there is one to report.
    private var here: String { "\(file):\(line(ofBodyPointer: nil).map(String.init) ?? "?")" }

    /// What the call's outcome says of the client: a value for an error status, a response it cannot decode, or a throw
    /// on a response the contract allows (when every request was answered).
    private func outcomeProblems<Value>(
        _ outcome: ExampleOutcome<Value>, unanswered: [String], decodingFailure: (any Error) -> ContractExample.DecodingFailure?,
        what: String
    ) -> [String] {
        var problems: [String] = []
        switch outcome {
        case .returned where status >= 400:
            problems.append(
                "\(here): \(what): the client returned a value for a \(status) answer; an error status must reach the caller as an error")
        case .threw(let error):
            if let failure = decodingFailure(error) {
                let at = failure.pointer.map { " at \($0) (coding path \(ContractExample.DecodingFailure.codingPath(of: $0)))" } ?? ""
                let line = "\(file):\(self.line(ofBodyPointer: failure.pointer).map(String.init) ?? "?")"
                let body = status >= 400 ? "the \(status) body" : "a response"
                problems.append("\(line): \(what): the client cannot decode \(body) the contract allows\(at): \(failure.detail)")
            } else if status < 400 && unanswered.isEmpty {
                problems.append("\(here): \(what): the client threw on a response the contract allows: \(error)")
            }
        default:
            break
        }
        return problems
    }

    /// The requests the client sent that the contract reads as another operation than the one answered, or that do
    /// not conform to it (each checked as if answered with a success).
    private func requestProblems(_ sent: [Interaction], what: String) -> [String] {
        var problems: [String] = []
        for exchange in sent {
            guard let matched = project.contract.operation(method: exchange.request.method, path: exchange.request.path) else { continue }
            let answeredBy = exchange.step ?? operation
            if matched.operation.name != answeredBy {
                problems.append(
                    """
                    \(here): \(what): the client sent \(exchange.request.method) \(exchange.request.url), which the contract reads as \
                    \(matched.operation.name), and was answered as \(answeredBy)
                    """
                )
                continue
            }
            // The request alone: answered as a success, so that the verifier checks it whatever the example's status.
            let asSuccess = Interaction(request: exchange.request, response: RecordedResponse(status: 200))
            for finding in project.verifier.verify(asSuccess, matched: matched)
            where finding.side == .request && finding.severity >= .warning {
                problems.append(
                    """
                    \(here): \(what): the client's request \(exchange.request.method) \(exchange.request.url) does not conform to \
                    \(project.contractPath): \(finding.pointer.isEmpty ? "/" : finding.pointer): expected \(finding.expected), found \
                    \(finding.found) [\(finding.rule)]
                    """
                )
            }
        }
        return problems
    }

    /// The operation's path template, such as `/api/v2/todos/{id}`.
    var operationTemplate: String {
        String(operation.split(separator: " ", maxSplits: 1).last ?? "")
    }
}
