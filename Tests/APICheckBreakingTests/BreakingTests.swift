import APICheckBreaking
import APICheckContracts
import APICheckRecording
import Foundation
import Testing

/// `apicheck breaking`'s classification, over pairs of contract versions: each rule in each direction, `$ref` and
/// `allOf`, and the edits that are not changes (a renamed path parameter, reordered keys, a schema moved behind a
/// `$ref`). Each pair is two whole contracts that load as `apicheck verify` loads them.
@Suite("Contract changes: what breaks whom")
struct BreakingTests {
    /// A small contract in pieces that the cases replace: a todo read (GET, with its response schema), an update
    /// (PUT, a form body) and a list (GET, with a query parameter and an array of todos).
    struct Doc {
        var documentKeyCase = ""
        var todo = """
                  type: object
                  required: [id, title, updated_at]
                  properties:
                    id: {type: integer}
                    title: {type: string, maxLength: 100}
                    updated_at: {type: string, format: date-time, x-apicheck-date: {fraction-digits: 6, offset: Z}}
                    status: {type: string, enum: [open, done]}
            """
        var readPath = "/todos/{id}"
        var readParameter = "{name: id, in: path, required: true, schema: {type: integer}}"
        var readDescription = "One todo"
        var readResponses = """
                    "200":
                      description: ok
                      headers:
                        x-request-id: {required: true, schema: {type: string}}
                      content:
                        application/json:
                          schema: {$ref: "#/components/schemas/Todo"}
            """
        var updateBody = """
                    required: false
                    content:
                      application/x-www-form-urlencoded:
                        schema:
                          type: object
                          required: [title]
                          properties:
                            title: {type: string, maxLength: 100}
                            is_done: {type: string, enum: ["true", "false"]}
            """
        var listParameters = """
                    - {name: page, in: query, required: false, schema: {type: integer, minimum: 1}}
            """
        var listItems = "{$ref: \"#/components/schemas/Todo\"}"
        var extraPaths = ""
        var extraSchemas = ""

        var yaml: String {
            """
            openapi: 3.1.0
            info: {title: todos, version: "1"}
            \(documentKeyCase)
            paths:
              \(readPath):
                get:
                  operationId: readTodo
                  description: \(readDescription)
                  parameters:
                    - \(readParameter)
                  responses:
            \(readResponses)
                put:
                  operationId: updateTodo
                  parameters:
                    - \(readParameter)
                  requestBody:
            \(updateBody)
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: {$ref: "#/components/schemas/Todo"}
              /todos:
                get:
                  operationId: listTodos
                  parameters:
            \(listParameters)
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema:
                            type: object
                            properties:
                              data: {type: array, items: \(listItems)}
            \(extraPaths)
            components:
              schemas:
                Todo:
            \(todo)
            \(extraSchemas)
            """
        }
    }

    /// One pair: what the old and the new contract are, and the changes expected as `rule pointer` (or
    /// `rule [part]` for a change without a pointer), in any order.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let old: String
        let new: String
        let expected: [String]
        var testDescription: String { name }

