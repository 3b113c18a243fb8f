import APICheckContracts
import APICheckRecording
import Foundation
import TestSupport
import Testing
import WireFormat

@Suite("Contracts")
struct ContractLoadingTests {
    static let todos = repositoryRoot.appendingPathComponent(
        "contracts/todos.openapi.yaml")

    @Test("the todo contract loads, $refs followed, keeping the x-apicheck extensions")
    func todoContractLoads() throws {
        let contract = try Contract.load(Self.todos.path)
        #expect(Set(contract.compiled.operations.map(\.template)).count == 4)
        #expect(contract.compiled.operations.count == 10, "7 operations and HEAD on the 3 GET routes")
        let get = try #require(contract.compiled.operation(method: "GET", path: "/api/v2/todos/5")?.operation)
        #expect(get.responses.count == 2)
        #expect(get.keyCase == .snakeCase)
        let todo = try #require(get.response(for: 200)?.response.content["application/json"]?.schema)
        #expect(todo.property("data")?.property("created_at")?.dateForm == DateWireForm(fractionDigits: 6, offset: .zulu))
        #expect(get.parameters.map(\.name) == ["id"])
    }

    @Test(
        "a malformed contract is an error with file and line",
        arguments: [
            (
                "openapi: 3.1.0\ninfo: {title: x, version: '1'}\npaths:\n  /a:\n    get:\n      responses:\n        '200': [\n", 8,
                "not valid YAML"
            ),
            ("openapi: 3.1.0\ninfo: {title: x, version: '1'}\npaths: 5\n", 3, "not a valid OpenAPI 3.1 document"),
        ])
    func malformed(_ text: String, _ line: Int, _ message: String) {
        #expect {
            _ = try Contract.parse(text, path: "c.yaml")
        } throws: { error in
            guard let error = error as? ConfigurationError else { return false }
            let ok = error.line == line && error.description.contains(message) && error.file == "c.yaml"
            if !ok { Issue.record("got \(error)") }
            return ok
        }
    }
}
