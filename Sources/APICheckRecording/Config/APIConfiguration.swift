import Foundation

/// One API of `apicheck.yml`: where its contract and recordings are, how to reach and authenticate to it.
public struct APIConfiguration: Sendable {
    /// The API's name, the key under `apis:`.
    public var name: String
    /// The OpenAPI contract, relative to `apicheck.yml`.
    public var contract: String?
    /// The recordings folder, relative to `apicheck.yml` (`recordings/<name>` by default).
    public var recordings: String
    /// The live base URL; nil when only ``baseURLEnvironment`` names it (a server whose address is not public).
    public var baseURL: URL?
    /// The environment variable that overrides ``baseURL``.
    public var baseURLEnvironment: String?
    /// Other base URLs by name (GitHub's OAuth host), each with its own override variable.
    public var otherBases: [(name: String, url: URL, environment: String?)]
    /// How live requests authenticate.
    public var auth: [AuthConfiguration]
    /// Environment variables holding secrets that must never reach a recording or report.
    public var secretEnvironment: [String]
    /// Scenario placeholders whose values come from the environment (`vars_env`): secrets such as an
    /// OAuth app's client secret. Every value is redacted wherever it appears.
    public var environmentVariables: [EnvironmentVariable]
    /// Redaction names added to or removed from the built-ins.
    public var redaction: RedactionRules
    /// How requests are matched when replaying.
    public var matching: MatchingConfiguration
    /// Severity overrides by rule.
    public var severity: [(rule: RuleID, severity: Severity)]
    /// ``severity`` by rule (the last one written wins), as the verifier and `apicheck breaking` look it up.
    public var severities: [RuleID: Severity] {
        Dictionary(severity.map { ($0.rule, $0.severity) }, uniquingKeysWith: { _, last in last })
    }
    /// Findings to ignore, by rule and (optionally) operation.
    public var ignore: [(rule: RuleID, operation: String?)]
    /// Whether writing scenarios may run against the real API without `--allow-writes`.
    public var allowWrites: Bool
    /// The scenarios `diff --live` and `record` run.
    public var scenarios: [ScenarioDefinition]

    /// Request matching, as `apicheck.yml` says it (the replay layer turns it into its own rules).
    public struct MatchingConfiguration: Sendable, Hashable {
        /// Query items left out of matching.
        public var ignoredQueryItems: Set<String> = []
        /// Request headers that must match too.
        public var headers: Set<String> = []
        /// Whether bodies must match.
        public var body = true
    }

    /// The base URL in use: the override variable's value when set, else ``baseURL``.
    ///
    /// - Throws: ``ConfigurationError`` naming the variable when its value is not an http(s) URL
    ///   (it is never replaced by the configured URL: that would send the run somewhere it was not told).
    ///   When apicheck.yml gives no `base_url` and the variable is unset, the error names the variable.
    public func effectiveBaseURL(environment: [String: String]) throws(ConfigurationError) -> URL {
        if let url = try Self.override(baseURLEnvironment, environment) ?? baseURL { return url }
        let variable = baseURLEnvironment ?? "base_url_env"
        throw ConfigurationError(
            file: "$\(variable)",
            message:
                """
                \(name) has no base URL: set \(variable) (apicheck.yml names the server only through base_url_env), or run against \
                the replica with --sandbox, or give --base-url
                """
        )
    }

    /// The base URLs that are known, by name: like ``baseURLs(environment:)``, but without the main one when
    /// apicheck.yml gives none and its variable is unset (for reading recordings and HAR files, which need no server).
    public func knownBaseURLs(environment: [String: String]) throws(ConfigurationError) -> [String: URL] {
        var result: [String: URL] = [:]
        if let main = try Self.override(baseURLEnvironment, environment) ?? baseURL { result[""] = main }
        for base in otherBases {
            result[base.name] = try Self.override(base.environment, environment) ?? base.url
        }
        return result
    }

