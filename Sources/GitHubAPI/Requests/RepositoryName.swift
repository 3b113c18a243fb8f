/// A repository's owner and name, checked so that it can name a URL path and a cache file safely.
public struct RepositoryName: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The owner's login, such as `apple`.
    public let owner: String
    /// The repository's name, such as `swift`.
    public let name: String

    /// Creates a name from its two parts.
    ///
    /// - Throws: ``GitHubAPIError`` (`invalidRequest`) when either part holds characters GitHub does not
    ///   allow (a login is letters, digits and `-`; a name adds `.` and `_`), or the name is `.` or `..`.
    public init(owner: String, name: String) throws(GitHubAPIError) {
        let login = owner.utf8.allSatisfy { Self.isAlphanumeric($0) || $0 == UInt8(ascii: "-") }
        let repository = name.utf8.allSatisfy {
            Self.isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_")
        }
        guard !owner.isEmpty, login, owner.utf8.count <= 39 else {
            throw GitHubAPIError(
                kind: .invalidRequest, request: "\(owner)/\(name)", detail: "\"\(owner)\" is not a GitHub login (letters, digits and -)")
        }
        guard !name.isEmpty, repository, name != ".", name != "..", name.utf8.count <= 100 else {
            throw GitHubAPIError(
                kind: .invalidRequest, request: "\(owner)/\(name)",
                detail: "\"\(name)\" is not a repository name (letters, digits, ., - and _)")
        }
        self.owner = owner
        self.name = name
    }

    /// Parses `owner/name`.
    public init(_ fullName: String) throws(GitHubAPIError) {
        let parts = fullName.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw GitHubAPIError(kind: .invalidRequest, request: fullName, detail: "\"\(fullName)\" is not owner/name")
        }
        try self.init(owner: String(parts[0]), name: String(parts[1]))
    }

    /// `owner/name`.
    public var description: String { "\(owner)/\(name)" }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122)
    }
}
