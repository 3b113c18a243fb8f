import ContractTestSupport
import Foundation
import Testing

@testable import APICheckCommands
@testable import APICheckContracts
@testable import APICheckJSONSchema
@testable import APICheckRecording

/// `$dynamicRef` and `$dynamicAnchor` in a contract: one generic page schema whose items each API response fills in
/// (the pattern JSON Schema 2020-12 gives them for), checked by the real `VerifyRun` both ways (bodies checked as they
/// are read, and as trees); and a `$schema` naming a meta-schema of the contract's own, read by its `$vocabulary`.
@Suite("Dynamic references ($dynamicRef)")
struct DynamicReferenceTests {
    static let contract = """
        openapi: 3.1.0
        info: {title: pages, version: '1'}
        paths:
          /todos:
            get:
              responses:
                '200':
                  description: a page of todos
                  content:
                    application/json:
                      schema: {$ref: 'https://example.com/todo-page'}
          /users:
            get:
              responses:
                '200':
                  description: a page of users
                  content:
                    application/json:
                      schema: {$ref: 'https://example.com/user-page'}
          /anything:
            get:
              responses:
                '200':
                  description: the generic page itself
                  content:
                    application/json:
                      schema: {$ref: 'https://example.com/page'}
        components:
          schemas:
            Page:
              $id: https://example.com/page
              type: object
              required: [data]
              properties:
                data: {type: array, items: {$dynamicRef: '#item'}}
              $defs:
                item: {$dynamicAnchor: item, type: object}
            TodoPage:
              $id: https://example.com/todo-page
              $ref: page
              $defs:
                item:
                  $dynamicAnchor: item
                  type: object
                  required: [id, title]
                  properties: {id: {type: integer}, title: {type: string}}
            UserPage:
              $id: https://example.com/user-page
              $ref: page
              $defs:
                item:
                  $dynamicAnchor: item
                  type: object
                  required: [name]
                  properties: {name: {type: string, minLength: 1}}
        """

    static func recording(_ path: String, _ items: String) -> String {
        """
        {"format": "apicheck-recording/1", "api": "pages", "name": "p", "recorded_at": "2026-11-25T00:00:00Z", "recorded_from": "sandbox",
         "interactions": [{"request": {"method": "GET", "url": "\(path)", "headers": {}},
           "response": {"status": 200, "headers": {"Content-Type": "application/json"},
             "body": {"json": {"data": \(items)}}}}]}
        """
    }

