import APICheckRecording
import Foundation
import WireFormat

/// A JSON Schema (2020-12) compiled for checking: plain Swift values, patterns compiled once, `Sendable`.
///
/// Made by ``SchemaCompiler`` from the contract's own YAML tree, so that every keyword written is
/// either enforced here or refused when the contract loads: none is dropped on the way.
public final class CompiledSchema: Sendable {
    /// The JSON types allowed, as bits (the checker's hot path tests these, not strings).
    package struct TypeMask: OptionSet, Sendable {
        package init(rawValue: UInt8) { self.rawValue = rawValue }
        package let rawValue: UInt8
        package static let null = TypeMask(rawValue: 1)
        package static let boolean = TypeMask(rawValue: 2)
        package static let integer = TypeMask(rawValue: 4)
        package static let number = TypeMask(rawValue: 8)
        package static let string = TypeMask(rawValue: 16)
        package static let array = TypeMask(rawValue: 32)
        package static let object = TypeMask(rawValue: 64)
        package static let names: [(String, TypeMask)] = [
            ("null", .null), ("boolean", .boolean), ("integer", .integer), ("number", .number),
            ("string", .string), ("array", .array), ("object", .object),
        ]

        /// Whether `value`, as it is (not a form's text), has one of these types (an integral number counts as an
        /// integer; no types, any value): what `type` asks, for the checker, the validity walk and the sampler.
        package func admits(_ value: JSONValue) -> Bool {
            if isEmpty { return true }
            switch value {
            case .null: return contains(.null)
            case .bool: return contains(.boolean)
            case .number(let number):
                return contains(.number) || (contains(.integer) && (number.isInteger || (number.exact?.isInteger ?? false)))
            case .string: return contains(.string)
            case .array: return contains(.array)
            case .object: return contains(.object)
            }
        }
    }

    /// A numeric bound (`minimum`, `multipleOf`, ...): the literal for messages, the exact value for checks.
    package struct Bound: Sendable {
        package let literal: String
        let exact: ExactDecimal
        /// The value as an `Int` when it is one (the common case compares without the exact path).
        package let int: Int?
    }

    /// A compiled `pattern` (ECMA-262 syntax, read by ICU; unanchored, as JSON Schema says; `PatternProgram`).
    package struct Pattern: Sendable {
        package let source: String
        let program: PatternProgram

        package func matches(_ text: String) -> Bool { program.matches(text) }
    }

    /// The formats that are assertions here; every other format is an annotation (JSON Schema 2020-12).
    package enum FormatKind: Sendable { case none, dateTime, date, uri, annotation }

    /// The JSON Pointer of this schema in its document (`/components/schemas/Todo`), for messages.
    public var location: String { pointer.description }
    /// Where this schema is in its document. Kept as a pointer, and made text only when a message or a report asks:
    /// a vendor's description compiles tens of thousands of schemas, and their text was a tenth of compiling it.
    package let pointer: JSONPointer
    /// The boolean schema `false`: nothing is valid.
    package let isFalse: Bool
    package let mask: TypeMask
    package let enumValues: [JSONValue]?
    package var constValue: JSONValue? { rare?.constValue }

    // Objects.
    package let propertyNames: [String]
    package let propertySchemas: [CompiledSchema]
    /// Each declared name's position, for schemas of more than ``Self/comparedProperties`` properties (fewer are
    /// compared one by one, which beats hashing); empty for the others.
    private let propertyIndex: [String: Int]
    /// Per declared property (as ``propertyNames``): whether `required` names it (``requiredFlag``), and whether its name
    /// is snake_case (``snakeCaseFlag``) or camelCase (``camelCaseFlag``), each checked once, when compiled. One list:
    /// three lists of booleans were three allocations for each schema of a vendor's description.
    private let propertyFlags: [UInt8]
    private static let requiredFlag: UInt8 = 1
    private static let snakeCaseFlag: UInt8 = 2
    private static let camelCaseFlag: UInt8 = 4

    /// Whether `required` names the declared property at `position`.
    package func propertyIsRequired(_ position: Int) -> Bool { propertyFlags[position] & Self.requiredFlag != 0 }

