import APICheck
import APICheckReplay
import Foundation
import TestSupport
import Testing

@testable import APICheckTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The contract-examples entry point: what it loads, and that it fails, with the example's file, line, step and
/// the failing key, for each way a client can refuse a response the contract allows.
@Suite("Contract examples through a client", timeLimit(minutes: 5))
struct ContractExampleTests {
    /// The todo list's examples with `meta.from` null (the contract: `type: [integer, "null"]`).
    static func nullFrom() throws -> ContractExample {
        let examples = try ContractExample.load(api: "todos", operation: "GET /api/v2/todos", statuses: [200])
        return try #require(examples.first { $0.step == "null at /meta/from" })
    }

    /// A client of the todo list as an app might write it: the request, then `Page` decoded by a plain `JSONDecoder`.
    struct ListClient<Page: Decodable> {
        let replay: ExampleReplay

        func todos() async throws -> Page {
            let (data, _) = try await replay.session.data(from: replay.baseURL.appendingPathComponent("api/v2/todos"))
            return try JSONDecoder().decode(Page.self, from: data)
        }
    }

    /// A model that says `meta.from` is never null.
    struct NonOptionalFrom: Decodable {
        struct Meta: Decodable {
            let from: Int
            let to: Int?
        }
        let meta: Meta
    }

    /// The same model with the field optional, as the contract says.
    struct OptionalFrom: Decodable {
        struct Meta: Decodable {
            let from: Int?
        }
        let meta: Meta
    }

