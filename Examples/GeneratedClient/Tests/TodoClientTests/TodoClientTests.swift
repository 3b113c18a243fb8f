import APICheckTesting
import Foundation
import OpenAPIRuntime
import Testing
import TodoClient
import WireFormatOpenAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The generated `Client` on `URLSessionTransport`, its session built from `TestRecording.configuration`, replaying
/// `recordings/todos/tests/`. Strict: every recorded interaction must be requested.
///
/// Re-record against the todo replica: `swift run apicheck sandbox --api todos --deterministic --port 8080` in
/// apicheck's folder, then `APICHECK_RECORD=all APICHECK_BASE_URL=http://127.0.0.1:8080 swift test` here.
@Suite(.recordings(api: "todos", strict: true))
struct GeneratedClientTests {
    static func repository(dateTranscoder: any DateTranscoder = .wireFormat) throws -> TodoRepository {
        try TodoRepository(
            serverURL: TestRecording.baseURL, session: URLSession(configuration: TestRecording.configuration),
            dateTranscoder: dateTranscoder)
    }

    @Test(.replaying("list-first-page"))
    func listFirstPage() async throws {
        let (todos, meta) = try await Self.repository().page(1)
        #expect(todos.count == 10)
        #expect(meta.current_page == 1)
        #expect(meta.from == 1)
        // The dates kept their microseconds: written back, each is the string the API sent (read from the recording,
        // which is written at the end of the test when recording).
        if !TestRecording.isRecording {
            let transcoder = WireFormatDateTranscoder()
            let written = try todos.flatMap { [try transcoder.encode($0.created_at), try transcoder.encode($0.updated_at)] }
            #expect(written == Array(try Self.wireDates(of: TestRecording.recordingURL).prefix(written.count)))
            #expect(written.allSatisfy { $0.range(of: #"\.\d{6}Z$"#, options: .regularExpression) != nil }, "\(written)")
        }
    }

    @Test(.replaying("create-edit-delete"))
    func createEditDelete() async throws {
        let repository = try Self.repository()
        let created = try await repository.create(title: "장보기 & milk")
        #expect(created.title == "장보기 & milk")
        #expect(created.is_done == false)
        let title = "Don't open a+b & 할 일"
        let edited = try await repository.update(id: created.id, title: title, isDone: true)
        #expect(edited.title == title)
        #expect(edited.is_done == true)
        let deleted = try await repository.delete(id: created.id)
        #expect(deleted.id == created.id)
        await #expect {
            _ = try await repository.todo(id: created.id)
        } throws: { error in
            if case TodoError.notFound = error { return true }
            return false
        }
    }

    /// The runtime's default transcoder on the same answer: offline, the test names the date it cannot read.
    @Test(.replaying("default-transcoder"))
    func defaultTranscoderRefusesMicroseconds() async throws {
        let repository = try Self.repository(dateTranscoder: .iso8601)
        let error = try await #require(throws: ClientError.self) { _ = try await repository.page(1) }
        #expect(error.operationID == "listTodos")
        let decoding = try #require(error.underlyingError as? DecodingError)
        guard case .dataCorrupted(let context) = decoding else {
            Issue.record("expected dataCorrupted, got \(decoding)")
            return
        }
        #expect(context.debugDescription.contains("Expected date string to be ISO8601-formatted"), "\(context.debugDescription)")
    }

    /// The date strings of a recording's response bodies, in order (`created_at`, `updated_at` of each todo).
    static func wireDates(of recording: URL?) throws -> [String] {
        let text = try String(contentsOf: try #require(recording), encoding: .utf8)
        let pattern = /"(?:created|updated)_at" ?: ?"([^"]+)"/
        return text.matches(of: pattern).map { String($0.output.1) }
    }
}

/// The app's code as it ships, unchanged: `URLSession.shared` and the production URL of openapi.yaml, answered from
/// `recordings/todos/tests/` by `scope: .global`.
@Suite(.recordings(api: "todos", scope: .global, strict: true))
struct GeneratedClientOnSharedSessionTests {
    @Test(.replaying("single"))
    func singleOnTheSharedSession() async throws {
        let repository = try TodoRepository()
        let first = try #require(try await repository.page(1, perPage: 1).todos.first)
        let todo = try await repository.todo(id: first.id)
        #expect(todo == first)
    }
}

