import APICheckRecording
import APICheckReplay
import Foundation
import Testing

/// A suite trait that names the API a suite's tests replay, and how they record it.
///
/// ```swift
/// @Suite(.recordings(api: "todos", server: TodoSandbox()))
/// struct TodoListContract { ... }
/// ```
public struct RecordingsTrait: SuiteTrait, TestScoping {
    /// The settings the suite's `.replaying` tests inherit.
    public struct Settings: Sendable {
        /// The API's name; recordings live in `recordings/<api>/tests/`.
        public var api: String
        /// The live server to record from, when recording.
        public var server: (any RecordingServer)?
        /// The live base URL to record from when no server is given (`APICHECK_BASE_URL` wins).
        public var liveBaseURL: URL?
        /// Whether unused recorded interactions fail a test.
        public var strict: Bool
        /// How requests are matched (nil: `apicheck.yml`'s `matching`, else the defaults).
        public var matching: MatchingRules?
        /// What is redacted (nil: `apicheck.yml`'s `redaction`, else the built-ins).
        public var redaction: RedactionRules?
        /// Environment variables holding secrets; their values are scrubbed wherever they appear.
        public var secretEnvironmentVariables: [String]
        /// The file the suite is declared in, to find `recordings/`.
        public var filePath: String
        /// Which requests the suite's tests replay: their sessions (the default), or `URLSession.shared` as well.
        public var scope: ReplayScope = .session
        /// A matching rule of your own, added to the rules in force (``matching``, else `apicheck.yml`'s).
        public var matchingRule: MatchingRules.Custom?
        /// Where `apicheck.yml` and the recordings are: the test file's package, a folder, or a test bundle.
        var source: ProjectSource?
        /// A mistake in the trait's own arguments, reported by each of its tests.
        var conflict: String?
    }

    @TaskLocal static var current: Settings?

    let settings: Settings

    /// False: the suite's settings reach its tests through ``provideScope(for:testCase:performing:)``, once.
    public var isRecursive: Bool { false }

    /// Runs the suite with its settings in reach of each `.replaying(_:)` test inside it.
    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await Self.$current.withValue(settings) { try await function() }
    }
}

extension Trait where Self == RecordingsTrait {
    /// Replays the suite's tests from `recordings/<api>/tests/`, recording from `server` when `APICHECK_RECORD` asks.
    ///
    /// - Parameters:
    ///   - api: The API's name in `apicheck.yml`.
    ///   - server: A live server started per recording test (the sandbox, say); recordings then say `recorded_from: <its name>`.
    ///   - liveBaseURL: A live base URL to record from instead; `APICHECK_BASE_URL` overrides it.
    ///   - strict: Fail a test that leaves recorded interactions unused.
    ///   - matching: How requests are matched to recorded ones; by default what `apicheck.yml` says for the API.
    ///   - redaction: What is redacted before anything is written; by default `apicheck.yml`'s rules, else the built-ins.
    ///   - secretsFrom: Environment variables holding secrets (an API key, say); their values never reach a recording.
    ///   - scope: `.global` to answer `URLSession.shared` as well, for app code that takes no session (the suite's
    ///     tests then run one at a time; see `ReplayScope`). A test's `.replaying(_:scope:)` overrides it.
    ///   - bundle: A test bundle holding `apicheck.yml` and `recordings/` as resources (`Bundle.module`), for a test
    ///     target with no `Package.swift` above it, such as an Xcode app's. Recording then needs `APICHECK_RECORDINGS`.
    ///   - folder: A folder holding `apicheck.yml` and/or `recordings/`, instead of the package root.
    ///   - matchingRule: A matching rule of your own (`MatchingRules.Custom`), added to `matching` or `apicheck.yml`'s rules.
    ///   - filePath: The suite's file (the default), from which `Package.swift`, `apicheck.yml` and `recordings/` are found.
    public static func recordings(
        api: String, server: (any RecordingServer)? = nil, liveBaseURL: URL? = nil, scope: ReplayScope = .session,
        bundle: Bundle? = nil, folder: URL? = nil, strict: Bool = false,
        matching: MatchingRules? = nil, matchingRule: MatchingRules.Custom? = nil, redaction: RedactionRules? = nil,
        secretsFrom: [String] = [],
        filePath: String = #filePath
    ) -> Self {
        // A mistake in the arguments cannot be thrown from here: each test of the suite reports it at its trait.
        var source: ProjectSource?
        var conflict: String?
        if bundle != nil || folder != nil {
            do {
                source = try ProjectSource.named(bundle: bundle, folder: folder, filePath: filePath, by: "'.recordings(api: \"\(api)\")'")
            } catch {
                conflict = error.message
            }
        }
        return RecordingsTrait(
            settings: .init(
                api: api, server: server, liveBaseURL: liveBaseURL, strict: strict, matching: matching, redaction: redaction,
                secretEnvironmentVariables: secretsFrom, filePath: filePath, scope: scope, matchingRule: matchingRule,
                source: source, conflict: conflict
            ))
    }
}
