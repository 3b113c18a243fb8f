import APICheckRecording
import Foundation
import Testing

@testable import APICheckContracts
@testable import APICheckJSONSchema

/// Every keyword the verifier enforces, broken once in a recording: each gives its rule, pointer and line.
@Suite("Verifier: every keyword, parameter and header is enforced")
struct VerifierKeywordTests {
    static let contractText = """
        openapi: 3.1.0
        info: {title: keywords, version: '1'}
        paths:
          /things/{id}:
            parameters:
              - {name: id, in: path, required: true, schema: {type: integer, minimum: 1}}
            get:
              parameters:
                - {name: limit, in: query, schema: {type: integer, maximum: 50}}
                - {name: tag, in: query, schema: {type: array, items: {type: string, enum: [red, blue]}, maxItems: 2}}
                - {name: X-Trace, in: header, schema: {type: string, pattern: '^[0-9a-f]{8}$'}}
              responses:
                '200':
                  description: one thing
                  headers:
                    X-Rate: {schema: {type: integer, minimum: 0}}
                    X-Kind: {required: true, schema: {type: string, enum: [thing]}}
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Thing'}
        components:
          schemas:
            Node:
              type: object
              properties:
                value: {type: integer}
                children: {type: array, items: {$ref: '#/components/schemas/Node'}}
            Thing:
              type: object
              additionalProperties: false
              properties:
                min: {type: integer, minimum: 1}
                max: {type: integer, maximum: 10}
                xmin: {type: number, exclusiveMinimum: 0}
                xmax: {type: number, exclusiveMaximum: 1}
                mult: {type: number, multipleOf: 0.1}
                short: {type: string, minLength: 2}
                long: {type: string, maxLength: 3}
                code: {type: string, pattern: '^[A-Z]{3}$'}
                day: {type: string, format: date}
                link: {type: string, format: uri}
                few: {type: array, minItems: 1}
                many: {type: array, maxItems: 2}
                uniq: {type: array, uniqueItems: true}
                tuple: {type: array, prefixItems: [{type: string}, {type: integer}], items: false}
                has: {type: array, contains: {const: 7}}
                hasmin: {type: array, contains: {const: 7}, minContains: 2}
                hasmax: {type: array, contains: {const: 7}, maxContains: 1}
                tags: {type: object, patternProperties: {'^t_': {type: string}}, additionalProperties: false}
                names: {type: object, propertyNames: {pattern: '^[a-z]+$'}}
                big: {type: object, minProperties: 1}
                small: {type: object, maxProperties: 1}
                pay: {type: object, dependentRequired: {card: [cvc]}}
                ship: {type: object, dependentSchemas: {express: {required: [phone]}}}
                kind: {enum: [a, b]}
                fixed: {const: 1}
                either: {oneOf: [{type: integer}, {type: number, multipleOf: 0.5}]}
                any: {anyOf: [{type: string}, {type: boolean}]}
                both: {allOf: [{type: integer}, {minimum: 5}]}
                nope: {not: {type: string}}
                cond:
                  type: object
                  if: {properties: {kind: {const: card}}, required: [kind]}
                  then: {required: [number], properties: {number: {type: integer}}}
                  else: {required: [iban], properties: {iban: {type: string}}}
                tree: {$ref: '#/components/schemas/Node'}
                gone: false
                maybe: {type: [string, 'null']}
                sealed:
                  type: object
                  properties: {a: {type: integer}}
                  allOf: [{properties: {b: {type: integer}}}]
                  anyOf: [{properties: {c: {type: integer}}, required: [c]}, {properties: {d: {type: integer}}}]
                  unevaluatedProperties: false
                  x-note: a key the allOf, or a matching anyOf branch, evaluates is not unevaluated
                rest: {type: object, properties: {a: {type: integer}}, unevaluatedProperties: {type: string}}
                pair: {type: array, prefixItems: [{type: string}], allOf: [{prefixItems: [true, {type: integer}]}], unevaluatedItems: false}
        """

    static let verifier: Verifier = {
        do {
            return Verifier(contract: try Contract.parse(contractText, path: "keywords.yaml").compiled)
        } catch {
            Issue.record("the contract does not load: \(error)")
            return Verifier(contract: CompiledContract(emptyAt: "keywords.yaml"))
        }
    }()

