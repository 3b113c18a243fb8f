import APICheckContracts
import APICheckRecording
import APICheckReplayCore
import Foundation

/// What `apicheck serve` answers an app with: one API's recordings, the URLs the app addresses it by, and where it
/// listens.
public struct ServeConfiguration: Sendable {
    /// The API's name in `apicheck.yml`, such as `todos`.
    public var api: String
    /// The API's recordings folder (`recordings/todos`): every `.json` file below it is a recording the server can
    /// answer from, named by its path there without `.json` (`tests/list-first-page`, `sessions/login`).
    public var recordingsFolder: URL
    /// The recordings answered from, by name, in order; nil: all of them, in name order.
    public var recordings: [String]?
    /// The API's base URL (`base_url`): a request that does not say which URL the app addressed (no
    /// ``ReplayServer/originalURLHeader``, a client pointed at the server itself) is taken as addressed to it.
    public var baseURL: URL?
    /// The API's other bases by name (`other_bases`, GitHub's `oauth`).
    public var otherBaseURLs: [String: URL]
    /// Every URL the app may address each base by, `""` for the main one (`base_url`, `base_url_env`'s value, the
    /// production URL an app hard-codes).
    public var baseURLAliases: [String: [URL]]
    /// How a request is matched to a recorded one: replay's rules.
    public var matching: MatchingRules
    /// The address to listen on: loopback by default.
    public var host: String
    /// The port; 0 takes a free one (``ReplayServer/url`` says which).
    public var port: Int
    /// What the control API (`/__apicheck/`) asks for in `X-APICheck-Token`, so that no other process on the machine
    /// drives it; a random one by default.
    public var token: String
    /// How many exchanges the journal keeps (the oldest are dropped and counted beyond it).
    public var journalLimit: Int
    /// What each request the app sends is checked against (the API's contract, with apicheck.yml's severities): its
    /// findings go into the journal with the exchange, and the app is answered all the same; nil: not checked.
    public var verifier: Verifier?
    /// Whether a request whose recorded answers are all used up gets the last of them again (an app that polls a
    /// feed), instead of 502.
    public var repeatsLast = false
    /// Whether a request answered from the recordings that has an error against the contract (``verifier``) gets 422
    /// with `X-APICheck-Refused: 1` and its findings instead of the recorded answer, so that the app sees it fail; by
    /// default the app is answered and the findings are only journaled. Replay only: a request sent upstream is the
    /// upstream's to answer.
    public var refusesInvalidRequests = false
    /// Recording instead of answering from recordings: each request goes to an upstream (the real API, or a sandbox),
    /// and its answer, redacted, to the app and into a session recording; nil: replay.
    public var record: RecordSession?

    /// Requests sent upstream, and the session recorded through the server: `recordings/<api>/sessions/<name>.json`,
    /// written atomically when the server finishes (``ReplayServer/finish()``).
    public struct RecordSession: Sendable {
        /// The recording's name, such as `onboarding` (a path under `sessions/`, without `.json`); nil: nothing is
        /// written, and the server only answers from the upstream (a sandbox), with its journal and checks.
        public var name: String?
        /// Where requests go: the API's base URL there (`https://api.example.com`, or a sandbox's URL).
        public var upstream: URL
        /// What is redacted before anything is written (apicheck.yml's rules for the API, its secrets included).
        public var redaction: RedactionRules
        /// What the recording says it came from (`sandbox`); by default the upstream's URL.
        public var recordedFrom: String?

        /// A session named `name` recorded from `upstream` (nil: answered from it, nothing written).
        public init(name: String?, upstream: URL, redaction: RedactionRules = .builtIn, recordedFrom: String? = nil) {
            self.name = name
            self.upstream = upstream
            self.redaction = redaction
            self.recordedFrom = recordedFrom
        }
    }

    /// A configuration serving `api`'s recordings under `recordingsFolder`.
    public init(
        api: String, recordingsFolder: URL, recordings: [String]? = nil, baseURL: URL? = nil, otherBaseURLs: [String: URL] = [:],
        baseURLAliases: [String: [URL]] = [:], matching: MatchingRules = MatchingRules(), host: String = "127.0.0.1", port: Int = 0,
        token: String = ServeConfiguration.randomToken(), journalLimit: Int = 10_000, record: RecordSession? = nil,
        verifier: Verifier? = nil
    ) {
        self.record = record
        self.verifier = verifier
        self.api = api
        self.recordingsFolder = recordingsFolder
        self.recordings = recordings
        self.baseURL = baseURL
        self.otherBaseURLs = otherBaseURLs
        self.baseURLAliases = baseURLAliases
        self.matching = matching
        self.host = host
        self.port = port
        self.token = token
        self.journalLimit = journalLimit
    }

    /// 32 random hexadecimal digits.
    public static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(format: "%08x", UInt32.random(in: .min ... .max, using: &generator)) }.joined()
    }
}

/// Why `apicheck serve` cannot start, or cannot take a choice of recordings.
public struct ServeError: Error, Sendable, CustomStringConvertible {
    public let description: String

    package init(_ description: String) {
        self.description = description
    }
}
