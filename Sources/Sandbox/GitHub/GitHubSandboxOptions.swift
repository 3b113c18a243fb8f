/// The GitHub replica's credentials and limits: the OAuth app it accepts, the token it accepts, its rate limit.
///
/// The defaults are documented (docs/ARCHITECTURE.md, "The sandbox") and are what `apicheck.yml`'s
/// `sandbox:` values send with `--sandbox`; they are not secrets.
public struct GitHubSandboxOptions: Sendable, Hashable {
    /// The OAuth app's client id that the token exchange accepts.
    public var clientID: String
    /// The OAuth app's client secret that the token exchange accepts.
    public var clientSecret: String
    /// A token the API accepts besides those its token exchange issued.
    public var token: String
    /// The registered callback URL: a `redirect_uri` that does not start with it is `redirect_uri_mismatch`.
    public var redirectURI: String
    /// Requests per window for every caller (core: an hour, search: a minute); nil is GitHub's own
    /// (core 60 anonymous, 5000 with a token; search 10 and 30).
    public var rateLimit: Int?

    /// The documented default client id.
    public static let defaultClientID = "Iv1.a5ec0a1b2c3d4e5f"
    /// The documented default client secret.
    public static let defaultClientSecret = "apicheck-sandbox-client-secret"
    /// The documented default token.
    public static let defaultToken = "gho_apicheckSandboxToken0000000000000000"
    /// The documented default callback URL.
    public static let defaultRedirectURI = "http://127.0.0.1/callback"

    /// Creates options; by default the documented credentials and GitHub's own rate limits.
    public init(
        clientID: String = defaultClientID, clientSecret: String = defaultClientSecret, token: String = defaultToken,
        redirectURI: String = defaultRedirectURI, rateLimit: Int? = nil
    ) {
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.token = token
        self.redirectURI = redirectURI
        self.rateLimit = rateLimit
    }
}
