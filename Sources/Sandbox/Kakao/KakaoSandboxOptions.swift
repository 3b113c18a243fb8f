/// The Kakao replica's credentials and quota: the REST API key it accepts and the calls a key may make a day.
///
/// The default key is documented (docs/ARCHITECTURE.md, "The sandbox") and is what `apicheck.yml`'s
/// `sandbox:` value sends with `--sandbox`; it is not a secret.
public struct KakaoSandboxOptions: Sendable, Hashable {
    /// The REST API key that `Authorization: KakaoAK <key>` must carry.
    public var key: String
    /// Calls one key may make per day (midnight to midnight in Korea), counted before the parameters
    /// are checked; past it every call is 429 `RequestThrottled`.
    public var dailyQuota: Int

    /// The documented default key: 32 hexadecimal digits, the form of a real REST API key.
    public static let defaultKey = "5a4db0c0ffee0a9ce0c4ecc000000000"
    /// The default daily quota (the search quota of a Kakao app, unconfirmed).
    public static let defaultDailyQuota = 100_000

    /// Creates options; by default the documented key and quota.
    public init(key: String = defaultKey, dailyQuota: Int = defaultDailyQuota) {
        self.key = key
        self.dailyQuota = dailyQuota
    }
}
