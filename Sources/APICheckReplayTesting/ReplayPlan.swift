import APICheckRecording
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

    init(api: String, name: String, source: ProjectSource, environment: [String: String], liveBaseURL explicit: URL?, hasServer: Bool)
        throws(ReplayError)
    {
        self.api = api
        self.name = name
        self.environment = environment
        mode = try RecordMode.fromEnvironment(environment)
        settings = try ProjectSettings.load(api: api, source: source, environment: environment)
        file = RecordingKind.tests.folder(in: settings.recordingsFolder(api: api, environment: environment)).appendingPathComponent(
            "\(name).json")
        needsLive = mode == .all || mode == .new || (mode == .once && !FileManager.default.fileExists(atPath: file.path))
        if needsLive, source.isBundle, (environment["APICHECK_RECORDINGS"] ?? "").isEmpty {
            // A bundle is a copy made at build time: what is written there is gone at the next build.
            throw ReplayError(
                message: """
                    APICHECK_RECORD=\(mode) would write \(name).json into the test bundle, a copy made at build time that the next build \
                    replaces; recording is refused.
                      Set APICHECK_RECORDINGS to the recordings folder in your source tree (the folder holding \(api)/tests), for example:
                        APICHECK_RECORD=\(mode) APICHECK_RECORDINGS="$PWD/AppTests/apicheck/recordings" swift test
                      From xcodebuild, prefix each with TEST_RUNNER_ so that it reaches the test runner:
                        TEST_RUNNER_APICHECK_RECORD=\(mode) TEST_RUNNER_APICHECK_RECORDINGS="$PWD/AppTests/apicheck/recordings" \
                    xcodebuild test -scheme App -destination 'platform=iOS Simulator,name=iPhone 16'
                    """)
        }
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

    /// The session's configuration; `matching` and `redaction` given by the test replace `apicheck.yml`'s, and a
    /// custom `rule` is added to whichever matching rules are in force.
    func configuration(
        matching: MatchingRules?, rule: MatchingRules.Custom? = nil, redaction: RedactionRules?, secrets: [String], strict: Bool,
        testFilter: String
    ) throws(ReplayError) -> ReplayConfiguration {
        let rules = (redaction ?? settings.api?.redactionRules(environment: environment) ?? .builtIn).addingSecrets(secrets)
        var matchingRules = matching ?? settings.matchingRules ?? MatchingRules()
        if let rule { matchingRules.custom = rule }
        return ReplayConfiguration(
            api: api, name: name, recordingURL: file, mode: mode, liveBaseURL: liveBaseURL,
            otherBaseURLs: try settings.otherBaseURLs(environment: environment).merging(otherBaseURLs) { $1 }, matching: matchingRules,
            redaction: rules, strict: strict, recordedFrom: recordedFrom, testFilter: testFilter,
            baseURLAliases: try settings.baseURLAliases(environment: environment)
        )
    }
}
