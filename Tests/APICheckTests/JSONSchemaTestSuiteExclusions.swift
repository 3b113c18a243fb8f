/// The cases of the JSON Schema Test Suite that apicheck answers otherwise, each with what it does instead and why.
enum JSONSchemaTestSuiteExclusions {
    struct Exclusion {
        let outcome: JSONSchemaTestSuiteTests.Outcome
        let reason: String
    }

    /// Keyed by `file/group description/test description`, or `file/group description` for every test of a group.
    static let cases: [String: Exclusion] = [
        "anchor/Location-independent identifier with absolute URI": .init(
            outcome: .refused, reason: "a $ref by absolute URI (through $id), which apicheck refuses"),
        "anchor/Location-independent identifier with base URI change in subschema": .init(
            outcome: .refused, reason: "uses $id (a schema resource with its own base URI), which apicheck refuses"),
        "anchor/same $anchor with different base uri": .init(
            outcome: .refused, reason: "uses $id (a schema resource with its own base URI), which apicheck refuses"),
        "defs/validate definition against metaschema": .init(
            outcome: .refused, reason: "refers to the draft 2020-12 meta-schema, a remote $ref, which apicheck refuses"),
        "format/date format/invalid date string is only an annotation by default": .init(
            outcome: .wrong,
            reason:
                "apicheck asserts the formats date-time (date.format), date and uri (schema.format); the suite reads format as an annotation"
        ),
        "format/date-time format/invalid date-time string is only an annotation by default": .init(
            outcome: .wrong,
            reason:
                "apicheck asserts the formats date-time (date.format), date and uri (schema.format); the suite reads format as an annotation"
        ),
        "format/uri format/invalid uri string is only an annotation by default": .init(
            outcome: .wrong,
            reason:
                "apicheck asserts the formats date-time (date.format), date and uri (schema.format); the suite reads format as an annotation"
        ),
        "ref/$id must be resolved against nearest parent, not just immediate parent": .init(
            outcome: .refused, reason: "uses $id (a schema resource with its own base URI), which apicheck refuses"),
        "ref/$id with file URI still resolves pointers - *nix": .init(
            outcome: .refused, reason: "uses $id (a schema resource with its own base URI), which apicheck refuses"),
        "ref/$id with file URI still resolves pointers - windows": .init(
            outcome: .refused, reason: "uses $id (a schema resource with its own base URI), which apicheck refuses"),
        "ref/Recursive references between schemas": .init(
            outcome: .refused, reason: "uses $id (a schema resource with its own base URI), which apicheck refuses"),
        "ref/URN base URI with NSS": .init(
            outcome: .refused, reason: "uses $id (a schema resource with its own base URI), which apicheck refuses"),
        "ref/URN base URI with URN and JSON pointer ref": .init(
            outcome: .refused, reason: "uses $id (a schema resource with its own base URI), which apicheck refuses"),
        "ref/URN base URI with URN and anchor ref": .init(
            outcome: .refused, reason: "uses $id (a schema resource with its own base URI), which apicheck refuses"),
        "ref/URN base URI with q-component": .init(
            outcome: .refused, reason: "uses $id (a schema resource with its own base URI), which apicheck refuses"),
        "ref/URN base URI with r-component": .init(
            outcome: .refused, reason: "uses $id (a schema resource with its own base URI), which apicheck refuses"),
        "ref/URN ref with nested pointer ref": .init(outcome: .refused, reason: "a $ref by URI (through $id), which apicheck refuses"),
        "ref/order of evaluation: $id and $anchor and $ref": .init(
            outcome: .refused, reason: "uses $id (a schema resource with its own base URI), which apicheck refuses"),
        "ref/order of evaluation: $id and $ref": .init(
            outcome: .refused, reason: "uses $id (a schema resource with its own base URI), which apicheck refuses"),
        "ref/ref to else": .init(outcome: .refused, reason: "a $ref by URI (through $id), which apicheck refuses"),
        "ref/ref to if": .init(outcome: .refused, reason: "a $ref by URI (through $id), which apicheck refuses"),
        "ref/ref to then": .init(outcome: .refused, reason: "a $ref by URI (through $id), which apicheck refuses"),
        "ref/ref with absolute-path-reference": .init(
            outcome: .refused, reason: "uses $id (a schema resource with its own base URI), which apicheck refuses"),
        "ref/refs with relative uris and defs": .init(
            outcome: .refused, reason: "uses $id (a schema resource with its own base URI), which apicheck refuses"),
        "ref/relative refs with absolute uris and defs": .init(
            outcome: .refused, reason: "uses $id (a schema resource with its own base URI), which apicheck refuses"),
        "ref/remote ref, containing refs itself": .init(
            outcome: .refused, reason: "refers to the draft 2020-12 meta-schema, a remote $ref, which apicheck refuses"),
        "ref/simple URN base URI with $ref via the URN": .init(
            outcome: .refused, reason: "uses $id (a schema resource with its own base URI), which apicheck refuses"),
        "unevaluatedItems/unevaluatedItems with $dynamicRef": .init(
            outcome: .refused, reason: "uses $id and $dynamicRef, which apicheck refuses"),
        "unevaluatedProperties/unevaluatedProperties with $dynamicRef": .init(
            outcome: .refused, reason: "uses $id and $dynamicRef, which apicheck refuses"),
        "ref/simple URN base URI with JSON pointer": .init(
            outcome: .refused, reason: "uses $id (a schema resource with its own base URI), which apicheck refuses"),
    ]
}