    /// Whether the name of the declared property at `position` follows `keyCase`.
    func propertyName(at position: Int, follows keyCase: KeyCase) -> Bool {
        if keyCase == .snakeCase { return propertyFlags[position] & Self.snakeCaseFlag != 0 }
        if keyCase == .camelCase { return propertyFlags[position] & Self.camelCaseFlag != 0 }
        return keyCase.matches(propertyNames[position])
    }
    /// Required property names.
    public let required: [String]
    /// Required names that are not declared properties (checked the slow way).
    package let undeclaredRequired: [String]
    /// `additionalProperties: false`.
    let additionalForbidden: Bool
    /// `additionalProperties` as a schema (`true` compiles to an empty schema).
    package let additionalSchema: CompiledSchema?
    /// `unevaluatedProperties: false`: a key that no keyword of this schema, nor a subschema applied to the same object
    /// and valid there, evaluated is refused.
    var unevaluatedPropertiesForbidden: Bool { rare?.unevaluatedPropertiesForbidden ?? false }
    /// `unevaluatedProperties` as a schema: what those keys' values must be.
    var unevaluatedPropertiesSchema: CompiledSchema? { rare?.unevaluatedPropertiesSchema }
    /// Whether `unevaluatedProperties` is present.
    var judgesUnevaluatedProperties: Bool { unevaluatedPropertiesForbidden || unevaluatedPropertiesSchema != nil }
    /// `unevaluatedItems: false`: an item that no keyword of this schema, nor a subschema applied to the same array and
    /// valid there, evaluated is refused.
    var unevaluatedItemsForbidden: Bool { rare?.unevaluatedItemsForbidden ?? false }
    /// `unevaluatedItems` as a schema.
    var unevaluatedItemsSchema: CompiledSchema? { rare?.unevaluatedItemsSchema }
    /// Whether `unevaluatedItems` is present.
    var judgesUnevaluatedItems: Bool { unevaluatedItemsForbidden || unevaluatedItemsSchema != nil }
    var patternProperties: [(pattern: Pattern, schema: CompiledSchema)] { rare?.patternProperties ?? [] }
    var propertyNamesSchema: CompiledSchema? { rare?.propertyNamesSchema }
    package var minProperties: Int? { rare?.minProperties }
    var maxProperties: Int? { rare?.maxProperties }
    var dependentRequired: [(name: String, requires: [String])] { rare?.dependentRequired ?? [] }
    var dependentSchemas: [(name: String, schema: CompiledSchema)] { rare?.dependentSchemas ?? [] }

    // Arrays.
    package var prefixItems: [CompiledSchema] { rare?.prefixItems ?? [] }
    /// `items`: the schema of every element after ``prefixItems``.
    package let items: CompiledSchema?
    var contains: CompiledSchema? { rare?.contains }
    var minContains: Int? { rare?.minContains }
    var maxContains: Int? { rare?.maxContains }
    package let minItems: Int?
    package let maxItems: Int?
    package let uniqueItems: Bool

    // Strings.
    package let minLength: Int?
    package let maxLength: Int?
    package var pattern: Pattern? { rare?.pattern }
    /// `format`, such as `date-time` (asserted) or `email` (an annotation).
    public let format: String?
    package let formatKind: FormatKind
    /// Whether the value is a file's bytes: `contentMediaType` (OpenAPI 3.1) or `format: binary` (3.0's way) says so.
    /// An annotation: it chooses how an example writes the value, never what is checked.
    package let isFile: Bool
    /// `x-apicheck-date`: the exact wire form of a date-time.
    public var dateForm: DateWireForm? { rare?.dateForm }

    // Numbers.
    package var minimum: Bound? { rare?.minimum }
    package var maximum: Bound? { rare?.maximum }
    package var exclusiveMinimum: Bound? { rare?.exclusiveMinimum }
    package var exclusiveMaximum: Bound? { rare?.exclusiveMaximum }
    package var multipleOf: Bound? { rare?.multipleOf }

