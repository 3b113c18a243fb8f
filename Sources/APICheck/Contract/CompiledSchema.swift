import Foundation
import OpenAPIKit
import WireFormat

/// A JSON Schema compiled for checking: plain Swift values, patterns compiled once, `Sendable`.
///
/// Compiled from OpenAPIKit's dereferenced schemas, with the `x-apicheck-key-case` and
/// `x-apicheck-date` extensions read where they are written.
public final class CompiledSchema: Sendable {
    /// The JSON types allowed, as bits (the checker's hot path tests these, not strings).
    struct TypeMask: OptionSet, Sendable {
        let rawValue: UInt8
        static let null = TypeMask(rawValue: 1)
        static let boolean = TypeMask(rawValue: 2)
        static let integer = TypeMask(rawValue: 4)
        static let number = TypeMask(rawValue: 8)
        static let string = TypeMask(rawValue: 16)
        static let array = TypeMask(rawValue: 32)
        static let object = TypeMask(rawValue: 64)
        static let names: [(String, TypeMask)] = [
            ("null", .null), ("boolean", .boolean), ("integer", .integer), ("number", .number),
            ("string", .string), ("array", .array), ("object", .object),
        ]
    }

    let mask: TypeMask

    /// The JSON types allowed (empty: any).
    public var types: Set<String> { Set(TypeMask.names.filter { mask.contains($0.1) }.map(\.0)) }
    /// Declared properties, in order.
    public let properties: [(name: String, schema: CompiledSchema)]
    let propertyIndex: [String: CompiledSchema]
    /// The names and the schemas of ``properties`` in arrays of their own (read without copying a tuple).
    let propertyNames: [String]
    let propertySchemas: [CompiledSchema]
    /// Per declared property: whether it is required, and whether its name is snake_case / camelCase (checked once here).
    let propertyIsRequired: [Bool]
    let propertyIsSnakeCase: [Bool]
    let propertyIsCamelCase: [Bool]
    /// Required names that are not declared properties (rare; checked the slow way).
    let undeclaredRequired: [String]
    /// Required property names.
    public let required: [String]
    /// `additionalProperties`: nil when not given (extra keys allowed, reported as info).
    public let additionalAllowed: Bool?
    /// The schema of additional properties, when one is given.
    public let additionalSchema: CompiledSchema?
    /// The schema of array items.
    public let items: CompiledSchema?
    /// `enum` or `const` values.
    public let allowedValues: [JSONValue]?
    /// `format`, such as `date-time` or `uri`.
    public let format: String?
    /// The formats the checker knows, decided once instead of comparing strings per value.
    enum FormatKind: Sendable { case none, dateTime, date, uri, other }
    let formatKind: FormatKind
    /// `pattern`, as written.
    public let pattern: String?
    let regex: NSRegularExpression?
    /// `minLength`.
    public let minLength: Int?
    /// `minimum` for numbers.
    public let minimum: Double?
    /// `allOf`, `oneOf`, `anyOf` sub-schemas.
    public let allOf: [CompiledSchema]
    public let oneOf: [CompiledSchema]
    public let anyOf: [CompiledSchema]
    /// `x-apicheck-key-case` on this schema.
    public let keyCase: KeyCase?
    /// `x-apicheck-date` on this schema: the exact wire form of the date.
    public let dateForm: DateWireForm?

    init(
        types: Set<String>, properties: [(String, CompiledSchema)] = [], required: [String] = [], additionalAllowed: Bool? = nil,
        additionalSchema: CompiledSchema? = nil, items: CompiledSchema? = nil, allowedValues: [JSONValue]? = nil, format: String? = nil,
        pattern: String? = nil, minLength: Int? = nil, minimum: Double? = nil, allOf: [CompiledSchema] = [], oneOf: [CompiledSchema] = [],
        anyOf: [CompiledSchema] = [], keyCase: KeyCase? = nil, dateForm: DateWireForm? = nil
    ) {
        var mask = TypeMask()
        for (name, bit) in TypeMask.names where types.contains(name) { mask.insert(bit) }
        self.mask = mask
        self.properties = properties.map { (name: $0.0, schema: $0.1) }
        propertyNames = properties.map(\.0)
        propertySchemas = properties.map(\.1)
        var index: [String: CompiledSchema] = [:]
        for (name, schema) in properties { index[name] = schema }
        propertyIndex = index
        propertyIsRequired = properties.map { required.contains($0.0) }
        propertyIsSnakeCase = properties.map { KeyCase.snakeCase.matches($0.0) }
        propertyIsCamelCase = properties.map { KeyCase.camelCase.matches($0.0) }
        undeclaredRequired = required.filter { name in !properties.contains { $0.0 == name } }
        self.required = required
        self.additionalAllowed = additionalAllowed
        self.additionalSchema = additionalSchema
        self.items = items
        self.allowedValues = allowedValues
        self.format = format
        switch format {
        case nil: formatKind = .none
        case "date-time"?: formatKind = .dateTime
        case "date"?: formatKind = .date
        case "uri"?: formatKind = .uri
        default: formatKind = .other
        }
        self.pattern = pattern
        regex = pattern.flatMap { try? NSRegularExpression(pattern: $0) }
        self.minLength = minLength
        self.minimum = minimum
        self.allOf = allOf
        self.oneOf = oneOf
        self.anyOf = anyOf
        self.keyCase = keyCase
        self.dateForm = dateForm
    }