/// What each transcoder keeps of the todo API's `2024-05-14T23:51:26.197159Z` when the app reads it and sends it back:
/// the runtime's default refuses it, `.iso8601WithFractionalSeconds` keeps milliseconds, WireFormat's keeps it all.
@Suite
struct TranscoderRoundTripTests {
    static let wire = "2024-05-14T23:51:26.197159Z"

    @Test(
        "what each transcoder sends back of the API's microsecond date",
        arguments: [
            ("the runtime's default, .iso8601", .iso8601, nil),
            ("the runtime's .iso8601WithFractionalSeconds", .iso8601WithFractionalSeconds, "2024-05-14T23:51:26.197Z"),
            ("WireFormat's .wireFormat", WireFormatDateTranscoder.wireFormat, "2024-05-14T23:51:26.197159Z"),
        ] as [(String, any DateTranscoder, String?)])
    func sentBack(name: String, transcoder: any DateTranscoder, expected: String?) throws {
        let sentBack = try? transcoder.encode(transcoder.decode(Self.wire))
        #expect(sentBack == expected, "\(name)")
    }
}

/// Every response the contract allows (`apicheck examples` wrote them into `recordings/todos/examples/` from
/// openapi.yaml), through the generated client: a field it cannot read fails with the example's file, line and pointer.
@Suite
struct GeneratedClientContractExamples {
    /// The generated client wraps a decoding error in `ClientError`; this finds it for the report.
    static func decodingFailure(_ error: any Error) -> ContractExample.DecodingFailure? {
        if let error = error as? ClientError { return ContractExample.DecodingFailure(error.underlyingError) }
        return ContractExample.DecodingFailure(error)
    }

    static func repository(_ replay: ExampleReplay) throws -> TodoRepository {
        try TodoRepository(serverURL: replay.baseURL, session: replay.session)
    }

    @Test(arguments: try ContractExample.load(api: "todos", operation: "GET /api/v2/todos/{id}"))
    func singleDecodes(_ example: ContractExample) async {
        await example.expectDecodes(decodingFailure: Self.decodingFailure) { replay in
            try await Self.repository(replay).todo(id: 5126)
        }
    }

    @Test(arguments: try ContractExample.load(api: "todos", operation: "GET /api/v2/todos"))
    func pageDecodes(_ example: ContractExample) async {
        await example.expectDecodes(decodingFailure: Self.decodingFailure) { replay in
            try await Self.repository(replay).page(2).todos
        }
    }

    @Test(arguments: try ContractExample.load(api: "todos", operation: "DELETE /api/v2/todos/{id}"))
    func deleteDecodes(_ example: ContractExample) async {
        await example.expectDecodes(decodingFailure: Self.decodingFailure) { replay in
            try await Self.repository(replay).delete(id: 5126)
        }
    }

    @Test("the runtime's default transcoder on an example fails offline, naming the example's file, line and step")
    func defaultTranscoderOnAnExample() async throws {
        // openapi.yaml declares `format: date-time` only, so `apicheck examples` also writes the fractions RFC 3339 allows.
        let example = try #require(
            try ContractExample.load(api: "todos", operation: "GET /api/v2/todos/{id}", statuses: [200]).first {
                $0.step.hasPrefix("dates with 6 fraction digits")
            })
        let (_, problems) = await example.check(decodingFailure: Self.decodingFailure) { replay in
            try await TodoRepository(serverURL: replay.baseURL, session: replay.session, dateTranscoder: .iso8601).todo(id: 5126)
        }
        #expect(problems.count == 1)
        #expect(problems.first?.contains("recordings/todos/examples/get-api-v2-todos-id.200.json:") == true, "\(problems)")
        #expect(problems.first?.contains("Expected date string to be ISO8601-formatted") == true, "\(problems)")
        // The runtime's transcoder throws without the decoder's coding path, so the failure names the example, not a key.
        #expect(problems.first?.contains("allows at /") == false, "\(problems)")
    }
}
