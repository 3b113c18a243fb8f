#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Encodes a flat `Encodable` value (strings, numbers, booleans, dates) as form fields.
///
/// Keys keep the order the value encodes them in; `nil` optionals are left out; booleans are
/// `true`/`false`; dates are written in ``dateWireForm``. Nested objects and arrays have no
/// standard form encoding and throw `EncodingError.invalidValue` naming the key.
///
/// ```swift
/// struct Update: Encodable { let title: String; let is_done: Bool }
/// let body = try FormEncoder().encode(Update(title: "a+b & 할 일", is_done: true))
/// // "title=a%2Bb%20%26%20%ED%95%A0%20%EC%9D%BC&is_done=true"
/// ```
public struct FormEncoder: Sendable {
    /// The form dates are written in.
    public var dateWireForm: DateWireForm

    /// Creates an encoder; dates are written in `dateWireForm`.
    public init(dateWireForm: DateWireForm = .microsecondsUTC) {
        self.dateWireForm = dateWireForm
    }

    /// Encodes `value` into ordered fields.
    public func fields<T: Encodable>(_ value: T) throws -> [FormField] {
        let storage = FieldStorage()
        let encoder = FieldEncoder(storage: storage, codingPath: [], dateCodec: ISO8601DateCodec(wireForm: dateWireForm))
        try value.encode(to: encoder)
        return storage.fields
    }

    /// Encodes `value` into a body string, `name=value&...`.
    public func encode<T: Encodable>(_ value: T) throws -> String {
        FormURLEncoding.encode(try fields(value))
    }
}

/// Collects fields while one value encodes; lives only for one `FormEncoder.fields(_:)` call.
private final class FieldStorage {
    var fields: [FormField] = []
}

private struct FieldEncoder: Encoder {
    let storage: FieldStorage
    let codingPath: [any CodingKey]
    let dateCodec: ISO8601DateCodec
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(FieldContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnsupportedUnkeyed(codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        UnsupportedSingle(codingPath: codingPath)
    }
}

private func unsupported(_ what: String, at path: [any CodingKey]) -> EncodingError {
    let where_ = path.isEmpty ? "the top level" : path.map(\.stringValue).joined(separator: ".")
    return EncodingError.invalidValue(
        what,
        .init(
            codingPath: path,
            debugDescription:
                "\(what) at \(where_) has no form-urlencoded form; encode a flat struct of strings, numbers, booleans and dates")
    )
}

private struct FieldContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: FieldEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func add(_ key: Key, _ value: String) {
        encoder.storage.fields.append(FormField(key.stringValue, value))
    }

    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode(_ value: Bool, forKey key: Key) throws { add(key, value ? "true" : "false") }
    mutating func encode(_ value: String, forKey key: Key) throws { add(key, value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { add(key, "\(value)") }
    mutating func encode(_ value: Float, forKey key: Key) throws { add(key, "\(value)") }
    mutating func encode(_ value: Int, forKey key: Key) throws { add(key, String(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { add(key, String(value)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { add(key, String(value)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { add(key, String(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { add(key, String(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { add(key, String(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { add(key, String(value)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { add(key, String(value)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { add(key, String(value)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { add(key, String(value)) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        switch value {
        case let date as Date: add(key, encoder.dateCodec.string(from: date))
        case let url as URL: add(key, url.absoluteString)
        case let decimal as Decimal: add(key, "\(decimal)")
        default:
            // Single-value wrappers (enums with raw values, tagged types) encode through here.
            let single = SingleFieldEncoder(codingPath: codingPath + [key], dateCodec: encoder.dateCodec)
            try value.encode(to: single)
            guard let string = single.box.value else {
                throw unsupported("\(T.self)", at: codingPath + [key])
            }
            add(key, string)
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<
        NestedKey
    > {
        KeyedEncodingContainer(RejectingKeyed<NestedKey>(codingPath: codingPath + [key]))
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        UnsupportedUnkeyed(codingPath: codingPath + [key])
    }
    mutating func superEncoder() -> any Encoder { encoder }
    mutating func superEncoder(forKey key: Key) -> any Encoder { encoder }
}

/// Receives the one scalar a single-value wrapper (a raw-value enum, say) encodes.
private final class ValueBox {
    var value: String?
}

private struct SingleFieldEncoder: Encoder, SingleValueEncodingContainer {
    let codingPath: [any CodingKey]
    let dateCodec: ISO8601DateCodec
    let box = ValueBox()
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(RejectingKeyed<Key>(codingPath: codingPath))
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { UnsupportedUnkeyed(codingPath: codingPath) }
    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    func encodeNil() throws {}
    func encode(_ value: Bool) throws { box.value = value ? "true" : "false" }
    func encode(_ value: String) throws { box.value = value }
    func encode(_ value: Double) throws { box.value = "\(value)" }
    func encode(_ value: Float) throws { box.value = "\(value)" }
    func encode(_ value: Int) throws { box.value = String(value) }
    func encode(_ value: Int8) throws { box.value = String(value) }
    func encode(_ value: Int16) throws { box.value = String(value) }
    func encode(_ value: Int32) throws { box.value = String(value) }
    func encode(_ value: Int64) throws { box.value = String(value) }
    func encode(_ value: UInt) throws { box.value = String(value) }
    func encode(_ value: UInt8) throws { box.value = String(value) }
    func encode(_ value: UInt16) throws { box.value = String(value) }
    func encode(_ value: UInt32) throws { box.value = String(value) }
    func encode(_ value: UInt64) throws { box.value = String(value) }
    func encode<T: Encodable>(_ value: T) throws {
        if let date = value as? Date {
            box.value = dateCodec.string(from: date)
            return
        }
        try value.encode(to: self)
    }
}

/// A keyed container that fails on the first value: nested objects have no form encoding.
private struct RejectingKeyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let codingPath: [any CodingKey]
    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        throw unsupported("a nested object", at: codingPath)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<
        NestedKey
    > {
        KeyedEncodingContainer(RejectingKeyed<NestedKey>(codingPath: codingPath + [key]))
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        UnsupportedUnkeyed(codingPath: codingPath + [key])
    }
    mutating func superEncoder() -> any Encoder { UnsupportedEncoder(codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { UnsupportedEncoder(codingPath: codingPath) }
}

private struct UnsupportedUnkeyed: UnkeyedEncodingContainer {
    let codingPath: [any CodingKey]
    var count: Int { 0 }
    mutating func encodeNil() throws { throw unsupported("an array", at: codingPath) }
    mutating func encode<T: Encodable>(_ value: T) throws { throw unsupported("an array", at: codingPath) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RejectingKeyed<NestedKey>(codingPath: codingPath))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
    mutating func superEncoder() -> any Encoder { UnsupportedEncoder(codingPath: codingPath) }
}

private struct UnsupportedSingle: SingleValueEncodingContainer {
    let codingPath: [any CodingKey]
    mutating func encodeNil() throws { throw unsupported("a single value", at: codingPath) }
    mutating func encode<T: Encodable>(_ value: T) throws { throw unsupported("a single value", at: codingPath) }
}

private struct UnsupportedEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(RejectingKeyed<Key>(codingPath: codingPath))
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { UnsupportedUnkeyed(codingPath: codingPath) }
    func singleValueContainer() -> any SingleValueEncodingContainer { UnsupportedSingle(codingPath: codingPath) }
}