    static let validBody = """
        {"min": 1, "max": 10, "xmin": 0.5, "xmax": 0.5, "mult": 0.3, "short": "ab", "long": "abc", "code": "ABC",
         "day": "2024-02-29", "link": "https://[::1]:8080/a/b%20c?q=1&r=(2)#top", "few": [1], "many": [1, 2], "uniq": [1, "1", 1.5], "tuple": ["a", 1], "has": [1, 7],
         "hasmin": [7, 7], "hasmax": [7, 1], "tags": {"t_a": "x"}, "names": {"abc": 1}, "big": {"a": 1},
         "small": {"a": 1}, "pay": {"card": 1, "cvc": 2}, "ship": {"express": true, "phone": "1"}, "kind": "a",
         "fixed": 1.0, "either": 0.5, "any": true, "both": 5, "nope": 3, "cond": {"kind": "card", "number": 1},
         "tree": {"value": 1, "children": [{"value": 2, "children": [{"value": 3}]}]}, "maybe": null,
         "sealed": {"a": 1, "b": 2, "d": 4}, "rest": {"a": 1, "z": "free"}, "pair": ["a", 1]}
        """

    /// A recording file of one interaction, written as apicheck writes recordings; `url` and headers as given.
    static func recordingText(
        url: String, requestHeaders: [(String, String)] = [], responseHeaders: [(String, String)] = [("X-Kind", "thing")], body: String
    ) throws -> String {
        let recording = Recording(
            api: "keywords", name: "case", recordedAt: "2026-01-01T00:00:00Z", recordedFrom: "sandbox",
            interactions: [
                Interaction(
                    request: RecordedRequest(method: "GET", url: url, headers: HeaderFields(requestHeaders)),
                    response: RecordedResponse(
                        status: 200, headers: HeaderFields([("Content-Type", "application/json")] + responseHeaders),
                        body: .json(try JSONReader.parse(body)))
                )
            ])
        return recording.fileText
    }

    static func findings(_ text: String) throws -> [Finding] {
        let bytes = Array(text.utf8)
        return verifier.verify(try Recording(bytes: bytes, file: "case.json"), file: "case.json", bytes: bytes)
    }

    @Test(
        "absolute URIs of every shape RFC 3986 allows pass format: uri",
        arguments: [
            "mailto:someone@example.com", "urn:isbn:0451450523", "https://avatars.githubusercontent.com/u/41898282?",
            "git://github.com/apple/swift.git", "http://127.0.0.1:8080/repositories/1/events?per_page=5&page=2",
            "tag:example.com,2024:a;b=c",
            "https://user:pass@example.com/~x/!$&'()*+,;=:@/?/?#frag/?",
        ])
    func validURIs(_ uri: String) throws {
        var body = try JSONReader.parse(Self.validBody)
        body.set(.string(uri), at: JSONPointer(tokens: ["link"]))
        let found = try Self.findings(try Self.recordingText(url: "/things/5", body: JSONWriter.compact(body)))
        #expect(found.isEmpty, "\(found.map(\.compilerLine))")
    }

    /// The keywords of the compiler's table (``SchemaVocabulary/enforced``) that this suite leaves to others: the core
    /// ones (`DynamicReferenceTests`, `SchemaIdentifierTests`, `MetaSchemaTests`) and apicheck's extensions
    /// (`ContractLoadingTests`, the key-case and date suites).
    static let testedElsewhere: Set<String> = [
        "$defs", "$schema", "$anchor", "$dynamicRef", "$dynamicAnchor", "$vocabulary", "x-apicheck-key-case", "x-apicheck-date",
    ]

    @Test("the contract here writes every keyword of the compiler's table but those tested elsewhere")
    func everyEnforcedKeywordIsHere() {
        let written = SchemaVocabulary.enforced.filter { keyword in
            [" ", "{", ","].contains { Self.contractText.contains("\($0)\(keyword):") }
        }
        #expect(SchemaVocabulary.enforced.subtracting(written).sorted() == Self.testedElsewhere.sorted())
    }

    @Test("a body, parameters and headers that keep every keyword verify clean")
    func clean() throws {
        let text = try Self.recordingText(
            url: "/things/5?limit=50&tag=red&tag=blue", requestHeaders: [("X-Trace", "0123abcd")],
            responseHeaders: [("X-Kind", "thing"), ("X-Rate", "12")], body: Self.validBody)
        let found = try Self.findings(text)
        #expect(found.isEmpty, "\(found.map(\.compilerLine))")
    }

