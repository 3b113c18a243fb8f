import APICheck
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
/// trait's line, with the command that records what is missing.
public struct ReplayingTrait: TestTrait, TestScoping {
    let name: String
    let api: String?
    let strict: Bool?
    let sourceLocation: SourceLocation
    let filePath: String

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        let suite = RecordingsTrait.current
        guard let api = api ?? suite?.api else {
            Issue.record("'.replaying(\"\(name)\")' needs an API: put '.recordings(api:)' on the suite or pass 'api:'", sourceLocation: sourceLocation)
            return
        }
        let environment = ProcessInfo.processInfo.environment
        let mode = try RecordMode.fromEnvironment(environment)
        let folder = RecordingsFolder.locate(from: suite?.filePath ?? filePath, environment: environment)
        let file = folder.appendingPathComponent(api).appendingPathComponent("tests").appendingPathComponent("\(name).json")

        var running: RunningRecordingServer?
        var liveBaseURL = environment["APICHECK_BASE_URL"].flatMap { $0.isEmpty ? nil : URL(string: $0) } ?? suite?.liveBaseURL
        var recordedFrom = liveBaseURL?.absoluteString
        let needsLive = mode == .all || mode == .new || (mode == .once && !FileManager.default.fileExists(atPath: file.path))
        if needsLive, environment["APICHECK_BASE_URL"] == nil, let server = suite?.server {
            let started = try await server.start()
            running = started
            liveBaseURL = started.baseURL
            recordedFrom = server.recordedFrom
        }

        let filter = test.id.nameComponents.joined(separator: "/")
        let secrets = (suite?.secretEnvironmentVariables ?? []).compactMap { environment[$0] }
        let redaction = (suite?.redaction ?? .builtIn).addingSecrets(secrets)
        let replay = try ReplaySession(ReplayConfiguration(
            api: api, name: name, recordingURL: file, mode: mode, liveBaseURL: liveBaseURL,
            matching: suite?.matching ?? MatchingRules(), redaction: redaction,
            strict: strict ?? suite?.strict ?? false, recordedFrom: recordedFrom, testFilter: filter
        ))
        var thrown: (any Error)?
        do {
            try await TestRecording.$current.withValue(replay) { try await function() }
        } catch {
            thrown = error
        }
        for problem in replay.finish() {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
        if let running { await running.stop() }
        if let thrown { throw thrown }
    }
}

extension Trait where Self == ReplayingTrait {
    /// Replays `recordings/<api>/tests/<name>.json` around this test (see ``ReplayingTrait``).
    ///
    /// - Parameters:
    ///   - name: The recording's name, stable across refactors: name it for what the test checks.
    ///   - api: The API, when the suite has no `.recordings(api:)` trait.
    ///   - strict: Override the suite's strict mode for this test.
    public static func replaying(
        _ name: String, api: String? = nil, strict: Bool? = nil,
        filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Self {
        ReplayingTrait(name: name, api: api, strict: strict, sourceLocation: sourceLocation, filePath: filePath)
    }
}
