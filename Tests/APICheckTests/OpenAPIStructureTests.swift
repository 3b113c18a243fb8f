import APICheckRecording
import Foundation
import Locking
import Testing

@testable import APICheckContracts

/// A document compiled where reached (a vendor's description) has its structure checked against the OpenAPI
/// Initiative's schema of its version (`OpenAPIStructure`), with OpenAPIKit the judge wherever the two could differ: the
/// verdicts are those of the document compiled whole.
@Suite("Contracts: a vendor's description checked against the OpenAPI schema")
struct OpenAPIStructureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every operation compiled where reached, whatever the document's size.
    static let reached = Contract.Compilation.whereReached(beyond: 0)

    /// A 3.1 document (YAML) of `paths` (each line indented by two spaces) and `rest` (top-level lines).
    static func document(_ paths: String, rest: String = "") -> String {
        "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n" + paths + rest
    }

    static let fine = "  /fine:\n    get:\n      responses: {'200': {description: ok}}\n"

    /// The document in the form compiled (a 3.0 one read into 3.1's), as loading reads it.
    static func compiledForm(_ path: String) throws -> (JSONValue, OpenAPIEdition) {
        let bytes = Array(try Data(contentsOf: Self.root.appendingPathComponent(path)))
        let reading = try ContractReading.read(try ContractSource.parse(bytes, path: path).tree)
        return (reading.tree, reading.edition)
    }

    @Test(
        "each contract of this repository, 3.0 and 3.1, and the generator's, in the form compiled, is valid against its version's schema",
        arguments: [
            "contracts/github.openapi.yaml", "contracts/kakao.openapi.yaml", "contracts/lslp.openapi.yaml", "contracts/todos.openapi.yaml",
            "Tests/APICheckTests/Fixtures/openapi30/github.openapi.yaml", "Tests/APICheckTests/Fixtures/openapi30/todos.openapi.yaml",
            "Tests/APICheckTests/Fixtures/openapi30/kakao.openapi.yaml", "Tests/APICheckTests/Fixtures/openapi30/lslp.openapi.yaml",
            "Examples/GeneratedClient/openapi.yaml", "Fuzz/Seeds/contract/openapi-3.2-query.yaml",
        ])
    func repositoryContracts(_ path: String) throws {
        let (tree, edition) = try Self.compiledForm(path)
        let valid = OpenAPIStructure.isValid(tree, edition: edition)
        let decoded = Contract.checkStructure(tree).map { "\($0)" }
        #expect(valid, "\(path)")
        #expect(decoded == nil)
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
        "a security scheme no component declares, which no JSON Schema can see: apicheck does not read security, so one warning either way")
    func undeclaredScheme() throws {
        let text = Self.document(
            Self.fine + "  /secured:\n    get:\n      security: [{nope: []}]\n      responses: {'200': {description: ok}}\n")
        let tree = try ContractSource.parse(Array(text.utf8), path: "s.yaml").tree
        #expect(!OpenAPIStructure.namesDeclaredSchemes(tree))
        let whole = try Contract.parse(text, path: "s.yaml", compiling: .everything).compiled
        let reached = try Contract.parse(text, path: "s.yaml", compiling: Self.reached).compiled
        #expect(reached.warnings == whole.warnings && whole.warnings.count == 1)
        #expect(whole.warnings.first?.contains("the security scheme nope is not among components/securitySchemes") == true)
        #expect(reached.operation(method: "GET", path: "/secured") != nil && whole.operation(method: "GET", path: "/secured") != nil)
        let declared = text + "components:\n  securitySchemes:\n    nope: {type: http, scheme: bearer}\n"
        #expect(OpenAPIStructure.namesDeclaredSchemes(try ContractSource.parse(Array(declared.utf8), path: "d.yaml").tree))
    }

    @Test("what the schema refuses and OpenAPIKit takes (responses with none, a path without its slash) loads either way")
    func schemaStricterThanOpenAPIKit() throws {
        for text in [
            Self.document(Self.fine + "  /empty:\n    get:\n      responses: {}\n"),
            Self.document(Self.fine + "  nested:\n    get:\n      responses: {'200': {description: ok}}\n"),
        ] {
            let tree = try ContractSource.parse(Array(text.utf8), path: "o.yaml").tree
            #expect(!OpenAPIStructure.isValid(tree, edition: .v3_1))
            let whole = try Contract.parse(text, path: "o.yaml", compiling: .everything).compiled
            let reached = try Contract.parse(text, path: "o.yaml", compiling: Self.reached).compiled
            #expect(reached.compilesWhereReached && !whole.compilesWhereReached)
        }
    }

    @Test("what only OpenAPIKit refuses outside the path items (an openapi version it does not know) is refused at load")
    func rootDecodedByOpenAPIKit() throws {
        let text = Self.document(Self.fine).replacingOccurrences(of: "openapi: 3.1.0", with: "openapi: 3.1.9")
        let tree = try ContractSource.parse(Array(text.utf8), path: "r.yaml").tree
        #expect(OpenAPIStructure.isValid(tree, edition: .v3_1))
        let whole = try #require(throws: ConfigurationError.self) { try Contract.parse(text, path: "r.yaml", compiling: .everything) }
        let reached = try #require(throws: ConfigurationError.self) { try Contract.parse(text, path: "r.yaml", compiling: Self.reached) }
        #expect(reached.description == whole.description)
    }

    @Test("a path item's part holds what decoding it needs, and OpenAPIKit's error names the path item")
    func pathItemPart() throws {
        let broken = JSONObject.Member(
            key: "/x",
            value: .object(
                JSONObject([.init(key: "get", value: .object(JSONObject([.init(key: "responses", value: .number(JSONNumber(5)))])))])))
        let text = Self.document(Self.fine, rest: "components:\n  securitySchemes:\n    key: {type: http, scheme: bearer}\n")
        let tree = try ContractSource.parse(Array(text.utf8), path: "p.yaml").tree
        let part = Contract.structurePart(of: tree, pathItem: broken)
        #expect(part["components"]?["securitySchemes"]?["key"] != nil && part["paths"]?["/fine"] == nil)
        let error = try #require(Contract.checkStructure(part))
        #expect("\(error)".contains("`responses` value for the **GET** endpoint under `/x`"), "\(error)")
        #expect(Contract.checkStructure(Contract.structurePart(of: tree, pathItem: nil)) == nil)
    }

    @Test("what OpenAPIKit finds wrong with a path item a lookup reaches is the document's error, said after the run")
    func reachedPathItemDecoded() throws {
        let text = Self.document(Self.fine + "  /other:\n    get:\n      responses: {'200': {description: ok}}\n")
        let compiler = ContractCompiler(document: try ContractSource.parse(Array(text.utf8), path: "p.yaml").tree)
        let asked = Locked<[String?]>([])
        let operations = ReachedOperations(
            path: "p.yaml", compiler: compiler, keyCase: try compiler.checkWhole().keyCase,
            locate: { ConfigurationError(file: "p.yaml", message: $0.message) },
            structure: { pathItem in
                asked.withLock { $0.append(pathItem?.key) }
                return pathItem?.key == "/other" ? ConfigurationError(file: "p.yaml", message: "decoded: /other") : nil
            })
        #expect(operations.find(method: "GET", path: "/fine") != nil)
        #expect(operations.documentError == nil)
        #expect(operations.find(method: "GET", path: "/other") != nil)
        #expect(operations.find(method: "GET", path: "/other") != nil)
        #expect(operations.documentError?.message == "decoded: /other")
        #expect(asked.withLock { $0 } == ["/fine", "/other"])
        _ = operations.whole()
        #expect(asked.withLock { $0 } == ["/fine", "/other"], "a document already refused is not decoded again")
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
