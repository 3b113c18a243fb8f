/// Where a check is, as a stack of tokens, turned into pointers only when there is a finding.
///
/// Two pointers come out: the general one of the report (`/data/*/id`: array items and map values
/// as `*`, so that the same finding at every item is one finding) and the concrete one of the first
/// place (`/data/3/id`), which locates its line in the file.
package struct FindingPath {
    package enum Token {
        case key(String)
        case index(Int)
        /// A value of a map (`additionalProperties`): reported as `*`, located by its key.
        case mapKey(String)
    }

    private var tokens: [Token] = []

    package init() {}

    package mutating func push(_ token: Token) { tokens.append(token) }
    package mutating func pop() { tokens.removeLast() }

    /// The general and the concrete pointer of the current place, after `base`, with `extraKey` appended.
    package func pointers(base: String = "", extraKey: String? = nil) -> (general: String, concrete: String) {
        var general = base
        var concrete = ""
        for token in tokens {
            switch token {
            case .key(let key):
                general += "/" + Self.escape(key)
                concrete += "/" + Self.escape(key)
            case .index(let index):
                general += "/*"
                concrete += "/\(index)"
            case .mapKey(let key):
                general += "/*"
                concrete += "/" + Self.escape(key)
            }
        }
        if let extraKey {
            general += "/" + Self.escape(extraKey)
            concrete += "/" + Self.escape(extraKey)
        }
        return (general, concrete)
    }

    /// A key as a JSON Pointer token (RFC 6901): `~` as `~0`, `/` as `~1`.
    static func escape(_ key: String) -> String {
        // Bytes, not `String.contains`: on Linux that goes through NSString, and this runs for every finding.
        key.utf8.contains { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }
            ? key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") : key
    }
}
