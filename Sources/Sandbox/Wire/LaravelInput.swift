/// How Laravel's default middleware changes every input string before validation sees it.
enum LaravelInput {
    /// `TrimStrings`: strips Unicode White_Space, U+FEFF and U+200B from both ends
    /// (`preg_replace('~^[\s\x{FEFF}\x{200B}]+|[\s\x{FEFF}\x{200B}]+$~u', ...)`; PHP's `/u` makes `\s` Unicode).
    /// The contract's `pattern` for a required text says the same: at least one character not in this set.
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }), let last = scalars.lastIndex(where: { !isTrimmed($0) }) else {
            return ""
        }
        return String(scalars[first...last])
    }

    static func isTrimmed(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar.value == 0xFEFF || scalar.value == 0x200B
    }

    /// The values this API reads as a boolean (`is_done`): the strings the clients send, and Laravel's `1`/`0`.
    static func boolean(_ text: String) -> Bool? {
        switch text {
        case "true", "1": return true
        case "false", "0": return false
        default: return nil
        }
    }
}
