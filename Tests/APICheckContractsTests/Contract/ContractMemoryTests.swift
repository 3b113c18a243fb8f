import APICheckRecording
import Foundation
import TestSupport
import Testing

@testable import APICheckContracts
@testable import APICheckJSONSchema

/// What keeps a vendor's description small in memory: a large JSON contract read from a file keeps no copy of its text
/// once parsed (a line is found by reading the file again, and a file that changed since gives no line rather than a
/// wrong one), the JSON reader gives each object and array storage of its size, and reading a 3.0 document copies only
/// what it rewrites.
@Suite("Contracts: a vendor's description held in little memory")
struct ContractMemoryTests {
    /// A JSON contract of more than a megabyte (its `info/description`) whose `GET /bad` is refused, written at line 9.
    static let text = """
        {
          "openapi": "3.1.0",
          "paths": {
            "/fine": {"get": {"responses": {"200": {"description": "ok"}}}},
            "/bad": {
              "get": {
                "responses": {"200": {"description": "x", "content": {"application/json": {
                  "schema": {
                    "$recursiveRef": "#"
                  }
                }}}}
              }
            }
          },
          "info": {"title": "big", "version": "1", "description": "\(String(repeating: "padding ", count: 140_000))"}
        }
        """

    static func write(_ text: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-large-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("big.json")
        try Data(text.utf8).write(to: file)
        return file
    }

    @Test("a refusal compiled after loading is placed at its line in the file, read again")
    func lineFromTheFileReadAgain() throws {
        #expect(Self.text.utf8.count > 1 << 20)
        let file = try Self.write(Self.text)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        for compilation in [Contract.Compilation.everything, .whereReached(beyond: 0)] {
            let contract = try Contract.load(file.path, compiling: compilation).compiled
            let refusal = try #require(contract.refusal(method: "GET", path: "/bad"))
            #expect(refusal.reason.file == file.path)
            #expect(refusal.reason.line == 9, "\(compilation): \(refusal.warning)")
            #expect(refusal.reason.message.contains("$recursiveRef"))
        }
    }

    @Test("a file that changed between loading and a lookup that compiles gives no line, never another line")
    func changedFileGivesNoLine() throws {
        let file = try Self.write(Self.text)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let contract = try Contract.load(file.path, compiling: .whereReached(beyond: 0)).compiled
        // Two lines more above the refused schema, the same length: only the checksum tells the texts apart.
        let shifted = Self.text.replacingOccurrences(of: "{\n  \"openapi\"", with: "{\n\n\n\"openapi\"")
        #expect(shifted.utf8.count == Self.text.utf8.count && shifted != Self.text)
        try Data(shifted.utf8).write(to: file)
        let refusal = try #require(contract.refusal(method: "GET", path: "/bad"))
        #expect(refusal.reason.line == nil, "\(refusal.warning)")
        #expect(refusal.reason.keyPath.hasSuffix("$recursiveRef"), "\(refusal.reason)")
    }

    @Test("a JSON text read into a tree holds each object's and array's members in storage of their size")
    func treeStorageFitsItsMembers() throws {
        // A large object and array first, then small ones: each small one must not keep the reader's working storage.
        let big = (0..<1000).map { "\"k\($0)\": [\($0)]" }.joined(separator: ", ")
        let text = "{\"big\": {\(big)}, \"list\": [\((0..<1000).map(String.init).joined(separator: ", "))], \"small\": {\"a\": [1]}}"
        let tree = try JSONReader.parse(text)
        let small = try #require(tree["small"]?.objectValue)
        #expect(small.members.capacity < 4, "an object of one member holds room for \(small.members.capacity)")
        let one = try #require(small["a"]?.arrayValue)
        #expect(one.capacity < 4, "an array of one element holds room for \(one.capacity)")
        let first = try #require(tree["big"]?["k0"]?.arrayValue)
        #expect(first.capacity < 4, "the first array read holds room for \(first.capacity)")
        #expect(tree["big"]?.objectValue?.count == 1000 && tree["list"]?.arrayValue?.count == 1000)
    }

