import APICheck
import Foundation
import TestSupport
import Testing

/// `apicheck breaking --format json` on pairs of versions that change one keyword the verifier enforces, each pair
/// judged on both sides: the same schema as a request field (what the client sends) and as a response field (what it
/// reads). A request that accepts less breaks the client; a response that may hold more breaks it.
@Suite("apicheck breaking: every enforced keyword, by side", timeLimit(minutes: 5))
struct BreakingKeywordTests {
    struct Pair: CustomTestStringConvertible, Sendable {
        let name: String
        let old: String
        let new: String
        /// `rule pointer` of the request side and of the response side.
        let request: [String]
        let response: [String]
        var testDescription: String { name }

        init(_ name: String, _ old: String, _ new: String, request: [String], response: [String]) {
            self.name = name
            self.old = old
            self.new = new
            self.request = request
            self.response = response
        }
    }

    /// A contract whose POST sends `schema` as the body's `value` and whose answer holds it as `value` too.
    static func contract(_ schema: String) -> String {
        """
        openapi: 3.1.0
        info: {title: things, version: '1'}
        paths:
          /things:
            post:
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {type: object, properties: {value: \(schema)}}
              responses:
                '201':
                  description: created
                  content:
                    application/json:
                      schema: {type: object, properties: {value: \(schema)}}
        """
    }

