import Foundation

/// Looks for what seems to be a live secret in a recording's text: tokens that redaction should have removed.
package enum SecretScanner {
    /// Well-known shapes of live secrets: a JWT, a Kakao key, a GitHub token, a long bearer token.
    static let patterns: [(name: String, trigger: [String], regex: String)] = [
        ("a JWT", ["eyJ"], #"eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*"#),
        ("a Kakao REST API key", ["KakaoAK "], #"KakaoAK [0-9a-fA-F]{16,}"#),
        ("a GitHub token", ["ghp_", "gho_", "ghu_", "ghs_", "ghr_"], #"gh[pousr]_[A-Za-z0-9]{20,}"#),
        ("a bearer token", ["Bearer "], #"Bearer [A-Za-z0-9._~+/-]{16,}"#),
    ]

    /// Which patterns' trigger strings occur in `bytes` (most files have none).
    static func triggersPresent(_ bytes: [UInt8]) -> [Bool] {
        bytes.withUnsafeBufferPointer { buffer in
            patterns.map { pattern in pattern.trigger.contains { occurs(Array($0.utf8), in: buffer) } }
        }
    }

    /// Whether `trigger` occurs in `buffer`: `memchr` from one occurrence of its rarest byte to the next,
    /// then a compare around it. JSON text is mostly lower case, so the rarest byte is taken to be an
    /// upper-case letter or `_` when the trigger has one.
    static func occurs(_ trigger: [UInt8], in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = buffer.baseAddress, !trigger.isEmpty, buffer.count >= trigger.count else { return false }
        let anchor = trigger.firstIndex { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") } ?? trigger.firstIndex(of: UInt8(ascii: "_")) ?? 0
        var from = anchor
        let end = buffer.count - (trigger.count - anchor) + 1
        while from < end {
            guard let found = memchr(base + from, Int32(trigger[anchor]), end - from) else { return false }
            let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            let start = position - anchor
            if memcmp(base + start, trigger, trigger.count) == 0 { return true }
            from = position + 1
        }
        return false
    }

    /// Each secret-looking match in `text`, with what it looks like; `values` are known secrets (from the environment).
    package static func scan(_ text: String, values: [String] = []) -> [(what: String, excerpt: String)] {
        scan(bytes: Array(text.utf8), values: values)
    }

    /// The same, on a file's bytes; the text is only decoded when a trigger is present.
    package static func scan(bytes: [UInt8], values: [String] = []) -> [(what: String, excerpt: String)] {
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
        for value in values where value.count >= 4 && bytes.withUnsafeBufferPointer({ occurs(Array(value.utf8), in: $0) }) {
            found.append(("the value of a configured secret", String(value.prefix(3)) + "..."))
        }
        return found
    }
}
