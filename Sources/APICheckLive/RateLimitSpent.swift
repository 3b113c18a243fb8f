import Foundation

/// A response that says the API's rate limit is spent: 429, or 403 with `x-ratelimit-remaining: 0`
/// (after at most one `Retry-After` wait). The run sends nothing more to that API and exits 3.
public struct RateLimitSpent: Sendable, Hashable {
    /// The step whose response said so.
    public var step: String
    /// When the limit resets (`x-ratelimit-reset`, seconds since 1970), when the response said.
    public var reset: Date?
    /// The `Retry-After` the response asked for, in seconds, when it said.
    public var retryAfter: Int?

    /// Creates a value.
    public init(step: String, reset: Date?, retryAfter: Int? = nil) {
        self.step = step
        self.reset = reset
        self.retryAfter = retryAfter
    }

    /// The spent limit `response` reports, or nil when it is not one.
    static func from(_ response: LiveResponse, step: String) -> RateLimitSpent? {
        let remaining = response.header("x-ratelimit-remaining").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard response.status == 429 || (response.status == 403 && remaining == 0) else { return nil }
        let reset = response.header("x-ratelimit-reset").flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }.map {
            Date(timeIntervalSince1970: $0)
        }
        let retryAfter = response.header("Retry-After").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        return RateLimitSpent(step: step, reset: reset, retryAfter: retryAfter)
    }

    /// "resets at 2026-11-22T23:00:00Z (in 3540 s)", or what is known.
    public func describe(now: Date = Date()) -> String {
        if let reset {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime]
            let seconds = max(0, Int(reset.timeIntervalSince(now).rounded(.up)))
            return "resets at \(formatter.string(from: reset)) (in \(seconds) s)"
        }
        if let retryAfter { return "retry after \(retryAfter) s" }
        return "the response did not say when it resets"
    }
}
