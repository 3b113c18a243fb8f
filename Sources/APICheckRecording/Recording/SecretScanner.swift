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
            patterns.map { pattern in occurs(anyOf: pattern.trigger.map { Array($0.utf8) }, in: buffer) }
        }
    }

    /// Whether one of `triggers` occurs in `buffer`. Triggers of one length that differ at one position only
    /// (GitHub's `ghp_`, `gho_`, ... `ghr_`) are looked for in one pass, anchored on a byte they share: five passes
    /// each stopped at every `p`, `o`, `u`, `s` or `r` of the file.
    static func occurs(anyOf triggers: [[UInt8]], in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = triggers.first, triggers.count > 1, triggers.allSatisfy({ $0.count == first.count }) else {
            return triggers.contains { occurs($0, in: buffer) }
        }
        let varying = first.indices.filter { index in triggers.contains { $0[index] != first[index] } }
        guard varying.count == 1, let position = varying.first, let base = buffer.baseAddress, buffer.count >= first.count else {
            return triggers.contains { occurs($0, in: buffer) }
        }
        let choices = Set(triggers.map { $0[position] })
        let anchor = first.indices.filter { $0 != position }.min { rarity(first[$0]) < rarity(first[$1]) } ?? 0
        var from = anchor
        let end = buffer.count - (first.count - anchor) + 1
        while from < end {
            guard let found = memchr(base + from, Int32(first[anchor]), end - from) else { return false }
            let start = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) - anchor
            if first.indices.allSatisfy({ $0 == position ? choices.contains(base[start + $0]) : base[start + $0] == first[$0] }) {
                return true
            }
            from = start + anchor + 1
        }
        return false
    }

    /// Whether `trigger` occurs in `buffer`.
    static func occurs(_ trigger: [UInt8], in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        firstOffset(of: trigger, in: buffer) != nil
    }

    /// Where `needle` first occurs in `buffer`: `memchr` from one occurrence of its rarest byte to the next,
    /// then a compare around it (the anchors come in order, so the first match is the first occurrence).
    static func firstOffset(of needle: [UInt8], in buffer: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = buffer.baseAddress, !needle.isEmpty, buffer.count >= needle.count else { return nil }
        let anchor = needle.indices.min { rarity(needle[$0]) < rarity(needle[$1]) } ?? 0
        var from = anchor
        let end = buffer.count - (needle.count - anchor) + 1
        while from < end {
            guard let found = memchr(base + from, Int32(needle[anchor]), end - from) else { return nil }
            let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            let start = position - anchor
            if memcmp(base + start, needle, needle.count) == 0 { return start }
            from = position + 1
        }
        return nil
    }

    /// How common a byte is in recordings, lower for rarer (the anchor of a search should stop `memchr` seldom):
    /// upper-case letters, then lower-case ones by their frequency in English, then the rest; `_` (every
    /// snake_case key), `"`, space and digits are the most common.
    static func rarity(_ byte: UInt8) -> Int {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return 0
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return 1 + (lowerCaseByFrequency.firstIndex(of: byte) ?? 26)
        case UInt8(ascii: "_"), UInt8(ascii: "\""), UInt8(ascii: " "), UInt8(ascii: "0")...UInt8(ascii: "9"): return 40
        default: return 30
        }
    }

    /// Lower-case letters from the rarest to the most common in English text.
    static let lowerCaseByFrequency = Array("zqxjkvbpygfwmucldrhsnioate".utf8)

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
            if let offset = offsets.dropFirst().compactMap({ $0 }).min() {
                found.append(("a base64 copy of a configured secret", "...", offset))
            }
        }
        return found
    }
}
