/// Which schema keywords apicheck enforces, which it reads as annotations, and which it refuses (with why).
///
/// A contract tool must never check less than it says: a keyword that is not enforced makes the
/// contract fail to load instead of being dropped. `docs/RULES.md` lists the same sets.
enum SchemaVocabulary {
    /// Keywords that are checked (or, like `$defs`, hold schemas that are).
    static let enforced: Set<String> = [
        "type", "enum", "const",
        "properties", "required", "additionalProperties", "unevaluatedProperties", "patternProperties", "propertyNames",
        "minProperties", "maxProperties", "dependentRequired", "dependentSchemas",
        "items", "prefixItems", "unevaluatedItems", "contains", "minContains", "maxContains", "minItems", "maxItems", "uniqueItems",
        "minLength", "maxLength", "pattern", "format",
        "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
        "allOf", "anyOf", "oneOf", "not", "if", "then", "else",
        "$ref", "$defs", "$schema", "$anchor", "$dynamicRef", "$dynamicAnchor", "$vocabulary",
        "x-apicheck-key-case", "x-apicheck-date",
    ]

    /// Keywords that only describe (JSON Schema's annotations, and OpenAPI's additions to its dialect).
    static let annotations: Set<String> = [
        "title", "description", "default", "deprecated", "readOnly", "writeOnly", "examples", "$comment",
        "contentEncoding", "contentMediaType", "contentSchema",
        "example", "discriminator", "externalDocs", "xml",
    ]

    /// Keywords that are refused, with what to write instead.
    static let refused: [String: String] = [
        "$recursiveRef": "$recursiveRef (draft 2019-09) is not enforced; use a plain local $ref",
        "$recursiveAnchor": "$recursiveAnchor (draft 2019-09) is not enforced; use a plain local $ref",
        "nullable": "nullable is OpenAPI 3.0; in OpenAPI 3.1 write type: [string, \"null\"]",
        "dependencies": "dependencies is draft 7; write dependentRequired or dependentSchemas",
        "additionalItems": "additionalItems is draft 2019-09; write prefixItems and items",
    ]

    /// The `$schema` values whose meaning is the one enforced here.
    static let dialects: Set<String> = [
        "https://json-schema.org/draft/2020-12/schema",
        "https://spec.openapis.org/oas/3.1/dialect/base",
    ]

    /// The vocabularies of JSON Schema 2020-12 (`$vocabulary` in a meta-schema) whose keywords are assertions, each
    /// with its keywords: a schema whose `$schema` names a meta-schema that leaves one out may not use them, since
    /// its dialect reads them as unknown words and apicheck would check them.
    static let assertionVocabularies: [String: Set<String>] = [
        "https://json-schema.org/draft/2020-12/vocab/applicator": [
            "prefixItems", "items", "contains", "additionalProperties", "properties", "patternProperties", "dependentSchemas",
            "propertyNames", "if", "then", "else", "allOf", "anyOf", "oneOf", "not",
        ],
        "https://json-schema.org/draft/2020-12/vocab/unevaluated": ["unevaluatedItems", "unevaluatedProperties"],
        "https://json-schema.org/draft/2020-12/vocab/validation": [
            "type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength",
            "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains", "maxProperties",
            "minProperties", "required", "dependentRequired",
        ],
        "https://json-schema.org/draft/2020-12/vocab/format-annotation": ["format"],
    ]

    /// Every vocabulary of JSON Schema 2020-12: a meta-schema may require these (`true` in its `$vocabulary`).
    static let knownVocabularies: Set<String> = Set(assertionVocabularies.keys).union([
        "https://json-schema.org/draft/2020-12/vocab/core", "https://json-schema.org/draft/2020-12/vocab/meta-data",
        "https://json-schema.org/draft/2020-12/vocab/content", "https://json-schema.org/draft/2020-12/vocab/format-assertion",
    ])

    /// Whether a `$schema` value names one of ``dialects`` (with or without an empty fragment).
    static func isKnownDialect(_ uri: String) -> Bool {
        dialects.contains(uri.hasSuffix("#") ? String(uri.dropLast()) : uri)
    }

    /// The apicheck extensions a schema may carry.
    static let extensions = ["x-apicheck-key-case", "x-apicheck-date"]

    /// The formats that are assertions; every other format is an annotation.
    static let assertedFormats = ["date-time", "date", "uri"]
}