    // Applicators on the same value.
    package let allOf: [CompiledSchema]
    package let anyOf: [CompiledSchema]
    package let oneOf: [CompiledSchema]
    var not: CompiledSchema? { rare?.not }
    var ifSchema: CompiledSchema? { rare?.ifSchema }
    var thenSchema: CompiledSchema? { rare?.thenSchema }
    var elseSchema: CompiledSchema? { rare?.elseSchema }
    /// `$ref` beside other keywords (a `$ref` alone compiles to its target itself).
    package let reference: SchemaReference?
    /// OpenAPI's `discriminator`, an annotation (it decides nothing a value is checked for): the property whose value
    /// names the branch of a `oneOf` or `anyOf` an object is, for examples to write the value a client generated from
    /// the contract decodes.
    package var discriminator: Discriminator? { rare?.discriminator }

    /// `x-apicheck-key-case` on this schema.
    public let keyCase: KeyCase?

    /// Whether any keyword applies another schema to the same value (the checker's slow path).
    let hasInPlaceApplicators: Bool
    /// Whether the schema says which keys an object has (`properties` or `patternProperties`): extra keys are then reported.
    package let describesKeys: Bool

    /// The keywords few schemas write, apart, so that a schema without them is a third of the size (264 bytes, was 803): a vendor's
    /// description compiles tens of thousands of schemas, and allocating and filling 800 bytes for each (most of them
    /// empty optionals) was a fifth of compiling it. Nil when the schema has none of them.
    private let rare: Rare?

    /// What ``rare`` holds (each as the property of the same name reads it). Its own fields, not the ``Parts`` kept
    /// whole: read through an optional box, a field of a kept `Parts` copied the whole struct (some thirty references
    /// retained and released) on each read, and `apicheck verify --jobs 1` of 100 MB of todo recordings took 4% longer
    /// (0.2180 s against 0.2071 s, 15 rounds alternated).
    private final class Rare: Sendable {
        let constValue: JSONValue?
        let unevaluatedPropertiesForbidden: Bool
        let unevaluatedPropertiesSchema: CompiledSchema?
        let unevaluatedItemsForbidden: Bool
        let unevaluatedItemsSchema: CompiledSchema?
        let patternProperties: [(pattern: Pattern, schema: CompiledSchema)]
        let propertyNamesSchema: CompiledSchema?
        let minProperties: Int?
        let maxProperties: Int?
        let dependentRequired: [(name: String, requires: [String])]
        let dependentSchemas: [(name: String, schema: CompiledSchema)]
        let prefixItems: [CompiledSchema]
        let contains: CompiledSchema?
        let minContains: Int?
        let maxContains: Int?
        let pattern: Pattern?
        let dateForm: DateWireForm?
        let minimum: Bound?
        let maximum: Bound?
        let exclusiveMinimum: Bound?
        let exclusiveMaximum: Bound?
        let multipleOf: Bound?
        let not: CompiledSchema?
        let ifSchema: CompiledSchema?
        let thenSchema: CompiledSchema?
        let elseSchema: CompiledSchema?
        let discriminator: Discriminator?

        /// The rare keywords of `parts`, or nil when it has none.
        static func of(_ parts: borrowing Parts) -> Rare? {
            let none =
                parts.constValue == nil && !parts.unevaluatedPropertiesForbidden && parts.unevaluatedPropertiesSchema == nil
                && !parts.unevaluatedItemsForbidden && parts.unevaluatedItemsSchema == nil && parts.patternProperties.isEmpty
                && parts.propertyNamesSchema == nil && parts.minProperties == nil && parts.maxProperties == nil
                && parts.dependentRequired.isEmpty && parts.dependentSchemas.isEmpty && parts.prefixItems.isEmpty
                && parts.contains == nil && parts.minContains == nil && parts.maxContains == nil && parts.pattern == nil
                && parts.dateForm == nil && parts.minimum == nil && parts.maximum == nil && parts.exclusiveMinimum == nil
                && parts.exclusiveMaximum == nil && parts.multipleOf == nil && parts.not == nil && parts.ifSchema == nil
                && parts.thenSchema == nil && parts.elseSchema == nil && parts.discriminator == nil
            return none ? nil : Rare(parts)
        }

