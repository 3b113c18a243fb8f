import APICheck
import APICheckReplay
import Foundation

/// How a test replays one recording: `apicheck.yml`'s settings for the API, the environment, and what
/// the test itself says, in that order of precedence. The trait and the XCTest bridge both use it, so
/// that a test reads the same configuration whichever framework runs it.
struct ReplayPlan {
    let api: String
    let name: String
    let settings: ProjectSettings
    let mode: RecordMode
    /// `recordings/<api>/tests/<name>.json`, in `apicheck.yml`'s recordings folder unless `APICHECK_RECORDINGS` says otherwise.
    let file: URL
    /// Whether this run records (the mode needs the live API).
    let needsLive: Bool
    /// Where recording sends requests: `APICHECK_BASE_URL`, the test's own URL, or `apicheck.yml`'s base URL.
    var liveBaseURL: URL?
    /// The other bases of a started recording server, replacing `apicheck.yml`'s (same names).
    var otherBaseURLs: [String: URL] = [:]
    /// What the recording says it came from.
    var recordedFrom: String?
    let environment: [String: String]

    init(api: String, name: String, sourceFile: String, environment: [String: String], liveBaseURL explicit: URL?, hasServer: Bool) throws {
        self.api = api
        self.name = name
        self.environment = environment
        mode = try RecordMode.fromEnvironment(environment)
        settings = try ProjectSettings.load(api: api, from: sourceFile, environment: environment)
        let folder = RecordingsFolder.locate(from: sourceFile, environment: environment)
        file = settings.recordingsFolder(default: folder.appendingPathComponent(api), environment: environment)
            .appendingPathComponent("tests").appendingPathComponent("\(name).json")
        needsLive = mode == .all || mode == .new || (mode == .once && !FileManager.default.fileExists(atPath: file.path))
        var live = explicit
        if let text = environment["APICHECK_BASE_URL"], !text.isEmpty {
            // Set but not a URL is an error, never a quiet fall back to another base URL.
            guard let url = URL(string: text), url.scheme != nil, url.host != nil else {
                throw ReplayError(message: "APICHECK_BASE_URL is not an http(s) URL: \"\(text)\"")
            }
            live = url
        }
        if needsLive, live == nil, !hasServer {
            // Recording with nothing else given: the API's base URL from apicheck.yml (its override variable applied).
            do {
                live = try settings.api?.effectiveBaseURL(environment: environment)
            } catch {
                throw ReplayError(message: error.description)
            }
        }
        liveBaseURL = live
        recordedFrom = live?.absoluteString
    }

    /// The session's configuration; `matching` and `redaction` given by the test replace `apicheck.yml`'s.
    func configuration(matching: MatchingRules?, redaction: RedactionRules?, secrets: [String], strict: Bool, testFilter: String) throws -> ReplayConfiguration {
        let rules = (redaction ?? settings.api?.redactionRules(environment: environment) ?? .builtIn).addingSecrets(secrets)
        return ReplayConfiguration(
            api: api, name: name, recordingURL: file, mode: mode, liveBaseURL: liveBaseURL,
            otherBaseURLs: try settings.otherBaseURLs(environment: environment).merging(otherBaseURLs) { $1 }, matching: matching ?? settings.matchingRules ?? MatchingRules(),
            redaction: rules, strict: strict, recordedFrom: recordedFrom, testFilter: testFilter
        )
    }
}
