import APICheckRecording
import Foundation
import OpenAPIKit

/// Decodes a `Decodable` type straight from a ``JSONValue`` tree, answering as `JSONDecoder` answers for the same JSON
/// text: the same values accepted and refused, the same coding paths in its errors (an array item is `Index 3`), URL
/// and Data read as `JSONDecoder` reads them (a URL string, base64).
///
/// Why: OpenAPIKit's check of a contract's structure was two thirds of loading a contract. For every object that can
/// have `x-` extensions it decodes the whole subtree again as `AnyCodable`, which tries `Bool`, `Int`, `Double` before
/// `String` on every string; `JSONDecoder` builds each failed try's error from a linked coding path, walking it from
/// the root (`_CodingPathNode.path` was 14% of an empty `apicheck verify`'s samples). Here a container keeps its path
/// as an array, a failed try costs one error value, and nothing is written out as text to be parsed again.
/// `JSONValueDecoderTests` holds it equal to `JSONDecoder` on every contract of the repository and thousands of
/// mutations of them.
struct JSONValueDecoder {
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    /// Whether an object decoded as `AnyCodable` keeps only its `x-` members' values (the others become null).
    ///
    /// OpenAPIKit finds an object's vendor extensions by decoding the whole object as `AnyCodable` and keeping its
    /// `x-` members: at every extendable level (the document, components, each path item, operation, response,
    /// parameter...) the whole subtree below is decoded again, a cost of depth times size (a fifth of loading a
    /// vendor's description). Decoding an object as `AnyCodable` cannot fail in any other way than its members can,
    /// and those members are read again with their own types where OpenAPI gives them one; the structure check keeps
    /// only the verdict. `JSONValueDecoderTests` holds the verdicts equal to `JSONDecoder`'s with and without it.
    var extensionValuesOnly = false

    func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try ValueDecoder(value: value, codingPath: [], userInfo: userInfo, extensionValuesOnly: extensionValuesOnly).decodeValue(type)
    }
}

/// An array item's coding key, as `JSONDecoder` names it.
private struct IndexKey: CodingKey {
    let intValue: Int?
    let stringValue: String

    init(index: Int) {
        intValue = index
        stringValue = "Index \(index)"
    }

    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.init(index: intValue) }
}

/// What `JSONDecoder`'s messages call each kind of value.
private func describe(_ value: JSONValue) -> String {
    switch value {
    case .null: return "null value"
    case .bool: return "bool"
    case .number(let number): return "number \(number.literal)"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "a dictionary"
    }
}