    /// Every URL this file names for each base, by name (`""` for the main one): `base_url` and the value of
    /// `base_url_env` when set, each `other_bases` entry's `url` and its `env` value. For replay, which answers an app
    /// that hard-codes its production URL as well as one that reads the override.
    ///
    /// - Throws: ``ConfigurationError`` naming a variable whose value is not an http(s) URL.
    public func namedBaseURLs(environment: [String: String]) throws(ConfigurationError) -> [String: [URL]] {
        var result: [String: [URL]] = [:]
        result[""] = [baseURL, try Self.override(baseURLEnvironment, environment)].compactMap { $0 }
        for base in otherBases {
            result[base.name] = [base.url, try Self.override(base.environment, environment)].compactMap { $0 }
        }
        return result
    }

    /// Every base URL by name (`""` for the main one), with overrides from `environment` applied.
    ///
    /// - Throws: ``ConfigurationError`` naming a variable whose value is not an http(s) URL.
    public func baseURLs(environment: [String: String]) throws(ConfigurationError) -> [String: URL] {
        var result = ["": try effectiveBaseURL(environment: environment)]
        for base in otherBases {
            result[base.name] = try Self.override(base.environment, environment) ?? base.url
        }
        return result
    }

    /// The URL an override variable holds, nil when it is unset or empty.
    static func override(_ variable: String?, _ environment: [String: String]) throws(ConfigurationError) -> URL? {
        guard let variable, let value = environment[variable], !value.isEmpty else { return nil }
        guard let url = URL(string: value), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil
        else {
            throw ConfigurationError(
                file: "$\(variable)", message: "expected an http(s) URL such as https://staging.example.com, found \"\(value)\"")
        }
        return url
    }

    /// The redaction rules with every configured secret's current value added (and, for a run against
    /// the sandbox, the sandbox values it sends instead).
    public func redactionRules(environment: [String: String], sandbox: Bool = false) -> RedactionRules {
        let variables = secretEnvironment + auth.map(\.environment) + environmentVariables.map(\.environment)
        var values = variables.compactMap { environment[$0] }
        if sandbox {
            values += auth.compactMap(\.sandboxValue) + environmentVariables.compactMap(\.sandboxValue)
        }
        return redaction.addingSecrets(values.filter { !$0.isEmpty })
    }

    static let keys = [
        "contract", "recordings", "base_url", "base_url_env", "other_bases", "auth", "secrets_env", "vars_env", "redaction",
        "matching", "severity", "ignore", "allow_writes", "scenarios",
    ]

    init(name: String, _ node: YAMLReader) throws(ConfigurationError) {
        self.name = name
        let members = try node.mapping(allowed: Self.keys)
        contract = try node.optional("contract", in: members)?.nonEmptyString()
        recordings = try node.optional("recordings", in: members)?.nonEmptyString() ?? "recordings/\(name)"
        baseURLEnvironment = try node.optional("base_url_env", in: members)?.nonEmptyString()
        // A server whose address is not public is named only by its variable.
        if baseURLEnvironment == nil {
            guard let urlNode = node.optional("base_url", in: members) else {
                throw node.fail("missing required key \"base_url\" (or base_url_env, the variable that holds it)")
            }
            baseURL = try urlNode.url()
        } else {
            baseURL = try node.optional("base_url", in: members)?.url()
        }
        otherBases = try Self.otherBases(node.optional("other_bases", in: members))
        auth = try Self.auth(node.optional("auth", in: members))
        secretEnvironment = try node.optional("secrets_env", in: members)?.stringList() ?? []
        environmentVariables = []
        if let varsNode = node.optional("vars_env", in: members) {
            for (variable, entry) in try varsNode.mapping(allowed: nil) {
                environmentVariables.append(try EnvironmentVariable(name: variable, entry))
            }
        }
        redaction = try Self.redaction(node.optional("redaction", in: members))
        matching = try Self.matching(node.optional("matching", in: members))
        severity = try Self.severities(node.optional("severity", in: members))
        ignore = try Self.ignores(node.optional("ignore", in: members))
        allowWrites = try node.optional("allow_writes", in: members)?.bool() ?? false
        scenarios = try Self.scenarios(
            node.optional("scenarios", in: members), variables: Set(environmentVariables.map(\.name)), bases: otherBases.map(\.name))
    }

