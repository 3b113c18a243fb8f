import Foundation
import Testing
import TodoAPI
import WireFormat

@Suite("Todo model coding")
struct TodoModelTests {
    static let body =
        #"{"id":4698,"title":"할 일","is_done":true,"created_at":"2023-09-16T18:07:38.123456Z","updated_at":"2024-05-21T06:32:19.000001Z"}"#

    @Test("decodes with any JSONDecoder, whatever its date strategy, keeping microseconds")
    func decodesWithPlainDecoder() throws {
        let todo = try JSONDecoder().decode(Todo.self, from: Data(Self.body.utf8))
        let codec = ISO8601DateCodec(wireForm: .microsecondsUTC)
        #expect(codec.string(from: todo.createdAt) == "2023-09-16T18:07:38.123456Z")
        #expect(codec.string(from: todo.updatedAt) == "2024-05-21T06:32:19.000001Z")
        #expect(todo.isDone)
    }

    @Test("encodes back to the API's exact bytes")
    func encodesWireForm() throws {
        let todo = try JSONDecoder().decode(Todo.self, from: Data(Self.body.utf8))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let reencoded = try JSONDecoder().decode(Todo.self, from: try encoder.encode(todo))
        #expect(reencoded == todo)
        let text = String(decoding: try encoder.encode(todo), as: UTF8.self)
        #expect(text.contains(#""created_at":"2023-09-16T18:07:38.123456Z""#))
        #expect(text.contains(#""is_done":true"#))
    }
}