    @Test("reading a 3.0 document copies only the schemas it rewrites: one that 3.1 reads as it is keeps its storage")
    func unchangedSchemasAreShared() throws {
        let path = "Tests/APICheckContractsTests/Fixtures/openapi30/github.openapi.json"
        let root = repositoryRoot
        let written = try ContractSource.parse(Array(try Data(contentsOf: root.appendingPathComponent(path))), path: path).tree
        let read = try ContractReading.read(written).tree
        let before = try #require(written["components"]?["schemas"]?.objectValue)
        let after = try #require(read["components"]?["schemas"]?.objectValue)
        var shared = 0
        var rewritten = 0
        for member in before {
            guard case .object(let old) = member.value, case .object(let new)? = after[member.key] else { continue }
            if old == new {
                let same = old.members.withUnsafeBufferPointer { a in
                    new.members.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
                }
                #expect(same, "components/schemas/\(member.key) reads the same and was copied")
                shared += 1
            } else {
                rewritten += 1
            }
        }
        #expect(shared > 3 && rewritten > 3, "\(shared) shared, \(rewritten) rewritten")
    }

    /// A 3.0 document of `count` schemas in `components/schemas`, every third a nullable `$ref` (read as an `anyOf` with
    /// null, a move) and every fifth with an exclusive minimum, one path that refers to them; `broken` puts a 3.1 keyword in the schema or the path named.
    static func generated(_ count: Int, brokenSchema: Int? = nil, brokenPath: Bool = false) -> JSONValue {
        var schemas = JSONObject()
        for index in 0..<count {
            var schema = JSONObject([
                .init(key: "type", value: "object"), .init(key: "properties", value: ["id": ["type": "integer", "minimum": 0]]),
            ])
            if index % 3 == 0 {
                schema = JSONObject([
                    .init(key: "allOf", value: [["$ref": "#/components/schemas/S1"]]), .init(key: "nullable", value: true),
                ])
            }
            if index % 5 == 0 { schema["properties"] = ["n": ["type": "number", "minimum": 1, "exclusiveMinimum": true]] }
            if index == brokenSchema { schema["const"] = 1 }
            schemas["S\(index)"] = .object(schema)
        }
        let parameter: JSONValue =
            brokenPath
            ? ["in": "query", "name": "q", "schema": ["type": ["string", "null"]]]
            : ["in": "query", "name": "q", "schema": ["type": "string"]]
        let operation: JSONValue = [
            "parameters": [parameter],
            "responses": ["200": ["description": "ok", "content": ["application/json": ["schema": ["$ref": "#/components/schemas/S3"]]]]],
        ]
        return [
            "openapi": "3.0.3", "info": ["title": "t", "version": "1"], "paths": ["/s": ["get": operation]],
            "components": ["schemas": .object(schemas)],
        ]
    }

    @Test("components/schemas read on a second thread gives what reading them in turn gives: the tree, the moves and the first error")
    func schemasReadAside() throws {
        func both(_ document: JSONValue) -> (aside: Result<ContractReading, SchemaError>, inTurn: Result<ContractReading, SchemaError>) {
            (
                Result { () throws(SchemaError) in try ContractReading.read(document, schemasAsideFrom: 0) },
                Result { () throws(SchemaError) in try ContractReading.read(document, schemasAsideFrom: .max) }
            )
        }
        let root = repositoryRoot
        var documents: [(String, JSONValue)] = []
        for api in ["github", "todos", "kakao", "lslp"] {
            for syntax in ["yaml", "json"] {
                let path = "Tests/APICheckContractsTests/Fixtures/openapi30/\(api).openapi.\(syntax)"
                documents.append(
                    (path, try ContractSource.parse(Array(try Data(contentsOf: root.appendingPathComponent(path))), path: path).tree))
            }
        }
        documents.append(("generated", Self.generated(600)))
        for (name, document) in documents {
            let (aside, inTurn) = both(document)
            let a = try aside.get()
            let b = try inTurn.get()
            #expect(a.tree == b.tree, "\(name)")
            #expect(a.moves.map { "\($0.from) \($0.to)" } == b.moves.map { "\($0.from) \($0.to)" }, "\(name)")
            #expect(a.notices.map { "\($0.pointer) \($0.message)" } == b.notices.map { "\($0.pointer) \($0.message)" }, "\(name)")
        }
        #expect(try ContractReading.read(Self.generated(600), schemasAsideFrom: 0).moves.count > 100)
        // The first error in the document's order: paths come before components here. The earlier quarter of the
        // schemas is read by the first thread, the rest by the second.
        for document in [
            Self.generated(600, brokenSchema: 400), Self.generated(600, brokenSchema: 100), Self.generated(600, brokenPath: true),
            Self.generated(600, brokenSchema: 7, brokenPath: true),
        ] {
            let (aside, inTurn) = both(document)
            guard case .failure(let a) = aside, case .failure(let b) = inTurn else {
                Issue.record("a broken document was read")
                continue
            }
            #expect(a.pointer == b.pointer && a.message == b.message, "\(a.pointer) \(b.pointer)")
        }
    }
}
