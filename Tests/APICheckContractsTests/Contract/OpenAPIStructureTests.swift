import APICheckRecording
import Foundation
import TestSupport
import Testing

@testable import APICheckContracts

/// The judge of a document's structure: the OpenAPI Initiative's schema of its version (`OpenAPIStructure`), whose first
/// problem is told at the deepest place its branches reach, at the file and line; what apicheck does not read and
/// the schema refuses is a warning (`UnreadParts`), never a refusal.
@Suite("Contracts: the structure judged against the OpenAPI schema")
struct OpenAPIStructureTests {

    /// Every operation compiled where reached, whatever the document's size.
    static let reached = Contract.Compilation.whereReached(beyond: 0)

    /// A 3.1 document (YAML) of `paths` (each line indented by two spaces) and `rest` (top-level lines).
    static func document(_ paths: String, rest: String = "") -> String {
        "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n" + paths + rest
    }

    static let fine = "  /fine:\n    get:\n      responses: {'200': {description: ok}}\n"

    /// The document in the form compiled (a 3.0 one read into 3.1's), as loading reads it.
    static func compiledForm(_ path: String) throws -> (JSONValue, OpenAPIEdition) {
        let bytes = Array(try Data(contentsOf: repositoryRoot.appendingPathComponent(path)))
        let reading = try ContractReading.read(try ContractSource.parse(bytes, path: path).tree)
        return (reading.tree, reading.edition)
    }

    @Test(
        "each contract of this repository, 3.0 and 3.1, and the generator's, in the form compiled, is valid against its version's schema",
        arguments: [
            "contracts/github.openapi.yaml", "contracts/kakao.openapi.yaml", "contracts/lslp.openapi.yaml", "contracts/todos.openapi.yaml",
            "Tests/APICheckContractsTests/Fixtures/openapi30/github.openapi.yaml",
            "Tests/APICheckContractsTests/Fixtures/openapi30/todos.openapi.yaml",
            "Tests/APICheckContractsTests/Fixtures/openapi30/kakao.openapi.yaml",
            "Tests/APICheckContractsTests/Fixtures/openapi30/lslp.openapi.yaml",
            "Examples/GeneratedClient/openapi.yaml", "Fuzz/Seeds/contract/openapi-3.2-query.yaml",
        ])
    func repositoryContracts(_ path: String) throws {
        let (tree, edition) = try Self.compiledForm(path)
        let problem = OpenAPIStructure.problem(in: tree, edition: edition)
        #expect(problem == nil, "\(path)")
    }

    @Test("the schema refuses what breaks the structure: no info, a response without a description, an unknown operation key")
    func schemaRefuses() throws {
        let valid = try ContractSource.parse(Array(Self.document(Self.fine).utf8), path: "v.yaml").tree
        #expect(OpenAPIStructure.isValid(valid, edition: .v3_1))
        for broken in [
            Self.document(Self.fine).replacingOccurrences(of: "info: {title: t, version: '1'}", with: "info: {version: '1'}"),
            Self.document("  /x:\n    get:\n      responses: {'200': {summary: ok}}\n"),
            Self.document("  /x:\n    get:\n      fetch: true\n      responses: {'200': {description: ok}}\n"),
        ] {
            let tree = try ContractSource.parse(Array(broken.utf8), path: "b.yaml").tree
            #expect(!OpenAPIStructure.isValid(tree, edition: .v3_1), "\(broken)")
        }
    }

