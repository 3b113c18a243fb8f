import APICheckContracts
import APICheckRecording
import Foundation
import TestSupport
import Testing

@Suite("Verifier on the todo contract")
struct VerifierTests {
    static let verifier: Verifier = {
        // The contract is part of the repository; a failure here fails every test below clearly.
        let contract = (try? Contract.load(repositoryRoot.appendingPathComponent("contracts/todos.openapi.yaml").path)).map(\.compiled)
        return Verifier(contract: contract ?? CompiledContract(emptyAt: "missing"))
    }()

    static func recording(_ name: String) throws -> Recording {
        try Recording.load(from: repositoryRoot.appendingPathComponent("recordings/todos/tests/\(name).json"))
    }

    static let recordingNames =
        ((try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("recordings/todos/tests").path)) ?? [])
        .filter { $0.hasSuffix(".json") }.sorted().map { String($0.dropLast(5)) }

    @Test("every todo recording verifies clean", arguments: recordingNames)
    func recordingsAreClean(_ name: String) throws {
        let findings = Self.verifier.verify(try Self.recording(name))
        #expect(findings.isEmpty, "\(findings.map(\.compilerLine).joined(separator: "\n"))")
    }

    /// A mutation of a recorded interaction, and the finding it must produce.
    struct Mutation: CustomTestStringConvertible, Sendable {
        let name: String
        let recording: String
        let interaction: Int
        let change: @Sendable (inout Interaction) -> Void
        let rule: RuleID
        let pointer: String
        let severity: Severity
        var alsoAllowed: Set<RuleID> = []
        var testDescription: String { name }
    }

    static func json(_ interaction: inout Interaction, _ pointer: String, _ value: JSONValue?) {
        guard case .json(var body) = interaction.response.body else { return }
        body.set(value, at: JSONPointer(pointer))
        interaction.response.body = .json(body)
    }

    static func renameKey(_ interaction: inout Interaction, in pointer: String, from: String, to: String) {
        guard case .json(var body) = interaction.response.body else { return }
        func rename(_ value: JSONValue) -> JSONValue {
            guard case .object(let object) = value else { return value }
            return .object(JSONObject(object.members.map { JSONObject.Member(key: $0.key == from ? to : $0.key, value: $0.value) }))
        }
        if case .array(let items)? = body[pointer: JSONPointer(pointer)] {
            body.set(.array(items.map(rename)), at: JSONPointer(pointer))
        } else if let object = body[pointer: JSONPointer(pointer)] {
            body.set(rename(object), at: JSONPointer(pointer))
        }
        interaction.response.body = .json(body)
    }

    static func mapItems(_ interaction: inout Interaction, _ key: String, _ transform: @escaping (JSONValue) -> JSONValue) {
        guard case .json(var body) = interaction.response.body, case .array(let items)? = body["data"] else { return }
        body.set(
            .array(
                items.map { item in
                    var copy = item
                    if let value = item[key] { copy.set(transform(value), at: JSONPointer(tokens: [key])) }
                    return copy
                }), at: "/data")
        interaction.response.body = .json(body)
    }

    static let mutations: [Mutation] = [
        Mutation(
            name: "dates-milliseconds", recording: "list-first-page", interaction: 0,
            change: { i in
                mapItems(&i, "created_at") { .string(String(($0.stringValue ?? "").dropLast(4)) + "Z") }
            }, rule: .datePrecision, pointer: "/data/*/created_at", severity: .error),
        Mutation(
            name: "dates-offset", recording: "list-first-page", interaction: 0,
            change: { i in
                mapItems(&i, "updated_at") { .string(String(($0.stringValue ?? "").dropLast()) + "+09:00") }
            }, rule: .dateOffset, pointer: "/data/*/updated_at", severity: .error),
        Mutation(
            name: "list-data-object", recording: "list-first-page", interaction: 0,
            change: { i in
                json(&i, "/data", i.response.body?.jsonValue[pointer: "/json/data/0"])
            }, rule: .shapeListVsSingle, pointer: "/data", severity: .error),
        Mutation(
            name: "camel-case-keys", recording: "single", interaction: 1,
            change: { i in
                renameKey(&i, in: "/data", from: "is_done", to: "isDone")
            }, rule: .keyCase, pointer: "/data/isDone", severity: .error, alsoAllowed: [.fieldMissing, .fieldAdded]),
        Mutation(
            name: "is-done-int", recording: "list-first-page", interaction: 0,
            change: { i in
                mapItems(&i, "is_done") { .number(JSONNumber($0.boolValue == true ? 1 : 0)) }
            }, rule: .shapeType, pointer: "/data/*/is_done", severity: .error),
        Mutation(
            name: "status-201", recording: "single", interaction: 1, change: { i in i.response.status = 201 },
            rule: .statusUndeclared, pointer: "/status", severity: .error),
        Mutation(
            name: "extra-field", recording: "list-first-page", interaction: 0,
            change: { i in
                mapItems(&i, "id") { $0 }
                guard case .json(var body) = i.response.body, case .array(let items)? = body["data"] else { return }
                body.set(
                    .array(
                        items.map { item in
                            var copy = item
                            copy.set("normal", at: "/priority")
                            return copy
                        }), at: "/data")
                i.response.body = .json(body)
            }, rule: .fieldAdded, pointer: "/data/*/priority", severity: .info),
        Mutation(
            name: "missing-meta", recording: "list-first-page", interaction: 0, change: { i in json(&i, "/meta", nil) },
            rule: .fieldMissing, pointer: "/meta", severity: .error),
        Mutation(
            name: "removed required key", recording: "single", interaction: 1, change: { i in json(&i, "/data/title", nil) },
            rule: .fieldMissing, pointer: "/data/title", severity: .error),
        Mutation(
            name: "string where an integer was", recording: "single", interaction: 1, change: { i in json(&i, "/data/id", "4698") },
            rule: .shapeType, pointer: "/data/id", severity: .error),
        Mutation(
            name: "null in a non-nullable field", recording: "single", interaction: 1, change: { i in json(&i, "/data/title", .null) },
            rule: .fieldNull, pointer: "/data/title", severity: .error),
        Mutation(
            name: "undeclared non-2xx status", recording: "not-found", interaction: 0, change: { i in i.response.status = 500 },
            rule: .statusUndeclared, pointer: "/status", severity: .warning),
        Mutation(
            name: "JSON PUT body answered with 200", recording: "update-form", interaction: 1,
            change: { i in
                i.request.headers["Content-Type"] = "application/json"
                i.request.body = .json(["title": "x", "is_done": "true"])
            }, rule: .contentType, pointer: "/headers/Content-Type", severity: .error),
        Mutation(
            name: "malformed escape in a form body", recording: "update-form", interaction: 1,
            change: { i in
                i.request.body = .form(fields: [.init("title", "x")], raw: "title=%ZZx&is_done=true")
            }, rule: .formEncoding, pointer: "", severity: .error),
        Mutation(
            name: "raw Korean in a form body", recording: "update-form", interaction: 1,
            change: { i in
                i.request.body = .form(fields: [.init("title", "할 일")], raw: "title=할%20일&is_done=true")
            }, rule: .formEncoding, pointer: "", severity: .error),
        Mutation(
            name: "a form field against its schema", recording: "update-form", interaction: 1,
            change: { i in
                i.request.body = .form(fields: [.init("title", "x"), .init("is_done", "yes")], raw: "title=x&is_done=yes")
            }, rule: .formField, pointer: "/is_done", severity: .error),
    ]

    @Test("each drift produces its finding, and nothing of an unrelated rule", arguments: mutations)
    func mutationProducesFinding(_ mutation: Mutation) throws {
        var recording = try Self.recording(mutation.recording)
        mutation.change(&recording.interactions[mutation.interaction])
        let findings = Self.verifier.verify(recording)
        let expected = findings.first { $0.rule == mutation.rule && $0.pointer == mutation.pointer }
        #expect(
            expected != nil, "no \(mutation.rule) at \(mutation.pointer); got:\n\(findings.map(\.compilerLine).joined(separator: "\n"))")
        #expect(expected?.severity == mutation.severity)
        let unrelated = findings.filter { $0.rule != mutation.rule && !mutation.alsoAllowed.contains($0.rule) }
        #expect(unrelated.isEmpty, "unrelated: \(unrelated.map(\.compilerLine))")
    }

    @Test("array items are reported once with * and a count; the list-vs-single message reads as designed")
    func aggregationAndMessages() throws {
        var recording = try Self.recording("list-first-page")
        Self.mapItems(&recording.interactions[0], "is_done") { _ in .number(JSONNumber(0)) }
        let findings = Self.verifier.verify(recording)
        #expect(findings.count == 1)
        #expect(findings.first?.count == 10)
        #expect(findings.first?.message == "GET /api/v2/todos 200 /data/*/is_done: expected a boolean, found an integer (0) (10 times)")

        var single = try Self.recording("list-first-page")
        Self.json(&single.interactions[0], "/data", single.interactions[0].response.body?.jsonValue[pointer: "/json/data/0"])
        #expect(
            Self.verifier.verify(single).first?.message == "GET /api/v2/todos 200 /data: expected an array (list endpoint), found an object"
        )
    }

    @Test("findings in a file carry the line they point at")
    func lineNumbers() throws {
        var recording = try Self.recording("single")
        Self.json(&recording.interactions[1], "/data/title", .null)
        let text = recording.fileText
        let findings = Self.verifier.verify(recording, file: "single.json", bytes: Array(text.utf8))
        let finding = try #require(findings.first)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let titleLine = try #require(lines.enumerated().filter { $0.element.contains(#""title": null"#) }.first?.offset) + 1
        #expect(finding.line == titleLine)
        #expect(
            finding.compilerLine.hasPrefix(
                "single.json:\(titleLine): error: GET /api/v2/todos/{id} 200 /data/title: expected a string, found null [field.null]"))
    }

    @Test("request checks are skipped when the response is a declared 4xx")
    func meantInvalidRequestsAreSkipped() throws {
        let recording = try Self.recording("search-without-query")
        #expect(Self.verifier.verify(recording).isEmpty)
        var answered = recording
        answered.interactions[0].response.status = 200
        answered.interactions[0].response.body = .json(
            try JSONReader.parse(
                #"{"data":[],"meta":{"current_page":1,"from":null,"last_page":1,"per_page":10,"to":null,"total":0},"message":"ok"}"#))
        let operation = Self.verifier.contract.operation(method: "GET", path: "/api/v2/todos/search")?.operation
        #expect(
            operation?.parameters.first { $0.name == "query" }?.required == true,
            "\(operation?.parameters.map { "\($0.name) \($0.place) \($0.required)" } ?? [])")
        #expect(
            Self.verifier.verify(answered).map(\.rule.rawValue) == ["param.missing"],
            "\(answered.interactions[0].request.url) \(answered.interactions[0].response.status)")
    }
}

extension CompiledContract {
    /// A contract with no operations, for a missing file.
    init(emptyAt path: String) {
        self = (try? Contract.parse("openapi: 3.1.0\ninfo: {title: none, version: '0'}\npaths: {}\n", path: path))!.compiled
    }
}
