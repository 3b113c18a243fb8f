import APICheckRecording

/// Which schema keywords apicheck enforces, which it reads as annotations, and which it refuses (with why).
///
/// A contract tool must never check less than it says: a keyword that is not enforced makes the
/// contract fail to load instead of being dropped. `docs/RULES.md` lists the same sets.
package enum SchemaVocabulary {
    /// Keywords that are checked (or, like `$defs`, hold schemas that are): the compiler's keywords (``SchemaKeyword``)
    /// but the annotation it reads (`contentMediaType`) and `$id` (which only says where the `$ref`s inside lead).
    static let enforced: Set<String> = Set(SchemaKeyword.allCases.map(\.rawValue)).subtracting(annotations).subtracting(["$id"])

    /// Keywords that only describe (JSON Schema's annotations, and OpenAPI's additions to its dialect).
    static let annotations: Set<String> = [
        "title", "description", "default", "deprecated", "readOnly", "writeOnly", "examples", "$comment",
        "contentEncoding", "contentMediaType", "contentSchema",
        "example", "discriminator", "externalDocs", "xml",
    ]
    /// ``annotations``, each found without hashing it (every key of every schema is asked).
    static let annotationTable = KeyTable(annotations)

    /// Keywords that are refused, with what to write instead.
    static let refused: [String: String] = [
        "$recursiveRef": "$recursiveRef (draft 2019-09) is not enforced; use a plain local $ref",
        "$recursiveAnchor": "$recursiveAnchor (draft 2019-09) is not enforced; use a plain local $ref",
        "nullable": "nullable is OpenAPI 3.0; in OpenAPI 3.1 write type: [string, \"null\"]",
        "dependencies": "dependencies is draft 7; write dependentRequired or dependentSchemas",
        "additionalItems": "additionalItems is draft 2019-09; write prefixItems and items",
        "definitions": "definitions is draft 7; put the schemas under $defs (or components/schemas)",
    ]

    /// The `$schema` values whose meaning is the one enforced here.
    package static let dialects: Set<String> = [
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

/// A keyword ``SchemaCompiler`` reads, found by one lookup of its name (``named``): comparing each name of a schema with
/// the forty the readers know, in turn, was a tenth of compiling a vendor's description.
enum SchemaKeyword: String, CaseIterable, Sendable {
    case type, `enum`, const
    case properties, required, additionalProperties, unevaluatedProperties, patternProperties, propertyNames
    case minProperties, maxProperties, dependentRequired, dependentSchemas
    case items, prefixItems, unevaluatedItems, contains, minContains, maxContains, minItems, maxItems, uniqueItems
    case minLength, maxLength, pattern, format, contentMediaType
    case minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf
    case allOf, anyOf, oneOf, not, `if`, then, `else`
    case ref = "$ref", defs = "$defs", schema = "$schema", anchor = "$anchor", dynamicRef = "$dynamicRef"
    case dynamicAnchor = "$dynamicAnchor", vocabulary = "$vocabulary", id = "$id"
    case keyCase = "x-apicheck-key-case", date = "x-apicheck-date"

    /// Each keyword by its name.
    static func named(_ key: String) -> SchemaKeyword? {
        // Found by the key's class, without hashing it (``KeyTable``): a dictionary hashed every key of every schema.
        table.index(of: key).map { keywords[$0] }
    }

    /// The keywords' names, and the case of each name in its order.
    private static let table = KeyTable(allCases.map(\.rawValue))
    private static let keywords = table.keys.map { SchemaKeyword(rawValue: $0)! }

    /// Whether the keyword applies a schema to a value inside the value: a member, an item, a key's name.
    var appliesInsideValue: Bool {
        switch self {
        case .properties, .additionalProperties, .patternProperties, .unevaluatedProperties, .propertyNames, .items, .prefixItems,
            .contains, .unevaluatedItems:
            true
        default: false
        }
    }
}