        private init(_ parts: borrowing Parts) {
            constValue = parts.constValue
            unevaluatedPropertiesForbidden = parts.unevaluatedPropertiesForbidden
            unevaluatedPropertiesSchema = parts.unevaluatedPropertiesSchema
            unevaluatedItemsForbidden = parts.unevaluatedItemsForbidden
            unevaluatedItemsSchema = parts.unevaluatedItemsSchema
            patternProperties = parts.patternProperties
            propertyNamesSchema = parts.propertyNamesSchema
            minProperties = parts.minProperties
            maxProperties = parts.maxProperties
            dependentRequired = parts.dependentRequired
            dependentSchemas = parts.dependentSchemas
            prefixItems = parts.prefixItems
            contains = parts.contains
            minContains = parts.minContains
            maxContains = parts.maxContains
            pattern = parts.pattern
            dateForm = parts.dateForm
            minimum = parts.minimum
            maximum = parts.maximum
            exclusiveMinimum = parts.exclusiveMinimum
            exclusiveMaximum = parts.exclusiveMaximum
            multipleOf = parts.multipleOf
            not = parts.not
            ifSchema = parts.ifSchema
            thenSchema = parts.thenSchema
            elseSchema = parts.elseSchema
            discriminator = parts.discriminator
        }
    }

    /// Everything a schema can say, gathered by the compiler.
    struct Parts {
        var isFalse = false
        var types: TypeMask = []
        var enumValues: [JSONValue]?
        var constValue: JSONValue?
        var properties: [(String, CompiledSchema)] = []
        var required: [String] = []
        var additionalForbidden = false
        var additionalSchema: CompiledSchema?
        var unevaluatedPropertiesForbidden = false
        var unevaluatedPropertiesSchema: CompiledSchema?
        var unevaluatedItemsForbidden = false
        var unevaluatedItemsSchema: CompiledSchema?
        var patternProperties: [(pattern: Pattern, schema: CompiledSchema)] = []
        var propertyNamesSchema: CompiledSchema?
        var minProperties: Int?
        var maxProperties: Int?
        var dependentRequired: [(name: String, requires: [String])] = []
        var dependentSchemas: [(name: String, schema: CompiledSchema)] = []
        var prefixItems: [CompiledSchema] = []
        var items: CompiledSchema?
        var contains: CompiledSchema?
        var minContains: Int?
        var maxContains: Int?
        var minItems: Int?
        var maxItems: Int?
        var uniqueItems = false
        var minLength: Int?
        var maxLength: Int?
        var pattern: Pattern?
        var format: String?
        var contentMediaType: String?
        var dateForm: DateWireForm?
        var minimum: Bound?
        var maximum: Bound?
        var exclusiveMinimum: Bound?
        var exclusiveMaximum: Bound?
        var multipleOf: Bound?
        var allOf: [CompiledSchema] = []
        var anyOf: [CompiledSchema] = []
        var oneOf: [CompiledSchema] = []
        var not: CompiledSchema?
        var ifSchema: CompiledSchema?
        var thenSchema: CompiledSchema?
        var elseSchema: CompiledSchema?
        var reference: SchemaReference?
        var discriminator: Discriminator?
        var keyCase: KeyCase?
    }

    /// A `discriminator`: its property, and which value names which schema.
    package final class Discriminator: Sendable {
        package let property: String
        /// `mapping`: each value and the location of the schema it names (`/components/schemas/Cat`).
        let mapping: [(value: String, location: String)]

        init(property: String, mapping: [(value: String, location: String)]) {
            self.property = property
            self.mapping = mapping
        }

        /// The value that names `branch` (a branch of the `oneOf` or `anyOf` beside it): the mapping's, else, as OpenAPI
        /// says, the name of the component it is (`Cat` for `#/components/schemas/Cat`); nil for another schema.
        package func value(naming branch: CompiledSchema) -> String? {
            let location = (branch.reference?.target ?? branch).location
            if let mapped = mapping.first(where: { $0.location == location }) { return mapped.value }
            let tokens = JSONPointer(location).tokens
            guard tokens.count == 3, tokens[0] == "components", tokens[1] == "schemas" else { return nil }
            return tokens[2]
        }
    }

