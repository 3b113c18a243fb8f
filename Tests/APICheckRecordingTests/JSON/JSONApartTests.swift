import Testing

@testable import APICheckRecording

/// A text read on two threads (``JSONReader/parse(_:apartFrom:)``) gives what one thread gives: the same tree, or the
/// same error (message, line, column and pointer), wherever the second thread starts.
struct JSONApartTests {
    /// What one thread reads, and what two read with the second starting at `split`.
    private static func both(_ text: String, splitAt split: Int) -> (
        one: Result<JSONValue, JSONParseError>, two: Result<JSONValue, JSONParseError>, taken: Bool
    ) {
        let bytes = Array(text.utf8)
        let one = Result { () throws(JSONParseError) in try JSONReader.parse(bytes) }
        let (two, taken) = JSONReader.outcome(bytes, splitAt: split)
        return (one, two, taken)
    }

    static let valid = [
        """
        {
          "openapi": "3.0.3",
          "paths": {
            "/todos": {"get": {"responses": {"200": {"description": "ok"}}}},
            "/todos/{id}": {
              "get": {"parameters": [{"name": "id", "in": "path"}], "responses": {}}
            }
          },
          "components": {
            "schemas": {
              "Todo": {"type": "object", "properties": {"id": {"type": "integer"}, "title": {"type": "string"}}},
              "List": {"type": "array", "items": {"$ref": "#/components/schemas/Todo"}},
              "Escaped": {"description": "a \\"quote\\", a tab\\t, caf\u{E9}, \\u00e9 and \\ud83d\\ude00", "enum": [1, -2.5e3, true, null]},
              "Empty": {},
              "Nested": [[], [[1, 2], {"a": [3]}], {}]
            }
          }
        }
        """,
        """
        [
          {"a": 1},
          [
            2,
            "three"
          ],
          {
            "b": {"c": [4, 5]}
          }
        ]
        """,
        // A member's value on the next line: its line starts no member.
        """
        {
          "a":
            {"b": 1},
          "c":
            [1, 2]
        }
        """,
    ]

    static let invalid = [
        // The second key "a" repeats one the first thread reads.
        "{\n  \"a\": 1,\n  \"b\": 2,\n  \"a\": 3\n}",
        // Both repeats after the middle: the first one written is reported.
        "{\n  \"x\": 0,\n  \"a\": 1,\n  \"b\": 2,\n  \"b\": 3,\n  \"a\": 4\n}",
        "{\n  \"a\": 1,\n  \"b\" 2\n}",
        "{\n  \"a\": [1,\n  2,\n  ],\n  \"b\": 2\n}",
        "[\n  1,\n  {\"a\": tru},\n  3\n]",
        "{\n  \"a\": \"line\nbreak\",\n  \"b\": 1\n}",
        "{\n  \"a\": 1\n}\n  ,\n  \"b\": 2\n",
        "{\n  \"a\": 1,\n  \"b\": 2\n",
    ]

    /// Every offset of each text, valid or not, as the second thread's start: the same outcome as one thread's.
    @Test(arguments: valid + invalid)
    func everyStartGivesWhatOneThreadGives(_ text: String) {
        var taken = 0
        for split in 0..<text.utf8.count {
            let (one, two, took) = Self.both(text, splitAt: split)
            #expect(one == two, "starting at \(split)")
            if took { taken += 1 }
        }
        // Some starts are members or elements whose part the first thread takes.
        if (try? JSONReader.parse(text)) != nil { #expect(taken > 0) }
    }

    /// A part nested deep enough to go past the limit only where it is taken: refused as one thread refuses it.
    @Test func depthIsCountedFromWhereThePartIsTaken() {
        let outer = JSONReader.maximumDepth - 10
        let inner = 20
        let text =
            String(repeating: "{\"k\":", count: outer) + "{\n\"x\": 1,\n\"deep\": " + String(repeating: "[", count: inner)
            + String(repeating: "]", count: inner) + "\n}" + String(repeating: "}", count: outer)
        let split = Array(text.utf8).firstIndex(of: UInt8(ascii: "\n"))! + 1
        let (one, two, taken) = Self.both(text, splitAt: split)
        guard case .failure(let error) = one else {
            Issue.record("one thread read \(outer + inner + 1) levels")
            return
        }
        #expect(error.message.contains("nesting deeper"))
        #expect(one == two)
        #expect(!taken)
    }

    /// A description-sized text: the second thread starts at a schema's line and its part is taken.
    @Test func aLargeTextIsReadOnTwoThreads() throws {
        var schemas: [String] = []
        for index in 0..<3_000 {
            schemas.append(
                """
                    "schema\(index)": {
                      "type": "object",
                      "properties": {"id": {"type": "integer"}, "next": {"$ref": "#/components/schemas/schema\(index + 1)"}}
                    }
                """)
        }
        let text =
            "{\n  \"openapi\": \"3.1.0\",\n  \"components\": {\n  \"schemas\": {\n" + schemas.joined(separator: ",\n") + "\n  }\n  }\n}\n"
        let bytes = Array(text.utf8)
        let split = try #require(bytes.withUnsafeBufferPointer { JSONApart.split(in: $0) })
        #expect(split > bytes.count / 2)
        #expect(bytes[split] == UInt8(ascii: "\""))
        let (one, two, taken) = Self.both(text, splitAt: split)
        #expect(taken)
        #expect(one == two)
        #expect(try JSONReader.parse(bytes, apartFrom: 1) == JSONReader.parse(bytes))
    }

    /// A text on one line has no place to start a second thread.
    @Test func oneLineIsReadByOneThread() {
        let bytes = Array(#"{"a": [1, 2, {"b": "c"}], "d": null}"#.utf8)
        #expect(bytes.withUnsafeBufferPointer { JSONApart.split(in: $0) } == nil)
    }
}
