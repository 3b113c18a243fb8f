import APICheck
import Foundation
import TestSupport
import Testing

/// `apicheck breaking --format json` on pairs of versions that change one keyword the verifier enforces, each pair
/// judged on both sides: the same schema as a request field (what the client sends) and as a response field (what it
/// reads). A request that accepts less breaks the client; a response that may hold more breaks it.
@Suite("apicheck breaking: every enforced keyword, by side", .timeLimit(.minutes(5)))
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
            request: ["breaking.request-constraint-tightened /value"], response: ["breaking.response-constraint-tightened /value"]),
        Pair(
            "a prefixItems position's type changed", #"{"prefixItems": [{"type": "string"}]}"#, #"{"prefixItems": [{"type": "integer"}]}"#,
            request: ["breaking.request-type-changed /value/0"], response: ["breaking.response-type-changed /value/0"]),
        Pair(
            "unevaluatedItems made a schema", #"{"type": "array"}"#, #"{"type": "array", "unevaluatedItems": {"type": "string"}}"#,
            request: ["breaking.request-constraint-tightened /value/*"], response: ["breaking.response-constraint-tightened /value/*"]),
        Pair(
            "items: false", #"{"type": "array", "items": {"type": "string"}}"#, #"{"type": "array", "items": false}"#,
            request: ["breaking.request-constraint-tightened /value/*"], response: ["breaking.response-constraint-tightened /value/*"]),
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
        // What apicheck cannot follow: changed, never no change.
        Pair(
            "a $ref to a URL changed", #"{"$ref": "https://example.com/a"}"#, #"{"$ref": "https://example.com/b"}"#,
            request: ["breaking.schema-changed /value"], response: ["breaking.schema-changed /value"]),
    ]

    @Test("each pair gives its changes on each side, and only those", arguments: pairs)
    func judged(_ pair: Pair) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-keywords-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appendingPathComponent("old.yaml")
        let new = folder.appendingPathComponent("new.yaml")
        try Self.contract(pair.old).write(to: old, atomically: true, encoding: .utf8)
        try Self.contract(pair.new).write(to: new, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(["breaking", old.path, new.path, "--format", "json"], currentDirectory: folder)
        #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
        let report = try JSONReader.parse(Data(result.stdout.utf8))
        let changes = report[pointer: "/comparisons/0/changes"]?.arrayValue ?? []
        func found(_ part: String) -> [String] {
            changes.filter { $0[pointer: "/part"]?.stringValue == part }.compactMap { change in
                guard let rule = change[pointer: "/rule"]?.stringValue, rule != "breaking.documentation" else { return nil }
                return "\(rule) \(change[pointer: "/pointer"]?.stringValue ?? "")"
            }.sorted()
        }
        #expect(found("request application/json") == pair.request.sorted(), "\(result.stdout)")
        #expect(found("201 application/json") == pair.response.sorted(), "\(result.stdout)")
        // Exit 1 exactly when an error-level change is found (no recordings: every change counts).
        let errors = changes.contains { $0[pointer: "/severity"] == "error" }
        #expect(result.status == (errors ? 1 : 0))
    }
}