    /// Each case: the member to replace, its new value, the rule and pointer expected, and text on the line it must point at.
    @Test(
        "each keyword broken in the body gives its rule, pointer and line",
        arguments: [
            ("min", "0", "schema.minimum", "/min"),
            ("max", "11", "schema.maximum", "/max"),
            ("xmin", "0", "schema.exclusiveminimum", "/xmin"),
            ("xmax", "1.0", "schema.exclusivemaximum", "/xmax"),
            ("mult", "0.35", "schema.multipleof", "/mult"),
            ("short", "\"a\"", "schema.minlength", "/short"),
            ("long", "\"한국어다\"", "schema.maxlength", "/long"),
            ("code", "\"AB1\"", "schema.pattern", "/code"),
            ("day", "\"2023-02-29\"", "schema.format", "/day"),
            // RFC 3986, not Foundation's URL(string:), which takes all of these (GitHub's bot actors send the first).
            ("link", "\"https://api.github.com/users/github-actions[bot]\"", "schema.format", "/link"),
            ("link", "\"https://example.com/a b\"", "schema.format", "/link"),
            ("link", "\"https://example.com/%zz\"", "schema.format", "/link"),
            ("link", "\"https://example.com/a#b#c\"", "schema.format", "/link"),
            ("link", "\"https://example.com/카카오\"", "schema.format", "/link"),
            ("link", "\"/relative/path\"", "schema.format", "/link"),
            ("link", "\"1http://example.com\"", "schema.format", "/link"),
            ("few", "[]", "schema.minitems", "/few"),
            ("many", "[1, 2, 3]", "schema.maxitems", "/many"),
            ("uniq", "[1, 1.0]", "schema.uniqueitems", "/uniq"),
            ("tuple", "[\"a\", 1, 2]", "schema.items", "/tuple"),
            ("tuple", "[1, 1]", "shape.type", "/tuple/*"),
            ("has", "[1, 2]", "schema.contains", "/has"),
            ("hasmin", "[7, 1]", "schema.mincontains", "/hasmin"),
            ("hasmax", "[7, 7]", "schema.maxcontains", "/hasmax"),
            ("tags", "{\"t_a\": 1}", "shape.type", "/tags/t_a"),
            ("tags", "{\"other\": \"x\"}", "field.unexpected", "/tags/other"),
            ("names", "{\"Abc\": 1}", "schema.propertynames", "/names/Abc"),
            ("big", "{}", "schema.minproperties", "/big"),
            ("small", "{\"a\": 1, \"b\": 2}", "schema.maxproperties", "/small"),
            ("pay", "{\"card\": 1}", "schema.dependentrequired", "/pay/cvc"),
            ("ship", "{\"express\": true}", "schema.dependentschemas", "/ship"),
            ("kind", "\"c\"", "enum.value", "/kind"),
            ("fixed", "2", "enum.value", "/fixed"),
            ("either", "3", "schema.oneof", "/either"),
            ("either", "0.3", "schema.oneof", "/either"),
            ("any", "3", "schema.anyof", "/any"),
            ("both", "4", "schema.minimum", "/both"),
            ("nope", "\"s\"", "schema.not", "/nope"),
            ("cond", "{\"kind\": \"card\"}", "schema.if", "/cond"),
            ("cond", "{\"kind\": \"bank\"}", "schema.if", "/cond"),
            (
                "tree", "{\"value\": 1, \"children\": [{\"value\": 2, \"children\": [{\"value\": \"deep\"}]}]}", "shape.type",
                "/tree/children/*/children/*/value"
            ),
            ("gone", "1", "field.unexpected", "/gone"),
            ("maybe", "3", "shape.type", "/maybe"),
            ("sealed", "{\"a\": 1, \"e\": 5}", "field.unexpected", "/sealed/e"),
            // c is declared by an anyOf branch that does not match (c is not an integer there): unevaluated.
            ("sealed", "{\"a\": 1, \"c\": \"x\"}", "field.unexpected", "/sealed/c"),
            ("rest", "{\"a\": 1, \"z\": 2}", "shape.type", "/rest/*"),
            ("pair", "[\"a\", 1, true]", "schema.items", "/pair/*"),
            ("surplus", "1", "field.unexpected", "/surplus"),
        ])
    func brokenKeyword(_ key: String, _ value: String, _ rule: String, _ pointer: String) throws {
        var body = try JSONReader.parse(Self.validBody)
        body.set(try JSONReader.parse(value), at: JSONPointer(tokens: [key]))
        if body[key] == nil, case .object(var object) = body {
            object[key] = try JSONReader.parse(value)
            body = .object(object)
        }
        let text = try Self.recordingText(url: "/things/5", body: JSONWriter.compact(body))
        let found = try Self.findings(text)
        let finding = try #require(found.first { $0.rule.rawValue == rule && $0.pointer == pointer }, "\(found.map(\.compilerLine))")
        #expect(found.count == 1, "one finding, not \(found.map(\.compilerLine))")
        #expect(finding.side == .response)
        // The line falls within the member's own lines in the file (pretty JSON, one member a line).
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.contains("\"\(key)\":") })
        let indent = lines[start].prefix { $0 == " " }.count
        let end = lines[(start + 1)...].firstIndex { $0.prefix { $0 == " " }.count <= indent } ?? lines.count
        let line = try #require(finding.line)
        #expect((start + 1)...end ~= line, "\(finding.compilerLine): expected a line from \(start + 1) to \(end)")
    }

    @Test(
        "parameters and response headers are checked against their schemas",
        arguments: [
            ("/things/abc", [(String, String)](), [("X-Kind", "thing")], "shape.type", "/path/id", "request", "\"url\""),
            ("/things/0", [], [("X-Kind", "thing")], "schema.minimum", "/path/id", "request", "\"url\""),
            ("/things/5?limit=99", [], [("X-Kind", "thing")], "schema.maximum", "/query/limit", "request", "\"url\""),
            ("/things/5?limit=ten", [], [("X-Kind", "thing")], "shape.type", "/query/limit", "request", "\"url\""),
            ("/things/5?tag=red&tag=green", [], [("X-Kind", "thing")], "enum.value", "/query/tag/*", "request", "\"url\""),
            ("/things/5?tag=red&tag=red&tag=blue", [], [("X-Kind", "thing")], "schema.maxitems", "/query/tag", "request", "\"url\""),
            ("/things/5", [("X-Trace", "nothex!!")], [("X-Kind", "thing")], "schema.pattern", "/header/X-Trace", "request", "\"headers\""),
            ("/things/5", [], [("X-Kind", "thing"), ("X-Rate", "-1")], "schema.minimum", "/headers/X-Rate", "response", "\"headers\""),
            ("/things/5", [], [("X-Kind", "thing"), ("X-Rate", "many")], "shape.type", "/headers/X-Rate", "response", "\"headers\""),
            ("/things/5", [], [("X-Kind", "other")], "enum.value", "/headers/X-Kind", "response", "\"headers\""),
            ("/things/5", [], [], "header.missing", "/headers/X-Kind", "response", "\"headers\""),
        ])
    func parametersAndHeaders(
        _ url: String, _ requestHeaders: [(String, String)], _ responseHeaders: [(String, String)], _ rule: String, _ pointer: String,
        _ part: String, _ marker: String
    ) throws {
        let text = try Self.recordingText(url: url, requestHeaders: requestHeaders, responseHeaders: responseHeaders, body: Self.validBody)
        let found = try Self.findings(text)
        let finding = try #require(found.first { $0.rule.rawValue == rule && $0.pointer == pointer }, "\(found.map(\.compilerLine))")
        #expect(found.count == 1, "one finding, not \(found.map(\.compilerLine))")
        #expect(finding.side.rawValue == part)
        #expect(finding.severity == .error)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(finding.line)
        #expect(lines[line - 1].contains(marker), "\(finding.compilerLine): line \(line) is \(lines[line - 1])")
        #expect(
            part == "request"
                ? line < (lines.firstIndex { $0.contains("\"response\"") } ?? 0) + 1
                : line > (lines.firstIndex { $0.contains("\"response\"") } ?? 0))
    }

    @Test("with more than 64 declared properties, each missing required key is still found", arguments: [0, 63, 64, 69])
    func manyProperties(_ missing: Int) throws {
        let names = (0..<70).map { "p\($0)" }
        let schema = try JSONReader.parse(
            #"{"type": "object", "required": [\#(names.map { "\"\($0)\"" }.joined(separator: ","))], "properties": {\#(names.map { "\"\($0)\": {\"type\": \"integer\"}" }.joined(separator: ","))}}"#
        )
        let value = try JSONReader.parse(
            "{" + names.enumerated().filter { $0.offset != missing }.map { "\"\($0.element)\": 1" }.joined(separator: ",") + "}")
        let problems = try StandaloneSchema(schema).problems(in: value)
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.contains("required key \"p\(missing)\"") == true, "\(problems)")
    }
}