    @Test(
        "an operation whose structure is broken is refused, the contract's own error told at the deepest place the schema reaches, with its line, compiled whole or where reached; the others are checked",
        arguments: [
            ("      responses: 5\n", 9, "/paths/~1x/get/responses", "expected an object, found an integer (5)"),
            (
                "      parameters:\n        - {name: a, in: bogus, schema: {type: string}}\n      responses: {'200': {description: ok}}\n",
                10,
                "/paths/~1x/get/parameters/0/in", #"expected one of "query", "header", "path", "cookie", found a string ("bogus")"#
            ),
            (
                "      parameters:\n        - {name: a, in: path, schema: {type: string}}\n      responses: {'200': {description: ok}}\n",
                10,
                "/paths/~1x/get/parameters/0/required", #"required key "required" (any value) is missing"#
            ),
            (
                "      requestBody: {content: {}, required: 'no'}\n      responses: {'200': {description: ok}}\n", 9,
                "/paths/~1x/get/requestBody/required", #"expected a boolean, found a string ("no")"#
            ),
            ("      responses: {'200': {description: ok, content: 5}}\n", 9, "/paths/~1x/get/responses/200/content", "expected an object"),
            // Of the branch's problems, the deepest, and a key written rather than one missing (OpenAPI's schema asks for
            // default where no key is a status code).
            (
                "      responses: {'2O0': {description: ok}}\n", 9, "/paths/~1x/get/responses/2O0",
                #""2O0" is no key OpenAPI gives this object"#
            ),
        ] as [(String, Int, String, String)])
    func deepestProblem(_ operation: String, _ line: Int, _ keyPath: String, _ message: String) throws {
        let text = Self.document(Self.fine + "  /x:\n    get:\n" + operation)
        for compilation in [Contract.Compilation.everything, Self.reached] {
            let contract = try Contract.parse(text, path: "d.yaml", compiling: compilation).compiled
            let error = try #require(contract.refusal(method: "GET", path: "/x")?.reason)
            #expect(error.line == line && error.keyPath == keyPath, "\(error)")
            #expect(error.message.hasPrefix("what OpenAPI 3.1 does not allow here (") && error.message.contains(message), "\(error)")
            #expect(contract.invalidFindings.map(\.rule) == [.contractInvalid] && contract.invalidFindings.first?.line == line)
            #expect(contract.operation(method: "GET", path: "/fine") != nil)
        }
    }

