import APICheckRecording
import Foundation

/// Everything one replaying (or recording) session needs to know.
public struct ReplayConfiguration: Sendable {
    /// The API's name, such as `todos`; written into new recordings.
    public var api: String
    /// The recording's name (the file name without `.json`).
    public var name: String
    /// The recording file.
    public var recordingURL: URL
    /// When the network may be used.
    public var mode: RecordMode
    /// The live API's base URL, for recording (and, when set, the base URL handed to the client).
    public var liveBaseURL: URL?
    /// Other base URLs of the API by name (GitHub's OAuth host); requests there carry `"base": "<name>"`.
    public var otherBaseURLs: [String: URL]
    /// How live requests are matched to recorded ones.
    public var matching: MatchingRules
    /// What is redacted before anything is written.
    public var redaction: RedactionRules
    /// Whether a session that leaves recorded interactions unused fails.
    public var strict: Bool
    /// What `recorded_from` says: `sandbox` for a sandbox, otherwise the live base URL.
    public var recordedFrom: String?
    /// The `--filter` argument that reruns just this test, for the "how to record it" hint.
    public var testFilter: String?
    /// More URLs answered as each base, by name (`""` for the main one): the app's own, such as the production URL
    /// it hard-codes (`apicheck.yml`'s `base_url`, the value of `base_url_env`, `other_bases`).
    ///
    /// Each is answered in `http` and `https`, and recordings stay relative to the base. While recording, a request
    /// to one goes to that base's live URL (``liveBaseURL``, or the other base's URL), or, when the base has none,
    /// where the client addressed it.
    public var baseURLAliases: [String: [URL]]
    /// Whether an upload task whose body was not handed over (`UploadBodies`, in APICheckReplay) may be answered from a recorded
    /// request whose body nobody saw either (`"body": {"unseen": ...}`, from a HAR that left it out): off by default,
    /// when such an upload is refused. It is never recorded: apicheck cannot send a body it does not have.
    public var unseenUploadBodies = false
    /// How a request replay cannot answer is recorded, for its message: by default the `swift test` command that records
    /// it (``recordCommand(mode:)``); `apicheck serve`, which answers an app outside any test, says its own.
    package var recordHint: String?
    /// Whether a request whose recorded answers are all used up gets the last of them again (`apicheck serve
    /// --repeat`: an app that polls), instead of failing as replay in a test does.
    package var repeatsLast = false

    /// Creates a configuration; by default it replays only, with the built-in redaction and default matching.
    public init(
        api: String, name: String, recordingURL: URL, mode: RecordMode = .none, liveBaseURL: URL? = nil,
        otherBaseURLs: [String: URL] = [:], matching: MatchingRules = MatchingRules(), redaction: RedactionRules = .builtIn,
        strict: Bool = false, recordedFrom: String? = nil, testFilter: String? = nil, baseURLAliases: [String: [URL]] = [:]
    ) {
        self.baseURLAliases = baseURLAliases
        self.api = api
        self.name = name
        self.recordingURL = recordingURL
        self.mode = mode
        self.liveBaseURL = liveBaseURL
        self.otherBaseURLs = otherBaseURLs
        self.matching = matching
        self.redaction = redaction
        self.strict = strict
        self.recordedFrom = recordedFrom
        self.testFilter = testFilter
    }

    /// The base URL replay hands out when no live URL is configured; it is never resolved.
    public static let offlineBaseURL = URL(string: "http://replay.apicheck.invalid") ?? URL(fileURLWithPath: "/")

    /// The base URL the client should use.
    package var effectiveBaseURL: URL {
        liveBaseURL ?? ReplayConfiguration.offlineBaseURL
    }

    /// The command that records what is missing, for messages.
    func recordCommand(mode: RecordMode) -> String {
        var command = "APICHECK_RECORD=\(mode)"
        if liveBaseURL == nil { command += " APICHECK_BASE_URL=<base URL>" }
        command += " swift test"
        if let testFilter { command += " --filter '\(testFilter)'" }
        return command
    }
}
