import ContractTestSupport
import Foundation
import Testing

@testable import APICheckBreaking
@testable import APICheckContracts
@testable import APICheckRecording

/// A contract split across files (`$ref: schemas/todo.yaml`, `common.yaml#/components/responses/NotFound`, a path item
/// in a file of its own) is read as one document: checked as its one-file form is, 3.0 files read as 3.0, and every
/// error, refusal and `breaking` change named at the file and line it is written at.
@Suite("Contracts split across files")
struct SplitContractTests {
    /// The split contract: a path item, a parameter, a response and schemas in other files, one of which names another.
    static let split: [String: String] = [
        "openapi.yaml": """
        openapi: 3.1.0
        info: {title: split, version: '1'}
        paths:
          /todos:
            $ref: paths/todos.yaml
          /todos/{id}:
            get:
              parameters:
                - $ref: 'common.yaml#/components/parameters/Id'
              responses:
                '200':
                  description: one
                  content:
                    application/json:
                      schema:
                        $ref: 'schemas/todo.yaml'
                default:
                  $ref: 'common.yaml#/components/responses/Problem'
        """,
        "paths/todos.yaml": """
        get:
          responses:
            '200':
              description: list
              content:
                application/json:
                  schema:
                    type: object
                    required: [data]
                    properties:
                      data:
                        type: array
                        items: {$ref: '../schemas/todo.yaml'}
        """,
        "schemas/todo.yaml": """
        type: object
        required: [id, title, is_done]
        properties:
          id: {type: integer}
          title: {type: string, maxLength: 20}
          is_done: {type: boolean}
          owner: {$ref: '#/$defs/owner'}
        $defs:
          owner: {type: [string, 'null']}
        """,
        "common.yaml": """
        components:
          parameters:
            Id: {name: id, in: path, required: true, schema: {type: integer}}
          responses:
            Problem:
              description: an error
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/Error'}
          schemas:
            Error: {type: object, required: [message], properties: {message: {type: string}}}
        """,
    ]

    /// The same contract in one file.
    static let whole = """
        openapi: 3.1.0
        info: {title: whole, version: '1'}
        paths:
          /todos:
            get:
              responses:
                '200':
                  description: list
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [data]
                        properties:
                          data:
                            type: array
                            items: {$ref: '#/components/schemas/Todo'}
          /todos/{id}:
            get:
              parameters:
                - {name: id, in: path, required: true, schema: {type: integer}}
              responses:
                '200':
                  description: one
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Todo'}
                default:
                  description: an error
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Error'}
        components:
          schemas:
            Todo:
              type: object
              required: [id, title, is_done]
              properties:
                id: {type: integer}
                title: {type: string, maxLength: 20}
                is_done: {type: boolean}
                owner: {type: [string, 'null']}
            Error: {type: object, required: [message], properties: {message: {type: string}}}
        """

    static let todo: JSONValue = .object(
        JSONObject([
            .init(key: "id", value: .number(JSONNumber(3))), .init(key: "title", value: .string("a")),
            .init(key: "is_done", value: .bool(false)), .init(key: "owner", value: .null),
        ]))

    /// Answers that pass and answers that drift in each file's part.
    static let interactions: [Interaction] = [
        jsonInteraction(
            "GET", "/todos", status: 200, body: .object(JSONObject([.init(key: "data", value: .array([todo]))]))),
        jsonInteraction(
            "GET", "/todos", status: 200,
            body: .object(
                JSONObject([.init(key: "data", value: .array([todo, .object(JSONObject([.init(key: "id", value: .string("4"))]))]))]))),
        jsonInteraction("GET", "/todos/3", status: 200, body: todo),
        jsonInteraction(
            "GET", "/todos/3", status: 200,
            body: .object(
                JSONObject([
                    .init(key: "id", value: .number(JSONNumber(3))), .init(key: "title", value: .string(String(repeating: "x", count: 30))),
                    .init(key: "is_done", value: .string("no")), .init(key: "owner", value: .number(JSONNumber(1))),
                ]))),
        jsonInteraction("GET", "/todos/abc", status: 200, body: todo),
        jsonInteraction(
            "GET", "/todos/3", status: 500, body: .object(JSONObject([.init(key: "message", value: .number(JSONNumber(5)))]))),
    ]

