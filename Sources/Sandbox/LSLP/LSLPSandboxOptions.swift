import Foundation

/// The LSLP replica's keys, token lifetimes and rate limit.
///
/// The default `SesacKey` is documented (docs/ARCHITECTURE.md, "The sandbox") and is what
/// `apicheck.yml`'s `sandbox:` value sends with `--sandbox`; it is not a secret.
public struct LSLPSandboxOptions: Sendable {
    /// The `SesacKey` values the replica accepts; any other (or none) is 420.
    public var sesacKeys: Set<String>
    /// How long an access token lives, in seconds (may be fractional); past it, 419.
    public var accessTTL: Double
    /// How long a refresh token lives from login, in seconds; past it, `GET refresh` is 418.
    public var refreshTTL: Double
    /// Requests one `SesacKey` may make per minute before 429; nil for no limit.
    public var requestsPerMinute: Int?
    /// The clock tokens expire by (the real one; a test may pass its own to expire tokens without waiting).
    public var clock: @Sendable () -> Date

    /// The documented default `SesacKey`.
    public static let defaultSesacKey = "sesacSandboxKey0"
    /// The default access token lifetime (5 minutes; the real server's is unconfirmed).
    public static let defaultAccessTTL: Double = 300
    /// The default refresh token lifetime (a day; the real server's is unconfirmed).
    public static let defaultRefreshTTL: Double = 86_400
    /// The longest lifetime an account may ask for at join (`X-Apicheck-Access-TTL`, `X-Apicheck-Refresh-TTL`).
    public static let maxAccountTTL: Double = 86_400

    /// Creates options; by default the documented key, lifetimes and no rate limit.
    public init(
        sesacKeys: Set<String> = [defaultSesacKey], accessTTL: Double = defaultAccessTTL, refreshTTL: Double = defaultRefreshTTL,
        requestsPerMinute: Int? = nil, clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.sesacKeys = sesacKeys
        self.accessTTL = accessTTL
        self.refreshTTL = refreshTTL
        self.requestsPerMinute = requestsPerMinute
        self.clock = clock
    }
}
