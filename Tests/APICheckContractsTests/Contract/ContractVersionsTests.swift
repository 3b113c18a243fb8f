import APICheckBreaking
import APICheckContracts
import APICheckRecording
import ContractTestSupport
import Foundation
import Testing

/// OpenAPI 3.0, 3.1 and 3.2, YAML and JSON: what each reads as, what each refuses, and where its errors point.
@Suite("Contracts: OpenAPI 3.0, 3.2, Swagger 2.0 and JSON files")
struct ContractVersionsTests {
    /// A document of one operation, `GET /thing`, whose 200 response is `schema` (YAML, indented for its place).
    static func document(_ version: String, schema: String, components: String = "") -> String {
        """
        openapi: \(version)
        info: {title: versions, version: '1'}
        paths:
          /thing:
            get:
              responses:
                '200':
                  description: the thing
                  content:
                    application/json:
                      schema:
        \(schema.split(separator: "\n", omittingEmptySubsequences: false).map { "                " + $0 }.joined(separator: "\n"))
        components:
          schemas:
            Thing:
              type: object
              required: [id]
              properties:
                id: {type: integer}
        \(components)
        """
    }

    /// The findings' rules for a response body, against a contract's text.
    static func rules(_ text: String, path: String = "c.yaml", body: String) throws -> [String] {
        let verifier = Verifier(contract: try Contract.parse(text, path: path).compiled)
        let interaction = jsonInteraction("GET", "/thing", status: 200, body: try JSONReader.parse(body))
        return verifier.verify(interaction).map { "\($0.rule) \($0.pointer.isEmpty ? "/" : $0.pointer)" }
    }

    static func error(_ text: String, path: String = "c.yaml") throws -> ConfigurationError {
        try #require(throws: ConfigurationError.self) { try Contract.parse(text, path: path) }
    }

    // MARK: OpenAPI 3.0

    @Test(
        "nullable: true takes null beside a type, a $ref and a single allOf, and only what the schema takes besides",
        arguments: [
            "type: object\nnullable: true\nrequired: [id]\nproperties: {id: {type: integer}}",
            "$ref: '#/components/schemas/Thing'\nnullable: true",
            "allOf: [{$ref: '#/components/schemas/Thing'}]\nnullable: true\ndescription: the thing, or null",
            "oneOf: [{$ref: '#/components/schemas/Thing'}]\nnullable: true",
            "type: object\nnullable: true\nallOf: [{$ref: '#/components/schemas/Thing'}]",
        ])
    func nullable(schema: String) throws {
        let text = Self.document("3.0.3", schema: schema)
        #expect(try Self.rules(text, body: "null") == [])
        #expect(try Self.rules(text, body: #"{"id": 1}"#) == [])
        // The rest of the schema still judges a value that is not null, with what it found (not "none matched").
        #expect(try Self.rules(text, body: #"{"id": "one"}"#) == ["shape.type /id"])
        #expect(try Self.rules(text, body: "[]").count == 1)
    }

    @Test("nullable: false, and nullable with an enum that leaves null out (3.0.3), take no null")
    func notNullable() throws {
        #expect(try Self.rules(Self.document("3.0.0", schema: "type: string\nnullable: false"), body: "null") == ["field.null /"])
        let listed = Self.document("3.0.3", schema: "type: string\nnullable: true\nenum: [a, b]")
        #expect(try Self.rules(listed, body: "null") == ["enum.value /"])
        #expect(try Self.rules(listed, body: #""a""#) == [])
        let withNull = Self.document("3.0.3", schema: "type: string\nnullable: true\nenum: [a, b, null]")
        #expect(try Self.rules(withNull, body: "null") == [])
        #expect(try Self.rules(withNull, body: #""c""#) == ["enum.value /"])
    }