    @Test("a 3.0 document is judged in the 3.1 form it is read into, and its problem told at its line as written")
    func judgedAsRead() throws {
        let text =
            "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n  /x:\n    get:\n      parameters: [{name: a, in: body, schema: {}}]\n"
            + "      responses: {'200': {description: ok}}\n"
        let error = try #require(try Contract.parse(text, path: "o.yaml").compiled.refusal(method: "GET", path: "/x")?.reason)
        #expect(error.line == 6 && error.keyPath == "/paths/~1x/get/parameters/0/in", "\(error)")
        #expect(error.message.hasPrefix("what OpenAPI 3.0 does not allow here ("))
        // In a component, it refuses each operation whose $refs lead to it (micronaut's path parameter with required:
        // false, through a response's header too), and is a warning where none does; it refused the document (exit 2).
        let component = """
            openapi: 3.0.3
            info: {title: t, version: '1'}
            paths:
              /{v}/orders:
                get:
                  parameters: [{$ref: '#/components/parameters/Version'}]
                  responses: {'200': {description: ok}}
              /{v}/users:
                parameters: [{$ref: '#/components/parameters/Version'}]
                get:
                  responses: {'200': {$ref: '#/components/responses/Fine'}}
              /fine:
                get:
                  responses: {'200': {$ref: '#/components/responses/Fine'}}
            components:
              parameters:
                Version: {name: v, in: path, required: false, schema: {type: string}}
                Unused: {name: a, in: body}
              responses:
                Fine: {description: ok}

            """
        let contract = try Contract.parse(component, path: "o.yaml").compiled
        for path in ["/v5/orders", "/v5/users"] {
            let reason = try #require(contract.refusal(method: "GET", path: path)?.reason, "\(path)")
            #expect(reason.line == 17 && reason.message.hasPrefix("what OpenAPI 3.0 does not allow here ("), "\(reason)")
        }
        #expect(contract.operation(method: "GET", path: "/fine") != nil)
        #expect(contract.invalidFindings.map(\.rule) == [.contractInvalid], "\(contract.invalidFindings)")
        #expect(
            contract.warnings.contains {
                $0.contains("o.yaml:18:") && $0.hasSuffix("no operation uses Unused, so apicheck does not read it, and leaves it out")
            },
            "\(contract.warnings)")
    }

    @Test(
        "a security scheme no component declares, which no JSON Schema can see: apicheck does not read security, so one warning either way")
    func undeclaredScheme() throws {
        let text = Self.document(
            Self.fine + "  /secured:\n    get:\n      security: [{nope: []}]\n      responses: {'200': {description: ok}}\n")
        let tree = try ContractSource.parse(Array(text.utf8), path: "s.yaml").tree
        #expect(OpenAPIStructure.undeclaredScheme(in: tree)?.pointer.description == "/paths/~1secured/get/security/0/nope")
        let whole = try Contract.parse(text, path: "s.yaml", compiling: .everything).compiled
        let reached = try Contract.parse(text, path: "s.yaml", compiling: Self.reached).compiled
        #expect(reached.warnings == whole.warnings && whole.warnings.count == 1)
        #expect(whole.warnings.first?.contains("the security scheme nope is not among components/securitySchemes") == true)
        #expect(reached.operation(method: "GET", path: "/secured") != nil && whole.operation(method: "GET", path: "/secured") != nil)
        let declared = text + "components:\n  securitySchemes:\n    nope: {type: http, scheme: bearer}\n"
        #expect(OpenAPIStructure.undeclaredScheme(in: try ContractSource.parse(Array(declared.utf8), path: "d.yaml").tree) == nil)
        // In a callback, which apicheck does not read either: a warning at its line.
        let callback = Self.document(
            Self.fine
                + "  /hooked:\n    post:\n      callbacks:\n        done:\n          '{$request.body#/url}':\n            post:\n"
                + "              security: [{gone: []}]\n              responses: {'200': {description: ok}}\n")
        let hooked = try Contract.parse(callback, path: "c.yaml").compiled
        #expect(hooked.warnings.count == 1, "\(hooked.warnings)")
        #expect(
            hooked.warnings.first?.contains("c.yaml:13:") == true && hooked.warnings.first?.contains("gone") == true, "\(hooked.warnings)")
        #expect(hooked.operation(method: "POST", path: "/hooked") != nil)
    }

    @Test("slips read as their authors meant (a response list with none, a path without its slash), with a warning that says what to write")
    func slipsReadAsMeant() throws {
        for (text, warning) in [
            (Self.document(Self.fine + "  /empty:\n    get:\n      responses: {}\n"), "responses lists no response"),
            (Self.document(Self.fine + "  nested:\n    get:\n      responses: {'200': {description: ok}}\n"), "write /nested"),
        ] {
            let tree = try ContractSource.parse(Array(text.utf8), path: "o.yaml").tree
            #expect(!OpenAPIStructure.isValid(tree, edition: .v3_1))
            let whole = try Contract.parse(text, path: "o.yaml", compiling: .everything).compiled
            let reached = try Contract.parse(text, path: "o.yaml", compiling: Self.reached).compiled
            #expect(reached.compilesWhereReached && !whole.compilesWhereReached)
            #expect(whole.warnings.count == 1 && whole.warnings.first?.contains(warning) == true, "\(whole.warnings)")
            #expect(reached.warnings == whole.warnings)
        }
        let nested = try Contract.parse(
            Self.document(Self.fine + "  nested:\n    get:\n      responses: {'200': {description: ok}}\n"), path: "n.yaml")
        #expect(nested.compiled.operation(method: "GET", path: "/nested") != nil)
    }

    @Test("a key beside a parameter's $ref (springdoc's in: header) is ignored, as OpenAPI says, with a warning at its line")
    func keyBesideReference() throws {
        let text = Self.document(
            "  /x:\n    get:\n      parameters:\n        - {$ref: '#/components/parameters/A', in: header}\n"
                + "      responses: {'200': {description: ok}}\n",
            rest: "components:\n  parameters:\n    A: {name: a, in: query, schema: {type: string}}\n")
        let contract = try Contract.parse(text, path: "k.yaml").compiled
        #expect(contract.warnings.count == 1 && contract.warnings.first?.contains("in is beside a $ref") == true, "\(contract.warnings)")
        #expect(contract.warnings.first?.contains("k.yaml:7") == true, "\(contract.warnings)")
        #expect(contract.operation(method: "GET", path: "/x")?.operation.parameters.map(\.place) == [.query])
    }

    @Test("a patch version OpenAPI has not published (3.1.9) is read as 3.1: tools are to ignore the patch version")
    func patchVersion() throws {
        let text = Self.document(Self.fine).replacingOccurrences(of: "openapi: 3.1.0", with: "openapi: 3.1.9")
        #expect(try Contract.parse(text, path: "r.yaml").compiled.operation(method: "GET", path: "/fine") != nil)
    }

    @Test("a JSON text names another file only where a $ref's value does not start with #, or a letter of $ref is escaped")
    func namesAnotherFile() throws {
        func may(_ text: String, _ path: String = "c.json") throws -> Bool {
            try ContractSource.parse(Array(text.utf8), path: path).mayNameAnotherFile
        }
        #expect(try !may(##"{"a": {"$ref" : "#/b"}, "b": "$ref", "c": "\"$ref\": x"}"##))
        #expect(try may(##"{"a": {"$ref": "other.json#/b"}}"##))
        #expect(try may(##"{"a": {"$ref":"./b.json"}}"##))
        #expect(try may(##"{"a": {"\u0024ref": "#/b"}}"##))
        #expect(try may(##"{"a": {"$\u0072ef": "#/b"}}"##))
        #expect(try may("a: {$ref: '#/b'}\n", "c.yaml"))
    }
}
