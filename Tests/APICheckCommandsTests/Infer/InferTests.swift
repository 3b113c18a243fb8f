import APICheckCommands
import APICheckContracts
import APICheckRecording
import Foundation
import TestSupport
import Testing

@Suite("Contract inference")
struct InferTests {

    @Test("the contract inferred from the todo recordings verifies them all clean")
    func inferredContractVerifiesRecordings() throws {
        let configuration = try ConfigurationFile.load(repositoryRoot.appendingPathComponent("apicheck.yml").path)
        let api = try #require(configuration.api("todos"))
        let result = try InferRun.infer(api: api, configuration: configuration)
        #expect(result.recordings == 20)
        #expect(result.contract.contains("x-apicheck-key-case: snake_case"))
        #expect(result.contract.contains("fraction-digits: 6"))
        #expect(result.contract.contains(#"type: [integer, "null"]"#))
        #expect(result.contract.contains(#""200":"#))
        #expect(result.diff.hasPrefix("--- contracts/todos.openapi.yaml\n+++ todos (inferred)\n@@ "))

        let contract = try Contract.parse(result.contract, path: "inferred.yaml").compiled
        let verifier = Verifier(contract: contract)
        for folder in ["recordings/todos/tests", "recordings/todos/scenarios"] {
            for path in try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent(folder).path).sorted() {
                let recording = try Recording.load(from: repositoryRoot.appendingPathComponent("\(folder)/\(path)"))
                let findings = verifier.verify(recording)
                #expect(findings.isEmpty, "\(path): \(findings.map(\.compilerLine))")
            }
        }
    }

    @Test("required, nullable, merged types, dates, URIs and key case are inferred from samples")
    func samplingRules() throws {
        var inferrer = ContractInferrer(title: "t")
        let bodies = [
            #"{"id":1,"note":null,"score":1,"at":"2017-05-07T18:50:07.000+09:00","link":"https://x.test/a","user_name":"a"}"#,
            #"{"id":2,"note":"n","score":1.5,"at":"2017-05-08T18:50:07.123+09:00","link":"https://x.test/b","userName":"b"}"#,
        ]
        for (index, body) in bodies.enumerated() {
            inferrer.add(
                Recording(
                    api: "t", name: "r\(index)", recordedAt: "x", recordedFrom: "x",
                    interactions: [
                        Interaction(
                            request: RecordedRequest(method: "GET", url: "/items/\(index + 7)"),
                            response: RecordedResponse(
                                status: 200, headers: HeaderFields([("Content-Type", "application/json")]),
                                body: .json(try JSONReader.parse(body))))
                    ]))
        }
        let text = inferrer.contractText()
        let contract = try Contract.parse(text, path: "t.yaml")
        let compiled = contract.compiled
        let operation = try #require(compiled.operation(method: "GET", path: "/items/99")?.operation)
        #expect(operation.template == "/items/{id}")
        let schema = try #require(operation.response(for: 200)?.response.content["application/json"]?.schema)
        #expect(schema.required == ["id", "note", "score", "at", "link"])
        #expect(schema.property("note")?.types == ["string", "null"])
        #expect(schema.property("score")?.types == ["number"])
        #expect(schema.property("at")?.dateForm == .millisecondsSeoul)
        #expect(schema.property("link")?.format == "uri")
        #expect(!text.contains("x-apicheck-key-case"), "user_name and userName: no single case")
    }

    @Test("the unified diff is plain ASCII hunks")
    func unifiedDiff() {
        let diff = UnifiedDiff.diff(old: "a\nb\nc\nd\n", new: "a\nB\nc\nd\ne\n", oldName: "old", newName: "new")
        #expect(diff == "--- old\n+++ new\n@@ -1,5 +1,6 @@\n a\n-b\n+B\n c\n d\n+e\n \n")
        #expect(UnifiedDiff.diff(old: "same\n", new: "same\n", oldName: "a", newName: "b").isEmpty)
    }
}