    /// The index of property `name` among ``properties``; `hint` is tried first (members usually come in declared order).
    func propertyPosition(_ name: String, hint: Int) -> Int? {
        if hint < propertyNames.count, propertyNames[hint] == name { return hint }
        if propertyNames.count <= 12 { return propertyNames.firstIndex(of: name) }
        guard propertyIndex[name] != nil else { return nil }
        return propertyNames.firstIndex(of: name)
    }

    /// The schema of property `name`, or nil when it is not declared.
    public func property(_ name: String) -> CompiledSchema? {
        // A few properties: comparing beats hashing.
        if properties.count <= 12 {
            for property in properties where property.name == name { return property.schema }
            return nil
        }
        return propertyIndex[name]
    }

    /// Whether `null` is allowed.
    public var allowsNull: Bool { mask.isEmpty || mask.contains(.null) }

    /// What the schema expects, for messages: `an array`, `an integer or null`.
    public var expectedDescription: String {
        if types.isEmpty { return "any value" }
        let order = ["object", "array", "string", "integer", "number", "boolean", "null"]
        let names = order.filter(types.contains).map { type -> String in
            switch type {
            case "object": return "an object"
            case "array": return "an array"
            case "integer": return "an integer"
            case "null": return "null"
            default: return "a \(type)"
            }
        }
        return names.joined(separator: " or ")
    }

    // MARK: Compiling from OpenAPIKit

    /// Compiles a dereferenced OpenAPIKit schema.
    public static func compile(_ schema: DereferencedJSONSchema) -> CompiledSchema {
        let extensions = schema.vendorExtensions
        let keyCase = (extensions["x-apicheck-key-case"]?.value as? String).flatMap(KeyCase.named)
        let dateForm = dateWireForm(extensions["x-apicheck-date"])
        let nullable = schema.nullable
        let allowed = schema.allowedValues?.map { jsonValue($0.value) }
        let format = schema.formatString.flatMap { $0.isEmpty ? nil : $0 }
        func types(_ base: String) -> Set<String> { nullable ? [base, "null"] : [base] }

        switch schema {
        case .null:
            return CompiledSchema(types: ["null"], allowedValues: allowed)
        case .boolean:
            return CompiledSchema(types: types("boolean"), allowedValues: allowed)
        case .integer(_, let context):
            return CompiledSchema(types: types("integer"), allowedValues: allowed, format: format, minimum: context.minimum.map { Double($0.value) })
        case .number(_, let context):
            return CompiledSchema(types: types("number"), allowedValues: allowed, format: format, minimum: context.minimum.map { $0.value })
        case .string(_, let context):
            return CompiledSchema(
                types: types("string"), allowedValues: allowed, format: format, pattern: context.pattern,
                minLength: context.minLength > 0 ? context.minLength : nil, dateForm: dateForm
            )
        case .object(_, let context):
            let properties = context.properties.map { ($0.key, compile($0.value)) }
            var additionalAllowed: Bool?
            var additionalSchema: CompiledSchema?
            switch context.additionalProperties {
            case .a(let flag)?: additionalAllowed = flag
            case .b(let sub)?:
                additionalAllowed = true
                additionalSchema = compile(sub)
            case nil: break
            }
            return CompiledSchema(
                types: types("object"), properties: properties, required: context.requiredProperties,
                additionalAllowed: additionalAllowed, additionalSchema: additionalSchema, allowedValues: allowed, keyCase: keyCase
            )
        case .array(_, let context):
            return CompiledSchema(types: types("array"), items: context.items.map(compile), allowedValues: allowed)
        case .all(let schemas, _):
            return CompiledSchema(types: nullable ? ["null"] : [], allOf: schemas.map(compile), keyCase: keyCase)
        case .one(let schemas, _):
            return CompiledSchema(types: [], oneOf: schemas.map(compile) + (nullable ? [CompiledSchema(types: ["null"])] : []))
        case .any(let schemas, _):
            return CompiledSchema(types: [], anyOf: schemas.map(compile) + (nullable ? [CompiledSchema(types: ["null"])] : []))
        case .not, .fragment:
            return CompiledSchema(types: [], allowedValues: allowed, format: format, keyCase: keyCase, dateForm: dateForm)
        }
    }

    /// `{fraction-digits: 6, offset: Z}` as a wire form.
    static func dateWireForm(_ value: AnyCodable?) -> DateWireForm? {
        guard let dictionary = value?.value as? [String: Any] else { return nil }
        let digits = (dictionary["fraction-digits"] as? Int) ?? 0
        let offsetText = (dictionary["offset"] as? String) ?? "Z"
        if offsetText == "Z" { return DateWireForm(fractionDigits: digits, offset: .zulu) }
        guard let stamp = try? ISO8601Timestamp(parsing: "2000-01-01T00:00:00" + offsetText) else { return nil }
        return DateWireForm(fractionDigits: digits, offset: stamp.wireForm.offset)
    }

    /// An `AnyCodable` value (from YAML) as JSON.
    static func jsonValue(_ value: Any) -> JSONValue {
        switch value {
        case let bool as Bool: return .bool(bool)
        case let int as Int: return .number(JSONNumber(int))
        case let double as Double: return .number(JSONNumber(double))
        case let string as String: return .string(string)
        case let array as [Any]: return .array(array.map(jsonValue))
        case let dictionary as [String: Any]:
            return .object(JSONObject(dictionary.keys.sorted().map { .init(key: $0, value: jsonValue(dictionary[$0] ?? NSNull())) }))
        case let codable as AnyCodable: return jsonValue(codable.value)
        default: return .null
        }
    }
}