    init(location: JSONPointer, _ parts: borrowing Parts) {
        pointer = location
        isFalse = parts.isFalse
        mask = parts.types
        enumValues = parts.enumValues
        let names = parts.properties.map(\.0)
        propertyNames = names
        propertySchemas = parts.properties.map(\.1)
        var index: [String: Int] = [:]
        if names.count > Self.comparedProperties {
            for (position, name) in names.enumerated() where index[name] == nil { index[name] = position }
        }
        propertyIndex = index
        let required = parts.required
        propertyFlags = names.map { name in
            var flags = required.contains(name) ? Self.requiredFlag : 0
            if KeyCase.snakeCase.matches(name) { flags |= Self.snakeCaseFlag }
            if KeyCase.camelCase.matches(name) { flags |= Self.camelCaseFlag }
            return flags
        }
        self.required = required
        undeclaredRequired = names.isEmpty ? required : required.filter { !names.contains($0) }
        additionalForbidden = parts.additionalForbidden
        additionalSchema = parts.additionalSchema
        items = parts.items
        minItems = parts.minItems
        maxItems = parts.maxItems
        uniqueItems = parts.uniqueItems
        minLength = parts.minLength
        maxLength = parts.maxLength
        format = parts.format
        isFile = parts.format == "binary" || parts.contentMediaType != nil
        switch parts.format {
        case nil: formatKind = .none
        case "date-time"?: formatKind = .dateTime
        case "date"?: formatKind = .date
        case "uri"?: formatKind = .uri
        default: formatKind = .annotation
        }
        allOf = parts.allOf
        anyOf = parts.anyOf
        oneOf = parts.oneOf
        reference = parts.reference
        keyCase = parts.keyCase
        hasInPlaceApplicators =
            !parts.allOf.isEmpty || !parts.anyOf.isEmpty || !parts.oneOf.isEmpty || parts.not != nil
            || parts.ifSchema != nil || !parts.dependentSchemas.isEmpty || parts.reference != nil
        describesKeys =
            !parts.properties.isEmpty || !parts.patternProperties.isEmpty || parts.unevaluatedPropertiesForbidden
            || parts.unevaluatedPropertiesSchema != nil
        rare = Rare.of(parts)
    }

    /// The schema `true` (anything is valid).
    package static func anything(at location: JSONPointer = .root) -> CompiledSchema { CompiledSchema(location: location, Parts()) }

    /// Whether an object of this schema may have keys of any name besides those it declares, as
    /// `additionalProperties` says (no `false`, no `unevaluatedProperties: false`, no `propertyNames` or
    /// `patternProperties` to satisfy): what an example adds to reach `minProperties`.
    package var takesAnyOtherKey: Bool {
        !additionalForbidden && !unevaluatedPropertiesForbidden && unevaluatedPropertiesSchema == nil && propertyNamesSchema == nil
            && patternProperties.isEmpty
    }

    /// Whether the schema allows objects and no other type but null: a parameter's value written as members
    /// (`sort=id,3`), a multipart part that is JSON by OpenAPI's default encoding.
    package var isObjectOnly: Bool { mask.contains(.object) && mask.subtracting([.object, .null]).isEmpty }

    /// The JSON types allowed (empty: any).
    public var types: Set<String> { Set(TypeMask.names.filter { mask.contains($0.1) }.map(\.0)) }

    /// Declared properties, in order.
    public var properties: [(name: String, schema: CompiledSchema)] {
        Array(zip(propertyNames, propertySchemas)).map { (name: $0.0, schema: $0.1) }
    }

    /// The schema of property `name`, or nil when it is not declared.
    public func property(_ name: String) -> CompiledSchema? { propertyPosition(name, hint: 0).map { propertySchemas[$0] } }

    /// The index of property `name` among the declared ones; `hint` is tried first (members usually come in declared order).
    func propertyPosition(_ name: String, hint: Int) -> Int? {
        if hint < propertyNames.count, propertyNames[hint] == name { return hint }
        if propertyNames.count <= Self.comparedProperties { return propertyNames.firstIndex(of: name) }
        return propertyIndex[name]
    }

    /// Up to this many properties, a name is found by comparing it with each (which beats hashing it).
    private static let comparedProperties = 12

