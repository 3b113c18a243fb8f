/// How to start a sandbox: which APIs, which drifts, where to listen, and whether to be deterministic.
public struct SandboxConfiguration: Sendable {
    /// The APIs to serve, each under its own paths (the todo API under `/api/v2`).
    public var apis: [SandboxAPI]
    /// Deviations from the real API.
    public var drifts: Set<Drift>
    /// The address to listen on; loopback by default.
    public var host: String
    /// The port; 0 picks a free one (read it back from ``SandboxServer/baseURL``).
    public var port: Int
    /// Whether the clock and created ids follow fixed sequences, for byte-stable recordings.
    ///
    /// The seed data is the same either way; deterministic mode also makes "now" start at a
    /// fixed instant and advance by a fixed step on every write, and created ids count up
    /// from a fixed first id, so the same requests always get the same answers.
    public var deterministic: Bool
    /// How many received requests to keep for ``SandboxServer/receivedRequests()`` (0 keeps none).
    public var requestJournalLimit: Int
    /// The GitHub replica's credentials and rate limit.
    public var github: GitHubSandboxOptions
    /// The Kakao replica's key and daily quota.
    public var kakao: KakaoSandboxOptions
    /// The LSLP replica's keys, token lifetimes and rate limit.
    public var lslp: LSLPSandboxOptions

    /// Creates a configuration; by default the todo API on a free loopback port.
    public init(
        apis: [SandboxAPI] = [.todos], drifts: Set<Drift> = [], host: String = "127.0.0.1", port: Int = 0,
        deterministic: Bool = false, requestJournalLimit: Int = 0, github: GitHubSandboxOptions = .init(),
        kakao: KakaoSandboxOptions = .init(), lslp: LSLPSandboxOptions = .init()
    ) {
        self.apis = apis
        self.drifts = drifts
        self.host = host
        self.port = port
        self.deterministic = deterministic
        self.requestJournalLimit = requestJournalLimit
        self.github = github
        self.kakao = kakao
        self.lslp = lslp
    }
}