private struct ValueDecoder: Decoder, SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let userInfoValues: [CodingUserInfoKey: any Sendable]
    /// ``JSONValueDecoder/extensionValuesOnly``.
    let extensionValuesOnly: Bool

    init(value: JSONValue, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: any Sendable], extensionValuesOnly: Bool) {
        self.value = value
        self.codingPath = codingPath
        self.userInfoValues = userInfo
        self.extensionValuesOnly = extensionValuesOnly
    }

    var userInfo: [CodingUserInfoKey: Any] { userInfoValues }

    /// A value of another type: `valueNotFound` for null (as `JSONDecoder`), else `typeMismatch`.
    func mismatch(_ type: Any.Type, what: String? = nil) -> DecodingError {
        if value.isNull {
            return DecodingError.valueNotFound(
                type,
                .init(codingPath: codingPath, debugDescription: "Cannot get \(what ?? "value of type \(type)") -- found null value instead")
            )
        }
        return DecodingError.typeMismatch(
            type, .init(codingPath: codingPath, debugDescription: "Expected to decode \(type) but found \(describe(value)) instead."))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else {
            throw value.isNull ? mismatch(KeyedDecodingContainer<Key>.self, what: "keyed decoding container") : mismatch([String: Any].self)
        }
        return KeyedDecodingContainer(
            KeyedContainer<Key>(object: object, codingPath: codingPath, userInfo: userInfoValues, extensionValuesOnly: extensionValuesOnly))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else {
            throw value.isNull ? mismatch((any UnkeyedDecodingContainer).self, what: "unkeyed decoding container") : mismatch([Any].self)
        }
        return UnkeyedContainer(items: items, codingPath: codingPath, userInfo: userInfoValues, extensionValuesOnly: extensionValuesOnly)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: Single values

    func decodeNil() -> Bool { value.isNull }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch(type) }
        return flag
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let text) = value else { throw mismatch(type) }
        return text
    }

    func decode(_ type: Double.Type) throws -> Double {
        guard case .number(let number) = value else { throw mismatch(type) }
        guard let double = Double(number.literal), double.isFinite else {
            throw corrupted("Number \(number.literal) is not representable in Swift.")
        }
        return double
    }

    func decode(_ type: Float.Type) throws -> Float {
        let double = try decode(Double.self)
        guard abs(double) <= Double(Float.greatestFiniteMagnitude) else { throw corrupted("Number \(double) does not fit in Float.") }
        return Float(double)
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }

    /// An integer as `JSONDecoder` reads one: digits that fit (`1.0` and `1e2` too, when they are whole and fit).
    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard case .number(let number) = value else { throw mismatch(type) }
        if let exact = T(number.literal) { return exact }
        if let double = Double(number.literal), let whole = T(exactly: double) { return whole }
        throw corrupted("Number \(number.literal) does not fit in \(type).")
    }

    private func corrupted(_ message: String) -> DecodingError {
        DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: message))
    }

    /// `type` from this value; URL and Data as `JSONDecoder` reads them.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if type == URL.self {
            let text = try decode(String.self)
            guard let url = URL(string: text) as? T else { throw corrupted("Invalid URL string.") }
            return url
        }
        if type == Data.self {
            let text = try decode(String.self)
            guard let data = Data(base64Encoded: text) as? T else { throw corrupted("Encountered Data is not valid Base64.") }
            return data
        }
        if extensionValuesOnly, type == [String: AnyCodable].self, case .object(let object) = value {
            if let members = try extensionMembers(of: object) as? T { return members }
        }
        return try T(from: self)
    }

    /// An object as `[String: AnyCodable]` whose members other than `x-` ones are null (``JSONValueDecoder/extensionValuesOnly``).
    private func extensionMembers(of object: JSONObject) throws -> [String: AnyCodable] {
        var members: [String: AnyCodable] = [:]
        for member in object {
            let key = MemberKey(member.key)
            if member.key.lowercased().hasPrefix("x-") {
                members[member.key] = try ValueDecoder(
                    value: member.value, codingPath: codingPath + [key], userInfo: userInfoValues, extensionValuesOnly: true
                ).decodeValue(AnyCodable.self)
            } else {
                members[member.key] = AnyCodable(NSNull())
            }
        }
        return members
    }
}

/// An object member's coding key.
private struct MemberKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: any Sendable]
    let extensionValuesOnly: Bool

    var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { object.contains(key: key.stringValue) }

    private func child(_ key: Key) throws -> ValueDecoder {
        guard let value = object[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return ValueDecoder(value: value, codingPath: codingPath + [key], userInfo: userInfo, extensionValuesOnly: extensionValuesOnly)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try child(key).decodeNil() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decodeValue(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }

    /// As `JSONDecoder`: a missing key gives a decoder of `null`.
    func superDecoder() throws -> any Decoder {
        ValueDecoder(
            value: object["super"] ?? .null, codingPath: codingPath + [SuperKey()], userInfo: userInfo,
            extensionValuesOnly: extensionValuesOnly)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ValueDecoder(
            value: object[key.stringValue] ?? .null, codingPath: codingPath + [key], userInfo: userInfo,
            extensionValuesOnly: extensionValuesOnly)
    }
}

private struct SuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: any Sendable]
    let extensionValuesOnly: Bool
    private(set) var currentIndex = 0

    init(items: [JSONValue], codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: any Sendable], extensionValuesOnly: Bool) {
        self.items = items
        self.codingPath = codingPath
        self.userInfo = userInfo
        self.extensionValuesOnly = extensionValuesOnly
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private mutating func next(_ type: Any.Type) throws -> ValueDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type, .init(codingPath: codingPath + [IndexKey(index: currentIndex)], debugDescription: "Unkeyed container is at end."))
        }
        defer { currentIndex += 1 }
        return ValueDecoder(
            value: items[currentIndex], codingPath: codingPath + [IndexKey(index: currentIndex)], userInfo: userInfo,
            extensionValuesOnly: extensionValuesOnly)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any?.self, .init(codingPath: codingPath + [IndexKey(index: currentIndex)], debugDescription: "Unkeyed container is at end.")
            )
        }
        if items[currentIndex].isNull {
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type).decode(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next(type).decode(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type).decode(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type).decode(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type).decode(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type).decode(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type).decode(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type).decode(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type).decode(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type).decode(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type).decode(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type).decode(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type).decode(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type).decode(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type).decodeValue(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next(KeyedDecodingContainer<NestedKey>.self).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next((any UnkeyedDecodingContainer).self).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        try next((any Decoder).self)
    }
}
