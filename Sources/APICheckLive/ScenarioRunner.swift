import APICheckRecording
import Foundation
import WireFormat

/// Runs an API's scenarios against a live server: the steps of a scenario in order with captured
/// values filled in, scenarios side by side, every request with one total deadline, clean-up always.
///
/// Retries are few and deliberate: a GET whose connection was refused or reset is sent once more;
/// a request that timed out is not; a 429 with `Retry-After` waits once, when the wait fits in the
/// deadline. A transport failure skips the rest of its scenario (its clean-up still runs, also after
/// cancellation). Once transport failures are all the run has seen (no response at all yet), no further
/// scenario starts: a dead server ends the run after about one deadline.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public struct ScenarioRunner: Sendable {
    /// How to run.
    public struct Options: Sendable {
        /// How many scenarios run at once.
        public var concurrency: Int
        /// The total deadline of each request.
        public var timeout: Duration
        /// Whether scenarios that write may run.
        public var allowWrites: Bool
        /// How the runner waits (a `Retry-After`): `Task.sleep` unless a test gives its own, so that no test waits on a clock.
        public var sleep: @Sendable (Duration) async -> Void

        /// Creates options; the defaults are the CLI's.
        public init(
            concurrency: Int = 4, timeout: Duration = .seconds(10), allowWrites: Bool = false,
            sleep: @escaping @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) }
        ) {
            self.concurrency = concurrency
            self.timeout = timeout
            self.allowWrites = allowWrites
            self.sleep = sleep
        }
    }

    /// Where requests go.
    public struct Endpoint: Sendable {
        /// The API's base URLs by name; `""` names the main one.
        public var baseURLs: [String: URL]
        /// Headers added to every request to the main base URL (auth). Their values are never printed or recorded.
        public var headers: [(String, String)]
        /// Placeholder values every scenario starts with (`vars_env`); secrets, never printed or recorded.
        public var variables: [(String, String)]
        /// What the API redacts: a value captured from a redacted JSON key or header (a login's `token`)
        /// is a secret of its scenario (``ScenarioOutcome/secrets``), and never shown in a problem.
        public var redaction: RedactionRules

        /// Creates an endpoint.
        public init(
            baseURLs: [String: URL], headers: [(String, String)] = [], variables: [(String, String)] = [],
            redaction: RedactionRules = .builtIn
        ) {
            self.baseURLs = baseURLs
            self.headers = headers
            self.variables = variables
            self.redaction = redaction
        }
    }

    let transport: any LiveTransport
    let endpoint: Endpoint
    let options: Options

    /// Creates a runner.
    public init(transport: any LiveTransport, endpoint: Endpoint, options: Options = Options()) {
        self.transport = transport
        self.endpoint = endpoint
        self.options = options
    }

    /// Runs `scenarios` and returns their outcomes in the same order. `progress` gets (finished, total).
    public func run(_ scenarios: [ScenarioDefinition], progress: (@Sendable (Int, Int) -> Void)? = nil) async -> [ScenarioOutcome] {
        let gate = RunGate()
        var outcomes = [ScenarioOutcome?](repeating: nil, count: scenarios.count)
        var finished = 0
        await withTaskGroup(of: (Int, ScenarioOutcome).self) { group in
            var next = 0
            var running = 0
            // Starts the next scenario that may run; false when none is left, or when the next one must wait.
            func startNext() -> Bool {
                while next < scenarios.count {
                    let index = next
                    next += 1
                    let scenario = scenarios[index]
                    if scenario.writes && !options.allowWrites {
                        outcomes[index] = ScenarioOutcome(
                            scenario: scenario.name,
                            notRun: "it writes; run with --allow-writes, set allow_writes in apicheck.yml, or use --sandbox")
                        continue
                    }
                    if gate.unreachable {
                        // A failure while other scenarios are still waiting for their answers proves nothing yet
                        // (a fast reset beside a slow 200): the next scenario waits for them. Once every scenario
                        // started has ended without a response, the API is unreachable and none more starts.
                        if running > 0 {
                            next = index
                            return false
                        }
                        outcomes[index] = ScenarioOutcome(
                            scenario: scenario.name, notRun: "not started: every request so far failed to reach the API")
                        continue
                    }
                    if let limit = gate.rateLimit {
                        outcomes[index] = ScenarioOutcome(
                            scenario: scenario.name, notRun: "not started: the rate limit is spent (\(limit.describe()))")
                        continue
                    }
                    if Task.isCancelled {
                        outcomes[index] = ScenarioOutcome(scenario: scenario.name, notRun: "not started: cancelled")
                        continue
                    }
                    group.addTask { (index, await self.run(scenario, gate: gate)) }
                    return true
                }
                return false
            }
            while running < max(1, options.concurrency), startNext() { running += 1 }
            while let (index, outcome) = await group.next() {
                outcomes[index] = outcome
                finished += 1
                running -= 1
                progress?(finished, scenarios.count)
                while running < max(1, options.concurrency), startNext() { running += 1 }
            }
        }
        return zip(0..., outcomes).map { index, outcome in
            outcome ?? ScenarioOutcome(scenario: scenarios[index].name, notRun: "not started")
        }
    }

    /// Runs one scenario: its steps, then its clean-up (in a task of its own, so that cancellation does not stop it).
    public func run(_ scenario: ScenarioDefinition) async -> ScenarioOutcome {
        await run(scenario, gate: RunGate())
    }

    /// Runs one scenario, telling `gate` what its requests met (the run stops starting scenarios on a dead server).
    package func run(_ scenario: ScenarioDefinition, gate: RunGate) async -> ScenarioOutcome {
        var outcome = ScenarioOutcome(scenario: scenario.name)
        // A scenario's vars may use the run's own ({{run_id}} in a fresh account's email).
        var variables = ScenarioVariables(endpoint.variables)
        var stopped = !resolveVars(of: scenario, into: &variables, &outcome)
        for step in scenario.steps {
            if let wait = step.wait, !stopped, !Task.isCancelled {
                await options.sleep(.milliseconds(Int64((wait * 1000).rounded())))
            }
            if stopped || Task.isCancelled || gate.rateLimit != nil {
                outcome.skipped.append(step.name)
                continue
            }
            stopped = !(await perform(step, &variables, gate: gate, into: &outcome))
        }
        // Clean-up: whatever was created is deleted, even after a failure or Ctrl-C.
        let cleanupOutcome = await cleanUp(scenario, variables: variables)
        outcome.cleanup = cleanupOutcome.results
        outcome.problems += cleanupOutcome.problems
        outcome.secrets += cleanupOutcome.secrets
        if !outcome.secrets.isEmpty {
            let rules = endpoint.redaction.addingSecrets(outcome.secrets)
            for index in outcome.problems.indices {
                outcome.problems[index].expected = rules.scrub(outcome.problems[index].expected)
                outcome.problems[index].found = rules.scrub(outcome.problems[index].found)
            }
        }
        return outcome
    }

    /// Sets the scenario's `vars`; false (with a problem on the first step) when one has a placeholder with no value.
    private func resolveVars(
        of scenario: ScenarioDefinition, into variables: inout ScenarioVariables, _ outcome: inout ScenarioOutcome
    ) -> Bool {
        var resolved = true
        for (name, value) in scenario.vars {
            do {
                variables.set(name, .string(try variables.text(value)))
            } catch {
                outcome.problems.append(
                    .init(
                        step: scenario.steps[0].name, kind: .unresolved, pointer: "",
                        expected: "a value for every placeholder of var \(name)", found: error.description))
                resolved = false
            }
        }
        return resolved
    }

    /// Sends one step (again, with what its last answer captured, while its `repeat` condition is unmet) and checks its
    /// answers; false when the scenario must stop: a request that cannot be made, no answer, or a spent rate limit.
    private func perform(
        _ step: ScenarioStep, _ variables: inout ScenarioVariables, gate: RunGate, into outcome: inout ScenarioOutcome
    ) async -> Bool {
        var sends = 0
        while true {
            sends += 1
            let request: LiveRequest
            do {
                request = try makeRequest(step, variables)
            } catch {
                outcome.problems.append(.init(step: step.name, kind: error.kind, pointer: "", expected: error.expected, found: error.found))
                if sends == 1 { outcome.skipped.append(step.name) }
                return false
            }
            let result = await send(request, step: step.name)
            outcome.steps.append(result)
            guard case .success(let response) = result.outcome else {
                if case .failure(let error) = result.outcome {
                    if error.kind.isAnswer { gate.responded() } else if error.kind != .cancelled { gate.transportFailed() }
                    outcome.transportError = outcome.transportError ?? error
                }
                return false
            }
            gate.responded()
            if let limit = RateLimitSpent.from(response, step: step.name) {
                // A spent rate limit ends the run for this API: one line, never a flood of findings.
                gate.rateLimitSpent(limit)
                outcome.rateLimit = limit
                return false
            }
            check(step, result, response, &variables, into: &outcome)
            guard let repetition = step.repeatUntil, !Task.isCancelled else { return true }
            guard let (pointer, expected, found) = unmetCondition(repetition, Self.body(result, response), variables) else {
                return true
            }
            if sends >= repetition.max {
                outcome.problems.append(
                    .init(
                        step: step.name, kind: .expect, pointer: pointer.description,
                        expected: "\(expected) within \(repetition.max) sends (repeat.max)", found: found
                    ))
                return true
            }
        }
    }

    /// Runs the scenario's clean-up steps in a task of its own, so that cancellation does not stop them: what they
    /// answered, the problems of those that could not be sent, and the secrets their captures held.
    private func cleanUp(
        _ scenario: ScenarioDefinition, variables finalVariables: ScenarioVariables
    ) async -> (results: [StepResult], problems: [StepProblem], secrets: [String]) {
        let cleanup = scenario.cleanup
        return await Task { [self] in
            var results: [StepResult] = []
            var problems: [StepProblem] = []
            var secrets: [String] = []
            // A clean-up step may capture too (log in again to delete an account whose token expired).
            var variables = finalVariables
            for step in cleanup {
                let request: LiveRequest
                do throws(RequestProblem) {
                    request = try makeRequest(step, variables)
                } catch {
                    // A placeholder with no value: what it names was never created, so there is nothing to delete.
                    if error.kind != .unresolved {
                        problems.append(.init(step: step.name, kind: error.kind, pointer: "", expected: error.expected, found: error.found))
                    }
                    continue
                }
                let result = await send(request, step: step.name)
                results.append(result)
                if case .success(let response) = result.outcome, !step.capture.isEmpty {
                    var scratch = ScenarioOutcome(scenario: scenario.name)
                    check(step, result, response, &variables, into: &scratch)
                    secrets += scratch.secrets
                }
            }
            return (results, problems, secrets)
        }.value
    }

    /// The response captured as an interaction: the one place its body is parsed.
    func capture(_ result: inout StepResult, _ response: LiveResponse) {
        let exchange = CapturedExchange(
            method: result.request.method, url: result.request.url, requestHeaders: result.request.headers,
            requestBody: result.request.body.map { Data($0) }, status: response.status, responseHeaders: response.headers,
            responseBody: response.body.isEmpty ? nil : Data(response.body)
        )
        // Only the base the step was sent to: with --sandbox, every base is the same address.
        let name = result.request.base ?? ""
        let bases = endpoint.baseURLs[name].map { [name: $0] } ?? endpoint.baseURLs
        do {
            result.interaction = try Interaction(capturing: exchange, baseURLs: bases, step: result.step)
        } catch {
            result.captureError = error.description
        }
    }

    /// The first `repeat.until` value the body does not hold yet (pointer, expected, found); nil when all hold.
    func unmetCondition(_ repetition: ScenarioStep.Repeat, _ body: JSONValue?, _ variables: ScenarioVariables) -> (
        JSONPointer, String, String
    )? {
        for (pointer, template) in repetition.until {
            guard let expected = try? variables.json(template) else {
                return (pointer, "a value for every placeholder", "an unresolved placeholder")
            }
            let actual = body?[pointer: pointer]
            if actual.map({ $0.isEquivalent(to: expected) }) != true {
                return (pointer, JSONWriter.compact(expected), actual.map { shown($0, at: pointer) } ?? "no such key")
            }
        }
        return nil
    }

    /// The body as captured; a JSON body sent with another content type is read here all the same.
    static func body(_ result: StepResult, _ response: LiveResponse) -> JSONValue? {
        if case .json(let json)? = result.interaction?.response.body { return json }
        return try? JSONReader.parse(response.body)
    }

    /// A value for a problem's text: a redacted key's value never shows, nor a secret the scenario captured.
    func shown(_ value: JSONValue, at pointer: JSONPointer) -> String {
        if pointer.tokens.contains(where: endpoint.redaction.jsonKeys.contains) { return RedactionRules.placeholder }
        return endpoint.redaction.scrub(JSONWriter.compact(value))
    }

    /// Checks `expect` and takes `capture` values from a response.
    func check(
        _ step: ScenarioStep, _ result: StepResult, _ response: LiveResponse, _ variables: inout ScenarioVariables,
        into outcome: inout ScenarioOutcome
    ) {
        if let status = step.expectedStatus, status != response.status {
            outcome.problems.append(
                .init(step: step.name, kind: .expect, pointer: "/status", expected: String(status), found: String(response.status)))
        }
        guard !step.expectations.isEmpty || !step.capture.isEmpty else { return }
        // A 304 has no body: it is checked on its status and headers only.
        let bodyExpectations = response.status == 304 ? [] : step.expectations
        let body = Self.body(result, response)
        for (pointer, template) in bodyExpectations {
            let expected: JSONValue
            do {
                expected = try variables.json(template)
            } catch {
                outcome.problems.append(
                    .init(
                        step: step.name, kind: .unresolved, pointer: pointer.description, expected: "a value for every placeholder",
                        found: error.description))
                continue
            }
            guard let body else {
                outcome.problems.append(
                    .init(
                        step: step.name, kind: .expect, pointer: pointer.description, expected: JSONWriter.compact(expected),
                        found: "a body that is not JSON"))
                continue
            }
            let actual = body[pointer: pointer]
            if actual.map({ $0.isEquivalent(to: expected) }) != true {
                outcome.problems.append(
                    .init(
                        step: step.name, kind: .expect, pointer: pointer.description,
                        expected: endpoint.redaction.scrub(JSONWriter.compact(expected)),
                        found: actual.map { shown($0, at: pointer) } ?? "no such key"
                    ))
            }
        }
        for (name, source) in step.capture {
            switch source {
            case .header(let header):
                if let value = response.header(header) {
                    variables.set(name, .string(value))
                    if endpoint.redaction.responseHeaders.contains(header.lowercased()) { outcome.secrets.append(value) }
                } else {
                    outcome.problems.append(
                        .init(
                            step: step.name, kind: .capture, pointer: "/headers/\(header)",
                            expected: "the header \(header), to capture as \(name)", found: "no such header"
                        ))
                }
            case .pointer(let pointer):
                if let value = body?[pointer: pointer] {
                    variables.set(name, value)
                    // A login's token captured for later steps is as secret as where it came from.
                    if pointer.tokens.contains(where: endpoint.redaction.jsonKeys.contains) {
                        outcome.secrets.append(ScenarioVariables.text(of: value))
                    }
                } else {
                    outcome.problems.append(
                        .init(
                            step: step.name, kind: .capture, pointer: pointer.description,
                            expected: "a value to capture as \(name)", found: body == nil ? "a body that is not JSON" : "no such key"
                        ))
                }
            }
        }
    }

    /// The request a step describes, with its placeholders filled in.
    func makeRequest(_ step: ScenarioStep, _ variables: ScenarioVariables) throws(RequestProblem) -> LiveRequest {
        do {
            return try buildRequest(step, variables)
        } catch let problem as RequestProblem {
            throw problem
        } catch let unresolved as ScenarioVariables.Unresolved {
            throw RequestProblem(kind: .unresolved, expected: "a value for every placeholder", found: unresolved.description)
        } catch {
            throw RequestProblem(kind: .request, expected: "a request", found: "\(error)")
        }
    }

    /// Why a step's request could not be built: it is never sent anywhere else instead.
    struct RequestProblem: Error {
        let kind: StepProblem.Kind
        let expected: String
        let found: String
    }

    private func buildRequest(_ step: ScenarioStep, _ variables: ScenarioVariables) throws -> LiveRequest {
        // apicheck.yml's load refuses a base that other_bases does not name; an endpoint without it is refused here too.
        guard let base = endpoint.baseURLs[step.base ?? ""] else {
            let name = step.base.map { "the base URL \"\($0)\" (other_bases)" } ?? "the API's base URL"
            throw RequestProblem(kind: .request, expected: name, found: "none configured")
        }
        // Each placeholder in the path is filled in as one escaped path segment.
        let path = try variables.text(step.path, transform: FormURLEncoding.escape)
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += path
        if !step.query.isEmpty {
            var items: [FormField] = []
            for (name, value) in step.query { items.append(FormField(name, try variables.text(value))) }
            text += (path.contains("?") ? "&" : "?") + FormURLEncoding.encode(items)
        }
        var headers: [(String, String)] = [("Accept", "application/json")]
        for (name, value) in step.headers {
            headers.removeAll { $0.0.caseInsensitiveCompare(name) == .orderedSame }
            headers.append((name, try variables.text(value)))
        }
        // A step's own header replaces the auth header of the same name (a wrong-key scenario sends its own).
        // Auth goes to the main base only: GitHub's API token has no business on github.com's OAuth endpoint.
        for (name, value) in endpoint.headers
        where step.base == nil && !step.headers.contains(where: { $0.0.caseInsensitiveCompare(name) == .orderedSame }) {
            headers.append((name, value))
        }
        var body: [UInt8]?
        switch step.body {
        case .json(let template)?:
            body = JSONWriter.compactBytes(try variables.json(template))
            headers.append(("Content-Type", "application/json"))
        case .form(let pairs)?:
            var fields: [FormField] = []
            for (name, value) in pairs { fields.append(FormField(name, try variables.text(value))) }
            body = Array(FormURLEncoding.encode(fields).utf8)
            headers.append(("Content-Type", FormURLEncoding.contentType))
        case .multipart(let fields)?:
            var parts: [RecordedBody.MultipartPart] = []
            for field in fields {
                let content: RecordedBody.MultipartPart.Content =
                    try field.bytes.map { .bytes($0) } ?? .text(try variables.text(field.value))
                parts.append(.init(name: field.name, filename: field.filename, contentType: field.contentType, content: content))
            }
            let boundary = "apicheck-\(UUID().uuidString)"
            body = [UInt8](RecordedBody.multipart(parts).bytes(boundary: boundary))
            headers.append(("Content-Type", "multipart/form-data; boundary=\(boundary)"))
        case .text(let template)?:
            body = Array(try variables.text(template).utf8)
            headers.append(("Content-Type", "text/plain; charset=utf-8"))
        case nil:
            break
        }
        guard let url = URL(string: text), url.scheme != nil, url.host != nil else {
            throw RequestProblem(kind: .request, expected: "a valid URL", found: "cannot build one from \"\(text)\"")
        }
        return LiveRequest(method: step.method, url: url, headers: headers, body: body, base: step.base)
    }

    /// Sends with the retry rules and one total deadline.
    func send(_ request: LiveRequest, step: String) async -> StepResult {
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start + options.timeout
        var retriedConnection = false
        var waitedForRateLimit = false
        while true {
            do {
                let response = try await transport.send(request, deadline: deadline)
                if response.status == 429, !waitedForRateLimit, let wait = Self.retryAfter(response.header("Retry-After")),
                    clock.now + wait < deadline
                {
                    waitedForRateLimit = true
                    await options.sleep(wait)
                    if !Task.isCancelled { continue }
                }
                var result = StepResult(
                    step: step, request: request, outcome: .success(response), seconds: LiveRun.seconds(start.duration(to: clock.now)))
                capture(&result, response)
                return result
            } catch {
                if !retriedConnection, request.isIdempotentRead, error.kind == .refused || error.kind == .reset, clock.now < deadline,
                    !Task.isCancelled
                {
                    retriedConnection = true
                    continue
                }
                return StepResult(
                    step: step, request: request, outcome: .failure(error), seconds: LiveRun.seconds(start.duration(to: clock.now)))
            }
        }
    }

    /// `Retry-After` in seconds (the HTTP-date form is not used by the APIs apicheck knows).
    static func retryAfter(_ value: String?) -> Duration? {
        guard let value, let seconds = Int(value.trimmingCharacters(in: .whitespaces)), seconds >= 0 else { return nil }
        return .seconds(seconds)
    }

}
