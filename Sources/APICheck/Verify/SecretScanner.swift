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
    package static func scan(_ text: String, values: [String] = []) -> [(what: String, excerpt: String, offset: Int)] {
        scan(bytes: Array(text.utf8), values: values)
    }

    /// The same, on a file's bytes; the text is only decoded when a trigger is present. The excerpt shows no
    /// character of the secret itself, only the shape that gave it away (`ghp_...`); `offset` is the byte where
    /// it starts.
    package static func scan(bytes: [UInt8], values: [String] = []) -> [(what: String, excerpt: String, offset: Int)] {
        var found: [(what: String, excerpt: String, offset: Int)] = []
        let present = triggersPresent(bytes)
        let text = present.contains(true) ? String(decoding: bytes, as: UTF8.self) : ""
        for (index, (name, triggers, pattern)) in patterns.enumerated() where present[index] {
            var searchRange = text.startIndex..<text.endIndex
            while let range = text.range(of: pattern, options: .regularExpression, range: searchRange) {
                let match = text[range]
                let shape = triggers.first { match.hasPrefix($0) } ?? ""
                found.append((name, shape + "...", text.utf8.distance(from: text.startIndex, to: range.lowerBound)))
                searchRange = range.upperBound..<text.endIndex
            }
        }
        // A configured value: its first occurrence, and the first of its base64 copies.
        for value in values where value.count >= 4 {
            let forms = RedactionRules.textForms(of: value)
            let offsets = forms.map { form in bytes.withUnsafeBufferPointer { firstOffset(of: Array(form.utf8), in: $0) } }
            if let offset = offsets[0] { found.append(("the value of a configured secret", "...", offset)) }
            if let offset = offsets.dropFirst().compactMap({ $0 }).min() { found.append(("a base64 copy of a configured secret", "...", offset)) }
        }
        return found
    }

    /// Where `needle` first occurs in `buffer`.
    static func firstOffset(of needle: [UInt8], in buffer: UnsafeBufferPointer<UInt8>) -> Int? {
        guard occurs(needle, in: buffer) else { return nil }
        guard buffer.count >= needle.count else { return nil }
        for start in 0...(buffer.count - needle.count) where buffer[start] == needle[0] && buffer[start..<start + needle.count].elementsEqual(needle) {
            return start
        }
        return nil
    }
}