    /// Whether `null` is allowed by the type.
    public var allowsNull: Bool { mask.isEmpty || mask.contains(.null) }

    /// What the schema expects, for messages: `an array`, `an integer or null`.
    public var expectedDescription: String {
        if isFalse { return "nothing (the schema is false)" }
        if mask.isEmpty { return "any value" }
        let order: [(TypeMask, String)] = [
            (.object, "an object"), (.array, "an array"), (.string, "a string"), (.integer, "an integer"),
            (.number, "a number"), (.boolean, "a boolean"), (.null, "null"),
        ]
        return order.filter { mask.contains($0.0) }.map(\.1).joined(separator: " or ")
    }
}

/// The target of a `$ref`, filled in once the target is compiled (a recursive schema refers to itself).
///
/// A `$ref` to a schema still being compiled (one of its own ancestors: recursion) holds its target `unowned`, and the
/// ``SchemaGraph`` keeps that target alive: held strongly, the ancestor and the `$ref` below it would be a reference
/// cycle, which nothing frees (each contract with a recursive schema leaked its whole compiled graph). Every other
/// `$ref` holds its target. Reached after its contract is gone, an `unowned` target traps rather than checking less.
///
/// `@unchecked Sendable`: the target is written once by ``SchemaCompiler``, before the compiled contract is handed to
/// anyone, and only read after that.
package final class SchemaReference: @unchecked Sendable {
    /// The `$ref` as written.
    let reference: String
    private var forward: CompiledSchema?
    private unowned(safe) var recursive: CompiledSchema?

    init(reference: String) {
        self.reference = reference
    }

    /// What the `$ref` leads to; nil only while the compiler has not reached it yet.
    package var target: CompiledSchema? { forward ?? recursive }

    /// Closes a `$ref` to a schema compiled outside it.
    func resolve(to schema: CompiledSchema) {
        forward = schema
    }

    /// Closes a `$ref` to one of its own ancestors, which `graph` keeps alive.
    func resolve(recursivelyTo schema: CompiledSchema, in graph: SchemaGraph) {
        graph.keep(schema)
        recursive = schema
    }
}

/// The schemas that recursive `$ref`s of one compiled document lead back to (``SchemaReference``), kept alive for as
/// long as anything holds the document's ``CompiledContract``, one of its operations, or its ``StandaloneSchema``.
///
/// With them, where a document was compiled on two threads, the schemas both compiled (``same(_:)``).
///
/// `@unchecked Sendable`: written only by the ``SchemaCompiler`` that made it (and, once a fork's thread is done, by
/// the compiler it was forked from), before the compiled document is handed to anyone.
package final class SchemaGraph: @unchecked Sendable {
    private var recursionTargets: [ObjectIdentifier: CompiledSchema] = [:]

    init() {}

    /// How many schemas recursion leads back to.
    package var recursionTargetCount: Int { recursionTargets.count }

    func keep(_ schema: CompiledSchema) {
        recursionTargets[ObjectIdentifier(schema)] = schema
    }

    /// Keeps what `other` keeps too (a graph its compiler's thread is done with).
    func keep(_ other: SchemaGraph) {
        recursionTargets.merge(other.recursionTargets) { kept, _ in kept }
        copies.merge(other.copies) { kept, _ in kept }
    }

    /// Schemas compiled twice, by two threads that each compiled half of a document (``SchemaCompiler/join(_:)``),
    /// by the second copy: the first, which stands for it, and the copy itself (held, so that no other schema takes
    /// its identity).
    @usableFromInline var copies: [ObjectIdentifier: (kept: CompiledSchema, copy: CompiledSchema)] = [:]

    func keep(copies made: [(kept: CompiledSchema, copy: CompiledSchema)]) {
        for pair in made { copies[ObjectIdentifier(pair.copy)] = pair }
    }

    /// The schema that stands for `schema` where schemas are told apart by identity: itself, or, for a copy a second
    /// thread made, the first.
    ///
    /// Inlinable: coverage's index asks it of every schema it meets, from another module.
    @inlinable package func same(_ schema: CompiledSchema) -> CompiledSchema {
        copies.isEmpty ? schema : copies[ObjectIdentifier(schema)]?.kept ?? schema
    }
}
