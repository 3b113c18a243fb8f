import Testing

@testable import APICheckJSONSchema
@testable import APICheckRecording

/// The two checkers that must stay apart, the tree checker (`SchemaChecker`) and the streaming check over the body's
/// bytes (`StreamingProgram`), held to one table: the compiler's keywords (`SchemaKeyword`). Each keyword has a schema
/// that uses it and values on both sides of it; the streaming program either declines the schema (the body is then
/// checked the usual way) or accepts only what the tree checker accepts. A keyword added to the table without a sample
/// here fails `everyKeywordHasASample`.
@Suite("Streaming and tree checks: one table of keywords")
struct StreamingKeywordTableTests {
    /// A schema that uses the keyword, and values: at least one it accepts and one it refuses.
    struct Sample: Sendable {
        let schema: String
        let values: [String]
    }

    static let samples: [SchemaKeyword: Sample] = [
        .type: Sample(schema: #"{"type": "integer"}"#, values: ["1", #""a""#, "null"]),
        .enum: Sample(schema: #"{"enum": ["a", "b"]}"#, values: [#""a""#, #""c""#, "1"]),
        .const: Sample(schema: #"{"const": "a"}"#, values: [#""a""#, #""b""#]),
        .properties: Sample(schema: #"{"properties": {"a": {"type": "string"}}}"#, values: [#"{"a": "x"}"#, #"{"a": 1}"#]),
        .required: Sample(schema: #"{"properties": {"a": {}}, "required": ["a"]}"#, values: [#"{"a": 1}"#, "{}"]),
        .additionalProperties: Sample(
            schema: #"{"properties": {"a": {}}, "additionalProperties": false}"#, values: [#"{"a": 1}"#, #"{"b": 1}"#]),
        .unevaluatedProperties: Sample(
            schema: #"{"properties": {"a": {}}, "unevaluatedProperties": false}"#, values: [#"{"a": 1}"#, #"{"b": 1}"#]),
        .patternProperties: Sample(
            schema: #"{"patternProperties": {"^x": {"type": "integer"}}}"#, values: [#"{"x1": 1}"#, #"{"x1": "a"}"#]),
        .propertyNames: Sample(schema: #"{"propertyNames": {"maxLength": 2}}"#, values: [#"{"ab": 1}"#, #"{"abc": 1}"#]),
        .minProperties: Sample(schema: #"{"minProperties": 1}"#, values: [#"{"a": 1}"#, "{}"]),
        .maxProperties: Sample(schema: #"{"maxProperties": 1}"#, values: [#"{"a": 1}"#, #"{"a": 1, "b": 2}"#]),
        .dependentRequired: Sample(
            schema: #"{"dependentRequired": {"a": ["b"]}}"#, values: [#"{"a": 1, "b": 2}"#, #"{"a": 1}"#]),
        .dependentSchemas: Sample(
            schema: #"{"dependentSchemas": {"a": {"required": ["b"]}}}"#, values: [#"{"a": 1, "b": 2}"#, #"{"a": 1}"#]),
        .items: Sample(schema: #"{"items": {"type": "integer"}}"#, values: ["[1, 2]", #"["a"]"#]),
        .prefixItems: Sample(schema: #"{"prefixItems": [{"type": "integer"}]}"#, values: ["[1]", #"["a"]"#]),
        .unevaluatedItems: Sample(schema: #"{"prefixItems": [{}], "unevaluatedItems": false}"#, values: ["[1]", "[1, 2]"]),
        .contains: Sample(schema: #"{"contains": {"type": "integer"}}"#, values: ["[1]", #"["a"]"#]),
        .minContains: Sample(schema: #"{"contains": {"type": "integer"}, "minContains": 2}"#, values: ["[1, 2]", "[1]"]),
        .maxContains: Sample(schema: #"{"contains": {"type": "integer"}, "maxContains": 1}"#, values: ["[1]", "[1, 2]"]),
        .minItems: Sample(schema: #"{"minItems": 1}"#, values: ["[1]", "[]"]),
        .maxItems: Sample(schema: #"{"maxItems": 1}"#, values: ["[1]", "[1, 2]"]),
        .uniqueItems: Sample(schema: #"{"uniqueItems": true}"#, values: ["[1, 2]", "[1, 1]"]),
        .minLength: Sample(schema: #"{"minLength": 2}"#, values: [#""ab""#, #""a""#]),
        .maxLength: Sample(schema: #"{"maxLength": 1}"#, values: [#""a""#, #""ab""#]),
        .pattern: Sample(schema: #"{"pattern": "^a"}"#, values: [#""ab""#, #""b""#]),
        .format: Sample(
            schema: #"{"type": "string", "format": "date-time"}"#, values: [#""2024-01-02T03:04:05Z""#, #""yesterday""#]),
        .contentMediaType: Sample(
            schema: #"{"type": "string", "contentMediaType": "image/png"}"#, values: [#""bytes""#, "1"]),
        .minimum: Sample(schema: #"{"minimum": 1}"#, values: ["1", "0"]),
        .maximum: Sample(schema: #"{"maximum": 1}"#, values: ["1", "2"]),
        .exclusiveMinimum: Sample(schema: #"{"exclusiveMinimum": 1}"#, values: ["2", "1"]),
        .exclusiveMaximum: Sample(schema: #"{"exclusiveMaximum": 1}"#, values: ["0", "1"]),
        .multipleOf: Sample(schema: #"{"multipleOf": 2}"#, values: ["4", "3"]),
        .allOf: Sample(schema: #"{"allOf": [{"type": "integer"}, {"minimum": 1}]}"#, values: ["1", "0"]),
        .anyOf: Sample(schema: #"{"anyOf": [{"type": "integer"}, {"type": "string"}]}"#, values: ["1", #""a""#, "null"]),
        .oneOf: Sample(schema: #"{"oneOf": [{"type": "null"}, {"type": "integer"}]}"#, values: ["null", "1", #""a""#]),
        .not: Sample(schema: #"{"not": {"type": "integer"}}"#, values: [#""a""#, "1"]),
        .if: Sample(schema: Self.conditional, values: ["1", "0", #""a""#, "null"]),
        .then: Sample(schema: Self.conditional, values: ["1", "0"]),
        .else: Sample(schema: Self.conditional, values: [#""a""#, "null"]),
        .ref: Sample(schema: ##"{"$defs": {"n": {"type": "integer"}}, "$ref": "#/$defs/n"}"##, values: ["1", #""a""#]),
        .defs: Sample(schema: ##"{"$defs": {"n": {"type": "integer"}}, "$ref": "#/$defs/n"}"##, values: ["1", #""a""#]),
        .schema: Sample(
            schema: #"{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "integer"}"#, values: ["1", #""a""#]),
        .anchor: Sample(schema: ##"{"$defs": {"n": {"$anchor": "n", "type": "integer"}}, "$ref": "#n"}"##, values: ["1", #""a""#]),
        .dynamicRef: Sample(schema: Self.dynamic, values: ["1", #""a""#]),
        .dynamicAnchor: Sample(schema: Self.dynamic, values: ["1", #""a""#]),
        .vocabulary: Sample(
            schema: #"{"$vocabulary": {"https://json-schema.org/draft/2020-12/vocab/core": true}, "type": "integer"}"#,
            values: ["1", #""a""#]),
        .id: Sample(schema: #"{"$id": "https://example.com/thing", "type": "integer"}"#, values: ["1", #""a""#]),
        .keyCase: Sample(schema: #"{"x-apicheck-key-case": "snake_case"}"#, values: [#"{"due_at": 1}"#, #"{"dueAt": 1}"#]),
        .date: Sample(
            schema: #"{"type": "string", "format": "date-time", "x-apicheck-date": {"fraction-digits": 6, "offset": "Z"}}"#,
            values: [#""2024-01-02T03:04:05.000000Z""#, #""2024-01-02T03:04:05Z""#]),
    ]

    static let conditional = #"{"if": {"type": "integer"}, "then": {"minimum": 1}, "else": {"type": "string"}}"#
    static let dynamic = ##"{"$defs": {"n": {"$dynamicAnchor": "n", "type": "integer"}}, "$dynamicRef": "#n"}"##

    /// The samples whose schema the streaming program declines, as its documentation lists them: every applicator
    /// but `properties`, `additionalProperties`, `items`, a `$ref` alone and a nullable `oneOf`/`anyOf` (the `anyOf`
    /// sample has two types that are not null), and the keywords that need more than one look at a value.
    static let declined: Set<SchemaKeyword> = [
        .unevaluatedProperties, .patternProperties, .propertyNames, .dependentRequired, .dependentSchemas, .prefixItems,
        .unevaluatedItems, .contains, .minContains, .maxContains, .uniqueItems, .multipleOf, .allOf, .anyOf, .not, .if, .then,
        .else,
    ]

    @Test("every keyword of the compiler's table has a sample here")
    func everyKeywordHasASample() {
        #expect(Set(Self.samples.keys) == Set(SchemaKeyword.allCases))
    }

    /// Whether the tree checker finds nothing in `value`: no problem, and no note either (an undeclared key, a key
    /// case broken), since a body the streaming check accepts gets no finding at all.
    static func treeAccepts(_ value: JSONValue, _ schema: StandaloneSchema) -> Bool {
        var checker = SchemaChecker(strict: false)
        checker.check(value, schema.root, keyCase: nil)
        return checker.findings.isEmpty
    }

    /// Whether the streaming program accepts the whole of `value` (else it is not sure, and the tree checker decides).
    static func streamingAccepts(_ value: String, _ program: StreamingProgram) -> Bool {
        let bytes = Array(value.utf8)
        var check = StreamingCheck()
        return bytes.withUnsafeBufferPointer { check.check($0, from: 0, program) } == bytes.count
    }

    @Test(
        "each keyword: the streaming program declines it, or accepts only what the tree checker accepts", arguments: SchemaKeyword.allCases)
    func streamingAgreesWithTree(_ keyword: SchemaKeyword) throws {
        let sample = try #require(Self.samples[keyword])
        let schema = try StandaloneSchema(try JSONReader.parse(Array(sample.schema.utf8)))
        let verdicts = try sample.values.map { text in (text, Self.treeAccepts(try JSONReader.parse(Array(text.utf8)), schema)) }
        #expect(verdicts.contains { $0.1 } && verdicts.contains { !$0.1 }, "the sample must have a valid and an invalid value: \(verdicts)")
        let program = StreamingProgram(schema: schema.root, keyCase: nil, coverage: [], root: nil)
        #expect((program == nil) == Self.declined.contains(keyword), "\(keyword.rawValue): declined \(program == nil)")
        guard let program else { return }
        for (text, valid) in verdicts {
            let accepted = Self.streamingAccepts(text, program)
            // Never "valid" where the tree checker finds a problem; and a value the tree accepts streams through.
            #expect(accepted == valid, "\(keyword.rawValue) \(text): streaming \(accepted), tree \(valid)")
        }
    }
}