    /// `other_bases`: each base's name, URL and the variable that may hold another.
    static func otherBases(_ node: YAMLReader?) throws(ConfigurationError) -> [(name: String, url: URL, environment: String?)] {
        guard let node else { return [] }
        var bases: [(name: String, url: URL, environment: String?)] = []
        for (baseName, baseNode) in try node.mapping(allowed: nil) {
            let baseMembers = try baseNode.mapping(allowed: ["url", "env"])
            bases.append(
                (
                    baseName, try baseNode.required("url", in: baseMembers).url(),
                    try baseNode.optional("env", in: baseMembers)?.nonEmptyString()
                ))
        }
        return bases
    }

    /// `auth`: one auth header, or a list of them (the SNS API sends SesacKey and Authorization).
    static func auth(_ node: YAMLReader?) throws(ConfigurationError) -> [AuthConfiguration] {
        guard let node else { return [] }
        guard case .sequence = node.node else { return [try AuthConfiguration(node)] }
        var auth: [AuthConfiguration] = []
        for item in try node.list() { auth.append(try AuthConfiguration(item)) }
        return auth
    }

    /// `matching`: the query items and headers replay ignores, and whether it matches bodies.
    static func matching(_ node: YAMLReader?) throws(ConfigurationError) -> MatchingConfiguration {
        var matching = MatchingConfiguration()
        guard let node else { return matching }
        let members = try node.mapping(allowed: ["ignore_query", "headers", "body"])
        matching.ignoredQueryItems = Set(try node.optional("ignore_query", in: members)?.stringList() ?? [])
        matching.headers = Set(try node.optional("headers", in: members)?.stringList() ?? [])
        matching.body = try node.optional("body", in: members)?.bool() ?? true
        return matching
    }

    /// `severity`: a rule's severity for this API, each rule one of ``RuleID/all``.
    static func severities(_ node: YAMLReader?) throws(ConfigurationError) -> [(RuleID, Severity)] {
        guard let node else { return [] }
        var severity: [(RuleID, Severity)] = []
        for (rule, value) in try node.mapping(allowed: nil) {
            guard let id = RuleID(rule) else {
                throw value.fail("unknown rule \"\(rule)\"; known rules: \(RuleID.known.map(\.id.rawValue).joined(separator: ", "))")
            }
            let text = try value.string()
            guard let level = Severity.named(text) else { throw value.fail("expected error, warning or info, found \"\(text)\"") }
            severity.append((id, level))
        }
        return severity
    }

    /// `ignore`: rules ignored everywhere or for one operation (`GET /api/v2/todos`).
    static func ignores(_ node: YAMLReader?) throws(ConfigurationError) -> [(RuleID, String?)] {
        guard let node else { return [] }
        var ignore: [(RuleID, String?)] = []
        for item in try node.list() {
            let itemMembers = try item.mapping(allowed: ["rule", "operation"])
            let ruleNode = try item.required("rule", in: itemMembers)
            let text = try ruleNode.string()
            guard let id = RuleID(text) else {
                throw ruleNode.fail("unknown rule \"\(text)\"; known rules: \(RuleID.known.map(\.id.rawValue).joined(separator: ", "))")
            }
            let operation = try item.optional("operation", in: itemMembers)?.nonEmptyString()
            if let operation, operation.split(separator: " ").count != 2 {
                throw (item.optional("operation", in: itemMembers) ?? item).fail(
                    "expected an operation such as \"GET /api/v2/todos\", found \"\(operation)\"")
            }
            ignore.append((id, operation))
        }
        return ignore
    }