    /// Writes `files` into a new folder and returns its path.
    static func folder(_ files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-split-\(UUID().uuidString)")
        for (name, text) in files {
            let url = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root.path
    }

    static func findings(_ contract: Contract) -> [String] {
        let verifier = Verifier(contract: contract.compiled)
        return interactions.flatMap { verifier.verify($0) }.map { "\($0.rule.rawValue) \($0.operation) \($0.pointer) \($0.found)" }
    }

    /// The error loading the contract of `files` gives.
    static func loadError(_ files: [String: String], sourceLocation: SourceLocation = #_sourceLocation) throws -> ConfigurationError {
        let root = try folder(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        do {
            _ = try Contract.load(root + "/openapi.yaml")
        } catch {
            return ConfigurationError(
                file: String(error.file.dropFirst(root.count + 1)), line: error.line, column: error.column, keyPath: error.keyPath,
                message: error.message)
        }
        Issue.record("the contract loaded", sourceLocation: sourceLocation)
        return ConfigurationError(file: "", message: "")
    }

    @Test("a split contract gives every finding its one-file form gives, and drifts are found in each file's part")
    func splitIsCheckedAsOneFile() throws {
        let root = try Self.folder(Self.split)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let split = try Contract.load(root + "/openapi.yaml")
        let whole = try Contract.parse(Self.whole, path: "whole.yaml")
        #expect(split.compiled.refused.isEmpty)
        let found = Self.findings(split)
        #expect(found == Self.findings(whole))
        // Each file's part is checked: the list's items, the one todo, the path parameter, the shared error response.
        for expected in [
            "shape.type GET /todos /data/*/id", "field.missing GET /todos /data/*/title", "schema.maxlength GET /todos/{id} /title",
            "shape.type GET /todos/{id} /is_done", "shape.type GET /todos/{id} /owner", "shape.type GET /todos/{id} /path/id",
            "shape.type GET /todos/{id} /message",
        ] {
            #expect(found.contains { $0.hasPrefix(expected + " ") }, "\(expected) missing from \(found)")
        }
    }

    @Test("the files of an OpenAPI 3.0 contract are read as 3.0: nullable in another file, a 3.1 keyword refused at its own line")
    func openAPI30Files() throws {
        var files = Self.split
        files["openapi.yaml"] = files["openapi.yaml"]!.replacingOccurrences(of: "openapi: 3.1.0", with: "openapi: 3.0.3")
        files["schemas/todo.yaml"] = files["schemas/todo.yaml"]!.replacingOccurrences(
            of: "owner: {$ref: '#/$defs/owner'}\n$defs:\n  owner: {type: [string, 'null']}",
            with: "owner: {$ref: '../common.yaml#/components/schemas/Owner'}")
        files["common.yaml"]! += "\n    Owner: {type: string, nullable: true}"
        let root = try Self.folder(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let contract = try Contract.load(root + "/openapi.yaml")
        let found = Self.findings(contract)
        #expect(found == Self.findings(try Contract.parse(Self.whole, path: "whole.yaml")))

        // Without nullable, the null owner is a finding: the 3.0 reading of the other file is what allowed it.
        try files["common.yaml"]!.replacingOccurrences(of: ", nullable: true", with: "").write(
            toFile: root + "/common.yaml", atomically: true, encoding: .utf8)
        #expect(Self.findings(try Contract.load(root + "/openapi.yaml")).contains { $0.hasPrefix("field.null GET /todos /data/*/owner") })

        files["common.yaml"] = files["common.yaml"]!.replacingOccurrences(
            of: "Owner: {type: string, nullable: true}", with: "Owner: {type: [string, 'null']}")
        let error = try Self.loadError(files)
        #expect(error.file == "common.yaml")
        #expect(error.line == 12)
        #expect(error.keyPath == "/components/schemas/Owner/type")
        #expect(error.message.contains("a list of types is OpenAPI 3.1"))
    }

    @Test(
        "a file that cannot be read, a fragment naming nothing, an unknown anchor, a syntax error there: the document is refused at the file and line",
        arguments: [
            ("schemas/todo.yaml'", "schemas/todos.yaml'", "openapi.yaml", 16, "\"schemas/todos.yaml\": cannot read"),
            ("schemas/todo.yaml'", "schemas/todo.yaml#/properties/nope'", "openapi.yaml", 16, "points at nothing in"),
            ("schemas/todo.yaml'", "schemas/todo.yaml#owner'", "openapi.yaml", 16, "names an anchor no schema of"),
            ("'#/components/schemas/Error'", "'#/components/schemas/Eror'", "common.yaml", 9, "points at nothing in"),
            (
                "Error: {type: object,", "Error: {$id: 'https://example.invalid/error', type: object,", "common.yaml", 11,
                "$id in a file a $ref names"
            ),
        ])
    func unreadable(replace: String, with: String, file: String, line: Int, message: String) throws {
        var files = Self.split
        let name = file == "common.yaml" ? "common.yaml" : "openapi.yaml"
        files[name] = files[name]!.replacingOccurrences(of: replace, with: with)
        let error = try Self.loadError(files)
        #expect(error.file == file)
        #expect(error.line == line)
        #expect(error.message.contains(message), "\(error)")
    }

    @Test("a syntax error in another file names that file and line; x-apicheck-files written in a contract is refused")
    func otherFileSyntaxAndReservedMember() throws {
        var files = Self.split
        files["common.yaml"]! += "\nbad: ["
        let error = try Self.loadError(files)
        #expect(error.file == "common.yaml")
        #expect(error.message.contains("not valid YAML"))

        files = Self.split
        files["openapi.yaml"]! += "\nx-apicheck-files: []"
        let reserved = try Self.loadError(files)
        #expect(reserved.file == "openapi.yaml")
        #expect(reserved.line == 19)
        #expect(reserved.message.contains("unknown extension x-apicheck-files"))
    }

    @Test(
        "a structure error in another file (a response's headers not an object) refuses its operation, named at that file's line; what apicheck does not read there, a warning"
    )
    func structureInOtherFile() throws {
        var files = Self.split
        files["paths/todos.yaml"] = files["paths/todos.yaml"]!.replacingOccurrences(
            of: "      description: list\n      content:\n", with: "      description: list\n      links: 5\n      content:\n")
        let root = try Self.folder(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let warnings = try Contract.load(root + "/openapi.yaml").compiled.warnings
        #expect(
            warnings.count == 1 && warnings[0].contains("paths/todos.yaml:5:") && warnings[0].contains("/get/responses/200/links"),
            "\(warnings)")
        files["paths/todos.yaml"] = files["paths/todos.yaml"]!.replacingOccurrences(of: "links: 5", with: "headers: 5")
        let broken = try Self.folder(files)
        defer { try? FileManager.default.removeItem(atPath: broken) }
        let refused = try Contract.load(broken + "/openapi.yaml").compiled.refused
        let error = try #require(refused.first { $0.operation == "GET /todos" }?.reason)
        #expect(error.file == broken + "/paths/todos.yaml" && error.line == 5 && error.keyPath == "/get/responses/200/headers", "\(error)")
        #expect(error.message.contains("what OpenAPI 3.1 does not allow here (expected an object"), "\(error)")
    }

    @Test(
        "a map of properties written as one $ref to a map in another file (DigitalOcean's) is read as that map, with a warning; its schemas are checked at their own lines"
    )
    func propertiesByReference() throws {
        var files = Self.split
        files["paths/todos.yaml"] = files["paths/todos.yaml"]!.replacingOccurrences(
            of: "properties:\n              data:\n                type: array\n                items: {$ref: '../schemas/todo.yaml'}",
            with: "properties:\n              $ref: '../models/attributes.yaml#/todo_list'")
        #expect(files["paths/todos.yaml"]!.contains("todo_list"))
        files["models/attributes.yaml"] = """
            todo_list:
              data:
                type: array
                items: {$ref: '../schemas/todo.yaml'}
              count: {type: integer}
            """
        let root = try Self.folder(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let contract = try Contract.load(root + "/openapi.yaml")
        #expect(contract.compiled.refused.isEmpty, "\(contract.compiled.refused.map(\.reason))")
        let warnings = contract.compiled.warnings
        #expect(
            warnings.count == 1 && warnings[0].contains("paths/todos.yaml:11:") && warnings[0].contains("read as that map"), "\(warnings)")
        // The same findings as the one-file form: the map's schemas are checked, the second item's drift found.
        let verifier = Verifier(contract: contract.compiled)
        let drift = verifier.verify(Self.interactions[1])
        let whole = Verifier(contract: try Contract.parse(Self.whole, path: "whole.yaml").compiled)
        #expect(!drift.isEmpty && drift.map(\.message) == whole.verify(Self.interactions[1]).map(\.message), "\(drift.map(\.message))")
        #expect(verifier.verify(Self.interactions[0]).isEmpty)
    }

    @Test("an operation written as a $ref to another file (DigitalOcean's) is read as what it names, with one warning")
    func operationByReference() throws {
        var files = Self.split
        files["openapi.yaml"] = files["openapi.yaml"]!.replacingOccurrences(
            of: "  /todos/{id}:\n    get:\n      parameters:",
            with: "  /todos/{id}:\n    get:\n      $ref: 'ops/todo.yaml'\n  /unused/{id}:\n    get:\n      parameters:")
        files["ops/todo.yaml"] = """
            parameters:
              - $ref: '../common.yaml#/components/parameters/Id'
            responses:
              '200':
                description: one
                content:
                  application/json:
                    schema: {$ref: '../schemas/todo.yaml'}
              default:
                $ref: '../common.yaml#/components/responses/Problem'
            """
        #expect(files["openapi.yaml"]!.contains("ops/todo.yaml"))
        let root = try Self.folder(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let contract = try Contract.load(root + "/openapi.yaml")
        let warnings = contract.compiled.warnings
        #expect(warnings.count == 1 && warnings[0].contains("an operation written as a $ref"), "\(warnings)")
        // Checked as the one-file form checks it: the drifts of GET /todos/{id} are found.
        let whole = Verifier(contract: try Contract.parse(Self.whole, path: "whole.yaml").compiled)
        let verifier = Verifier(contract: contract.compiled)
        for interaction in Self.interactions where interaction.request.url.hasPrefix("/todos/") {
            #expect(verifier.verify(interaction).map(\.message) == whole.verify(interaction).map(\.message))
        }
        #expect(!verifier.verify(Self.interactions[3]).isEmpty)
    }

    @Test("a construct refused in another file refuses the operations that reach it, named at that file's line")
    func refusalInOtherFile() throws {
        var files = Self.split
        files["schemas/todo.yaml"] = files["schemas/todo.yaml"]!.replacingOccurrences(of: "maxLength: 20", with: "maxLenght: 20")
        let root = try Self.folder(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let contract = try Contract.load(root + "/openapi.yaml")
        #expect(contract.compiled.refused.compactMap(\.operation).sorted() == ["GET /todos", "GET /todos/{id}"])
        for refusal in contract.compiled.refused {
            #expect(refusal.reason.file == root + "/schemas/todo.yaml")
            #expect(refusal.reason.line == 5)
            #expect(refusal.reason.keyPath == "/properties/title/maxLenght")
        }
    }

    @Test("a $ref to a URL refuses the operation that reaches it and says why; no network is reached")
    func urlReference() throws {
        var files = Self.split
        files["openapi.yaml"] = files["openapi.yaml"]!.replacingOccurrences(
            of: "'schemas/todo.yaml'", with: "'https://example.invalid/todo.yaml'")
        let root = try Self.folder(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let contract = try Contract.load(root + "/openapi.yaml")
        let refusal = try #require(contract.compiled.refused.first)
        #expect(refusal.operation == "GET /todos/{id}")
        #expect(refusal.reason.line == 16)
        #expect(refusal.reason.message.contains("is a URL, and apicheck reaches no network"))
        #expect(contract.compiled.operation(method: "GET", path: "/todos") != nil)
    }

    @Test("files that name each other (a recursive schema across two files, one file named two ways) are read once each")
    func filesNameEachOther() throws {
        let files = [
            "openapi.yaml": """
            openapi: 3.1.0
            info: {title: tree, version: '1'}
            paths:
              /tree:
                get:
                  responses:
                    '200':
                      description: a tree
                      content:
                        application/json:
                          schema: {$ref: './nodes/node.yaml'}
            """,
            "nodes/node.yaml": """
            type: object
            required: [name]
            properties:
              name: {type: string}
              children: {type: array, items: {$ref: 'children.yaml#/Child'}}
            """,
            "nodes/children.yaml": """
            Child:
              $ref: '../nodes/./node.yaml'
            """,
        ]
        let root = try Self.folder(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let source = try ContractSource.parse(Array(files["openapi.yaml"]!.utf8), path: root + "/openapi.yaml")
        let bundle = try ContractBundle.gather(source, at: root + "/openapi.yaml", from: .disk)
        #expect(bundle.files.map { String($0.path.dropFirst(root.count + 1)) } == ["nodes/node.yaml", "nodes/children.yaml"])
        let contract = try Contract.load(root + "/openapi.yaml")
        let deep = JSONValue.object(
            JSONObject([
                .init(key: "name", value: .string("a")),
                .init(
                    key: "children",
                    value: .array([
                        .object(
                            JSONObject([
                                .init(key: "name", value: .string("b")),
                                .init(
                                    key: "children",
                                    value: .array([.object(JSONObject([.init(key: "name", value: .number(JSONNumber(1)))]))])),
                            ]))
                    ])),
            ]))
        let found = Verifier(contract: contract.compiled).verify(jsonInteraction("GET", "/tree", status: 200, body: deep))
        #expect(found.map(\.pointer) == ["/children/*/children/*/name"])
    }

    @Test("a change in another file is a breaking change named at that file's line, in both versions")
    func breakingAcrossFiles() throws {
        let oldRoot = try Self.folder(Self.split)
        var files = Self.split
        files["schemas/todo.yaml"] = files["schemas/todo.yaml"]!.replacingOccurrences(
            of: "is_done: {type: boolean}", with: "is_done: {type: string}")
        let newRoot = try Self.folder(files)
        defer {
            try? FileManager.default.removeItem(atPath: oldRoot)
            try? FileManager.default.removeItem(atPath: newRoot)
        }
        let changes = ContractDiff.compare(
            try ContractVersion.load(oldRoot + "/openapi.yaml"), try ContractVersion.load(newRoot + "/openapi.yaml"))
        #expect(changes.map(\.operation) == ["GET /todos", "GET /todos/{id}"])
        for change in changes {
            #expect(change.rule == .breakingResponseTypeChanged)
            #expect(change.old?.file == oldRoot + "/schemas/todo.yaml")
            #expect(change.new?.file == newRoot + "/schemas/todo.yaml")
            #expect(change.new?.line == 6)
            #expect(change.new?.pointer == "/properties/is_done")
        }
        // Unchanged, the split contract and its one-file form say the same.
        #expect(
            ContractDiff.compare(
                try ContractVersion.load(oldRoot + "/openapi.yaml"), try ContractVersion.parse(Self.whole, path: "whole.yaml")
            )
            .isEmpty)
    }
}
