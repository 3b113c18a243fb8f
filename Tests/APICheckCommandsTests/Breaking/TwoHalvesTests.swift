import APICheckCommands
import APICheckRecording
import Foundation
import Testing

@testable import APICheckBreaking
@testable import APICheckContracts
@testable import APICheckJSONSchema

/// What a vendor-sized document does on two threads (the later half of its paths compiled, of its operations
/// compared, of a JSON report's changes written, on a second one) gives what one thread gives, in the same order.
@Suite("Vendor scale: two halves on two threads, as one")
struct TwoHalvesTests {
    // MARK: Compiling

    /// 80 path items, each answering with one of: a recursive schema of components, an inline schema with a slip
    /// (`nullable`, read with a notice at its own place), a refused schema of components, the first path item's
    /// inline schema (compiled again by the later half, its notice told once), and a `$ref` leading nowhere; and
    /// every seventh also with a response of components (compiled by both halves, one place of coverage).
    static func paths(count: Int, loopAt: Int? = nil) -> String {
        var lines = ["openapi: 3.1.0", "info: {title: halves, version: '1'}", "paths:"]
        for index in 0..<count {
            if index == loopAt {
                lines.append("  /loop: {$ref: '#/paths/~1loop'}")
                continue
            }
            let schema =
                switch index % 5 {
                case 0: "{$ref: '#/components/schemas/Node'}"
                case 1: "{type: object, properties: {v\(index): {type: string, nullable: true}}}"
                case 2: "{$ref: '#/components/schemas/Refused'}"
                case 3: "{$ref: '#/paths/~1items~11/get/responses/200/content/application~1json/schema'}"
                default: "{type: array, items: {$ref: '#/components/schemas/Missing\(index % 3)'}}"
                }
            lines += [
                "  /items/\(index):", "    get:", "      parameters:",
                "        - {name: page, in: query, schema: {type: integer, minimum: 1}}", "      responses:",
                "        '200':", "          description: ok", "          content:",
                "            application/json: {schema: \(schema)}",
            ]
            // A response several path items of both halves share.
            if index % 7 == 0 { lines.append("        '404': {$ref: '#/components/responses/NotFound'}") }
        }
        lines += [
            "components:", "  schemas:",
            "    Node: {type: object, properties: {name: {type: string}, children: {type: array, items: {$ref: '#/components/schemas/Node'}}}}",
            "    Refused: {type: object, $recursiveAnchor: true}",
            "    Slip: {type: object, properties: {n: {type: integer, nullable: true}}}",
            "  responses:",
            "    NotFound: {description: gone, content: {application/json: {schema: {type: object, properties: {message: {type: string}, code: {enum: [1, 2]}}}}}}",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    static func locate(_ error: SchemaError) -> ConfigurationError {
        ConfigurationError(file: "halves.yaml", line: nil, column: nil, keyPath: error.pointer.description, message: error.message)
    }

    /// The operations, refusals, notices and broken references of a compile, as text to compare.
    static func compiled(_ text: String, routesApart: Int) throws -> (contract: [String], notices: [String]) {
        let compiler = ContractCompiler(document: try Contract.document(text, path: "halves.yaml"))
        let contract = try compiler.compile(path: "halves.yaml", routesApart: routesApart, locate: locate)
        let operations = contract.operations.map { "\($0.name) \($0.responses.keys.sorted())" }
        let refused = contract.refused.map {
            "refused \($0.operation ?? "-"): \($0.reasons.map(\.description)) \($0.invalid.map(\.description))"
        }
        let broken = contract.brokenReferences.map { "broken \($0.description)" }
        // Coverage's items: a schema several responses reach is one place, whichever thread compiled each response.
        let items = contract.coverageIndex.items.map { "item \($0.key) \($0.declared)" }
        return (operations + refused + broken + items, compiler.schemas.notices.map { "\($0.pointer.description): \($0.message)" })
    }

    @Test(
        "a document's later paths compiled by a fork on a second thread: the same operations, refusals, notices and places of coverage, in order",
        arguments: [2, 79])
    func routesApart(routesApart: Int) throws {
        let text = Self.paths(count: 80)
        let serial = try Self.compiled(text, routesApart: .max)
        let halves = try Self.compiled(text, routesApart: routesApart)
        #expect(halves.contract == serial.contract)
        #expect(halves.notices == serial.notices)
        // The cases are all there: operations, refusals (each half's), slips, broken references.
        #expect(serial.contract.count(where: { $0.hasPrefix("GET /items/") }) == 48)
        #expect(serial.contract.count(where: { $0.hasPrefix("refused GET /items/") }) == 32)
        #expect(serial.contract.contains { $0.hasPrefix("broken ") })
        // One notice per inline slip (16 path items) and the component's, none twice: the first path item's schema,
        // compiled again by the later half, is told once.
        #expect(serial.notices.count == 17)
        #expect(Set(serial.notices).count == serial.notices.count)
        // Once components are compiled, the compiler can be forked (or the second thread never ran).
        let compiler = ContractCompiler(document: try Contract.document(text, path: "halves.yaml"))
        _ = try compiler.schemas.compile(at: JSONPointer(tokens: ["components", "schemas", "Node"]))
        #expect(compiler.schemas.fork() != nil)
    }

    @Test("a problem of the whole document in the later half refuses it as one thread does")
    func documentWideProblemApart() throws {
        let text = Self.paths(count: 80, loopAt: 70)
        var serial: SchemaError?
        var halves: SchemaError?
        do { _ = try Self.compiled(text, routesApart: .max) } catch let error as SchemaError { serial = error }
        do { _ = try Self.compiled(text, routesApart: 2) } catch let error as SchemaError { halves = error }
        #expect(serial?.message.contains("leads back to itself") == true)
        #expect(halves == serial)
    }

    /// `count` schemas of components that refer to each other all around (each to the next and to the seventh
    /// after), then as many that each refer to one of them, each with a slip, and a path item answering with each.
    static func ring(count: Int, extra: String = "") -> String {
        var lines = ["openapi: 3.1.0", "info: {title: ring, version: '1'}", "paths:"]
        for name in (0..<count).map({ "S\($0)" }) + (0..<count).map({ "T\($0)" }) {
            lines += [
                "  /\(name):", "    get:", "      responses:", "        '200':", "          description: ok", "          content:",
                "            application/json: {schema: {$ref: '#/components/schemas/\(name)'}}",
            ]
        }
        lines += ["components:", "  schemas:"]
        for index in 0..<count {
            lines.append(
                "    S\(index): {type: object, properties: {next: {$ref: '#/components/schemas/S\((index + 1) % count)'}, "
                    + "ahead: {$ref: '#/components/schemas/S\((index + 7) % count)'}, note\(index): {type: string, nullable: true}}}")
        }
        for index in 0..<count {
            lines.append(
                "    T\(index): {type: object, properties: {ring: {$ref: '#/components/schemas/S\(index)'}, tail\(index): {type: string, nullable: true}}}"
            )
        }
        return lines.joined(separator: "\n") + "\n" + extra
    }

    @Test(
        "a schema that applies itself to the same value, reached from paths of both halves: refused where one thread refuses it",
        arguments: [(5, 30), (30, 5)])
    func selfApplyingApart(base: Int, child: Int) throws {
        // S<base> lists S<child> in a oneOf, and S<child> is allOf S<base>: whichever is met first is named.
        let extra = """
                Base: {oneOf: [{$ref: '#/components/schemas/S\(child)'}]}
            """
        var text = Self.ring(count: 40, extra: extra)
        text = text.replacingOccurrences(
            of: "    S\(base): {type: object,", with: "    S\(base): {$ref: '#/components/schemas/Base', type: object,")
        text = text.replacingOccurrences(
            of: "    S\(child): {type: object,", with: "    S\(child): {allOf: [{$ref: '#/components/schemas/S\(base)'}], type: object,")
        let serial = try Self.compiled(text, routesApart: .max)
        #expect(serial.contract.contains { $0.contains("applies itself to the same value") })
        let halves = try Self.compiled(text, routesApart: 2)
        #expect(halves.contract == serial.contract)
        #expect(halves.notices == serial.notices)
    }

    @Test(
        "a pattern and a $ref written at many places are each read once, and what is wrong is still told at every place it is written",
        arguments: [Int.max, 2])
    func readOnceToldEverywhere(routesApart: Int) throws {
        var lines = ["openapi: 3.1.0", "info: {title: again, version: '1'}", "paths:"]
        let schemas = [
            "{type: string, pattern: '([a-z]'}", "{type: string, pattern: '^[a-z]+$'}",
            "{$ref: '#/components/schemas/Missing'}", "{$ref: '#/components/schemas/Name'}",
        ]
        for index in 0..<8 {
            lines += [
                "  /things/\(index):", "    get:", "      responses:", "        '200':", "          description: ok",
                "          content:", "            application/json: {schema: \(schemas[index % 4])}",
            ]
        }
        lines += ["components:", "  schemas:", "    Name: {type: string, pattern: '^[a-z]+$'}"]
        let compiled = try Self.compiled(lines.joined(separator: "\n") + "\n", routesApart: routesApart)
        // The invalid pattern and the $ref to nothing, refused at each of their places (two each).
        for index in [0, 4] {
            #expect(
                compiled.contract.contains {
                    $0.hasPrefix("refused GET /things/\(index):")
                        && $0.contains("/paths/~1things~1\(index)/get/responses/200/content/application~1json/schema/pattern")
                        && $0.contains("is not a valid regular expression")
                }, "\(compiled.contract)")
        }
        for index in [2, 6] {
            #expect(
                compiled.contract.contains {
                    $0.hasPrefix("broken ")
                        && $0.contains("/paths/~1things~1\(index)/get/responses/200/content/application~1json/schema/$ref")
                }, "\(compiled.contract)")
        }
        // The valid pattern and the $ref that leads somewhere, compiled wherever they are written.
        for index in [1, 3, 5, 7] { #expect(compiled.contract.contains { $0.hasPrefix("GET /things/\(index) ") }, "\(compiled.contract)") }
        #expect(compiled.contract == (try Self.compiled(lines.joined(separator: "\n") + "\n", routesApart: .max)).contract)
    }

    // MARK: Comparing and reporting

    /// A version of `operations` operations answering with `Thing` (`fields` properties) and a list of them; each
    /// operation's query parameter is named by `parameter`.
    static func version(operations: Int, fields: Int, parameter: String, description: String) -> String {
        var paths = JSONObject()
        for index in 0..<operations {
            let response: JSONValue = [
                "description": .string(description),
                "content": [
                    "application/json": [
                        "schema": index % 2 == 0
                            ? ["$ref": "#/components/schemas/Thing"] : ["type": "array", "items": ["$ref": "#/components/schemas/Thing"]]
                    ]
                ],
            ]
            paths[index == 7 ? "/things/\(index)/\(parameter)" : "/things/\(index)"] = [
                "get": [
                    "parameters": [["name": .string(parameter), "in": "query", "schema": ["type": "integer"]]],
                    "responses": ["200": response],
                ]
            ]
        }
        var properties = JSONObject()
        for field in 0..<fields { properties["field_\(field)"] = ["type": "string"] }
        let document: JSONValue = [
            "openapi": "3.1.0", "info": ["title": "things", "version": "1"], "paths": .object(paths),
            "components": ["schemas": ["Thing": ["type": "object", "required": ["field_0"], "properties": .object(properties)]]],
        ]
        return JSONWriter.pretty(document)
    }

    static let old = Self.version(operations: 40, fields: 60, parameter: "page", description: "things")
    static let new = Self.version(operations: 40, fields: 5, parameter: "cursor", description: "the things")

    @Test("the later half of the operations compared on a second thread: the same changes, with their lines, in order")
    func operationsApart() throws {
        let old = try ContractVersion.parse(Self.old, path: "v1.json")
        let new = try ContractVersion.parse(Self.new, path: "v2.json")
        let today = Date(timeIntervalSince1970: 1_800_000_000)
        let serial = ContractDiff.compare(old, new, today: today, operationsApart: .max)
        // Fresh versions: the lines of each are found by a scan of its own.
        let apart = ContractDiff.compare(
            try ContractVersion.parse(Self.old, path: "v1.json"), try ContractVersion.parse(Self.new, path: "v2.json"), today: today,
            operationsApart: 2)
        #expect(apart == serial)
        // 39 operations lose 55 fields each, one is removed and one added, and parameters and descriptions change.
        #expect(serial.count > 2_000)
        #expect(serial.contains { $0.rule == .breakingOperationRemoved })
        #expect(serial.contains { $0.rule == .breakingOperationAdded })
        #expect(serial.allSatisfy { ($0.old?.line ?? 1) > 0 && ($0.new?.line ?? 1) > 0 })
        #expect(serial.contains { $0.old?.line != nil && $0.new?.line != nil })
    }

    /// A ring of `schemas` schemas, each referring to the next two, answered by `operations` operations from different
    /// places of the ring: the pairs of one comparison are many, and both threads work them out together.
    static func ring(schemas: Int, operations: Int, changed: Bool) -> String {
        var components = JSONObject()
        for index in 0..<schemas {
            let next: JSONValue = ["$ref": .string("#/components/schemas/S\((index + 1) % schemas)")]
            let also: JSONValue = ["anyOf": [["type": "null"], ["$ref": .string("#/components/schemas/S\((index + 2) % schemas)")]]]
            var properties = JSONObject()
            properties["id"] = ["type": "string"]
            properties["next"] = next
            properties["also"] = also
            // The new version: every third schema loses a field and every fifth adds an enum value.
            if !(changed && index % 3 == 0) { properties["amount"] = ["type": "integer"] }
            properties["status"] = ["enum": changed && index % 5 == 0 ? ["a", "b", "c"] : ["a", "b"]]
            components["S\(index)"] = ["type": "object", "required": ["id"], "properties": .object(properties)]
        }
        var paths = JSONObject()
        for index in 0..<operations {
            paths["/s/\(index)"] = [
                "get": [
                    "responses": [
                        "200": [
                            "description": "one",
                            "content": ["application/json": ["schema": ["$ref": .string("#/components/schemas/S\(index * 7 % schemas)")]]],
                        ]
                    ]
                ]
            ]
        }
        let document: JSONValue = [
            "openapi": "3.1.0", "info": ["title": "ring", "version": "1"], "paths": .object(paths),
            "components": ["schemas": .object(components)],
        ]
        return JSONWriter.pretty(document)
    }

    @Test("the pairs of schemas worked out by both threads together, the operations taken a few at a time: what one thread finds")
    func pairsWorkedOutTogether() throws {
        let (old, new) = (Self.ring(schemas: 60, operations: 48, changed: false), Self.ring(schemas: 60, operations: 48, changed: true))
        let today = Date(timeIntervalSince1970: 1_800_000_000)
        let serial = ContractDiff.compare(
            try ContractVersion.parse(old, path: "v1.json"), try ContractVersion.parse(new, path: "v2.json"), today: today,
            operationsApart: .max)
        for _ in 0..<4 {
            let apart = ContractDiff.compare(
                try ContractVersion.parse(old, path: "v1.json"), try ContractVersion.parse(new, path: "v2.json"), today: today,
                operationsApart: 2)
            #expect(apart == serial)
        }
        // Every operation reaches the whole ring, and a third of its schemas lost a field.
        #expect(serial.filter { $0.rule == .breakingResponseFieldRemoved }.count >= 48 * 20)
        #expect(Set(serial.map(\.operation)).count == 48)
    }

    @Test("a JSON report of thousands of changes, its later half written on a second thread: pretty JSON of every change in order")
    func reportApart() throws {
        let comparison = BreakingRun.compare(
            old: try ContractVersion.parse(Self.old, path: "v1.json"), new: try ContractVersion.parse(Self.new, path: "v2.json"),
            api: nil, recordingsFolder: nil)
        #expect(comparison.changes.count >= BreakingReport.parallelItems)
        let text = BreakingReport.render([comparison], format: .json)
        let parsed = try JSONReader.parse(text)
        #expect(JSONWriter.pretty(parsed, lineEnds: 2) == text)
        guard case .array(let changes)? = parsed["comparisons"]?[0]?["changes"] else {
            Issue.record("no changes in the report")
            return
        }
        #expect(changes.count == comparison.changes.count)
        let written = changes.map {
            "\($0["operation"]?.stringValue ?? "") \($0["part"]?.stringValue ?? "") \($0["pointer"]?.stringValue ?? "")"
        }
        #expect(written == comparison.changes.map { "\($0.change.operation) \($0.change.part) \($0.change.pointer)" })
    }
}