    /// `scenarios`: each with a name of its own, setting no var that `vars_env` (`variables`) takes from the environment.
    static func scenarios(_ node: YAMLReader?, variables: Set<String>, bases: [String]) throws(ConfigurationError) -> [ScenarioDefinition] {
        guard let node else { return [] }
        var scenarios: [ScenarioDefinition] = []
        for item in try node.list() {
            let scenario = try ScenarioDefinition(item, bases: bases)
            if let clash = scenario.vars.first(where: { variables.contains($0.0) }) {
                throw item.fail("scenario \"\(scenario.name)\" sets var \"\(clash.0)\", which vars_env already takes from the environment")
            }
            if scenarios.contains(where: { $0.name == scenario.name }) {
                throw item.fail("a second scenario named \"\(scenario.name)\"")
            }
            scenarios.append(scenario)
        }
        return scenarios
    }

    static func redaction(_ node: YAMLReader?) throws(ConfigurationError) -> RedactionRules {
        var rules = RedactionRules.builtIn
        guard let node else { return rules }
        let members = try node.mapping(allowed: ["add", "remove"])
        let kinds = ["request_headers", "response_headers", "json_keys", "form_fields"]
        for (verb, listNode) in members {
            let lists = try listNode.mapping(allowed: kinds)
            for (kind, values) in lists {
                let names = try values.stringList()
                let set = Set(kind.hasSuffix("headers") ? names.map { $0.lowercased() } : names)
                switch (verb, kind) {
                case ("add", "request_headers"): rules.requestHeaders.formUnion(set)
                case ("add", "response_headers"): rules.responseHeaders.formUnion(set)
                case ("add", "json_keys"): rules.jsonKeys.formUnion(set)
                case ("add", "form_fields"): rules.formFields.formUnion(set)
                case ("remove", "request_headers"): rules.requestHeaders.subtract(set)
                case ("remove", "response_headers"): rules.responseHeaders.subtract(set)
                case ("remove", "json_keys"): rules.jsonKeys.subtract(set)
                default: rules.formFields.subtract(set)
                }
            }
        }
        return rules
    }
}

/// How live requests to an API authenticate: a header whose value comes from the environment.
public struct AuthConfiguration: Sendable, Hashable {
    /// The header, such as `Authorization` or `SesacKey`.
    public var header: String
    /// The environment variable holding the secret.
    public var environment: String
    /// Written before the secret, such as `KakaoAK ` or `Bearer `.
    public var prefix: String
    /// Whether requests may go without it (GitHub's public events and search): an unset variable is then
    /// no header, not exit 2.
    public var optional: Bool
    /// What `--sandbox` sends instead of the environment's value: the replica's documented default.
    /// Without it, a run against the sandbox sends no such header.
    public var sandboxValue: String?

    /// The header value, or nil when the variable is unset or empty.
    public func value(environment values: [String: String]) -> String? {
        values[environment].flatMap { $0.isEmpty ? nil : prefix + $0 }
    }

    init(_ node: YAMLReader) throws(ConfigurationError) {
        let members = try node.mapping(allowed: ["header", "env", "prefix", "optional", "sandbox"])
        header = try node.required("header", in: members).nonEmptyString()
        environment = try node.required("env", in: members).nonEmptyString()
        prefix = try node.optional("prefix", in: members)?.string() ?? ""
        optional = try node.optional("optional", in: members)?.bool() ?? false
        sandboxValue = try node.optional("sandbox", in: members)?.nonEmptyString()
    }
}

/// A scenario placeholder whose value comes from the environment (`vars_env`), treated as a secret.
public struct EnvironmentVariable: Sendable, Hashable {
    /// The placeholder's name, as in `{{client_secret}}`.
    public var name: String
    /// The environment variable holding the value.
    public var environment: String
    /// What `--sandbox` uses instead: the replica's documented default.
    public var sandboxValue: String?

    init(name: String, _ node: YAMLReader) throws(ConfigurationError) {
        let members = try node.mapping(allowed: ["env", "sandbox"])
        self.name = name
        environment = try node.required("env", in: members).nonEmptyString()
        sandboxValue = try node.optional("sandbox", in: members)?.nonEmptyString()
    }
}
