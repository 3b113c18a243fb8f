import APICheckReplay
import Foundation
import Testing

/// A test trait that replays one recording around the test and reports what did not match.
///
/// ```swift
/// @Test(.replaying("list-first-page"))
/// func listDecodes() async throws {
///     let client = TodoClient(session: TestRecording.session, baseURL: TestRecording.baseURL)
///     #expect(try await client.todos().data.count == 10)
/// }
/// ```
/// Unmatched requests, and (in strict mode) unused interactions, are recorded as issues at the
/// trait's line, with the command that records what is missing. With `scope: .global`, requests made through
/// `URLSession.shared` are answered too (see `ReplayScope`).
public struct ReplayingTrait: TestTrait, TestScoping {
    let name: String
    let api: String?
    let strict: Bool?
    let scope: ReplayScope?
    var unseenUploadBodies = false
    let sourceLocation: SourceLocation
    let filePath: String

    /// Runs the test inside a replay (or recording) session of its recording; the session's problems (requests with
    /// no recorded answer, unused interactions in strict mode) become issues of the test.
    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        let suite = RecordingsTrait.current
        guard let api = api ?? suite?.api else {
            Issue.record(
                "'.replaying(\"\(name)\")' needs an API: put '.recordings(api:)' on the suite or pass 'api:'",
                sourceLocation: sourceLocation)
            return
        }
        if let conflict = suite?.conflict {
            Issue.record(Comment(rawValue: conflict), sourceLocation: sourceLocation)
            return
        }
        let scope = self.scope ?? suite?.scope ?? .session
        let environment = TraitEnvironment.current
        // A mistake in the configuration (apicheck.yml, the environment, a bundle without recordings) is an issue at
        // this trait's line, and the test does not run.
        var plan: ReplayPlan
        do {
            plan = try ReplayPlan(
                api: api, name: name, source: suite?.source ?? .sourceFile(suite?.filePath ?? filePath), environment: environment,
                liveBaseURL: suite?.liveBaseURL, hasServer: suite?.server != nil
            )
        } catch {
            Issue.record(Comment(rawValue: error.message), sourceLocation: sourceLocation)
            return
        }
        var running: RunningRecordingServer?
        if plan.needsLive, environment["APICHECK_BASE_URL"] == nil, let server = suite?.server {
            let started = try await server.start()
            running = started
            plan.liveBaseURL = started.baseURL
            plan.otherBaseURLs = started.otherBaseURLs
            plan.recordedFrom = server.recordedFrom
        }
        let secrets = (suite?.secretEnvironmentVariables ?? []).compactMap { environment[$0] }
        let replay: ReplaySession
        do {
            var configuration = try plan.configuration(
                matching: suite?.matching, rule: suite?.matchingRule, redaction: suite?.redaction, secrets: secrets,
                strict: strict ?? suite?.strict ?? false, testFilter: test.id.nameComponents.joined(separator: "/")
            )
            configuration.unseenUploadBodies = unseenUploadBodies
            replay = try ReplaySession(configuration)
        } catch {
            Issue.record(Comment(rawValue: error.message), sourceLocation: sourceLocation)
            if let running { await running.stop() }
            return
        }
        let outcome = await ScopedReplay.run(replay, scope: scope) {
            try await TestRecording.$current.withValue(replay) { try await function() }
        }
        for problem in replay.finish() {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
        if let running { await running.stop() }
        if let refused = outcome.refused {
            Issue.record(Comment(rawValue: refused), sourceLocation: sourceLocation)
        }
        if let thrown = outcome.thrown { throw thrown }
    }
}

/// Runs a test's body in its replay's scope, and tells what the body threw apart from a scope that could not start
/// (a global replay inside another, a task cancelled while it waited for its turn).
package enum ScopedReplay {
    package struct Outcome {
        package var thrown: (any Error)?
        package var refused: String?
    }

    package static func run(_ replay: ReplaySession, scope: ReplayScope, _ body: () async throws -> Void) async -> Outcome {
        var started = false
        do {
            if scope == .global {
                try await replay.withGlobalScope {
                    started = true
                    try await body()
                }
            } else {
                started = true
                try await body()
            }
            return Outcome()
        } catch let error as ReplayError where !started {
            return Outcome(refused: error.message)
        } catch is CancellationError where !started {
            return Outcome(
                refused:
                    """
                    the test was cancelled (its time limit?) while it waited for its turn to replay URLSession.shared: global-scope \
                    tests run one at a time
                    """
            )
        } catch {
            return Outcome(thrown: error)
        }
    }
}

extension Trait where Self == ReplayingTrait {
    /// Replays `recordings/<api>/tests/<name>.json` around this test (see ``ReplayingTrait``).
    ///
    /// - Parameters:
    ///   - name: The recording's name, stable across refactors: name it for what the test checks.
    ///   - api: The API, when the suite has no `.recordings(api:)` trait.
    ///   - strict: Override the suite's strict mode for this test.
    ///   - scope: `.global` to answer `URLSession.shared` as well, for app code that takes no session; overrides the
    ///     suite's. Global tests run one at a time, beside session-scope tests (see `ReplayScope`).
    ///   - filePath: The test's file (the default), from which the recordings are found when the suite names none.
    ///   - sourceLocation: Where a problem with the trait is reported (the trait, by default).
    public static func replaying(
        _ name: String, api: String? = nil, strict: Bool? = nil, scope: ReplayScope? = nil,
        filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Self {
        ReplayingTrait(name: name, api: api, strict: strict, scope: scope, sourceLocation: sourceLocation, filePath: filePath)
    }

    /// The same, for a test whose upload tasks send bodies it cannot hand over (``TestRecording/registerUpload(_:for:)``):
    /// with `unseenUploadBodies: true` such an upload is answered from a recorded request whose body nobody saw either
    /// (`"body": {"unseen": ...}`, from a HAR that left it out), by everything but its body; it is never recorded.
    public static func replaying(
        _ name: String, api: String? = nil, strict: Bool? = nil, scope: ReplayScope? = nil, unseenUploadBodies: Bool,
        filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Self {
        var trait = ReplayingTrait(name: name, api: api, strict: strict, scope: scope, sourceLocation: sourceLocation, filePath: filePath)
        trait.unseenUploadBodies = unseenUploadBodies
        return trait
    }
}