    /// Verifies each recording against the contract, both ways (the two must agree): each file's findings as
    /// `rule pointer`.
    static func findings(_ recordings: [String: String]) throws -> [String: [String]] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-dynamic-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(contract.utf8).write(to: folder.appendingPathComponent("pages.yaml"))
        try Data(
            "version: 1\napis:\n  pages:\n    contract: pages.yaml\n    recordings: recordings\n    base_url: https://pages.example.invalid\n"
                .utf8
        ).write(
            to: folder.appendingPathComponent("apicheck.yml"))
        let recordingsFolder = folder.appendingPathComponent("recordings")
        try FileManager.default.createDirectory(at: recordingsFolder, withIntermediateDirectories: true)
        var paths: [String] = []
        for (name, text) in recordings.sorted(by: { $0.key < $1.key }) {
            let file = recordingsFolder.appendingPathComponent(name + ".json")
            try Data(text.utf8).write(to: file)
            paths.append(file.path)
        }
        let configuration = try ConfigurationFile.load(folder.appendingPathComponent("apicheck.yml").path)
        let run = try VerifyRun(configuration: configuration, options: VerifyRun.Options(jobs: 1))
        let (streamed, _) = StreamingCheckTests.expectSame(run, paths: paths, context: "dynamic references")
        #expect(streamed > 0, "no body was checked as it was read")
        let result = run.verify(VerifyRun.Options(paths: paths, jobs: 1))
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.interactions == recordings.count)
        var found: [String: [String]] = [:]
        for finding in result.findings {
            let name = URL(fileURLWithPath: finding.file ?? "-").deletingPathExtension().lastPathComponent
            found[name, default: []].append("\(finding.rule.rawValue) \(finding.pointer)")
        }
        return found
    }

    @Test("each response's page is checked with its own items: the outermost $dynamicAnchor of the name in scope")
    func itemsOfEachPage() throws {
        let found = try Self.findings([
            "todos-good": Self.recording("/todos", #"[{"id": 1, "title": "a"}]"#),
            "todos-bad": Self.recording("/todos", #"[{"id": "1", "title": "a"}, {"title": "b"}]"#),
            "users-good": Self.recording("/users", #"[{"name": "kim"}]"#),
            // A todo under /users: the user page's items apply, not the todo page's.
            "users-bad": Self.recording("/users", #"[{"id": 1, "title": "a"}, {"name": ""}]"#),
            // The generic page alone: its own anchor (any object), nothing else.
            "anything": Self.recording("/anything", #"[{"id": "x"}, {"name": ""}]"#),
            "anything-bad": Self.recording("/anything", #"[1]"#),
        ])
        #expect(found["todos-good"] == nil)
        #expect(found["users-good"] == nil)
        #expect(found["anything"] == nil)
        #expect(found["todos-bad"] == ["shape.type /data/*/id", "field.missing /data/*/id"], "\(found)")
        #expect(
            found["users-bad"] == [
                // The keys are judged after the values, over every schema applied to the page (its allOf parts) at once.
                "field.missing /data/*/name", "schema.minlength /data/*/name", "field.added /data/*/id", "field.added /data/*/title",
            ],
            "\(found)")
        #expect(found["anything-bad"] == ["shape.type /data/*"], "\(found)")
    }

    @Test("a $schema naming the contract's own meta-schema: its $vocabulary decides; a keyword it leaves out is refused at its line")
    func vocabularies() throws {
        func load(_ vocabulary: String, _ schema: String) throws -> CompiledContract {
            try Contract.parse(
                """
                openapi: 3.1.0
                info: {title: meta, version: '1'}
                paths:
                  /things:
                    get:
                      responses:
                        '200':
                          description: ok
                          content:
                            application/json:
                              schema: {$ref: 'https://example.com/thing'}
                components:
                  schemas:
                    Meta:
                      $id: https://example.com/meta
                      $vocabulary: {\(vocabulary)}
                    Thing:
                      $id: https://example.com/thing
                      $schema: https://example.com/meta
                \(schema)
                """, path: "meta.yaml"
            ).compiled
        }
        let core = "'https://json-schema.org/draft/2020-12/vocab/core': true"
        let validation = "'https://json-schema.org/draft/2020-12/vocab/validation': true"
        let optional = "'https://example.com/vocab/ours': false"
        // Validation and an optional vocabulary apicheck does not know: type is checked.
        let checked = try load([core, validation, optional].joined(separator: ", "), "      type: integer")
        #expect(checked.refused.isEmpty, "\(checked.refused.map(\.warning))")
        let verifier = Verifier(contract: checked)
        #expect(
            verifier.verify(jsonInteraction("GET", "/things", status: 200, body: .string("x"))).map(\.rule)
                == [.shapeType])
        // Without the applicator vocabulary, properties is an unknown word of that dialect: refused, never checked.
        let noApplicator = try load([core, validation].joined(separator: ", "), "      properties: {id: {type: integer}}")
        #expect(noApplicator.refused.map(\.operation) == ["GET /things"])
        let reason = try #require(noApplicator.refused.first?.reason)
        #expect(reason.line == 20)
        #expect(reason.keyPath == "/components/schemas/Thing/properties")
        #expect(reason.message.contains("belongs to the vocabulary https://json-schema.org/draft/2020-12/vocab/applicator"))
        // A vocabulary it must know (true) and does not: refused.
        let required = try load(
            [core, validation, "'https://example.com/vocab/ours': true"].joined(separator: ", "), "      type: integer")
        #expect(required.refused.first?.reason.message.contains("requires the vocabulary https://example.com/vocab/ours") == true)
    }

    @Test("a $dynamicAnchor or $anchor declared twice in one resource refuses the document at its line")
    func declaredTwice() throws {
        let twice = Self.contract.replacingOccurrences(
            of: "item: {$dynamicAnchor: item, type: object}",
            with: "item: {$dynamicAnchor: item, type: object}\n        again: {$anchor: item}")
        do {
            _ = try Contract.parse(twice, path: "pages.yaml")
            Issue.record("an anchor declared twice loaded")
        } catch {
            #expect(error.message.contains("is declared twice"), "\(error.message)")
            #expect(error.line == 38)
        }
    }
}

extension DynamicReferenceTests {
    /// Resources `A0`/`B0` ... `A17`/`B17`, each declaring `$dynamicAnchor: n<i>` and applying both resources of the next
    /// level: every path through them enters a different set of anchors (2^18 of them). `usedNames` are the names the
    /// `$dynamicRef`s give.
    static func combinations(usedNames: [Int]) -> String {
        var lines = [
            "openapi: 3.1.0", "info: {title: h, version: '1'}", "paths:", "  /x:", "    get:", "      responses:", "        '200':",
            "          description: ok", "          content:", "            application/json:",
            "              schema: {$ref: 'https://e.com/a0'}", "components:", "  schemas:",
        ]
        let levels = 18
        for level in 0..<levels {
            for side in ["a", "b"] {
                var applied =
                    level + 1 < levels ? ["{anyOf: [{$ref: 'https://e.com/a\(level + 1)'}, {$ref: 'https://e.com/b\(level + 1)'}]}"] : []
                if usedNames.contains(level) { applied.append("{$dynamicRef: '#n\(level)'}") }
                lines += [
                    "    \(side.uppercased())\(level):", "      $id: https://e.com/\(side)\(level)",
                    "      $defs: {x: {$dynamicAnchor: n\(level), type: object}}", "      allOf: [\(applied.joined(separator: ", "))]",
                ]
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test(
        "dynamic scopes are made only of the anchor names $dynamicRefs give, and a document whose anchors combine in more ways than the limit refuses what reaches them, at once"
    )
    func combinationsAreBounded() throws {
        // One name used: 3 scopes, whatever the other 17 anchors (each scope compiles what it reaches once more).
        let one = try Contract.parse(Self.combinations(usedNames: [17]), path: "h.yaml").compiled
        #expect(one.refused.isEmpty, "\(one.refused.map(\.warning))")
        #expect(one.operations.map(\.name) == ["GET /x"])
        // Every name used: 2^18 sets; refused at the limit instead of compiled 2^18 times.
        let all = try Contract.parse(Self.combinations(usedNames: Array(0..<18)), path: "h.yaml").compiled
        #expect(all.operations.isEmpty)
        let reason = try #require(all.refused.first { $0.operation == "GET /x" }?.reason)
        #expect(reason.message.contains("combine in more than \(SchemaCompiler.scopeLimit) ways"), "\(reason.message)")
    }
}
