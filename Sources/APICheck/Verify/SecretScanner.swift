/// Looks for what seems to be a live secret in a recording's text: tokens that redaction should have removed.
public enum SecretScanner {
    /// Well-known shapes of live secrets: a JWT, a Kakao key, a GitHub token, a long bearer token.
    static let patterns: [(name: String, trigger: [String], regex: String)] = [
        ("a JWT", ["eyJ"], #"eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*"#),
        ("a Kakao REST API key", ["KakaoAK "], #"KakaoAK [0-9a-fA-F]{16,}"#),
        ("a GitHub token", ["ghp_", "gho_", "ghu_", "ghs_", "ghr_"], #"gh[pousr]_[A-Za-z0-9]{20,}"#),
        ("a bearer token", ["Bearer "], #"Bearer [A-Za-z0-9._~+/-]{16,}"#),
    ]

    /// Which patterns' trigger strings occur in `bytes`, found in one pass (most files have none).
    static func triggersPresent(_ bytes: [UInt8]) -> [Bool] {
        let triggers = patterns.enumerated().flatMap { index, pattern in pattern.trigger.map { (index, Array($0.utf8)) } }
        var firstBytes = [Bool](repeating: false, count: 256)
        for (_, trigger) in triggers { firstBytes[Int(trigger[0])] = true }
        var present = [Bool](repeating: false, count: patterns.count)
        bytes.withUnsafeBufferPointer { buffer in
            for position in buffer.indices where firstBytes[Int(buffer[position])] {
                for (index, trigger) in triggers where !present[index] && position + trigger.count <= buffer.count {
                    var matched = true
                    for offset in 0..<trigger.count where buffer[position + offset] != trigger[offset] {
                        matched = false
                        break
                    }
                    if matched { present[index] = true }
                }
            }
        }
        return present
    }

    /// Whether `needle` occurs in `haystack`, byte for byte (a cheap test before any regular expression).
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first {
                var matched = true
                for offset in 1..<needle.count where haystack[index + offset] != needle[offset] {
                    matched = false
                    break
                }
                if matched { return true }
            }
            index += 1
        }
        return false
    }

    /// Each secret-looking match in `text`, with what it looks like; `values` are known secrets (from the environment).
    public static func scan(_ text: String, values: [String] = []) -> [(what: String, excerpt: String)] {
        scan(bytes: Array(text.utf8), values: values)
    }

    /// The same, on a file's bytes; the text is only decoded when a trigger is present.
    public static func scan(bytes: [UInt8], values: [String] = []) -> [(what: String, excerpt: String)] {
        var found: [(what: String, excerpt: String)] = []
        let present = triggersPresent(bytes)
        let text = present.contains(true) ? String(decoding: bytes, as: UTF8.self) : ""
        for (index, (name, _, pattern)) in patterns.enumerated() where present[index] {
            var searchRange = text.startIndex..<text.endIndex
            while let range = text.range(of: pattern, options: .regularExpression, range: searchRange) {
                let match = String(text[range])
                found.append((name, String(match.prefix(12)) + "..."))
                searchRange = range.upperBound..<text.endIndex
            }
        }
        for value in values where value.count >= 4 && contains(bytes, Array(value.utf8)) {
            found.append(("the value of a configured secret", String(value.prefix(3)) + "..."))
        }
        return found
    }
}

import Foundation