    @Test("oneOf of bare types with nullable is a list of types with null")
    func typeAlternatives() throws {
        let text = Self.document("3.0.3", schema: "oneOf: [{type: string}, {type: integer}]\nnullable: true")
        for body in ["null", #""a""#, "3"] { #expect(try Self.rules(text, body: body) == [], "\(body)") }
        #expect(try Self.rules(text, body: "true") == ["shape.type /"])
    }

    @Test("an example's value is data, even where it holds a key named schema")
    func exampleData() throws {
        let text =
            Self.document("3.0.3", schema: "type: string")
            + "  examples:\n    Odd:\n      value: {schema: {type: [a, b], const: 1}}\n"
        #expect(try Self.rules(text, body: #""a""#) == [])
    }

    @Test("boolean exclusiveMinimum and exclusiveMaximum make minimum and maximum exclusive")
    func exclusiveBounds() throws {
        let text = Self.document(
            "3.0.1", schema: "type: number\nminimum: 5\nexclusiveMinimum: true\nmaximum: 9\nexclusiveMaximum: false")
        #expect(try Self.rules(text, body: "5") == ["schema.exclusiveminimum /"])
        #expect(try Self.rules(text, body: "5.5") == [])
        #expect(try Self.rules(text, body: "9") == [])
        #expect(try Self.rules(text, body: "9.5") == ["schema.maximum /"])
        let alone = try Self.error(Self.document("3.0.3", schema: "type: number\nexclusiveMinimum: true"))
        #expect(alone.message.contains("needs minimum beside it"))
        #expect(alone.line == 13)
    }

    @Test(
        "a keyword of 3.1 in a 3.0 document is refused at its line with what to write instead",
        arguments: [
            ("type: [string, 'null']", "a list of types is OpenAPI 3.1; in 3.0 write one type, with nullable: true", "/type"),
            ("const: 3", "in 3.0 write enum: [the value]", "/const"),
            ("type: string\nexamples: [a, b]", "in 3.0 write example: with one value", "/examples"),
            ("type: number\nexclusiveMinimum: 3", "a number here is 3.1", "/exclusiveMinimum"),
            ("type: array\nprefixItems: [{type: string}]", "declare openapi: 3.1.0 to use it", "/prefixItems"),
            (
                "type: object\nproperties: {file: {type: string, contentMediaType: image/png}}", "format: binary",
                "/properties/file/contentMediaType"
            ),
        ])
    func refusedKeyword(schema: String, message: String, pointer: String) throws {
        let text = Self.document("3.0.3", schema: schema)
        let error = try Self.error(text)
        #expect(error.message.contains(message), "\(error)")
        #expect(error.keyPath == "/paths/~1thing/get/responses/200/content/application~1json/schema" + pointer)
        // The line of the keyword as written.
        let key = String(pointer.split(separator: "/").last ?? "")
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(key + ":") }
        #expect(error.line == line.map { $0 + 1 }, "\(error)")
    }

