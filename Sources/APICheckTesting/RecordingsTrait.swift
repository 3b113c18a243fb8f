import APICheck
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
    }

    @TaskLocal static var current: Settings?

    let settings: Settings

    public var isRecursive: Bool { false }

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
    public static func recordings(
        api: String, server: (any RecordingServer)? = nil, liveBaseURL: URL? = nil, strict: Bool = false,
        matching: MatchingRules? = nil, redaction: RedactionRules? = nil, secretsFrom: [String] = [],
        filePath: String = #filePath
    ) -> Self {
        RecordingsTrait(settings: .init(
            api: api, server: server, liveBaseURL: liveBaseURL, strict: strict, matching: matching, redaction: redaction,
            secretEnvironmentVariables: secretsFrom, filePath: filePath
        ))
    }
}
