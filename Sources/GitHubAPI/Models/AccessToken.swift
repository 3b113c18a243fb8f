/// The answer of a successful OAuth token exchange.
///
/// The token is a secret: this type's `description` never shows it.
public struct AccessToken: Hashable, Sendable, CustomStringConvertible {
    /// The token, such as `gho_...`. Send it as `Authorization: Bearer <token>`.
    public let accessToken: String
    /// Lower-case `bearer` on the wire.
    public let tokenType: String
    /// The granted scopes, comma-separated as sent; can be `""`.
    public let scope: String

    /// Creates a token (for tests).
    public init(accessToken: String, tokenType: String, scope: String) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.scope = scope
    }

    /// The granted scopes, such as `["repo", "gist"]`; empty for `""`.
    public var scopes: [String] {
        scope.split(separator: ",").map { String($0.filter { $0 != " " }) }.filter { !$0.isEmpty }
    }

    /// `AccessToken(bearer, scope: repo,gist)`, without the token.
    public var description: String { "AccessToken(\(tokenType), scope: \(scope.isEmpty ? "none" : scope))" }
}
