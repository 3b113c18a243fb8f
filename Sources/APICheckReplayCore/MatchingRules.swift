import APICheckRecording

/// How a live request is matched to a recorded one.
///
/// By default: method, path, query items (in any order) and body (JSON by value, form by pairs,
/// multipart by parts). A recorded `<redacted>` matches any value.
public struct MatchingRules: Hashable, Sendable {
    /// Query items left out of matching (volatile ones such as a cache buster or timestamp).
    public var ignoredQueryItems: Set<String>
    /// Request headers that must match too (names compared case-insensitively).
    public var matchedHeaders: Set<String>
    /// Whether bodies must match.
    public var matchesBody: Bool
    /// A rule of your own, for what the rules above cannot say; checked after them, on requests they already match.
    public var custom: Custom?

    /// The default rules: method, path, query and body; no headers.
    public init(ignoredQueryItems: Set<String> = [], matchedHeaders: Set<String> = [], matchesBody: Bool = true) {
        self.init(ignoredQueryItems: ignoredQueryItems, matchedHeaders: matchedHeaders, matchesBody: matchesBody, custom: nil)
    }

    /// The rules `apicheck.yml` sets for an API (`matching:`), for the replay traits and `apicheck serve` alike.
    package init(_ configuration: APIConfiguration.MatchingConfiguration) {
        self.init(
            ignoredQueryItems: configuration.ignoredQueryItems, matchedHeaders: configuration.headers, matchesBody: configuration.body)
    }

    /// Rules with a custom rule of your own as well (see ``Custom``).
    public init(ignoredQueryItems: Set<String> = [], matchedHeaders: Set<String> = [], matchesBody: Bool = true, custom: Custom?) {
        self.ignoredQueryItems = ignoredQueryItems
        self.matchedHeaders = Set(matchedHeaders.map { $0.lowercased() })
        self.matchesBody = matchesBody
        self.custom = custom
    }

    /// A matching rule written as a closure over the recorded and the live request, for what the rules cannot say:
    /// a timestamp query item that must be recent, a signature header that must fit the body.
    ///
    /// ```swift
    /// let signed = MatchingRules.Custom("X-Signature fits the body") { recorded, live in
    ///     live.headers["X-Signature"] == sign(live.body)
    /// }
    /// @Suite(.recordings(api: "shop", matching: MatchingRules(ignoredQueryItems: ["ts"], custom: signed)))
    /// ```
    /// The built-in rules run first and narrow the candidates by method, path and query names (that lookup keeps
    /// replay's cost flat), so a custom rule can add a condition but cannot make two different paths match: leave a
    /// volatile query item out with `ignoredQueryItems`, a body with `matchesBody: false`, and check them here.
    /// The live request carries every header the client sent; the recorded one is as stored (`<redacted>` in place
    /// of secrets). Two rules are equal only when they are the same value (a closure cannot be compared).
    public struct Custom: Hashable, Sendable, CustomStringConvertible {
        /// What the rule checks, for messages: `custom rule "X-Signature fits the body" does not match`.
        public let name: String
        let matches: @Sendable (_ recorded: RecordedRequest, _ live: RecordedRequest) -> Bool
        private let identity = Identity()

        /// A rule called `name`: `matches(recorded, live)` says whether the live request may be answered by the recorded one.
        public init(_ name: String, matches: @escaping @Sendable (_ recorded: RecordedRequest, _ live: RecordedRequest) -> Bool) {
            self.name = name
            self.matches = matches
        }

        /// `custom rule "<name>"`, as a refusal names it.
        public var description: String { "custom rule \"\(name)\"" }

        /// Whether both are the same rule (made by the same `init`; two rules with the same name are different).
        public static func == (lhs: Custom, rhs: Custom) -> Bool { lhs.identity === rhs.identity }
        /// Hashes the rule's identity, as `==` compares it.
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(identity)) }

        private final class Identity: Sendable {}
    }
}
