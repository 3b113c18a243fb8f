/// A naming rule for object keys, as `x-apicheck-key-case` names it.
public struct KeyCase: Hashable, Sendable, CustomStringConvertible {
    // A plain enum inside (no string, no closure): a KeyCase is passed along with every value checked, and
    // copying one costs nothing.
    private enum Rule: UInt8, Hashable, Sendable {
        case snakeCase, camelCase, any
    }

    private let rule: Rule

    /// `is_done`, `created_at`, `_id`: lower-case words joined by `_` (one leading `_` allowed).
    public static let snakeCase = KeyCase(rule: .snakeCase)

    /// `isDone`, `createdAt`: a lower-case first letter, then letters and digits.
    public static let camelCase = KeyCase(rule: .camelCase)

    /// No rule: every key is accepted. For a free-form object inside a scope that has a rule (GitHub's
    /// event `payload` holds `+1`, `-1` and `_links` keys inside a snake_case API).
    public static let any = KeyCase(rule: .any)

    /// The rule named `snake_case`, `camelCase` or `any`, or nil.
    public static func named(_ name: String) -> KeyCase? {
        [snakeCase, camelCase, any].first { $0.name == name }
    }

    var name: String {
        switch rule {
        case .snakeCase: "snake_case"
        case .camelCase: "camelCase"
        case .any: "any"
        }
    }

    /// Whether `key` follows the rule.
    public func matches(_ key: String) -> Bool {
        switch rule {
        case .snakeCase: Self.isSnakeCase(key)
        case .camelCase: Self.isCamelCase(key)
        case .any: true
        }
    }

    /// Whether the key whose UTF-8 is `key` follows the rule (the streaming body check reads keys as bytes).
    package func matches(utf8 key: UnsafeBufferPointer<UInt8>) -> Bool {
        switch rule {
        case .snakeCase: Self.isSnakeCase(key)
        case .camelCase: Self.isCamelCase(key)
        case .any: true
        }
    }

    /// Whether the rule accepts every key (`any`): no key needs looking at.
    package var acceptsEveryKey: Bool { rule == .any }

    // Read from the key's storage where it has one (a loop over a string's UTF-8 view asks for each byte in turn).
    private static func isSnakeCase(_ key: String) -> Bool {
        key.utf8.withContiguousStorageIfAvailable { isSnakeCase($0) } ?? isSnakeCase(key.utf8)
    }

    private static func isCamelCase(_ key: String) -> Bool {
        key.utf8.withContiguousStorageIfAvailable { isCamelCase($0) } ?? isCamelCase(key.utf8)
    }

    @inline(__always)
    private static func isSnakeCase(_ key: some Sequence<UInt8>) -> Bool {
        // Byte by byte: this runs for every key of every body.
        var previousUnderscore = true  // a leading "_" is allowed once, then a word must follow
        var leading = true
        var count = 0
        for byte in key {
            count += 1
            if byte == 95 {
                if previousUnderscore && !(leading && count == 1) { return false }
                previousUnderscore = true
            } else if (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) {
                previousUnderscore = false
                leading = false
            } else {
                return false
            }
        }
        return count > 0 && !previousUnderscore
    }

    @inline(__always)
    private static func isCamelCase(_ key: some Collection<UInt8>) -> Bool {
        guard let first = key.first, first >= 97 && first <= 122 else { return false }
        return key.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57) }
    }

    /// Every key in `value` that breaks the rule, with its pointer (array indices kept).
    public func violations(in value: JSONValue, at pointer: JSONPointer = .root) -> [(pointer: JSONPointer, key: String)] {
        switch value {
        case .object(let object):
            return object.flatMap { member -> [(pointer: JSONPointer, key: String)] in
                let here = pointer.appending(member.key)
                let own: [(pointer: JSONPointer, key: String)] = matches(member.key) ? [] : [(here, member.key)]
                return own + violations(in: member.value, at: here)
            }
        case .array(let items):
            return items.enumerated().flatMap { violations(in: $0.element, at: pointer.appending($0.offset)) }
        default:
            return []
        }
    }

    /// `snake_case`, `camelCase` or `any`.
    public var description: String { name }
}