        init(_ name: String, old: Doc = Doc(), new: Doc, _ expected: [String]) {
            self.name = name
            self.old = old.yaml
            self.new = new.yaml
            self.expected = expected
        }
    }

    static func edit(_ change: (inout Doc) -> Void) -> Doc {
        var doc = Doc()
        change(&doc)
        return doc
    }

    static func todo(_ old: String, _ new: String) -> Doc {
        edit { $0.todo = $0.todo.replacingOccurrences(of: old, with: new) }
    }

    static func body(_ old: String, _ new: String) -> Doc {
        edit { $0.updateBody = $0.updateBody.replacingOccurrences(of: old, with: new) }
    }

    static let updatedAt = "updated_at: {type: string, format: date-time, x-apicheck-date: {fraction-digits: 6, offset: Z}}"

    static let cases: [Case] = [
        // Not changes.
        Case("the same contract", new: Doc(), []),
        Case(
            "reordered keys and required names", new: todo("required: [id, title, updated_at]", "required: [updated_at, id, title]"),
            []),
        Case(
            "a path parameter renamed",
            new: edit {
                $0.readPath = "/todos/{todo_id}"
                $0.readParameter = "{name: todo_id, in: path, required: true, schema: {type: integer}}"
            },
            []),
        Case(
            "an inline list item moved behind a $ref",
            old: edit {
                $0.listItems =
                    "{type: object, required: [id, title, updated_at], properties: {id: {type: integer}, title: {type: string, maxLength: 100}, updated_at: {type: string, format: date-time, x-apicheck-date: {fraction-digits: 6, offset: Z}}, status: {type: string, enum: [open, done]}}}"
            },
            new: Doc(), []),
        Case(
            "allOf of two parts and the same schema merged",
            old: edit {
                $0.todo = """
                          allOf:
                            - {$ref: "#/components/schemas/TodoBase"}
                            - type: object
                              required: [updated_at]
                              properties:
                                updated_at: {type: string, format: date-time, x-apicheck-date: {fraction-digits: 6, offset: Z}}
                                status: {type: string, enum: [open, done]}
                    """
                $0.extraSchemas = """
                        TodoBase:
                          type: object
                          required: [id, title]
                          properties:
                            id: {type: integer}
                            title: {type: string, maxLength: 100}
                    """
            }, new: Doc(), []),
        // Responses: what the client reads.
        Case(
            "a response field removed", new: todo("        title: {type: string, maxLength: 100}\n", ""),
            [
                "breaking.response-field-removed /title", "breaking.response-field-removed /title",
                "breaking.response-field-removed /data/*/title",
                // Not deprecated first.
                "breaking.removed-without-deprecation /title", "breaking.removed-without-deprecation /title",
                "breaking.removed-without-deprecation /data/*/title",
            ]),
        Case(
            "a response field made optional", new: todo("required: [id, title, updated_at]", "required: [id, title]"),
            [
                "breaking.response-field-optional /updated_at", "breaking.response-field-optional /updated_at",
                "breaking.response-field-optional /data/*/updated_at",
            ]),
        Case(
            "an optional response field added", new: todo("        status:", "        priority: {type: integer}\n        status:"),
            [
                "breaking.response-field-added /priority", "breaking.response-field-added /priority",
                "breaking.response-field-added /data/*/priority",
            ]),
        Case(
            "a required response field added",
            new: todo(
                "required: [id, title, updated_at]\n      properties:",
                "required: [id, title, updated_at, priority]\n      properties:\n        priority: {type: integer}"),
            [
                "breaking.response-field-required /priority", "breaking.response-field-required /priority",
                "breaking.response-field-required /data/*/priority",
            ]),
        Case(
            "a response date made nullable (type list)", new: todo("updated_at: {type: string,", "updated_at: {type: [string, \"null\"],"),
            [
                "breaking.response-nullable /updated_at", "breaking.response-nullable /updated_at",
                "breaking.response-nullable /data/*/updated_at",
            ]),
        Case(
            "a response date made nullable (oneOf with null)",
            new: todo(
                updatedAt,
                "updated_at: {oneOf: [{type: \"null\"}, {type: string, format: date-time, x-apicheck-date: {fraction-digits: 6, offset: Z}}]}"
            ),
            [
                "breaking.response-nullable /updated_at", "breaking.response-nullable /updated_at",
                "breaking.response-nullable /data/*/updated_at",
            ]),
        Case(
            "a response value no longer nullable", old: todo("updated_at: {type: string,", "updated_at: {type: [string, \"null\"],"),
            new: Doc(),
            [
                "breaking.response-not-nullable /updated_at", "breaking.response-not-nullable /updated_at",
                "breaking.response-not-nullable /data/*/updated_at",
            ]),
        Case(
            "a response id from integer to string", new: todo("id: {type: integer}", "id: {type: string}"),
            ["breaking.response-type-changed /id", "breaking.response-type-changed /id", "breaking.response-type-changed /data/*/id"]),
        Case(
            "a response id from integer to number", new: todo("id: {type: integer}", "id: {type: number}"),
            ["breaking.response-type-changed /id", "breaking.response-type-changed /id", "breaking.response-type-changed /data/*/id"]),
        Case(
            "a response id narrowed from integer or string to integer", old: todo("id: {type: integer}", "id: {type: [integer, string]}"),
            new: Doc(),
            ["breaking.response-type-narrowed /id", "breaking.response-type-narrowed /id", "breaking.response-type-narrowed /data/*/id"]),
        Case(
            "a response enum value added", new: todo("enum: [open, done]", "enum: [open, done, archived]"),
            [
                "breaking.response-enum-value-added /status", "breaking.response-enum-value-added /status",
                "breaking.response-enum-value-added /data/*/status",
            ]),
        Case(
            "a response enum value removed", new: todo("enum: [open, done]", "enum: [open]"),
            [
                "breaking.response-enum-value-removed /status", "breaking.response-enum-value-removed /status",
                "breaking.response-enum-value-removed /data/*/status",
            ]),
        Case(
            "a response maxLength raised", new: todo("title: {type: string, maxLength: 100}", "title: {type: string, maxLength: 200}"),
            [
                "breaking.response-constraint-loosened /title", "breaking.response-constraint-loosened /title",
                "breaking.response-constraint-loosened /data/*/title",
            ]),
        Case(
            "a response maxLength lowered", new: todo("title: {type: string, maxLength: 100}", "title: {type: string, maxLength: 50}"),
            [
                "breaking.response-constraint-tightened /title", "breaking.response-constraint-tightened /title",
                "breaking.response-constraint-tightened /data/*/title",
            ]),
        Case(
            "a date's fraction digits changed", new: todo("fraction-digits: 6", "fraction-digits: 3"),
            ["breaking.date-form /updated_at", "breaking.date-form /updated_at", "breaking.date-form /data/*/updated_at"]),
        Case(
            "a date's offset changed", new: todo("offset: Z}", "offset: \"+09:00\"}"),
            ["breaking.date-form /updated_at", "breaking.date-form /updated_at", "breaking.date-form /data/*/updated_at"]),
        Case(
            "a status added", new: edit { $0.readResponses += "\n        \"404\": {description: no such todo}" },
            ["breaking.status-added [404]"]),
        Case(
            "a status removed", old: edit { $0.readResponses += "\n        \"404\": {description: no such todo}" }, new: Doc(),
            ["breaking.status-removed [404]"]),
        Case(
            "a response content type added", new: edit { $0.readResponses += "\n            text/plain: {schema: {type: string}}" },
            ["breaking.response-content-type-added [200 text/plain]"]),
        Case(
            "a response content type removed", old: edit { $0.readResponses += "\n            text/plain: {schema: {type: string}}" },
            new: Doc(),
            ["breaking.response-content-type-removed [200 text/plain]"]),
        Case(
            "a required response header no longer required",
            new: edit {
                $0.readResponses = $0.readResponses.replacingOccurrences(
                    of: "x-request-id: {required: true,", with: "x-request-id: {required: false,")
            },
            ["breaking.response-header-removed /headers/x-request-id"]),
        Case(
            "a response header added",
            new: edit {
                $0.readResponses = $0.readResponses.replacingOccurrences(
                    of: "            x-request-id:", with: "            x-trace: {schema: {type: string}}\n            x-request-id:")
            },
            ["breaking.response-header-added /headers/x-trace"]),
        Case(
            "the document's key case changed", old: edit { $0.documentKeyCase = "x-apicheck-key-case: snake_case" },
            new: edit { $0.documentKeyCase = "x-apicheck-key-case: any" },
            ["breaking.key-case [] GET /todos/{id}", "breaking.key-case [] PUT /todos/{id}", "breaking.key-case [] GET /todos"]),
        Case("a description changed", new: edit { $0.readDescription = "One todo, by id" }, ["breaking.documentation []"]),
        Case(
            "an operation added",
            new: edit { $0.extraPaths = "  /todos/search:\n    get:\n      responses:\n        \"200\": {description: ok}" },
            ["breaking.operation-added []"]),
        Case(
            "an operation removed",
            old: edit { $0.extraPaths = "  /todos/search:\n    get:\n      responses:\n        \"200\": {description: ok}" }, new: Doc(),
            ["breaking.operation-removed []", "breaking.removed-without-deprecation []"]),
        Case(
            "alternatives of a oneOf changed",
            old: todo("id: {type: integer}", "id: {oneOf: [{type: integer}, {type: string, pattern: \"^t\"}]}"),
            new: todo("id: {type: integer}", "id: {oneOf: [{type: integer}, {type: string, pattern: \"^t\"}, {type: boolean}]}"),
            [
                "breaking.response-alternative-added /id", "breaking.response-alternative-added /id",
                "breaking.response-alternative-added /data/*/id",
            ]),
        // Requests: what the client sends (the PUT's form).
        Case(
            "a required request field added",
            new: body(
                "required: [title]\n              properties:",
                "required: [title, owner]\n              properties:\n                owner: {type: string}"),
            ["breaking.request-field-required /owner"]),
        Case(
            "an optional request field added",
            new: body("              properties:\n", "              properties:\n                note: {type: string}\n"),
            ["breaking.request-field-added /note"]),
        Case(
            "a request field removed", new: body("\n                is_done: {type: string, enum: [\"true\", \"false\"]}", ""),
            ["breaking.request-field-removed /is_done", "breaking.removed-without-deprecation /is_done"]),
        Case(
            "a required request field made optional", new: body("required: [title]", "required: []"),
            ["breaking.request-field-optional /title"]),
        Case(
            "an optional request field made required", new: body("required: [title]", "required: [title, is_done]"),
            ["breaking.request-field-required /is_done"]),
        Case(
            "a request field made nullable",
            new: body("title: {type: string, maxLength: 100}", "title: {type: [string, \"null\"], maxLength: 100}"),
            ["breaking.request-nullable /title"]),
        Case(
            "a request field no longer nullable",
            old: body("title: {type: string, maxLength: 100}", "title: {type: [string, \"null\"], maxLength: 100}"), new: Doc(),
            ["breaking.request-not-nullable /title"]),
        Case(
            "a request enum value removed", new: body("enum: [\"true\", \"false\"]", "enum: [\"true\"]"),
            ["breaking.request-enum-value-removed /is_done"]),
        Case(
            "a request enum value added", new: body("enum: [\"true\", \"false\"]", "enum: [\"true\", \"false\", \"1\"]"),
            ["breaking.request-enum-value-added /is_done"]),
        Case(
            "a request maxLength lowered", new: body("title: {type: string, maxLength: 100}", "title: {type: string, maxLength: 50}"),
            ["breaking.request-constraint-tightened /title"]),
        Case(
            "a request maxLength raised", new: body("title: {type: string, maxLength: 100}", "title: {type: string, maxLength: 500}"),
            ["breaking.request-constraint-loosened /title"]),
        Case(
            "a request pattern added",
            new: body("title: {type: string, maxLength: 100}", "title: {type: string, maxLength: 100, pattern: \"\\\\S\"}"),
            ["breaking.request-constraint-tightened /title"]),
        Case(
            "a form PUT that must now be JSON", new: body("application/x-www-form-urlencoded:", "application/json:"),
            [
                "breaking.request-content-type-added [request application/json]",
                "breaking.request-content-type-removed [request application/x-www-form-urlencoded]",
            ]),
        Case(
            "a request body made required", new: body("required: false\n", "required: true\n"), ["breaking.request-body-required [request]"]
        ),
        Case(
            "a request type narrowed",
            new: body("is_done: {type: string,", "is_done: {type: boolean,").replacingBody(
                "enum: [\"true\", \"false\"]", "enum: [true, false]"),
            [
                "breaking.request-type-changed /is_done", "breaking.request-enum-value-added /is_done",
                "breaking.request-enum-value-removed /is_done",
            ]),
        // Parameters.
        Case(
            "a required query parameter added",
            new: edit { $0.listParameters += "\n        - {name: owner, in: query, required: true, schema: {type: string}}" },
            ["breaking.parameter-required [query parameter owner]"]),
        Case(
            "an optional query parameter added",
            new: edit { $0.listParameters += "\n        - {name: q, in: query, schema: {type: string}}" },
            ["breaking.parameter-added [query parameter q]"]),
        Case(
            "a query parameter removed", new: edit { $0.listParameters = "        - {name: per_page, in: query, schema: {type: integer}}" },
            [
                "breaking.parameter-added [query parameter per_page]", "breaking.parameter-removed [query parameter page]",
                "breaking.removed-without-deprecation [query parameter page]",
            ]),
        Case(
            "a query parameter made required",
            new: edit { $0.listParameters = $0.listParameters.replacingOccurrences(of: "required: false", with: "required: true") },
            ["breaking.parameter-required [query parameter page]"]),
        Case(
            "a required query parameter made optional",
            old: edit { $0.listParameters = $0.listParameters.replacingOccurrences(of: "required: false", with: "required: true") },
            new: Doc(),
            ["breaking.parameter-optional [query parameter page]"]),
        Case(
            "a query parameter written another way: form exploded items became deepObject",
            old: edit {
                $0.listParameters += "\n        - {name: filter, in: query, schema: {type: object, properties: {owner: {type: string}}}}"
            },
            new: edit {
                $0.listParameters +=
                    "\n        - {name: filter, in: query, style: deepObject, schema: {type: object, properties: {owner: {type: string}}}}"
            },
            ["breaking.value-encoding-changed [query parameter filter]"]),
        Case(
            "explode written out as its default is no change",
            new: edit {
                $0.listParameters = $0.listParameters.replacingOccurrences(
                    of: "required: false,", with: "required: false, style: form, explode: true,")
            },
            []),
        Case(
            "a parameter described by content: its schema is compared (a JSON member made required)",
            old: edit {
                $0.listParameters +=
                    "\n        - {name: where, in: query, content: {application/json: {schema: {type: object, properties: {owner: {type: string}}}}}}"
            },
            new: edit {
                $0.listParameters +=
                    "\n        - {name: where, in: query, content: {application/json: {schema: {type: object, required: [owner], properties: {owner: {type: string}}}}}}"
            },
            ["breaking.request-field-required /query/where/owner"]),
        Case(
            "a query parameter that became JSON text (content instead of schema)",
            old: edit { $0.listParameters += "\n        - {name: ids, in: query, schema: {type: array, items: {type: integer}}}" },
            new: edit {
                $0.listParameters +=
                    "\n        - {name: ids, in: query, content: {application/json: {schema: {type: array, items: {type: integer}}}}}"
            },
            ["breaking.value-encoding-changed [query parameter ids]"]),
        Case(
            "a query parameter's type changed",
            new: edit {
                $0.listParameters = $0.listParameters.replacingOccurrences(of: "{type: integer, minimum: 1}", with: "{type: string}")
            },
            ["breaking.request-type-changed /query/page", "breaking.request-constraint-loosened /query/page"]),
        Case(
            "a query parameter widened to integer or string",
            new: edit {
                $0.listParameters = $0.listParameters.replacingOccurrences(
                    of: "{type: integer, minimum: 1}", with: "{type: [integer, string], minimum: 1}")
            },
            ["breaking.request-type-widened /query/page"]),
        Case(
            "a query parameter's minimum raised",
            new: edit { $0.listParameters = $0.listParameters.replacingOccurrences(of: "minimum: 1", with: "minimum: 2") },
            ["breaking.request-constraint-tightened /query/page"]),
    ]

    /// Each change as the cases write it: `rule pointer`, or `rule [part]` when it has no pointer (with the operation
    /// when the case's expectation names one).
    static func signature(_ change: ContractChange, withOperation: Bool) -> String {
        if change.pointer.isEmpty {
            return "\(change.rule) [\(change.part)]" + (withOperation ? " \(change.operation)" : "")
        }
        return "\(change.rule) \(change.pointer)"
    }

    @Test("each pair of versions gives its changes, and only those", arguments: cases)
    func classification(_ pair: Case) throws {
        let old = try ContractVersion.parse(pair.old, path: "old.yaml")
        let new = try ContractVersion.parse(pair.new, path: "new.yaml")
        let changes = ContractDiff.compare(old, new)
        let withOperation = pair.expected.contains { $0.contains("] ") }
        let found = changes.map { Self.signature($0, withOperation: withOperation) }.sorted()
        #expect(found == pair.expected.sorted(), "\(changes.map { "\($0.rule) \($0.operation) \($0.part) \($0.pointer): \($0.message)" })")
    }

    @Test("each change says whom it breaks and where it is in both files")
    func locations() throws {
        let old = try ContractVersion.parse(Doc().yaml, path: "old.yaml")
        let new = try ContractVersion.parse(
            Self.todo("updated_at: {type: string,", "updated_at: {type: [string, \"null\"],").yaml, path: "new.yaml")
        let change = try #require(ContractDiff.compare(old, new).first { $0.operation == "GET /todos/{id}" })
        #expect(change.rule == .breakingResponseNullable)
        #expect(change.impact == .client)
        #expect(change.severity == .error)
        #expect(change.part == .response(status: "200", mediaType: "application/json"))
        // Reached through the $ref: the schema's own place, with its line in each file.
        #expect(change.old?.pointer == "/components/schemas/Todo/properties/updated_at")
        #expect(change.new?.pointer == "/components/schemas/Todo/properties/updated_at")
        #expect(change.old?.file == "old.yaml" && change.new?.file == "new.yaml")
        let line = try #require(change.new?.line)
        #expect(Doc().yaml.split(separator: "\n", omittingEmptySubsequences: false)[line - 1].contains("updated_at"))
        #expect(change.usage == ["GET /todos/{id}", "200", "/updated_at"])
    }

    @Test(
        "in JSON files, each change's line in each file (both files scanned for their lines while the versions are compared)"
    )
    func locationsInJSON() throws {
        func contract(todo: String) -> String {
            """
            {
              "openapi": "3.1.0",
              "info": {"title": "todos", "version": "1"},
              "paths": {
                "/todos/{id}": {
                  "get": {
                    "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}],
                    "responses": {
                      "200": {"description": "a todo", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Todo"}}}}
                    }
                  }
                }
              },
              "components": {
                "schemas": {
                  \(todo)
                }
              }
            }
            """
        }
        let oldText = contract(todo: #""Todo": {"type": "object", "properties": {"id": {"type": "integer"}, "title": {"type": "string"}}}"#)
        let newText = contract(
            todo: """
                "Todo": {
                        "description": "A todo.",
                        "type": "object",
                        "properties": {
                          "id": {"type": "integer"},
                          "title": {"type": ["string", "null"]}
                        }
                      }
                """)
        let changes = ContractDiff.compare(
            try ContractVersion.parse(oldText, path: "old.json"), try ContractVersion.parse(newText, path: "new.json"))
        let change = try #require(changes.first { $0.rule == .breakingResponseNullable })
        func line(of text: String, _ needle: String) -> Int? {
            text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(needle) }.map { $0 + 1 }
        }
        #expect(change.old?.file == "old.json" && change.old?.line == line(of: oldText, #""Todo""#), "\(change)")
        #expect(change.new?.file == "new.json" && change.new?.line == line(of: newText, #""title": {"type": ["#), "\(change)")
        #expect(change.old?.line != change.new?.line)
    }

    @Test("a recursive schema (replies of replies) is compared once, where it is first met, and ends")
    func recursion() throws {
        var doc = Doc()
        doc.todo += "\n        replies: {type: array, items: {$ref: \"#/components/schemas/Todo\"}}"
        var changed = doc
        changed.todo = changed.todo.replacingOccurrences(of: "enum: [open, done]", with: "enum: [open, done, archived]")
        let changes = ContractDiff.compare(
            try ContractVersion.parse(doc.yaml, path: "old.yaml"), try ContractVersion.parse(changed.yaml, path: "new.yaml"))
        #expect(changes.contains { $0.pointer == "/status" && $0.rule == .breakingResponseEnumValueAdded })
        // Once, where first met: the replies (and their replies) are the same schema and say nothing new.
        #expect(!changes.contains { $0.pointer.hasPrefix("/replies/") }, "\(changes.map(\.pointer))")
    }

    @Test("a schema several paths reach is told once, at the shortest path, however deep the first path met goes")
    func shortestPath() throws {
        func document(_ statuses: String) -> String {
            """
            openapi: 3.1.0
            info: {title: t, version: "1"}
            paths:
              /a:
                get:
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: {$ref: "#/components/schemas/A"}
            components:
              schemas:
                A: {type: object, properties: {first: {$ref: "#/components/schemas/B"}, status: {$ref: "#/components/schemas/S"}}}
                B: {type: object, properties: {next: {$ref: "#/components/schemas/C"}}}
                C: {type: object, properties: {status: {$ref: "#/components/schemas/S"}, back: {$ref: "#/components/schemas/A"}}}
                S: {type: string, enum: [\(statuses)]}
            """
        }
        let changes = ContractDiff.compare(
            try ContractVersion.parse(document("open, done"), path: "old.yaml"),
            try ContractVersion.parse(document("open, done, archived"), path: "new.yaml"))
        // `first` comes before `status`, so a walk that goes deep first meets S at /first/next/status.
        #expect(changes.map { "\($0.operation) \($0.pointer) \($0.rule)" } == ["GET /a /status breaking.response-enum-value-added"])
    }

    @Test("a contract apicheck refuses is refused here too, with its file and line; a refused operation is named")
    func refusedContract() throws {
        var broken = Doc()
        broken.todo = broken.todo.replacingOccurrences(of: "maxLength: 100", with: "maxLength: 100, items: {$ref: '#/nowhere'}")
        let error = try #require(throws: ConfigurationError.self) { try ContractVersion.parse(broken.yaml, path: "bad.yaml") }
        #expect(error.file == "bad.yaml" && error.line != nil && error.message.contains("points at nothing"), "\(error)")
        // An operation's structure OpenAPI does not allow (verify refuses the operation): the version is refused.
        var body = Doc()
        body.readParameter = "{name: id, in: body, required: true, schema: {type: integer}}"
        let structure = try #require(throws: ConfigurationError.self) { try ContractVersion.parse(body.yaml, path: "bad.yaml") }
        #expect(structure.file == "bad.yaml" && structure.line == 10 && structure.keyPath.hasSuffix("/parameters/0/in"), "\(structure)")
        #expect(structure.message.contains("what OpenAPI 3.1 does not allow here"), "\(structure)")
        var bad = Doc()
        bad.todo = bad.todo.replacingOccurrences(of: "maxLength: 100", with: "maxLength: 100, $recursiveAnchor: true")
        let version = try ContractVersion.parse(bad.yaml, path: "bad.yaml")
        #expect(!version.compiled.refused.isEmpty)
        #expect(version.compiled.refused.allSatisfy { $0.reason.file == "bad.yaml" && $0.reason.message.contains("$recursiveAnchor") })
    }
}

extension BreakingTests.Doc {
    /// The same edit to the update's body once more (for a case that changes two things in it).
    func replacingBody(_ old: String, _ new: String) -> Self {
        var copy = self
        copy.updateBody = copy.updateBody.replacingOccurrences(of: old, with: new)
        return copy
    }
}
