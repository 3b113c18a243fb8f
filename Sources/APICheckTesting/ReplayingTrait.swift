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
        let environment = TraitEnvironment.current
        var plan = try ReplayPlan(api: api, name: name, sourceFile: suite?.filePath ?? filePath, environment: environment, liveBaseURL: suite?.liveBaseURL, hasServer: suite?.server != nil)
        var running: RunningRecordingServer?
        if plan.needsLive, environment["APICHECK_BASE_URL"] == nil, let server = suite?.server {
            let started = try await server.start()
            running = started
            plan.liveBaseURL = started.baseURL
            plan.otherBaseURLs = started.otherBaseURLs
            plan.recordedFrom = server.recordedFrom
        }
        let secrets = (suite?.secretEnvironmentVariables ?? []).compactMap { environment[$0] }
        let replay = try ReplaySession(plan.configuration(
            matching: suite?.matching, redaction: suite?.redaction, secrets: secrets,
            strict: strict ?? suite?.strict ?? false, testFilter: test.id.nameComponents.joined(separator: "/")
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

/// What `apicheck.yml` (beside `Package.swift`, or `APICHECK_CONFIG`) says about one API, for the traits.
struct ProjectSettings {
    let api: APIConfiguration?
    let folder: URL?

    /// Reads the configuration if there is one; a configuration that does not parse is an error with its file and line.
    static func load(api name: String, from filePath: String, environment: [String: String]) throws(ReplayError) -> ProjectSettings {
        let path: String
        if let explicit = environment["APICHECK_CONFIG"], !explicit.isEmpty {
            path = explicit
        } else if let root = RecordingsFolder.packageRoot(from: filePath) {
            path = root.appendingPathComponent("apicheck.yml").path
        } else {
            return ProjectSettings(api: nil, folder: nil)
        }
        guard FileManager.default.fileExists(atPath: path) else { return ProjectSettings(api: nil, folder: nil) }
        do {
            let configuration = try ConfigurationFile.load(path)
            return ProjectSettings(api: configuration.api(name), folder: configuration.folder)
        } catch {
            throw ReplayError(message: error.description)
        }
    }

    /// `apicheck.yml`'s recordings folder for the API, unless `APICHECK_RECORDINGS` overrides it.
    func recordingsFolder(default fallback: URL, environment: [String: String]) -> URL {
        if let override = environment["APICHECK_RECORDINGS"], !override.isEmpty { return fallback }
        guard let api, let folder else { return fallback }
        return ConfigurationFile.resolve(api.recordings, in: folder)
    }

    var matchingRules: MatchingRules? {
        api.map { MatchingRules(ignoredQueryItems: $0.matching.ignoredQueryItems, matchedHeaders: $0.matching.headers, matchesBody: $0.matching.body) }
    }

    func otherBaseURLs(environment: [String: String]) throws(ReplayError) -> [String: URL] {
        var bases: [String: URL]
        do {
            bases = try api?.knownBaseURLs(environment: environment) ?? [:]
        } catch {
            throw ReplayError(message: error.description)
        }
        bases[""] = nil
        return bases
    }
}
