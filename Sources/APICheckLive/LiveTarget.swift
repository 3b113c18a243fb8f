import APICheckRecording
import Foundation

/// Where a live run goes, decided once (from `--sandbox` or `--base-url`), and every policy that differs by it:
/// base URLs, auth, `vars_env` values, `{{run_id}}`, writes, `sandbox_only` scenarios, which secrets are redacted,
/// and what recordings say they were recorded from.
public enum LiveTarget: Sendable, Hashable, CustomStringConvertible {
    /// The replica at this URL (`--sandbox`): it serves every base of an API, gets the replica's documented
    /// credentials (never the environment's), and takes writes.
    case sandbox(URL)
    /// The API's main base moved to this URL (`--base-url`); its other bases, auth and variables as configured.
    case override(URL)
    /// The base URLs, auth and variables `apicheck.yml` and the environment give.
    case configured

    /// `sandbox` when both are given (the CLI refuses that), then `baseURL`, then the configuration.
    public init(sandboxURL: URL?, baseURL: URL?) {
        if let sandboxURL {
            self = .sandbox(sandboxURL)
        } else if let baseURL {
            self = .override(baseURL)
        } else {
            self = .configured
        }
    }

    /// Whether the run goes to the replica.
    public var isSandbox: Bool {
        if case .sandbox = self { return true }
        return false
    }

    /// `the sandbox at http://127.0.0.1:50231`, `the live API at http://staging.example.com`, `the live API`.
    public var description: String {
        switch self {
        case .sandbox(let url): "the sandbox at \(url.absoluteString)"
        case .override(let url): "the live API at \(url.absoluteString)"
        case .configured: "the live API"
        }
    }

    /// What recordings made against this target say in `recorded_from`: `sandbox` (never a port that changes from
    /// run to run), or nil for the API's own base URL.
    public var recordedFrom: String? { isSandbox ? "sandbox" : nil }

    /// `{{run_id}}`: fixed against the replica, so that recordings made there are byte-stable; unique to a run
    /// elsewhere (a fresh account's email).
    func runID(fresh: () -> String) -> String { isSandbox ? "sandbox" : fresh() }

    /// Whether scenarios that create, update or delete run: always against the replica.
    func allowsWrites(asked: Bool, api: APIConfiguration) -> Bool { asked || isSandbox || api.allowWrites }

    /// Whether `scenario` runs: a `sandbox_only` one (it can only succeed against the replica) runs there alone.
    func runs(_ scenario: ScenarioDefinition) -> Bool { isSandbox || !scenario.sandboxOnly }

    /// Every base of `api` and its URL.
    func baseURLs(of api: APIConfiguration, environment: [String: String]) throws(ConfigurationError) -> [String: URL] {
        switch self {
        case .sandbox(let url):
            // The replica serves every base of the API (api.github.com and github.com): nothing leaves the machine.
            return Dictionary(uniqueKeysWithValues: ([""] + api.otherBases.map(\.name)).map { ($0, url) })
        case .override(let url):
            var urls = try api.knownBaseURLs(environment: environment)
            urls[""] = url
            return urls
        case .configured:
            // A real run needs the main base: without base_url and its variable, exit 2 naming the variable.
            return try api.baseURLs(environment: environment)
        }
    }

    /// The value of an auth header: the replica's documented default against the replica (never the
    /// environment's: no secret is sent to a replica), else the environment's.
    func value(of auth: AuthConfiguration, environment: [String: String]) -> String? {
        isSandbox ? auth.sandboxValue.map { auth.prefix + $0 } : auth.value(environment: environment)
    }

    /// The value of a `vars_env` placeholder: its sandbox value against the replica, else the environment's.
    func value(of variable: EnvironmentVariable, environment: [String: String]) -> String? {
        isSandbox ? variable.sandboxValue : environment[variable.environment].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The redaction of `api`'s recordings and reports: its rules, with the secrets of this target (the
    /// environment's, or the replica's documented credentials).
    func redactionRules(of api: APIConfiguration, environment: [String: String]) -> RedactionRules {
        api.redactionRules(environment: isSandbox ? [:] : environment, sandbox: isSandbox)
    }
}
