#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A JSON value as it arrived, for an event's `payload`, whose shape varies by event type.
///
/// Integers stay exact up to 64 bits (GitHub's ids pass 2^53 in some payloads, never 2^63).
public enum PayloadValue: Hashable, Sendable, Codable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([PayloadValue])
    case object([String: PayloadValue])

    /// Reads any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let integer = try? container.decode(Int64.self) {
            self = .integer(integer)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([PayloadValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: PayloadValue].self))
        }
    }

    /// Writes the value back as JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The member `key` of an object, or nil.
    public subscript(key: String) -> PayloadValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The string, or nil for any other kind of value.
    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer, or nil for any other kind of value (a number with a fraction included).
    public var integer: Int64? {
        switch self {
        case .integer(let value): return value
        case .number(let value) where value == value.rounded() && abs(value) < 9.2e18: return Int64(value)
        default: return nil
        }
    }

    /// The boolean, or nil for any other kind of value.
    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements of an array, or nil for any other kind of value.
    public var array: [PayloadValue]? {
        if case .array(let value) = self { return value }
        return nil
    }
}