    @Test("a keyword beside $ref in a 3.0 document is ignored as OpenAPI 3.0 says, with one warning at its line")
    func siblingOfReference() throws {
        let text = Self.document("3.0.3", schema: "$ref: '#/components/schemas/Thing'\nmaxProperties: 3")
        let contract = try Contract.parse(text, path: "c.yaml").compiled
        #expect(contract.refused.isEmpty)
        let line = (text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("maxProperties:") } ?? 0) + 1
        #expect(contract.warnings.count == 1, "\(contract.warnings)")
        #expect(
            contract.warnings.first?.hasPrefix(
                "c.yaml:\(line):") == true
                && contract.warnings.first?.contains(
                    "warning: /paths/~1thing/get/responses/200/content/application~1json/schema/maxProperties: OpenAPI 3.0 ignores maxProperties beside $ref"
                ) == true, "\(contract.warnings)")
    }

    @Test("an error inside a schema the reading moved points at the line where it is written")
    func movedSchemaLines() throws {
        // A $ref that leads nowhere: the contract's own error (contract.invalid), at the line as written.
        func invalid(_ schema: String) throws -> Finding? {
            try Contract.parse(Self.document("3.0.3", schema: schema), path: "c.yaml").compiled.invalidFindings.first
        }
        let error = try #require(try invalid("allOf:\n  - $ref: '#/components/schemas/Missing'\nnullable: true"))
        #expect(error.pointer == "/paths/~1thing/get/responses/200/content/application~1json/schema/allOf/0/$ref", "\(error)")
        #expect(error.line == 13 && error.operation == "GET /thing")
        let beside = try #require(try invalid("nullable: true\n$ref: '#/components/schemas/Gone'"))
        #expect(beside.pointer.hasSuffix("/schema/$ref"), "\(beside)")
        #expect(beside.line == 13)
    }

    @Test("format binary and byte read as 3.1 says them (annotations); an example writes a binary property as a file")
    func fileFormats() throws {
        let text = """
            openapi: 3.0.3
            info: {title: upload, version: '1'}
            paths:
              /upload:
                post:
                  requestBody:
                    content:
                      multipart/form-data:
                        schema:
                          type: object
                          properties:
                            photo: {type: string, format: binary}
                            digest: {type: string, format: byte}
                  responses:
                    '204': {description: stored}
            """
        let contract = try Contract.parse(text, path: "upload.yaml").compiled
        let schema = try #require(contract.operations.first?.requestBodies["multipart/form-data"]?.schema)
        #expect(schema.property("photo")?.isFile == true)
        #expect(schema.property("digest")?.isFile == false)
        #expect(schema.property("photo")?.format == nil)
    }

    @Test("the empty pattern is a valid regular expression that matches every text")
    func emptyPattern() throws {
        let text = Self.document("3.1.0", schema: "type: string\npattern: ''")
        for body in [#""""#, #""anything at all""#, #""line\nbreak""#] { #expect(try Self.rules(text, body: body) == [], "\(body)") }
        #expect(try Self.rules(text, body: "1") == ["shape.type /"])
    }

    @Test(
        "a $ref to an $anchor finds the schema that declares it; an anchor declared twice refuses the document, one declared by none is the contract's error"
    )
    func anchors() throws {
        let text = Self.document(
            "3.1.0", schema: "$ref: '#thing'",
            components:
                "    Named:\n      $anchor: thing\n      type: object\n      required: [name]\n      properties: {name: {type: string}}")
        #expect(try Self.rules(text, body: #"{"name": "a"}"#) == [])
        #expect(try Self.rules(text, body: #"{"name": 1}"#) == ["shape.type /name"])
        let twice = text.replacingOccurrences(
            of: "      type: object\n      required: [id]", with: "      $anchor: thing\n      type: object\n      required: [id]")
        #expect(try Self.error(twice).message.contains("$anchor thing is declared twice"))
        let missing = try #require(
            try Contract.parse(text.replacingOccurrences(of: "$ref: '#thing'", with: "$ref: '#other'"), path: "c.yaml").compiled
                .invalidFindings.first)
        #expect(missing.found.contains("names an anchor no schema of this document declares"), "\(missing)")
        #expect(missing.line == 12 && missing.rule == .contractInvalid)
        let misnamed = text.replacingOccurrences(of: "$anchor: thing", with: "$anchor: '1st'")
            .replacingOccurrences(of: "$ref: '#thing'", with: "$ref: '#/components/schemas/Named'")
        let bad = try Contract.refusal(misnamed, path: "c.yaml")
        #expect(bad.message.contains("$anchor must be a name"), "\(bad)")
    }

    // MARK: OpenAPI 3.2 and others

    @Test("a 3.2 document that uses what 3.1 has loads and checks as 3.1")
    func openAPI32() throws {
        let text = Self.document("3.2.0", schema: "$ref: '#/components/schemas/Thing'")
        #expect(try Self.rules(text, body: #"{"id": 1}"#) == [])
        #expect(try Self.rules(text, body: #"{}"#) == ["field.missing /id"])
    }

    @Test(
        "each construct new in 3.2 is refused by name at its line",
        arguments: [
            ("    query:\n      responses: {'200': {description: found}}", "the query method (OpenAPI 3.2)", 14, "QUERY /thing"),
            (
                "    additionalOperations:\n      COPY: {responses: {'200': {description: copied}}}", "additionalOperations", 14,
                "COPY /thing"
            ),
            (
                "    post:\n      responses:\n        '200':\n          description: stream\n          content:\n            application/jsonl:\n              itemSchema: {type: object}",
                "itemSchema", 19, "POST /thing"
            ),
            (
                "    parameters:\n      - {name: q, in: querystring, content: {application/json: {schema: {}}}}", "in: querystring", 14,
                "GET /thing"
            ),
        ])
    func refused32(construct: String, message: String, line: Int, operation: String) throws {
        let text = Self.document("3.2.0", schema: "type: object") + "\npaths2: {}\n"
        // The construct goes in /thing's path item, after get.
        let placed = text.replacingOccurrences(of: "\npaths2: {}\n", with: "")
            .replacingOccurrences(of: "components:\n", with: construct + "\ncomponents:\n")
        let error = try Contract.refusal(placed, path: "c.yaml")
        #expect(error.message.contains(message), "\(error)")
        #expect(error.line == line, "\(error)")
        // The construct refuses its operation, by name, and nothing else.
        let contract = try Contract.parse(placed, path: "c.yaml").compiled
        #expect(contract.refused.map(\.operation) == [operation])
        #expect(contract.operations.map(\.name) == (operation == "GET /thing" ? [] : ["GET /thing"]))
    }

    @Test("Swagger 2.0 is refused in one line that says what it is and how to convert it")
    func swagger2() throws {
        let error = try Self.error("swagger: '2.0'\ninfo: {title: old, version: '1'}\npaths: {}\n", path: "old.yaml")
        #expect(error.message.contains("Swagger 2.0 (OpenAPI 2)"))
        #expect(error.message.contains("swagger2openapi"))
        #expect(!error.description.contains("\n"))
        #expect(error.line == 1)
    }

    @Test(
        "a version apicheck does not read is refused",
        arguments: ["openapi: 4.0.0", "openapi: 3.3.0", "openapi: 3.1", "openapi: '3.0'", "x-no-version: true"])
    func unknownVersions(first: String) throws {
        let error = try Self.error("\(first)\ninfo: {title: x, version: '1'}\npaths: {}\n")
        #expect(error.message.contains("openapi"), "\(error)")
    }

    // MARK: JSON

    @Test("a JSON contract is parsed as JSON: every escape, surrogate pairs, any whitespace, whatever the extension")
    func jsonContract() throws {
        let text =
            "{\r\n\t\"openapi\" :\"3.0.3\",\"info\":{\"title\":\"\\uD83D\\uDE00 \\u00e9\\\"\\\\\\/\\b\\f\\n\\r\\t\",\"version\":\"1\"},\n"
            + "\"paths\":{\"/thing\":{\"get\":{\"responses\":{\"200\":{\"description\":\"x\",\"content\":{\"application/json\":{\"schema\":"
            + "{\"type\":\"string\",\"enum\":[\"\\uD83D\\uDE00\",\"caf\\u00e9\"]}}}}}}}}}\n"
        for path in ["c.json", "c.yaml", "openapi"] {
            #expect(try Self.rules(text, path: path, body: #""😀""#) == [])
            #expect(try Self.rules(text, path: path, body: #""café""#) == [])
            #expect(try Self.rules(text, path: path, body: #""cafe""#) == ["enum.value /"])
        }
    }

    @Test("a JSON syntax error and a JSON contract's errors give line and column")
    func jsonErrors() throws {
        let broken = try Self.error("{\n  \"openapi\": \"3.1.0\",\n  \"info\": {\"title\": \"x\" \"version\": \"1\"}\n}\n", path: "c.json")
        #expect(broken.message.hasPrefix("not valid JSON"), "\(broken)")
        #expect(broken.line == 3)
        #expect(broken.column == 25)
        let text =
            "{\n  \"openapi\": \"3.0.3\",\n  \"info\": {\"title\": \"x\", \"version\": \"1\"},\n  \"paths\": {\"/thing\": {\"get\": {\"responses\": {\"200\": {\n    \"description\": \"x\",\n    \"content\": {\"application/json\": {\"schema\": {\n      \"type\": \"string\",\n      \"const\": \"a\"}}}}}}}}\n}\n"
        let error = try Self.error(text, path: "c.json")
        #expect(error.message.contains("enum: [the value]"))
        #expect(error.line == 8)
        #expect(error.column == 7)
    }

    @Test("breaking reads a 3.0 version as its 3.1 form: a document moved to 3.1 unchanged reports nothing")
    func breakingAcrossVersions() throws {
        let old = try ContractVersion.parse(
            Self.document("3.0.3", schema: "type: string\nnullable: true\nminLength: 1"), path: "old.yaml")
        let same = try ContractVersion.parse(
            Self.document("3.1.0", schema: "type: [string, 'null']\nminLength: 1"), path: "new.yaml")
        #expect(ContractDiff.compare(old, same).isEmpty)
        let changed = try ContractVersion.parse(Self.document("3.1.0", schema: "type: string\nminLength: 1"), path: "new.yaml")
        let changes = ContractDiff.compare(old, changed)
        #expect(changes.map(\.rule) == [.breakingResponseNotNullable], "\(changes.map(\.message))")
        #expect(changes.first?.old?.line == 12)
    }
}
