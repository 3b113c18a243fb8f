import Foundation
import Locking

/// The GitHub replica's state behind one lock: events per repository, OAuth codes and tokens, rate limits.
final class GitHubStore: Sendable {
    private struct State {
        var events: [Int: [GitHubEvent]]  // newest first
        var nextEventID: Int64
        var nextSequence: Int
        var usedCodes: Set<String> = []
        var issuedTokens: Set<String> = []
        var tokenCount = 0
        var buckets: [String: Bucket] = [:]
        var ticks: Int64 = 0
    }

    /// A rate-limit window: how many requests it allows, how many it has counted, when it resets.
    struct Bucket: Sendable {
        let limit: Int
        var used: Int
        let reset: Int64
        var remaining: Int { max(0, limit - used) }
    }

    private let state: Locked<State>
    private let deterministic: Bool

    init(deterministic: Bool) {
        let events = GitHubSeed.events()
        let newest = events.values.compactMap { $0.first?.id }.max() ?? GitHubSeed.firstEventID
        let sequence = events.values.reduce(0) { $0 + $1.count }
        self.deterministic = deterministic
        state = Locked(State(events: events, nextEventID: newest + 7_919, nextSequence: sequence + 1))
    }

    /// Seconds since 1970: the real clock, or a fixed one that moves a second per read in deterministic mode.
    func now() -> Int64 {
        guard deterministic else { return Int64(Date().timeIntervalSince1970) }
        return state.withLock { state in
            state.ticks += 1
            return GitHubSeed.deterministicOrigin + state.ticks
        }
    }

    func repository(owner: String, name: String) -> GitHubRepository? {
        // GitHub matches owner and name case-insensitively.
        GitHubSeed.repositories.first { $0.owner.login.lowercased() == owner.lowercased() && $0.name.lowercased() == name.lowercased() }
    }

    func repository(id: Int) -> GitHubRepository? {
        GitHubSeed.repositories.first { $0.id == id }
    }

    func events(of repository: Int) -> [GitHubEvent] {
        state.withLock { $0.events[repository] ?? [] }
    }

    /// Adds a new event in front of a repository's events (its time after every other), for tests of polling.
    func addEvent(to repository: Int, type: String) -> GitHubEvent {
        let now = now()
        return state.withLock { state in
            let newest = state.events.values.compactMap { $0.first?.createdAt }.max() ?? now
            let event = GitHubEvent(
                id: state.nextEventID, type: type, actor: GitHubSeed.users[state.nextSequence % GitHubSeed.users.count],
                repository: repository, createdAt: max(now, newest + 1), sequence: state.nextSequence
            )
            state.nextEventID += 7_919
            state.nextSequence += 1
            state.events[repository, default: []].insert(event, at: 0)
            return event
        }
    }

    /// Marks an OAuth code used; false when it was used before (a code works once).
    func spend(code: String) -> Bool {
        state.withLock { $0.usedCodes.insert(code).inserted }
    }

    /// A new access token, remembered so that the API accepts it.
    func issueToken() -> String {
        state.withLock { state in
            state.tokenCount += 1
            var random = SeedRandom(state: UInt64(state.tokenCount) &* 0x9E37_79B9_7F4A_7C15)
            let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
            let token = "gho_" + String((0..<36).map { _ in alphabet[random.next(upTo: alphabet.count)] })
            state.issuedTokens.insert(token)
            return token
        }
    }

    func isIssued(_ token: String) -> Bool {
        state.withLock { $0.issuedTokens.contains(token) }
    }

    /// `key`'s window, opened or renewed as time requires; `count` charges a request to it (false to only look,
    /// and for a 304, which GitHub does not charge).
    func take(_ key: String, limit: Int, window: Int64, count: Bool) -> Bucket {
        let now = now()
        return state.withLock { state in
            var bucket = state.buckets[key] ?? Bucket(limit: limit, used: 0, reset: now + window)
            if now >= bucket.reset { bucket = Bucket(limit: limit, used: 0, reset: now + window) }
            if count && bucket.used < bucket.limit { bucket.used += 1 }
            state.buckets[key] = bucket
            return bucket
        }
    }

}
