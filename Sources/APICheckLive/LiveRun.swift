import APICheckContracts
import APICheckRecording
import Foundation

/// `apicheck diff --live` and `apicheck record`: runs the scenarios of `apicheck.yml` against the
/// live API and checks or records what comes back. The CLI only parses flags and prints.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public struct LiveRun: Sendable {
    /// What to run, and where.
    public struct Options: Sendable {
        /// Only this API.
        public var api: String?
        /// Only these scenarios (empty: all).
        public var scenarios: [String]
        /// Where the run goes: the sandbox, an override of the main base URL, or the configured bases.
        public var target: LiveTarget
        /// Overrides the API's main base URL (`--base-url`): ``LiveTarget/override(_:)``.
        public var baseURL: URL? {
            get { if case .override(let url) = target { url } else { nil } }
            set { target = LiveTarget(sandboxURL: sandboxURL, baseURL: newValue) }
        }
        /// The sandbox's URL, when the run targets the in-process sandbox (`--sandbox`): ``LiveTarget/sandbox(_:)``.
        public var sandboxURL: URL? {
            get { if case .sandbox(let url) = target { url } else { nil } }
            set { target = LiveTarget(sandboxURL: newValue, baseURL: baseURL) }
        }
        /// Scenarios at once (record always runs one at a time).
        public var concurrency: Int
        /// The total deadline of each request.
        public var timeout: Duration
        /// `--allow-writes`.
        public var allowWrites: Bool
        /// Extra keys are errors.
        public var strict: Bool
        /// Where auth secrets and base-URL overrides come from.
        public var environment: [String: String]

        /// Creates options; the defaults are the CLI's.
        public init(
            api: String? = nil, scenarios: [String] = [], baseURL: URL? = nil, sandboxURL: URL? = nil, concurrency: Int = 4,
            timeout: Duration = .seconds(10), allowWrites: Bool = false, strict: Bool = false, environment: [String: String] = [:]
        ) {
            self.init(
                api: api, scenarios: scenarios, target: LiveTarget(sandboxURL: sandboxURL, baseURL: baseURL), concurrency: concurrency,
                timeout: timeout, allowWrites: allowWrites, strict: strict, environment: environment
            )
        }

        /// Creates options for a run to `target`.
        public init(
            api: String? = nil, scenarios: [String] = [], target: LiveTarget, concurrency: Int = 4, timeout: Duration = .seconds(10),
            allowWrites: Bool = false, strict: Bool = false, environment: [String: String] = [:]
        ) {
            self.api = api
            self.scenarios = scenarios
            self.target = target
            self.concurrency = concurrency
            self.timeout = timeout
            self.allowWrites = allowWrites
            self.strict = strict
            self.environment = environment
        }
    }

    /// What a run found and did.
    public struct Result: Sendable {
        /// Findings, pointing at the recording of their step.
        public var findings: [Finding] = []
        /// Configuration and input errors (exit 2).
        public var errors: [String] = []
        /// Things worth a line on stderr: scenarios not run, recordings missing, clean-up that failed.
        public var notes: [String] = []
        /// What loading the contracts refused (an operation apicheck does not check), each once, compiler style.
        public var warnings: [String] = []
        /// Scenarios run (not counting those that did not start).
        public var scenarios = 0
        /// Requests sent, clean-up included.
        public var requests = 0
        /// Responses received.
        public var responses = 0
        /// Distinct reasons requests failed on transport.
        public var transportFailures: [TransportError] = []
        /// APIs whose rate limit a response said is spent (exit 3): nothing more was sent to them.
        public var rateLimits: [(api: String, limit: RateLimitSpent)] = []
        /// `record`: each scenario's file and what saving it did (or would do, with `--dry-run`).
        public var saved: [(scenario: String, file: String, outcome: SaveOutcome, changes: [Finding])] = []
        /// `record`: each API's findings in the new recordings against its contract (what the contract does not say).
        public var recordedFindings: [(api: String, findings: [Finding])] = []

        /// True when requests were sent and not one got a response: exit 3.
        public var unreachable: Bool { requests > 0 && responses == 0 }
        /// Each API's contract coverage by the live answers of this run (`diff` only); `recordings` counts its scenarios.
        public var coverage: [ContractCoverage] = []
        /// What the live answers exercised, by API.
        var tallies: [String: CoverageTally] = [:]

        /// `other` (a part of the same run) added after what this holds.
        mutating func add(_ other: Result) {
            findings += other.findings
            errors += other.errors
            notes += other.notes
            scenarios += other.scenarios
            requests += other.requests
            responses += other.responses
            for failure in other.transportFailures where !transportFailures.contains(failure) { transportFailures.append(failure) }
            rateLimits += other.rateLimits
            saved += other.saved
            recordedFindings += other.recordedFindings
            coverage += other.coverage
            for (api, tally) in other.tallies { tallies[api, default: CoverageTally()].formUnion(tally) }
        }

        /// Why the API could not be reached, for the message of exit 3.
        public var unreachableReason: String {
            transportFailures.map(\.description).joined(separator: "; ")
        }
    }

    let configuration: ConfigurationFile
    let transport: any LiveTransport
    let options: Options

    /// Creates a run over `configuration`'s APIs, sending through `transport`.
    public init(configuration: ConfigurationFile, transport: any LiveTransport, options: Options) {
        self.configuration = configuration
        self.transport = transport
        self.options = options
    }

    /// One API, prepared: its scenarios, endpoint, verifier and recordings folder.
    struct Prepared: Sendable {
        var api: APIConfiguration
        var scenarios: [ScenarioDefinition]
        var endpoint: ScenarioRunner.Endpoint
        var verifier: Verifier?
        var redaction: RedactionRules
        var scenarioFolder: URL
    }

    func prepare(into result: inout Result) -> [Prepared] {
        let apis: [APIConfiguration]
        do {
            apis = try configuration.selecting(options.api)
        } catch {
            result.errors.append(error.description)
            return []
        }
        if options.baseURL != nil && apis.count > 1 {
            result.errors.append(
                """
                error: --base-url needs --api when \(configuration.path) has more than one API \
                (\(apis.map(\.name).joined(separator: ", ")))
                """
            )
            return []
        }
        var prepared: [Prepared] = []
        let known = Set(apis.flatMap { $0.scenarios.map(\.name) })
        for name in options.scenarios where !known.contains(name) {
            let list = apis.flatMap { $0.scenarios.map(\.name) }.joined(separator: ", ")
            result.errors.append(
                "error: no scenario named '\(name)' (--scenario); \(configuration.path) defines: \(list.isEmpty ? "none" : list)")
        }
        guard result.errors.isEmpty else { return [] }
        for api in apis {
            let scenarios = api.scenarios.filter { options.scenarios.isEmpty || options.scenarios.contains($0.name) }
            if scenarios.isEmpty {
                if options.scenarios.isEmpty { result.notes.append("\(api.name): no scenarios in \(configuration.path)") }
                continue
            }
            let target = options.target
            let baseURLs: [String: URL]
            do {
                baseURLs = try target.baseURLs(of: api, environment: options.environment)
            } catch {
                result.errors.append(error.description)
                continue
            }
            let (headers, variables, missing) = credentials(of: api, scenarios: scenarios, target: target, notes: &result.notes)
            if !missing.isEmpty {
                result.errors.append(
                    """
                    error: \(api.name): not set: \(missing.joined(separator: ", ")); set \(missing.count == 1 ? "it" : "them") in the \
                    environment, or run against the replica with --sandbox
                    """
                )
                continue
            }
            var verifier: Verifier?
            if let contractPath = api.contract {
                do {
                    let contract = try Contract.load(configuration.resolve(contractPath).path).compiled
                    result.warnings += contract.warnings + contract.refused.map(\.warning)
                    let checker = Verifier(
                        contract: contract, options: .init(strict: options.strict, severities: api.severities, ignored: api.ignore))
                    result.findings += checker.contractFindings()
                    verifier = checker
                } catch {
                    result.errors.append(error.description)
                    continue
                }
            }
            let redaction = target.redactionRules(of: api, environment: options.environment)
            prepared.append(
                Prepared(
                    api: api, scenarios: scenarios,
                    endpoint: .init(baseURLs: baseURLs, headers: headers, variables: variables, redaction: redaction), verifier: verifier,
                    redaction: redaction,
                    scenarioFolder: RecordingKind.scenarios.folder(in: configuration.resolve(api.recordings))
                ))
        }
        return prepared
    }

    /// The auth headers and the `vars_env` values (with `{{run_id}}`) of `api` where `target` runs, and what is missing
    /// that a run needs (an optional auth header missing is a note).
    func credentials(
        of api: APIConfiguration, scenarios: [ScenarioDefinition], target: LiveTarget, notes: inout [String]
    ) -> (headers: [(String, String)], variables: [(String, String)], missing: [String]) {
        var headers: [(String, String)] = []
        var missing: [String] = []
        for auth in api.auth {
            if let value = target.value(of: auth, environment: options.environment) {
                headers.append((auth.header, value))
            } else if target.isSandbox {
                continue
            } else if auth.optional {
                notes.append("\(api.name): \(auth.environment) is not set; requests go without the \(auth.header) header (optional: true)")
            } else {
                missing.append("\(auth.environment) (the \(auth.header) header)")
            }
        }
        // {{run_id}} (a scenario's own vars may replace it).
        var variables: [(String, String)] = [("run_id", target.runID(fresh: Self.runID))]
        for variable in api.environmentVariables {
            if let value = target.value(of: variable, environment: options.environment) {
                variables.append((variable.name, value))
            } else if let user = scenarios.first(where: { $0.uses(variable.name) && target.runs($0) }) {
                missing.append(
                    target.isSandbox
                        ? "a sandbox value for {{\(variable.name)}} (vars_env, used by scenario \(user.name))"
                        : "\(variable.environment) (vars_env \(variable.name), used by scenario \(user.name))")
            }
        }
        return (headers, variables, missing)
    }

    /// Prepares the selected APIs and runs their scenarios, API after API; nothing runs after a configuration error.
    func runScenarios(concurrency: Int, progress: (@Sendable (Int, Int) -> Void)?, into result: inout Result) async -> [(
        Prepared, [ScenarioOutcome]
    )] {
        let prepared = prepare(into: &result)
        guard result.errors.isEmpty else { return [] }
        let counter = ProgressCounter(total: prepared.reduce(0) { $0 + $1.scenarios.count }, report: progress)
        var outcomes: [(Prepared, [ScenarioOutcome])] = []
        for api in prepared {
            let runner = ScenarioRunner(
                transport: transport, endpoint: api.endpoint,
                options: .init(
                    concurrency: concurrency, timeout: options.timeout,
                    allowWrites: options.target.allowsWrites(asked: options.allowWrites, api: api.api)
                )
            )
            // A scenario that only the replica can answer (a successful OAuth exchange) is skipped against a real API, and said so.
            let skipped = api.scenarios.filter { !options.target.runs($0) }
            var all = await runner.run(api.scenarios.filter { !skipped.map(\.name).contains($0.name) }) { _, _ in counter.advance() }
            for scenario in skipped {
                counter.advance()
                all.append(
                    ScenarioOutcome(
                        scenario: scenario.name,
                        notRun: "skipped: sandbox_only (it can only succeed against the replica; run with --sandbox)"))
            }
            if let limit = all.lazy.compactMap(\.rateLimit).first { result.rateLimits.append((api.api.name, limit)) }
            outcomes.append((api, all))
        }
        return outcomes
    }

    /// The step's exchange as a redacted interaction, tagged with the step's name; `secrets` are the
    /// values its scenario captured from redacted places (tokens), scrubbed wherever they appear; `ledger` numbers the
    /// secrets the API handed out in the scenario's recording (a login's token), where they are sent back too.
    func interaction(
        _ step: StepResult, api: Prepared, secrets: [String], ledger: inout SecretLedger, into result: inout Result
    ) -> Interaction? {
        guard var interaction = step.interaction else {
            if let error = step.captureError { result.errors.append(error) }
            return nil
        }
        // Auth headers are the target's: recorded as sent but with the placeholder for a value (a contract
        // may require the header, as LSLP's SesacKey), never with the secret.
        let auth = Set(api.endpoint.headers.map { $0.0.lowercased() })
        var headers = HeaderFields()
        for field in interaction.request.headers {
            headers.add(name: field.name, value: auth.contains(field.name.lowercased()) ? RedactionRules.placeholder : field.value)
        }
        interaction.request.headers = headers
        return api.redaction.addingSecrets(secrets).redact(interaction, ledger: &ledger)
    }

    func count(_ steps: [StepResult], into result: inout Result) {
        for step in steps {
            result.requests += 1
            switch step.outcome {
            case .success: result.responses += 1
            case .failure(let error) where error.kind.isAnswer: result.responses += 1
            case .failure(let error):
                if error.kind != .cancelled, !result.transportFailures.contains(error) { result.transportFailures.append(error) }
            }
        }
    }

    /// The contract's name for the operation (`GET /api/v2/todos/{id}`), or the method and path.
    func operationName(method: String, path: String, api: Prepared) -> String {
        api.verifier?.contract.operation(method: method, path: path)?.operation.name ?? "\(method) \(path)"
    }

    /// The request's path relative to its base URL, without the query.
    func relativePath(_ request: LiveRequest, api: Prepared) -> String {
        let relative = BaseURLSet(api.endpoint.baseURLs).relativeURL(request.url)?.1 ?? request.url.path
        return String(relative.prefix { $0 != "?" })
    }

    /// The contract's operation for the request, when the API has a contract and one matches.
    func match(_ request: LiveRequest, api: Prepared) -> (operation: CompiledContract.Operation, pathParameters: [String: String])? {
        api.verifier?.contract.operation(method: request.method, path: relativePath(request, api: api))
    }

    func operationName(_ interaction: Interaction, api: Prepared) -> String {
        operationName(method: interaction.request.method, path: interaction.request.path, api: api)
    }

    /// `path` relative to the current folder when it is under it.
    func displayPath(_ url: URL) -> String {
        DisplayPath.relative(url.path)
    }

    /// The line of `pointer` in a recording file (``JSONReader/line(of:in:)``).
    static func line(of pointer: String, in bytes: [UInt8]) -> Int? {
        JSONReader.line(of: JSONPointer(pointer), in: bytes)
    }

    /// A duration in seconds.
    public static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Eight lower-case hex digits, new for every run.
    static func runID() -> String {
        let digits = String(UInt32.random(in: .min ... .max), radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }

    static func timestamp() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date())
    }
}
