#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A logged-in member's tokens: never printed (`Credentials(<redacted>)`).
public struct Credentials: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The member's `_id`.
    public var userID: String
    /// The access token, sent as it is in `Authorization`.
    public var accessToken: String
    /// The refresh token, sent in `Refresh` on `GET refresh`.
    public var refreshToken: String

    /// Creates credentials (from a keychain, for a member who logged in earlier).
    public init(userID: String, accessToken: String, refreshToken: String) {
        self.userID = userID
        self.accessToken = accessToken
        self.refreshToken = refreshToken
    }

    public var description: String { "Credentials(<redacted>)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// Holds the session's tokens and makes sure that, when several requests meet 419 at once, one
/// `GET refresh` serves them all.
///
/// A request that met 419 asks for a token newer than the one it sent: if another request already
/// refreshed it, it gets that one at once; if a refresh is under way, it waits for it; otherwise it starts
/// the refresh. A 418 (or any failed refresh) ends the session: the tokens are dropped and every waiting
/// request gets `LSLPAPIError.Kind.loginRequired`.
public actor TokenStore {
    /// The current tokens; nil when no one is logged in (or the session ended).
    public private(set) var credentials: Credentials?
    private var refreshing: (stale: String, task: Task<String, any Error>)?
    private var refreshCount = 0
    private var observers: [@Sendable (Credentials?) -> Void] = []

    /// A store, empty or with the tokens of an earlier login.
    public init(credentials: Credentials? = nil) {
        self.credentials = credentials
    }

    /// How many refreshes this store has started (for tests of the one-refresh rule).
    public var refreshes: Int { refreshCount }

    /// Calls `observer` with the new tokens after every login, refresh and logout (to keep them in a keychain).
    public func observe(_ observer: @escaping @Sendable (Credentials?) -> Void) {
        observers.append(observer)
    }

    /// Replaces the tokens (login), or drops them (logout, nil).
    public func set(_ credentials: Credentials?) {
        self.credentials = credentials
        for observer in observers { observer(credentials) }
    }

    /// An access token newer than `stale`: the current one if someone already refreshed, else the result of
    /// the refresh under way or of a new one made with `refresh`.
    func token(replacing stale: String, refresh: @escaping @Sendable (Credentials) async throws(LSLPAPIError) -> String)
        async throws(LSLPAPIError) -> String
    {
        guard let current = credentials else {
            throw LSLPAPIError(kind: .loginRequired, request: "GET /refresh", detail: "the session ended; log in again")
        }
        if current.accessToken != stale { return current.accessToken }
        let task: Task<String, any Error>
        if let running = refreshing, running.stale == stale {
            task = running.task
        } else {
            refreshCount += 1
            task = Task { () async throws -> String in try await refresh(current) }
            refreshing = (stale, task)
        }
        do {
            let fresh = try await task.value
            finish(task, stale: stale, with: fresh)
            return fresh
        } catch {
            if refreshing?.stale == stale {
                refreshing = nil
                set(nil)
            }
            throw error as? LSLPAPIError ?? LSLPAPIError(kind: .loginRequired, request: "GET /refresh", detail: "\(type(of: error))")
        }
    }

    private func finish(_ task: Task<String, any Error>, stale: String, with fresh: String) {
        guard refreshing?.stale == stale else { return }
        refreshing = nil
        if var updated = credentials, updated.accessToken == stale {
            updated.accessToken = fresh
            set(updated)
        }
    }
}
