#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The `x-ratelimit-*` headers of an answer: how many requests are left in the window, and when it resets.
public struct RateLimit: Hashable, Sendable {
    /// Requests allowed per window (60 an hour without a token, 5,000 with one; search: 10 or 30 a minute).
    public let limit: Int
    /// Requests left in this window.
    public let remaining: Int
    /// Requests used in this window.
    public let used: Int?
    /// When the window resets.
    public let reset: Date
    /// Which limit: `core`, `search`, ...
    public let resource: String?

    /// Reads the headers; nil when `limit`, `remaining` or `reset` is missing or not a number.
    init?(header: (String) -> String?) {
        guard let limit = header("x-ratelimit-limit").flatMap({ Int($0) }),
            let remaining = header("x-ratelimit-remaining").flatMap({ Int($0) }),
            let reset = header("x-ratelimit-reset").flatMap({ Int64($0) })
        else { return nil }
        self.limit = limit
        self.remaining = remaining
        used = header("x-ratelimit-used").flatMap { Int($0) }
        self.reset = Date(timeIntervalSince1970: TimeInterval(reset))
        resource = header("x-ratelimit-resource")
    }
}