    @Test("a model that makes a nullable field non-optional fails with the example's file, line, step and coding path")
    func nonOptionalNullableFails() async throws {
        let example = try Self.nullFrom()
        let (outcome, problems) = await example.check { try await ListClient<NonOptionalFrom>(replay: $0).todos() }
        guard case .threw(let error) = outcome else {
            Issue.record("the wrong model decoded a null `from`")
            return
        }
        #expect(error is DecodingError)
        let problem = try #require(problems.first)
        #expect(problems.count == 1, "\(problems)")
        #expect(problem.hasPrefix("recordings/todos/examples/get-api-v2-todos.200.json:"), "\(problem)")
        #expect(problem.contains("step \"null at /meta/from\" (200 of GET /api/v2/todos)"), "\(problem)")
        #expect(problem.contains("the client cannot decode a response the contract allows at /meta/from"), "\(problem)")
        // The line named is the file's `"from": null` of this example.
        let line = try #require(Int(problem.split(separator: ":")[1]))
        let lines = try String(
            contentsOfFile: RecordingsFolder.locate(from: #filePath).appendingPathComponent("todos/examples/get-api-v2-todos.200.json")
                .path, encoding: .utf8
        )
        .split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[line - 1].trimmingCharacters(in: .whitespaces) == "\"from\": null,", "line \(line): \(lines[line - 1])")

        // Through the trait-facing call the same problem is an issue of the test.
        await withKnownIssue {
            await example.expectDecodes { try await ListClient<NonOptionalFrom>(replay: $0).todos() }
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("get-api-v2-todos.200.json:\(line): step \"null at /meta/from\"")
                    && $0.rawValue.contains("at /meta/from")
            }
        }
    }

    @Test("the same client with the field optional passes every example of the operation")
    func optionalPasses() async throws {
        let examples = try ContractExample.load(api: "todos", operation: "GET /api/v2/todos")
        #expect(examples.count >= 10)
        for example in examples {
            let (outcome, problems) = await example.check { try await ListClient<OptionalFrom>(replay: $0).todos() }
            if example.status < 400 {
                #expect(problems.isEmpty, "\(example.step): \(problems)")
                guard case .returned = outcome else {
                    Issue.record("\(example.step): \(outcome)")
                    continue
                }
            } else {
                // This client never looks at the status: it decodes a 422 body as a page and fails, which must be reported.
                #expect(problems.count == 1, "\(example.step): \(problems)")
            }
        }
    }

    @Test("a value returned for an error status is reported")
    func errorStatusReturned() async throws {
        let example = try #require(try ContractExample.load(api: "todos", operation: "GET /api/v2/todos/{id}", statuses: [404]).first)
        let (_, problems) = await example.check { replay in
            let (data, _) = try await replay.session.data(from: replay.baseURL.appendingPathComponent("api/v2/todos/7"))
            return data.count
        }
        #expect(problems.count == 1)
        #expect(problems.first?.contains("the client returned a value for a 404 answer") == true, "\(problems)")
        #expect(problems.first?.hasPrefix("recordings/todos/examples/get-api-v2-todos-id.404.json:") == true, "\(problems)")
    }

    @Test("a call that sends no request checked nothing, and is reported")
    func noRequest() async throws {
        let example = try Self.nullFrom()
        let (_, problems) = await example.check { _ in 1 }
        #expect(problems.count == 1)
        #expect(problems.first?.contains("the client sent no request") == true, "\(problems)")
    }

    @Test("a request to another operation fails, and is reported with what the replay answers")
    func otherOperation() async throws {
        let example = try Self.nullFrom()
        let (outcome, problems) = await example.check { replay in
            _ = try await replay.session.data(from: replay.baseURL.appendingPathComponent("api/v2/todos/5"))
        }
        guard case .threw = outcome else {
            Issue.record("a request no route answers was answered")
            return
        }
        #expect(
            problems.contains { $0.contains("the client sent GET /api/v2/todos/5, but this session answers only GET /api/v2/todos") },
            "\(problems)")
    }

    @Test("a literal path segment is not taken for a path parameter: /todos/search is not /todos/{id}")
    func literalSegment() async throws {
        let example = try #require(try ContractExample.load(api: "todos", operation: "GET /api/v2/todos/{id}", statuses: [200]).first)
        let (_, problems) = await example.check { replay in
            _ = try await replay.session.data(from: replay.baseURL.appendingPathComponent("api/v2/todos/search"))
        }
        #expect(
            problems.contains {
                $0.contains(
                    "the client sent GET /api/v2/todos/search, which the contract reads as GET /api/v2/todos/search, and was answered as GET /api/v2/todos/{id}"
                )
            }, "\(problems)")
    }

    @Test("a request that breaks the contract is reported: PUT with a JSON body where the contract wants a form")
    func requestChecked() async throws {
        let example = try #require(try ContractExample.load(api: "todos", operation: "PUT /api/v2/todos/{id}", statuses: [200]).first)
        let (_, problems) = await example.check { replay in
            var request = URLRequest(url: replay.baseURL.appendingPathComponent("api/v2/todos/5"))
            request.httpMethod = "PUT"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(#"{"title":"a","is_done":true}"#.utf8)
            _ = try await replay.session.data(for: request)
        }
        #expect(problems.count == 1, "\(problems)")
        #expect(
            problems.first?.contains("the client's request PUT /api/v2/todos/5 does not conform to contracts/todos.openapi.yaml") == true,
            "\(problems)")
        #expect(problems.first?.contains("[content-type]") == true || problems.first?.contains("content") == true, "\(problems)")
    }

    @Test("loading refuses what would make a test over no examples")
    func loadRefuses() throws {
        #expect(throws: ReplayError.self) { try ContractExample.load(api: "todos", operation: "GET /nowhere") }
        #expect(throws: ReplayError.self) { try ContractExample.load(api: "todos", operation: "GET /api/v2/todos", statuses: [599]) }
        #expect(throws: ReplayError.self) { try ContractExample.load(api: "no-such-api", operation: "GET /") }
        do {
            _ = try ContractExample.load(api: "todos", operation: "GET /nowhere")
        } catch {
            #expect(error.message.contains("contracts/todos.openapi.yaml has no operation \"GET /nowhere\""), "\(error.message)")
            #expect(error.message.contains("GET /api/v2/todos/{id}"), "lists the operations: \(error.message)")
        }
        // The method in any case names the same operation.
        #expect(
            try ContractExample.load(api: "todos", operation: "get /api/v2/todos/{id}").allSatisfy {
                $0.operation == "GET /api/v2/todos/{id}"
            })
    }

    /// A package with an API `demo` whose contract's one operation, `GET /ping`, answers 200 with `response`; and the
    /// path of a test file in it.
    static func demoPackage(response: String) throws -> (package: URL, file: String) {
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-examples-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: package.appendingPathComponent("Tests/DemoTests"), withIntermediateDirectories: true)
        try "// swift-tools-version: 6.1\n".write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try """
        openapi: 3.1.0
        info: { title: demo, version: "1" }
        paths:
          /ping:
            get:
              responses:
                "200": \(response)
        """.write(to: package.appendingPathComponent("demo.yaml"), atomically: true, encoding: .utf8)
        try "apis:\n  demo:\n    base_url: https://demo.invalid\n    contract: demo.yaml\n    recordings: recordings/demo\n"
            .write(to: package.appendingPathComponent("apicheck.yml"), atomically: true, encoding: .utf8)
        return (package, package.appendingPathComponent("Tests/DemoTests/DemoTests.swift").path)
    }

    @Test("an API whose examples were never written is an error that says how to write them")
    func noExamplesFolder() throws {
        let (package, file) = try Self.demoPackage(response: "{ description: ok }")
        defer { try? FileManager.default.removeItem(at: package) }
        #expect(try ContractExample.operations(api: "demo", filePath: file) == ["GET /ping"])
        do {
            _ = try ContractExample.load(api: "demo", operation: "GET /ping", filePath: file)
            Issue.record("loaded examples from a folder that does not exist")
        } catch {
            #expect(error.message.contains("recordings/demo/examples"), "\(error.message)")
            #expect(error.message.contains("swift run apicheck examples --api demo"), "\(error.message)")
        }
    }

    @Test("an operation the contract loader refused has no examples, and loading says why")
    func refusedOperation() throws {
        let (package, file) = try Self.demoPackage(
            response: "{ description: ok, content: { application/json: { schema: { type: object, $recursiveAnchor: true } } } }")
        defer { try? FileManager.default.removeItem(at: package) }
        do {
            _ = try ContractExample.load(api: "demo", operation: "get /ping", filePath: file)
            Issue.record("loaded examples of a refused operation")
        } catch {
            #expect(error.message.contains("GET /ping is refused, so it has no examples"), "\(error.message)")
            #expect(error.message.contains("demo.yaml:7:"), "\(error.message)")
            #expect(error.message.contains("$recursiveAnchor (draft 2019-09) is not enforced"), "\(error.message)")
        }
    }

    struct Key: CodingKey {
        let stringValue: String
        let intValue: Int?
        init(stringValue: String) {
            self.stringValue = stringValue
            intValue = nil
        }
        init(intValue: Int) {
            stringValue = "Index \(intValue)"
            self.intValue = intValue
        }
    }

    @Test(
        "a DecodingError's place as a pointer; a dataCorrupted error with no coding path names no place, not the whole body",
        arguments: [
            (
                DecodingError.keyNotFound(Key(stringValue: "title"), .init(codingPath: [Key(stringValue: "data")], debugDescription: "")),
                "/data/title"
            ),
            (.dataCorrupted(.init(codingPath: [Key(stringValue: "data"), Key(intValue: 0)], debugDescription: "")), "/data/0"),
            (.typeMismatch(Int.self, .init(codingPath: [], debugDescription: "")), "/"),
            // swift-openapi-runtime's date transcoders throw without the decoder's coding path.
            (.dataCorrupted(.init(codingPath: [], debugDescription: "Expected date string to be ISO8601-formatted.")), nil),
        ] as [(DecodingError, String?)])
    func decodingFailurePointer(error: DecodingError, pointer: String?) throws {
        let failure = try #require(ContractExample.DecodingFailure(error))
        #expect(failure.pointer == pointer)
    }
}
