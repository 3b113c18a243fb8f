/// A JSON value that keeps what was on the wire: object key order and number literals.
///
/// Foundation's `JSONSerialization` loses both (it reorders keys and reads `10.309712` as a
/// `Double`), so recordings would churn on every re-record. Equality here is exact, key order
/// included; use ``isEquivalent(to:)`` to compare values as JSON (key order ignored, numbers by value).
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The member `key` of an object, or nil for a missing key or a value that is not an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The element at `index` of an array, or nil when out of range or not an array.
    public subscript(index: Int) -> JSONValue? {
        if case .array(let items) = self, items.indices.contains(index) { return items[index] }
        return nil
    }

    /// The value at `pointer` (RFC 6901), or nil when the pointer leads nowhere.
    public subscript(pointer pointer: JSONPointer) -> JSONValue? {
        var node = self
        for token in pointer.tokens {
            switch node {
            case .object(let object):
                guard let next = object[token] else { return nil }
                node = next
            case .array(let items):
                guard let index = JSONPointer.arrayIndex(token), items.indices.contains(index) else { return nil }
                node = items[index]
            default:
                return nil
            }
        }
        return node
    }

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The boolean, when this is a boolean.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The number, when this is a number.
    public var numberValue: JSONNumber? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The object, when this is an object.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The JSON type's name as a schema would say it: `object`, `array`, `string`, `number`, `integer`, `boolean`, `null`.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number(let number): return number.isInteger ? "integer" : "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// Compares as JSON values: object key order is ignored and numbers compare by value (`1.0` equals `1`).
    public func isEquivalent(to other: JSONValue) -> Bool {
        switch (self, other) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a.isNumericallyEqual(to: b)
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isEquivalent(to: $1) }
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            return a.allSatisfy { member in b[member.key].map { member.value.isEquivalent(to: $0) } ?? false }
        default: return false
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByNilLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// A string value.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A boolean value.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer value.
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    /// `null`.
    public init(nilLiteral: ()) { self = .null }
    /// An array value.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object value, keys in the order written.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }
}

extension JSONValue {
    /// Replaces the value at `pointer` (nil removes an object member); a pointer that leads nowhere changes nothing.
    public mutating func set(_ newValue: JSONValue?, at pointer: JSONPointer) {
        guard let first = pointer.tokens.first else {
            if let newValue { self = newValue }
            return
        }
        let rest = JSONPointer(tokens: Array(pointer.tokens.dropFirst()))
        switch self {
        case .object(var object):
            if rest.isRoot {
                object[first] = newValue
            } else if var child = object[first] {
                child.set(newValue, at: rest)
                object[first] = child
            }
            self = .object(object)
        case .array(var items):
            guard let index = JSONPointer.arrayIndex(first), items.indices.contains(index) else { return }
            if rest.isRoot {
                if let newValue { items[index] = newValue } else { items.remove(at: index) }
            } else {
                items[index].set(newValue, at: rest)
            }
            self = .array(items)
        default:
            return
        }
    }
}
