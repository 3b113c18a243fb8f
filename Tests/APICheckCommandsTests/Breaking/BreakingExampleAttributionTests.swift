import APICheckBreaking
import APICheckCommands
import APICheckContracts
import Testing

/// `--examples`: which results of the app's ContractExample suites concern a change.
@Suite("Contract changes: the examples that concern each")
struct BreakingExampleAttributionTests {
    static func result(_ operation: String, _ status: Int, _ step: String, _ problems: [String] = []) -> BreakingExamples.Result {
        BreakingExamples.Result(
            api: "todos", operation: operation, status: status, step: step, file: "todos/examples/x.json", problems: problems)
    }

    static let results = [
        result(
            "GET /api/v2/todos", 200, "null at /data/0/updated_at",
            ["x.json:9: the client cannot decode a response at /data/0/updated_at (coding path data.0.updated_at)"]),
        result("GET /api/v2/todos", 200, "maximal"),
        result("GET /api/v2/todos", 200, "enum at /data/0/state", ["x.json:3: the client cannot decode a response at /data/0/state"]),
        result("GET /api/v2/todos", 404, "maximal"),
        result("GET /api/v2/todos/{id}", 200, "maximal"),
    ]

    static func change(_ part: ContractChange.Part, _ pointer: String, operation: String = "GET /api/v2/todos/") -> ContractChange {
        ContractChange(
            rule: .breakingResponseNullable, operation: operation.hasSuffix("/") ? "GET /api/v2/todos" : operation, part: part,
            pointer: pointer, old: nil, new: nil, message: "")
    }

    @Test("a field's change: the status's examples, a failure only when it names that field (array indices as *)")
    func fieldChange() {
        let found = BreakingExamples.results(
            for: Self.change(.response(status: "200", mediaType: "application/json"), "/data/*/updated_at"), api: "todos", in: Self.results)
        #expect(found.map(\.step) == ["null at /data/0/updated_at", "maximal"])
        let other = BreakingExamples.results(
            for: Self.change(.response(status: "200", mediaType: "application/json"), "/data/*/title"), api: "todos", in: Self.results)
        #expect(other.map(\.step) == ["maximal"])
    }

    @Test("a status's change: every example of that status; an operation's: every example of it, path names aside")
    func statusAndOperation() {
        let status = BreakingExamples.results(for: Self.change(.status("404"), ""), api: "todos", in: Self.results)
        #expect(status.map(\.status) == [404])
        let operation = BreakingExamples.results(
            for: Self.change(.parameter(location: "query", name: "page"), "", operation: "GET /api/v2/todos/{todo_id}"), api: "todos",
            in: Self.results)
        #expect(operation.map(\.operation) == ["GET /api/v2/todos/{id}"])
        #expect(BreakingExamples.results(for: Self.change(.status("404"), ""), api: "github", in: Self.results).isEmpty)
    }
}
