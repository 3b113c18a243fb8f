#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Turns a `DecodingError` into a JSON pointer and a sentence that says what was expected and found.
///
/// Shared by the typed clients (`package`: not part of WireFormat's public API).
package enum DecodingFailure {
    package static func describe(_ error: any Error, body: Data) -> (keyPath: String?, detail: String) {
        guard let error = error as? DecodingError else { return (nil, "\(error)") }
        switch error {
        case .typeMismatch(let type, let context):
            let pointer = jsonPointer(context.codingPath)
            let found = foundValue(at: context.codingPath, in: body)
            if context.debugDescription.hasPrefix("shape mismatch") {
                return (pointer, context.debugDescription)
            }
            return (pointer, "expected \(typeName(type)), found \(found)")
        case .valueNotFound(let type, let context):
            return (jsonPointer(context.codingPath), "expected \(typeName(type)), found null")
        case .keyNotFound(let key, let context):
            let pointer = jsonPointer(context.codingPath + [key])
            return (pointer, "required key \"\(key.stringValue)\" is missing")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return ("", "the body is not valid JSON: \(context.underlyingError.map { "\($0)" } ?? context.debugDescription)")
            }
            return (jsonPointer(context.codingPath), context.debugDescription)
        @unknown default:
            return (nil, "\(error)")
        }
    }

    /// RFC 6901: `/data/3/created_at`, with `~` and `/` in keys escaped.
    static func jsonPointer(_ path: [any CodingKey]) -> String {
        path.map { key in
            if let index = key.intValue { return "/\(index)" }
            return "/" + key.stringValue.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
        }.joined()
    }

    static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is Bool.Type: return "a boolean"
        case is String.Type: return "a string"
        case is Int.Type, is Int64.Type, is Int32.Type: return "an integer"
        case is Double.Type, is Float.Type: return "a number"
        case is Date.Type: return "a date-time string"
        default:
            let name = "\(type)"
            if name.hasPrefix("Array<") { return "an array" }
            if name.hasPrefix("Dictionary<") { return "an object" }
            return "\(name) (an object)"
        }
    }

    /// The value actually at `path` in `body`, briefly: `"12" (a string)`, `0 (a number)`, `an object`.
    /// Only runs on the failure path, so the extra parse costs nothing when decoding succeeds.
    static func foundValue(at path: [any CodingKey], in body: Data) -> String {
        guard var node = try? JSONDecoder().decode(JSONNode.self, from: body) else { return "something else" }
        for key in path {
            switch node {
            case .array(let items) where key.intValue.map(items.indices.contains) == true:
                node = items[key.intValue ?? 0]
            case .object(let members):
                guard let next = members[key.stringValue] else { return "nothing" }
                node = next
            default:
                return "something else"
            }
        }
        return node.summary
    }
}

/// Just enough of a JSON tree to say what a failing key held.
private enum JSONNode: Decodable {
    case null, bool(Bool), number(Double), string(String), array([JSONNode]), object([String: JSONNode])

    init(from decoder: any Decoder) throws {
        if var items = try? decoder.unkeyedContainer() {
            var nodes: [JSONNode] = []
            while !items.isAtEnd { nodes.append(try items.decode(JSONNode.self)) }
            self = .array(nodes)
            return
        }
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            var members: [String: JSONNode] = [:]
            for key in object.allKeys { members[key.stringValue] = try object.decode(JSONNode.self, forKey: key) }
            self = .object(members)
            return
        }
        let value = try decoder.singleValueContainer()
        if value.decodeNil() {
            self = .null
        } else if let bool = try? value.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? value.decode(Double.self) {
            self = .number(number)
        } else {
            self = .string(try value.decode(String.self))
        }
    }

    var summary: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return "\(value) (a boolean)"
        case .number(let value):
            let text = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
            return "\(text) (a number)"
        case .string(let value):
            let shown = value.count > 60 ? String(value.prefix(60)) + "..." : value
            return "\"\(shown)\" (a string)"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    struct AnyKey: CodingKey {
        let stringValue: String
        let intValue: Int? = nil
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { return nil }
    }
}
