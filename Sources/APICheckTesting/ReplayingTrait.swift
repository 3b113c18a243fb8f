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
        let sourceFile = suite?.filePath ?? filePath
        let settings = try ProjectSettings.load(api: api, from: sourceFile, environment: environment)
        let folder = RecordingsFolder.locate(from: sourceFile, environment: environment)
        let file = settings.recordingsFolder(default: folder.appendingPathComponent(api), environment: environment)
            .appendingPathComponent("tests").appendingPathComponent("\(name).json")

        var running: RunningRecordingServer?
        var liveBaseURL = suite?.liveBaseURL
        if let text = environment["APICHECK_BASE_URL"], !text.isEmpty {
            // Set but not a URL is an error, never a quiet fall back to another base URL.
            guard let url = URL(string: text), url.scheme != nil, url.host != nil else {
                throw ReplayError(message: "APICHECK_BASE_URL is not an http(s) URL: \"\(text)\"")
            }
            liveBaseURL = url
        }
        let needsLive = mode == .all || mode == .new || (mode == .once && !FileManager.default.fileExists(atPath: file.path))
        if needsLive, liveBaseURL == nil, suite?.server == nil {
            // Recording with nothing else given: the API's base URL from apicheck.yml (its override variable applied).
            do {
                liveBaseURL = try settings.api?.effectiveBaseURL(environment: environment)
            } catch {
                throw ReplayError(message: error.description)
            }
        }
        var recordedFrom = liveBaseURL?.absoluteString
        if needsLive, environment["APICHECK_BASE_URL"] == nil, let server = suite?.server {
            let started = try await server.start()
            running = started
            liveBaseURL = started.baseURL
            recordedFrom = server.recordedFrom
        }

        let filter = test.id.nameComponents.joined(separator: "/")
        let secrets = (suite?.secretEnvironmentVariables ?? []).compactMap { environment[$0] }
        let redaction = (suite?.redaction ?? settings.api?.redactionRules(environment: environment) ?? .builtIn).addingSecrets(secrets)
        let matching = suite?.matching ?? settings.matchingRules ?? MatchingRules()
        let replay = try ReplaySession(ReplayConfiguration(
            api: api, name: name, recordingURL: file, mode: mode, liveBaseURL: liveBaseURL,
            otherBaseURLs: try settings.otherBaseURLs(environment: environment), matching: matching, redaction: redaction,
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

/// What `apicheck.yml` (beside `Package.swift`, or `APICHECK_CONFIG`) says about one API, for the traits.
struct ProjectSettings {
    let api: APIConfiguration?
    let folder: URL?

    /// Reads the configuration if there is one; a configuration that does not parse is an error with its file and line.
    static func load(api name: String, from filePath: String, environment: [String: String]) throws -> ProjectSettings {
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
            bases = try api?.baseURLs(environment: environment) ?? [:]
        } catch {
            throw ReplayError(message: error.description)
        }
        bases[""] = nil
        return bases
    }
}
