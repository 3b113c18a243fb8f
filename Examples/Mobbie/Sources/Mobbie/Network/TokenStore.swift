import Foundation

/// What Mobbie keeps in `UserDefaultsHelper`: the tokens from login, the member's id and the nickname of the day.
/// Memory here, behind a lock; an empty string where nothing is stored, as `UserDefaults` answers.
public final class TokenStore: @unchecked Sendable {
    private let lock = NSLock()
    private var values: (access: String, refresh: String, userID: String, nickname: String) = ("", "", "", "")

    public init(nickname: String = "") {
        values.nickname = nickname
    }

    public var accessToken: String { lock.withLock { values.access } }
    public var refreshToken: String { lock.withLock { values.refresh } }
    public var userID: String { lock.withLock { values.userID } }
    public var nickname: String { lock.withLock { values.nickname } }
    public var isLoggedIn: Bool { lock.withLock { !values.access.isEmpty } }

    func save(_ login: LoginResponse) {
        lock.withLock { values = (login.token, login.refreshToken, login._id, values.nickname) }
    }

    func update(accessToken: String) { lock.withLock { values.access = accessToken } }

    func clear() { lock.withLock { values = ("", "", "", values.nickname) } }
}