    static let pairs: [Pair] = [
        // contains, minContains, maxContains
        Pair(
            "contains added", #"{"type": "array"}"#, #"{"type": "array", "contains": {"const": 1}}"#,
            request: ["breaking.request-constraint-tightened /value/*"], response: ["breaking.response-constraint-tightened /value/*"]),
        Pair(
            "contains loosened", #"{"contains": {"type": "string", "maxLength": 3}}"#, #"{"contains": {"type": "string", "maxLength": 5}}"#,
            request: ["breaking.request-constraint-loosened /value/*"], response: ["breaking.response-constraint-loosened /value/*"]),
        Pair(
            "minContains raised", #"{"contains": {"const": 1}, "minContains": 1}"#, #"{"contains": {"const": 1}, "minContains": 2}"#,
            request: ["breaking.request-constraint-tightened /value"], response: ["breaking.response-constraint-tightened /value"]),
        Pair(
            "maxContains removed", #"{"contains": {"const": 1}, "maxContains": 2}"#, #"{"contains": {"const": 1}}"#,
            request: ["breaking.request-constraint-loosened /value"], response: ["breaking.response-constraint-loosened /value"]),
        // dependentRequired, dependentSchemas
        Pair(
            "dependentRequired added", #"{"type": "object"}"#, #"{"type": "object", "dependentRequired": {"a": ["b"]}}"#,
            request: ["breaking.request-constraint-tightened /value"], response: ["breaking.response-constraint-tightened /value"]),
        Pair(
            "dependentRequired removed", #"{"type": "object", "dependentRequired": {"a": ["b"]}}"#, #"{"type": "object"}"#,
            request: ["breaking.request-constraint-loosened /value"], response: ["breaking.response-constraint-loosened /value"]),
        Pair(
            "dependentSchemas added", #"{"type": "object"}"#, #"{"type": "object", "dependentSchemas": {"a": {"required": ["b"]}}}"#,
            request: ["breaking.request-constraint-tightened /value"], response: ["breaking.response-constraint-tightened /value"]),
        Pair(
            "a dependentSchemas schema changed", #"{"dependentSchemas": {"a": {"properties": {"b": {"maxLength": 3}}}}}"#,
            #"{"dependentSchemas": {"a": {"properties": {"b": {"maxLength": 9}}}}}"#,
            request: ["breaking.request-constraint-loosened /value/b"], response: ["breaking.response-constraint-loosened /value/b"]),
        // if / then / else
        Pair(
            "if and then added", #"{"type": "object"}"#,
            #"{"type": "object", "if": {"required": ["a"]}, "then": {"required": ["b"]}}"#,
            request: ["breaking.request-constraint-tightened /value"], response: ["breaking.response-constraint-tightened /value"]),
        Pair(
            "the if of an if/then changed", #"{"if": {"required": ["a"]}, "then": {"required": ["b"]}}"#,
            #"{"if": {"required": ["c"]}, "then": {"required": ["b"]}}"#,
            request: ["breaking.request-constraint-changed /value"], response: ["breaking.response-constraint-changed /value"]),
        Pair(
            "else removed", #"{"if": {"required": ["a"]}, "then": {"required": ["b"]}, "else": {"maxProperties": 1}}"#,
            #"{"if": {"required": ["a"]}, "then": {"required": ["b"]}}"#,
            request: ["breaking.request-constraint-loosened /value"], response: ["breaking.response-constraint-loosened /value"]),
        // patternProperties, propertyNames, additionalProperties and unevaluatedProperties as schemas
        Pair(
            "patternProperties added", #"{"type": "object"}"#, #"{"type": "object", "patternProperties": {"^x-": {"type": "string"}}}"#,
            request: ["breaking.request-constraint-tightened /value"], response: ["breaking.response-constraint-tightened /value"]),
        Pair(
            "a patternProperties schema widened", #"{"patternProperties": {"^x-": {"type": "string"}}}"#,
            #"{"patternProperties": {"^x-": {"type": ["string", "integer"]}}}"#,
            request: ["breaking.request-type-widened /value/*"], response: ["breaking.response-type-changed /value/*"]),
        Pair(
            "propertyNames added", #"{"type": "object"}"#, #"{"type": "object", "propertyNames": {"maxLength": 8}}"#,
            request: ["breaking.request-constraint-tightened /value"], response: ["breaking.response-constraint-tightened /value"]),
        Pair(
            "propertyNames loosened", #"{"propertyNames": {"maxLength": 8}}"#, #"{"propertyNames": {"maxLength": 16}}"#,
            request: ["breaking.request-constraint-loosened /value"], response: ["breaking.response-constraint-loosened /value"]),
        Pair(
            "an additionalProperties schema widened", #"{"additionalProperties": {"type": "string"}}"#,
            #"{"additionalProperties": {"type": ["string", "integer"]}}"#,
            request: ["breaking.request-type-widened /value/*"], response: ["breaking.response-type-changed /value/*"]),
        Pair(
            "an unevaluatedProperties schema added", #"{"type": "object"}"#,
            #"{"type": "object", "unevaluatedProperties": {"type": "string"}}"#,
            request: ["breaking.request-constraint-tightened /value/*"], response: ["breaking.response-constraint-tightened /value/*"]),
        // prefixItems, unevaluatedItems, items: false
        Pair(
            "a prefixItems position added", #"{"prefixItems": [{"type": "string"}]}"#,
            #"{"prefixItems": [{"type": "string"}, {"type": "integer"}]}"#,
            request: ["breaking.request-constraint-tightened /value/1"], response: ["breaking.response-constraint-tightened /value/1"]),
        Pair(
            "a prefixItems entry that repeats items", #"{"type": "array", "items": {"type": "string"}}"#,
            #"{"type": "array", "items": {"type": "string"}, "prefixItems": [{"type": "string"}]}"#, request: [], response: []),
        Pair(
            "a prefixItems entry narrower than items", #"{"type": "array", "items": {"type": ["string", "integer"]}}"#,
            #"{"type": "array", "items": {"type": ["string", "integer"]}, "prefixItems": [{"type": "string"}]}"#,
            request: ["breaking.request-type-changed /value/0"], response: ["breaking.response-type-narrowed /value/0"]),
        Pair(
            "a prefixItems position's type changed", #"{"prefixItems": [{"type": "string"}]}"#, #"{"prefixItems": [{"type": "integer"}]}"#,
            request: ["breaking.request-type-changed /value/0"], response: ["breaking.response-type-changed /value/0"]),
        Pair(
            "unevaluatedItems made a schema", #"{"type": "array"}"#, #"{"type": "array", "unevaluatedItems": {"type": "string"}}"#,
            request: ["breaking.request-constraint-tightened /value/*"], response: ["breaking.response-constraint-tightened /value/*"]),
        Pair(
            "items: false", #"{"type": "array", "items": {"type": "string"}}"#, #"{"type": "array", "items": false}"#,
            request: ["breaking.request-constraint-tightened /value/*"], response: ["breaking.response-constraint-tightened /value/*"]),
        Pair(
            "items: false closes a tuple", #"{"type": "array", "prefixItems": [{"type": "string"}]}"#,
            #"{"type": "array", "prefixItems": [{"type": "string"}], "items": false}"#,
            request: ["breaking.request-constraint-tightened /value/*"], response: ["breaking.response-constraint-tightened /value/*"]),
        Pair("items: {} added", #"{"type": "array"}"#, #"{"type": "array", "items": {}}"#, request: [], response: []),
        Pair(
            "items removed", #"{"type": "array", "items": {"type": "string"}}"#, #"{"type": "array"}"#,
            request: ["breaking.request-constraint-loosened /value/*"], response: ["breaking.response-constraint-loosened /value/*"]),
        // not
        Pair(
            "not added", #"{"type": "string"}"#, #"{"type": "string", "not": {"const": ""}}"#,
            request: ["breaking.request-constraint-tightened /value"], response: ["breaking.response-constraint-tightened /value"]),
        Pair(
            "not changed", #"{"type": "string", "not": {"const": ""}}"#, #"{"type": "string", "not": {"const": "none"}}"#,
            request: ["breaking.request-constraint-changed /value"], response: ["breaking.response-constraint-changed /value"]),
        Pair(
            "not removed", #"{"type": "string", "not": {"const": ""}}"#, #"{"type": "string"}"#,
            request: ["breaking.request-constraint-loosened /value"], response: ["breaking.response-constraint-loosened /value"]),
        // const, pattern, multipleOf, default
        Pair(
            "const changed", #"{"const": "v1"}"#, #"{"const": "v2"}"#,
            request: ["breaking.request-enum-value-added /value", "breaking.request-enum-value-removed /value"],
            response: ["breaking.response-enum-value-added /value", "breaking.response-enum-value-removed /value"]),
        Pair(
            "a pattern replaced by .*", #"{"type": "string", "pattern": "^[a-z]+$"}"#, #"{"type": "string", "pattern": ".*"}"#,
            request: ["breaking.request-constraint-loosened /value"], response: ["breaking.response-constraint-loosened /value"]),
        Pair(
            "a pattern replaced by another", #"{"type": "string", "pattern": "^[a-z]+$"}"#, #"{"type": "string", "pattern": "^[0-9]+$"}"#,
            request: ["breaking.request-constraint-changed /value"], response: ["breaking.response-constraint-changed /value"]),
        Pair(
            "the empty pattern replaced by one", #"{"type": "string", "pattern": ""}"#, #"{"type": "string", "pattern": "^a"}"#,
            request: ["breaking.request-constraint-tightened /value"], response: ["breaking.response-constraint-tightened /value"]),
        Pair(
            "multipleOf 3 to 6", #"{"type": "integer", "multipleOf": 3}"#, #"{"type": "integer", "multipleOf": 6}"#,
            request: ["breaking.request-constraint-tightened /value"], response: ["breaking.response-constraint-tightened /value"]),
        Pair(
            "multipleOf 3 to 5", #"{"type": "integer", "multipleOf": 3}"#, #"{"type": "integer", "multipleOf": 5}"#,
            request: ["breaking.request-constraint-changed /value"], response: ["breaking.response-constraint-changed /value"]),
        Pair(
            "a default changed", #"{"type": "integer", "default": 20}"#, #"{"type": "integer", "default": 50}"#,
            request: ["breaking.request-default-changed /value"], response: []),
        // oneOf / anyOf, by side; a discriminator
        Pair(
            "a string that may now also be an integer", #"{"type": "string"}"#, #"{"oneOf": [{"type": "string"}, {"type": "integer"}]}"#,
            request: ["breaking.request-alternative-added /value"], response: ["breaking.response-alternative-added /value"]),
        Pair(
            "an alternative removed", #"{"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "boolean"}]}"#,
            #"{"anyOf": [{"type": "string"}, {"type": "integer"}]}"#,
            request: ["breaking.request-alternative-removed /value"], response: ["breaking.response-alternative-removed /value"]),
        Pair(
            "an alternative changed inside", #"{"oneOf": [{"type": "string", "maxLength": 3}, {"type": "integer"}]}"#,
            #"{"oneOf": [{"type": "string", "maxLength": 5}, {"type": "integer"}]}"#,
            request: ["breaking.request-constraint-loosened /value"], response: ["breaking.response-constraint-loosened /value"]),
        Pair(
            "anyOf became oneOf", #"{"anyOf": [{"type": "string"}, {"type": "integer"}]}"#,
            #"{"oneOf": [{"type": "string"}, {"type": "integer"}]}"#,
            request: ["breaking.request-constraint-tightened /value"], response: ["breaking.response-constraint-tightened /value"]),
        Pair(
            "a discriminator's mapping gained a kind",
            #"{"oneOf": [{"type": "object"}, {"type": "string"}], "discriminator": {"propertyName": "kind", "mapping": {"cat": "Cat"}}}"#,
            #"{"oneOf": [{"type": "object"}, {"type": "string"}], "discriminator": {"propertyName": "kind", "mapping": {"cat": "Cat", "dog": "Dog"}}}"#,
            request: ["breaking.request-enum-value-added /value/kind"], response: ["breaking.response-enum-value-added /value/kind"]),
        Pair(
            "a discriminator's property renamed",
            #"{"oneOf": [{"type": "object"}, {"type": "string"}], "discriminator": {"propertyName": "kind"}}"#,
            #"{"oneOf": [{"type": "object"}, {"type": "string"}], "discriminator": {"propertyName": "type"}}"#,
            request: ["breaking.discriminator-changed /value/type"], response: ["breaking.discriminator-changed /value/type"]),
        // readOnly / writeOnly
        Pair(
            "a field made readOnly", #"{"type": "object", "properties": {"id": {"type": "integer"}}}"#,
            #"{"type": "object", "properties": {"id": {"type": "integer", "readOnly": true}}}"#,
            request: ["breaking.request-field-removed /value/id"], response: []),
        Pair(
            "a field made writeOnly", #"{"type": "object", "properties": {"secret": {"type": "string"}}}"#,
            #"{"type": "object", "properties": {"secret": {"type": "string", "writeOnly": true}}}"#,
            request: [], response: ["breaking.response-field-removed /value/secret"]),
        Pair(
            "a required readOnly field added", #"{"type": "object", "properties": {}}"#,
            #"{"type": "object", "required": ["id"], "properties": {"id": {"type": "integer", "readOnly": true}}}"#,
            request: [], response: ["breaking.response-field-required /value/id"]),
        // Types, nullability, enums, formats, dates, fields, key case.
        Pair(
            "a string became an integer", #"{"type": "string"}"#, #"{"type": "integer"}"#,
            request: ["breaking.request-type-changed /value"], response: ["breaking.response-type-changed /value"]),
        Pair(
            "an integer may also be a string", #"{"type": "integer"}"#, #"{"type": ["integer", "string"]}"#,
            request: ["breaking.request-type-widened /value"], response: ["breaking.response-type-changed /value"]),
        Pair(
            "an integer or string became an integer", #"{"type": ["integer", "string"]}"#, #"{"type": "integer"}"#,
            request: ["breaking.request-type-changed /value"], response: ["breaking.response-type-narrowed /value"]),
        Pair(
            "made nullable", #"{"type": "string"}"#, #"{"type": ["string", "null"]}"#,
            request: ["breaking.request-nullable /value"], response: ["breaking.response-nullable /value"]),
        Pair(
            "no longer nullable", #"{"type": ["string", "null"]}"#, #"{"type": "string"}"#,
            request: ["breaking.request-not-nullable /value"], response: ["breaking.response-not-nullable /value"]),
        Pair(
            "an enum value added", #"{"enum": ["a", "b"]}"#, #"{"enum": ["a", "b", "c"]}"#,
            request: ["breaking.request-enum-value-added /value"], response: ["breaking.response-enum-value-added /value"]),
        Pair(
            "an enum value removed", #"{"enum": ["a", "b"]}"#, #"{"enum": ["a"]}"#,
            request: ["breaking.request-enum-value-removed /value"], response: ["breaking.response-enum-value-removed /value"]),
        Pair(
            "a format changed", #"{"type": "string", "format": "uuid"}"#, #"{"type": "string", "format": "uri"}"#,
            request: ["breaking.format-changed /value"], response: ["breaking.format-changed /value"]),
        Pair(
            "a date's fraction digits changed",
            #"{"type": "string", "format": "date-time", "x-apicheck-date": {"fraction-digits": 6, "offset": "Z"}}"#,
            #"{"type": "string", "format": "date-time", "x-apicheck-date": {"fraction-digits": 3, "offset": "Z"}}"#,
            request: ["breaking.date-form /value"], response: ["breaking.date-form /value"]),
        Pair(
            "a key case changed", #"{"type": "object", "x-apicheck-key-case": "snake_case"}"#,
            #"{"type": "object", "x-apicheck-key-case": "camelCase"}"#,
            request: ["breaking.key-case /value"], response: ["breaking.key-case /value"]),
        Pair(
            "an optional field added", #"{"type": "object", "properties": {"a": {"type": "string"}}}"#,
            #"{"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}}"#,
            request: ["breaking.request-field-added /value/b"], response: ["breaking.response-field-added /value/b"]),
        Pair(
            "a field made required", #"{"type": "object", "properties": {"a": {"type": "string"}}}"#,
            #"{"type": "object", "required": ["a"], "properties": {"a": {"type": "string"}}}"#,
            request: ["breaking.request-field-required /value/a"], response: ["breaking.response-field-required /value/a"]),
        Pair(
            "a field made optional", #"{"type": "object", "required": ["a"], "properties": {"a": {"type": "string"}}}"#,
            #"{"type": "object", "properties": {"a": {"type": "string"}}}"#,
            request: ["breaking.request-field-optional /value/a"], response: ["breaking.response-field-optional /value/a"]),
        Pair(
            "a field removed without being deprecated", #"{"type": "object", "properties": {"a": {"type": "string"}, "b": {}}}"#,
            #"{"type": "object", "properties": {"b": {}}}"#,
            request: ["breaking.request-field-removed /value/a", "breaking.removed-without-deprecation /value/a"],
            response: ["breaking.response-field-removed /value/a", "breaking.removed-without-deprecation /value/a"]),
        Pair(
            "a deprecated field removed", #"{"type": "object", "properties": {"a": {"type": "string", "deprecated": true}, "b": {}}}"#,
            #"{"type": "object", "properties": {"b": {}}}"#,
            request: ["breaking.removed-after-deprecation /value/a"], response: ["breaking.removed-after-deprecation /value/a"]),
        Pair(
            "a deprecated field removed before its sunset",
            #"{"type": "object", "properties": {"a": {"type": "string", "deprecated": true, "x-sunset": "2027-01-01"}, "b": {}}}"#,
            #"{"type": "object", "properties": {"b": {}}}"#,
            request: ["breaking.request-field-removed /value/a", "breaking.removed-before-sunset /value/a"],
            response: ["breaking.response-field-removed /value/a", "breaking.removed-before-sunset /value/a"]),
        Pair(
            "a field deprecated", #"{"type": "object", "properties": {"a": {"type": "string"}}}"#,
            #"{"type": "object", "properties": {"a": {"type": "string", "deprecated": true, "x-sunset": "2027-01-01"}}}"#,
            request: ["breaking.deprecated /value/a"], response: ["breaking.deprecated /value/a"]),
        // contentMediaType, contentEncoding, contentSchema: the form and shape of a string's content
        Pair(
            "contentMediaType changed", #"{"type": "string", "contentMediaType": "application/json"}"#,
            #"{"type": "string", "contentMediaType": "application/xml"}"#,
            request: ["breaking.format-changed /value"], response: ["breaking.format-changed /value"]),
        Pair(
            "contentMediaType widened", #"{"type": "string", "contentMediaType": "image/png"}"#,
            #"{"type": "string", "contentMediaType": "image/*"}"#,
            request: ["breaking.request-constraint-loosened /value"], response: ["breaking.response-constraint-loosened /value"]),
        Pair(
            "contentEncoding added", #"{"type": "string"}"#, #"{"type": "string", "contentEncoding": "base64"}"#,
            request: ["breaking.format-changed /value"], response: ["breaking.response-constraint-tightened /value"]),
        Pair(
            "contentSchema added", #"{"type": "string", "contentMediaType": "application/json"}"#,
            #"{"type": "string", "contentMediaType": "application/json", "contentSchema": {"type": "object"}}"#,
            request: ["breaking.request-constraint-tightened /value"], response: ["breaking.response-constraint-tightened /value"]),
        Pair(
            "contentSchema removed", #"{"type": "string", "contentSchema": {"type": "object", "required": ["a"]}}"#,
            #"{"type": "string"}"#,
            request: ["breaking.request-constraint-loosened /value"], response: ["breaking.response-constraint-loosened /value"]),
        // a oneOf that gains an alternative which may match the values of another
        Pair(
            "a oneOf gains an overlapping alternative", #"{"oneOf": [{"type": "object", "required": ["a"]}, {"type": "string"}]}"#,
            #"{"oneOf": [{"type": "object", "required": ["a"]}, {"type": "string"}, {"type": "object", "required": ["b"]}]}"#,
            request: [
                "breaking.request-alternative-added /value", "breaking.request-constraint-changed /value",
            ],
            response: ["breaking.response-alternative-added /value"]),
        Pair(
            "an object wrapped into a oneOf beside another object", #"{"type": "object", "properties": {"a": {"type": "string"}}}"#,
            #"{"oneOf": [{"type": "object", "properties": {"a": {"type": "string"}}}, {"type": "object", "required": ["b"]}]}"#,
            request: [
                "breaking.request-alternative-added /value", "breaking.request-constraint-changed /value",
            ],
            response: ["breaking.response-alternative-added /value"]),
        // Where apicheck judges differently from other tools (docs/RULES.md lists each, with its reason).
        Pair(
            "an anyOf alternative added", #"{"anyOf": [{"type": "string"}, {"type": "integer"}]}"#,
            #"{"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "boolean"}]}"#,
            request: ["breaking.request-alternative-added /value"], response: ["breaking.response-alternative-added /value"]),
        Pair(
            "an allOf part that required a field removed",
            #"{"allOf": [{"type": "object", "properties": {"a": {"type": "string"}}}, {"required": ["a"]}]}"#,
            #"{"allOf": [{"type": "object", "properties": {"a": {"type": "string"}}}]}"#,
            request: ["breaking.request-field-optional /value/a"], response: ["breaking.response-field-optional /value/a"]),
        Pair(
            "dependentRequired lists more names", #"{"type": "object", "dependentRequired": {"a": ["b"]}}"#,
            #"{"type": "object", "dependentRequired": {"a": ["b", "c"]}}"#,
            request: ["breaking.request-constraint-tightened /value"], response: ["breaking.response-constraint-tightened /value"]),
        Pair(
            "an object closed", #"{"type": "object", "properties": {"a": {"type": "string"}}}"#,
            #"{"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": false}"#,
            request: ["breaking.request-constraint-tightened /value"], response: []),
        Pair(
            "an object opened", #"{"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": false}"#,
            #"{"type": "object", "properties": {"a": {"type": "string"}}}"#,
            request: ["breaking.request-constraint-loosened /value"], response: []),
        Pair(
            "prefixItems added where items said otherwise", #"{"type": "array", "items": {"type": "string"}}"#,
            #"{"type": "array", "items": {"type": "string"}, "prefixItems": [{"type": "integer"}]}"#,
            request: ["breaking.request-type-changed /value/0"], response: ["breaking.response-type-changed /value/0"]),
        // What apicheck cannot follow: changed, never no change.
        Pair(
            "a $ref to a URL changed", #"{"$ref": "https://example.com/a"}"#, #"{"$ref": "https://example.com/b"}"#,
            request: ["breaking.schema-changed /value"], response: ["breaking.schema-changed /value"]),
    ]

    /// A pair of whole documents and the changes they give, each `rule operation [part] pointer`.
    struct DocumentPair: CustomTestStringConvertible, Sendable {
        let name: String
        let old: String
        let new: String
        let expected: [String]
        var testDescription: String { name }

        /// `base` with each of `oldEdits` (a text and what replaces it) as the old version, with `newEdits` as the new.
        init(_ name: String, old oldEdits: [(String, String)] = [], new newEdits: [(String, String)], _ expected: [String]) {
            self.name = name
            func edited(_ edits: [(String, String)]) -> String {
                edits.reduce(BreakingKeywordTests.base) { text, edit in
                    precondition(text.contains(edit.0), "\(name): the base has no \(edit.0)")
                    return text.replacingOccurrences(of: edit.0, with: edit.1)
                }
            }
            old = edited(oldEdits)
            new = edited(newEdits)
            self.expected = expected
        }
    }

    /// A contract of two operations and a webhook, which the document pairs edit.
    static let base = """
        openapi: 3.1.0
        info: {title: things, version: '1'}
        paths:
          /things:
            get:
              description: the things
              parameters:
                - {name: page, in: query, schema: {type: integer}}
              responses:
                '200':
                  description: ok
                  headers:
                    X-Rate: {required: true, schema: {type: integer}}
                  content:
                    application/json:
                      schema: {type: object}
            post:
              requestBody:
                content:
                  application/json:
                    schema: {type: object}
              responses:
                '201': {description: created}
        webhooks:
          thingCreated:
            post:
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {type: object, required: [id], properties: {id: {type: integer}, name: {type: string}}}
              responses:
                '200': {description: received}
        """

    /// The GET of `/things` taken out (its POST stays).
    static let removedGet: (String, String) = {
        let start = base.range(of: "    get:\n")!.lowerBound
        let end = base.range(of: "    post:\n")!.lowerBound
        return (String(base[start..<end]), "")
    }()

    static let documentPairs: [DocumentPair] = [
        DocumentPair(
            "an operation added", new: [("webhooks:", "  /more:\n    get:\n      responses:\n        '200': {description: ok}\nwebhooks:")],
            ["breaking.operation-added GET /more"]),
        DocumentPair(
            "an operation removed without being deprecated", new: [removedGet],
            [
                "breaking.operation-removed GET /things",
                "breaking.removed-without-deprecation GET /things",
            ]),
        DocumentPair(
            "a deprecated operation removed after its sunset",
            old: [
                ("      description: the things\n", "      description: the things\n      deprecated: true\n      x-sunset: '2026-06-30'\n")
            ],
            new: [removedGet], ["breaking.removed-after-deprecation GET /things"]),
        DocumentPair(
            "a deprecated operation removed, no sunset announced",
            old: [("      description: the things\n", "      description: the things\n      deprecated: true\n")],
            new: [removedGet], ["breaking.removed-after-deprecation GET /things"]),
        DocumentPair(
            "a deprecated operation removed before its sunset",
            old: [
                ("      description: the things\n", "      description: the things\n      deprecated: true\n      x-sunset: '2027-06-30'\n")
            ],
            new: [removedGet],
            ["breaking.operation-removed GET /things", "breaking.removed-before-sunset GET /things"]),
        DocumentPair(
            "a deprecated operation removed before the Sunset its header announced",
            old: [
                ("      description: the things\n", "      description: the things\n      deprecated: true\n"),
                (
                    "            X-Rate:",
                    "            Sunset: {schema: {type: string}, example: 'Wed, 30 Jun 2027 00:00:00 GMT'}\n            X-Rate:"
                ),
            ],
            new: [removedGet],
            ["breaking.operation-removed GET /things", "breaking.removed-before-sunset GET /things"]),
        DocumentPair(
            "a sunset date removed from what stays deprecated",
            old: [
                ("      description: the things\n", "      description: the things\n      deprecated: true\n      x-sunset: '2027-06-30'\n")
            ],
            new: [("      description: the things\n", "      description: the things\n      deprecated: true\n")],
            ["breaking.sunset-earlier GET /things"]),
        DocumentPair(
            "an operation deprecated with a sunset that is not a date",
            new: [
                ("      description: the things\n", "      description: the things\n      deprecated: true\n      x-sunset: next quarter\n")
            ],
            ["breaking.deprecated GET /things", "breaking.sunset-invalid GET /things"]),
        DocumentPair(
            "an operation no longer deprecated",
            old: [
                ("      description: the things\n", "      description: the things\n      deprecated: true\n      x-sunset: '2027-06-30'\n")
            ],
            new: [], []),
        DocumentPair(
            "a media type parameter the response must carry added",
            new: [
                (
                    "            application/json:\n              schema: {type: object}",
                    "            application/json; charset=utf-8:\n              schema: {type: object}"
                )
            ],
            ["breaking.response-constraint-tightened GET /things [200 application/json; charset=utf-8]"]),
        DocumentPair(
            "a media type parameter the response carried removed",
            old: [
                (
                    "            application/json:\n              schema: {type: object}",
                    "            application/json; charset=utf-8:\n              schema: {type: object}"
                )
            ],
            new: [], ["breaking.response-constraint-loosened GET /things [200 application/json]"]),
        DocumentPair(
            "a media type parameter a request must carry added",
            new: [
                (
                    "          application/json:\n            schema: {type: object}",
                    "          application/json; charset=utf-8:\n            schema: {type: object}"
                )
            ],
            ["breaking.request-constraint-tightened POST /things [request application/json; charset=utf-8]"]),
        DocumentPair(
            "a parameter's default added",
            new: [("{name: page, in: query, schema: {type: integer}}", "{name: page, in: query, schema: {type: integer, default: 1}}")],
            ["breaking.request-default-changed GET /things [query parameter page] /query/page"]),
        DocumentPair(
            "an operation deprecated",
            new: [("      description: the things\n", "      description: the things\n      deprecated: true\n")],
            ["breaking.deprecated GET /things"]),
        DocumentPair(
            "a sunset moved earlier",
            old: [
                ("      description: the things\n", "      description: the things\n      deprecated: true\n      x-sunset: '2027-06-30'\n")
            ],
            new: [
                ("      description: the things\n", "      description: the things\n      deprecated: true\n      x-sunset: '2027-01-31'\n")
            ],
            ["breaking.sunset-earlier GET /things"]),
        DocumentPair(
            "a description changed", new: [("description: the things", "description: all the things")],
            ["breaking.documentation GET /things"]),
        DocumentPair(
            "a parameter added",
            new: [("        - {name: page,", "        - {name: size, in: query, schema: {type: integer}}\n        - {name: page,")],
            ["breaking.parameter-added GET /things [query parameter size]"]),
        DocumentPair(
            "a parameter made required", new: [("{name: page, in: query,", "{name: page, in: query, required: true,")],
            ["breaking.parameter-required GET /things [query parameter page]"]),
        DocumentPair(
            "a parameter made optional", old: [("{name: page, in: query,", "{name: page, in: query, required: true,")], new: [],
            ["breaking.parameter-optional GET /things [query parameter page]"]),
        DocumentPair(
            "a parameter removed without being deprecated", new: [("{name: page,", "{name: offset,")],
            [
                "breaking.parameter-added GET /things [query parameter offset]",
                "breaking.parameter-removed GET /things [query parameter page]",
                "breaking.removed-without-deprecation GET /things [query parameter page]",
            ]),
        DocumentPair(
            "a parameter's encoding changed", new: [("{name: page, in: query,", "{name: page, in: query, style: spaceDelimited,")],
            ["breaking.value-encoding-changed GET /things [query parameter page]"]),
        DocumentPair(
            "a status added",
            new: [
                ("        '201': {description: created}", "        '201': {description: created}\n        '409': {description: conflict}")
            ],
            ["breaking.status-added POST /things [409]"]),
        DocumentPair(
            "a status removed",
            old: [
                ("        '201': {description: created}", "        '201': {description: created}\n        '409': {description: conflict}")
            ],
            new: [], ["breaking.status-removed POST /things [409]"]),
        DocumentPair(
            "a success status removed",
            old: [("        '201': {description: created}", "        '200': {description: ok}\n        '201': {description: created}")],
            new: [], ["breaking.success-status-removed POST /things [200]"]),
        DocumentPair(
            "an optional response header removed",
            old: [("            X-Rate:", "            X-Trace: {schema: {type: string}}\n            X-Rate:")],
            new: [], ["breaking.optional-response-header-removed GET /things [200] /headers/x-trace"]),
        DocumentPair(
            "a response content type added",
            new: [
                (
                    "              schema: {type: object}\n    post:",
                    "              schema: {type: object}\n            text/csv: {schema: {type: string}}\n    post:"
                )
            ],
            ["breaking.response-content-type-added GET /things [200 text/csv]"]),
        DocumentPair(
            "a response content type removed",
            old: [
                (
                    "              schema: {type: object}\n    post:",
                    "              schema: {type: object}\n            text/csv: {schema: {type: string}}\n    post:"
                )
            ],
            new: [], ["breaking.response-content-type-removed GET /things [200 text/csv]"]),
        DocumentPair(
            "a response header added", new: [("            X-Rate:", "            X-Trace: {schema: {type: string}}\n            X-Rate:")],
            ["breaking.response-header-added GET /things [200] /headers/x-trace"]),
        DocumentPair(
            "a required response header removed",
            new: [("          headers:\n            X-Rate: {required: true, schema: {type: integer}}\n", "")],
            ["breaking.response-header-removed GET /things [200] /headers/x-rate"]),
        DocumentPair(
            "a request body made required",
            new: [("      requestBody:\n        content:", "      requestBody:\n        required: true\n        content:")],
            ["breaking.request-body-required POST /things [request]"]),
        DocumentPair(
            "a request body made optional",
            old: [("      requestBody:\n        content:", "      requestBody:\n        required: true\n        content:")],
            new: [], ["breaking.request-field-optional POST /things [request]"]),
        DocumentPair(
            "a response's schema removed: any value may come",
            new: [("              schema: {type: object}\n    post:", "              example: {}\n    post:")],
            ["breaking.response-type-changed GET /things [200 application/json]"]),
        DocumentPair(
            "a request content type added",
            new: [
                (
                    "            schema: {type: object}\n      responses:\n        '201'",
                    "            schema: {type: object}\n          application/x-www-form-urlencoded: {schema: {type: object}}\n      responses:\n        '201'"
                )
            ],
            ["breaking.request-content-type-added POST /things [request application/x-www-form-urlencoded]"]),
        DocumentPair(
            "a request content type removed",
            old: [
                (
                    "            schema: {type: object}\n      responses:\n        '201'",
                    "            schema: {type: object}\n          application/x-www-form-urlencoded: {schema: {type: object}}\n      responses:\n        '201'"
                )
            ],
            new: [], ["breaking.request-content-type-removed POST /things [request application/x-www-form-urlencoded]"]),
        DocumentPair(
            "the document's key case changed",
            old: [("info: {title: things, version: '1'}", "info: {title: things, version: '1'}\nx-apicheck-key-case: snake_case")],
            new: [("info: {title: things, version: '1'}", "info: {title: things, version: '1'}\nx-apicheck-key-case: camelCase")],
            ["breaking.key-case GET /things", "breaking.key-case POST /things", "breaking.key-case POST webhook thingCreated"]),
        // Webhooks: the API sends the request, the app reads it and answers.
        DocumentPair(
            "a webhook added",
            new: [("webhooks:\n", "webhooks:\n  thingDeleted:\n    post:\n      responses:\n        '200': {description: received}\n")],
            ["breaking.webhook-added POST webhook thingDeleted"]),
        DocumentPair(
            "a webhook removed", new: [("  thingCreated:", "  thingUpdated:")],
            [
                "breaking.webhook-added POST webhook thingUpdated", "breaking.webhook-removed POST webhook thingCreated",
                "breaking.removed-without-deprecation POST webhook thingCreated",
            ]),
        DocumentPair(
            "a webhook's field removed: the app reads it", new: [(", name: {type: string}}}", "}}")],
            [
                "breaking.response-field-removed POST webhook thingCreated [request application/json] /name",
                "breaking.removed-without-deprecation POST webhook thingCreated [request application/json] /name",
            ]),
        DocumentPair(
            "a webhook's id may be a string: the app reads it", new: [("id: {type: integer}", "id: {type: [integer, string]}")],
            ["breaking.response-type-changed POST webhook thingCreated [request application/json] /id"]),
        DocumentPair(
            "a webhook's field made required: the API sends it", new: [("required: [id]", "required: [id, name]")],
            ["breaking.response-field-required POST webhook thingCreated [request application/json] /name"]),
        DocumentPair(
            "a webhook takes another answer from the app",
            new: [("'200': {description: received}", "'200': {description: received}\n        '202': {description: queued}")],
            ["breaking.request-constraint-loosened POST webhook thingCreated [202]"]),
    ]

    @Test("each pair of documents gives its changes, and only those (today is --date 2026-11-25)", arguments: documentPairs)
    func documents(_ pair: DocumentPair) async throws {
        let (status, changes, output) = try await Self.breaking(pair.old, pair.new, ["--date", "2026-11-25"])
        let found = changes.compactMap { change -> String? in
            guard let rule = change[pointer: "/rule"]?.stringValue else { return nil }
            let part = change[pointer: "/part"]?.stringValue ?? ""
            let pointer = change[pointer: "/pointer"]?.stringValue ?? ""
            return [rule, change[pointer: "/operation"]?.stringValue ?? "", part.isEmpty ? "" : "[\(part)]", pointer]
                .filter { !$0.isEmpty }.joined(separator: " ")
        }
        #expect(found.sorted() == pair.expected.sorted(), "\(output)")
        #expect(status == (changes.contains { $0[pointer: "/severity"] == "error" } ? 1 : 0))
    }

    @Test("every breaking rule of RuleID is given by at least one pair")
    func everyRule() {
        let given = Set(
            (Self.pairs.flatMap { $0.request + $0.response } + Self.documentPairs.flatMap(\.expected)).map {
                String($0.prefix { $0 != " " })
            })
        let rules = Set(RuleID.known.map(\.id.rawValue).filter { $0.hasPrefix("breaking.") })
        #expect(rules.subtracting(given).sorted() == [])
        #expect(given.subtracting(rules).sorted() == [])
    }

    /// Runs `apicheck breaking --format json` on two versions: its exit status, its changes, and what it printed.
    static func breaking(_ old: String, _ new: String, _ arguments: [String] = []) async throws -> (Int32, [JSONValue], String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-keywords-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let oldFile = folder.appendingPathComponent("old.yaml")
        let newFile = folder.appendingPathComponent("new.yaml")
        try old.write(to: oldFile, atomically: true, encoding: .utf8)
        try new.write(to: newFile, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(
            ["breaking", oldFile.path, newFile.path, "--format", "json"] + arguments, currentDirectory: folder)
        #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
        let report = try JSONReader.parse(Data(result.stdout.utf8))
        return (result.status, report[pointer: "/comparisons/0/changes"]?.arrayValue ?? [], result.stdout + result.stderr)
    }

    @Test("each pair gives its changes on each side, and only those (today is --date 2026-11-25)", arguments: pairs)
    func judged(_ pair: Pair) async throws {
        let (status, changes, output) = try await Self.breaking(Self.contract(pair.old), Self.contract(pair.new), ["--date", "2026-11-25"])
        func found(_ part: String) -> [String] {
            changes.filter { $0[pointer: "/part"]?.stringValue == part }.compactMap { change in
                guard let rule = change[pointer: "/rule"]?.stringValue, rule != "breaking.documentation" else { return nil }
                return "\(rule) \(change[pointer: "/pointer"]?.stringValue ?? "")"
            }.sorted()
        }
        #expect(found("request application/json") == pair.request.sorted(), "\(output)")
        #expect(found("201 application/json") == pair.response.sorted(), "\(output)")
        // Exit 1 exactly when an error-level change is found (no recordings: every change counts).
        #expect(status == (changes.contains { $0[pointer: "/severity"] == "error" } ? 1 : 0))
    }
}
