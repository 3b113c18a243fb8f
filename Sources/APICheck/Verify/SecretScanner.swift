/// Looks for what seems to be a live secret in a recording's text: tokens that redaction should have removed.
public enum SecretScanner {
    /// Well-known shapes of live secrets: a JWT, a Kakao key, a GitHub token, a long bearer token.
    static let patterns: [(name: String, regex: String)] = [
        ("a JWT", #"eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*"#),
        ("a Kakao REST API key", #"KakaoAK [0-9a-fA-F]{16,}"#),
        ("a GitHub token", #"gh[pousr]_[A-Za-z0-9]{20,}"#),
        ("a bearer token", #"Bearer [A-Za-z0-9._~+/-]{16,}"#),
    ]

    /// Each secret-looking match in `text`, with what it looks like; `values` are known secrets (from the environment).
    public static func scan(_ text: String, values: [String] = []) -> [(what: String, excerpt: String)] {
        var found: [(what: String, excerpt: String)] = []
        for (name, pattern) in patterns {
            var searchRange = text.startIndex..<text.endIndex
            while let range = text.range(of: pattern, options: .regularExpression, range: searchRange) {
                let match = String(text[range])
                found.append((name, String(match.prefix(12)) + "..."))
                searchRange = range.upperBound..<text.endIndex
            }
        }
        for value in values where value.count >= 4 && text.contains(value) {
            found.append(("the value of a configured secret", String(value.prefix(3)) + "..."))
        }
        return found
    }
}

import Foundation
