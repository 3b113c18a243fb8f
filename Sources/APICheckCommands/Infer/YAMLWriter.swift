/// Writes a ``JSONValue`` as block-style YAML with a stable layout (keys in order, two-space indent).
import APICheckRecording

enum YAMLWriter {
    static func write(_ value: JSONValue) -> String {
        var lines: [String] = []
        emit(value, indent: 0, into: &lines, prefix: nil)
        return lines.joined(separator: "\n") + "\n"
    }

    static func emit(_ value: JSONValue, indent: Int, into lines: inout [String], prefix: String?) {
        let pad = String(repeating: " ", count: indent)
        switch value {
        case .object(let object) where !object.isEmpty:
            if let prefix { lines.append(pad + prefix) }
            let inner = prefix == nil ? indent : indent + 2
            for member in object {
                let key = scalarKey(member.key)
                switch member.value {
                case .object(let child) where !child.isEmpty:
                    emit(member.value, indent: inner, into: &lines, prefix: "\(key):")
                case .array(let items) where !items.isEmpty && !items.allSatisfy(\.isScalar):
                    emit(member.value, indent: inner, into: &lines, prefix: "\(key):")
                default:
                    lines.append(String(repeating: " ", count: inner) + "\(key): \(inline(member.value))")
                }
            }
        case .array(let items) where !items.isEmpty && !items.allSatisfy(\.isScalar):
            if let prefix { lines.append(pad + prefix) }
            let inner = prefix == nil ? indent : indent + 2
            for item in items {
                var nested: [String] = []
                emit(item, indent: inner + 2, into: &nested, prefix: nil)
                if var first = nested.first {
                    first = String(repeating: " ", count: inner) + "- " + first.dropFirst(inner + 2)
                    lines.append(first)
                    lines.append(contentsOf: nested.dropFirst())
                }
            }
        default:
            lines.append(pad + (prefix.map { "\($0) " } ?? "") + inline(value))
        }
    }

    /// A scalar, an empty container, or a flow list of scalars on one line.
    static func inline(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return number.literal
        case .string(let text): return scalarString(text)
        case .array(let items): return "[" + items.map(inline).joined(separator: ", ") + "]"
        case .object: return "{}"
        }
    }

    static func scalarKey(_ key: String) -> String {
        // Status codes stay strings ("200"), as OpenAPI wants.
        plainSafe(key) && Double(key) == nil ? key : JSONWriter.compact(.string(key))
    }

    static func scalarString(_ text: String) -> String {
        plainSafe(text) && !["true", "false", "null", "yes", "no", "on", "off", "~"].contains(text.lowercased()) && Double(text) == nil
            ? text : JSONWriter.compact(.string(text))
    }

    /// Whether text can be written without quotes (conservatively).
    static func plainSafe(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, !text.isEmpty else { return false }
        if "-?:,[]{}#&*!|>'\"%@`/".unicodeScalars.contains(first) && first != "/" { return false }
        return text.unicodeScalars.allSatisfy { scalar in
            (scalar.value >= 0x30 && scalar.value <= 0x39) || (scalar.value >= 0x41 && scalar.value <= 0x5A)
                || (scalar.value >= 0x61 && scalar.value <= 0x7A) || "_-./{}".unicodeScalars.contains(scalar)
        } && !text.hasPrefix("{")
    }
}
