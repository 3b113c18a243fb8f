import APICheckRecording
import TestSupport
import Testing

@Suite("JSON written in pieces")
struct JSONStreamTests {
    @Test(
        "a value streamed a member at a time is byte for byte what JSONWriter.pretty writes of it whole, handed on in pieces of about 64 KB",
        arguments: [1, 40, 3_000])
    func streamedAsPretty(count: Int) {
        var generator = SeededGenerator(seed: UInt64(count))
        let value = Self.report(count: count, using: &generator)
        var pieces: [[UInt8]] = []
        JSONStream.write(lineEnds: 2, to: { pieces.append($0) }) { stream in Self.stream(value, into: &stream) }
        let whole = pieces.flatMap { $0 }
        #expect(String(decoding: whole, as: UTF8.self) == JSONWriter.pretty(value, lineEnds: 2))
        // Each piece is handed on once it holds 64 KB, at the end of the member that filled it.
        #expect(pieces.dropLast().allSatisfy { $0.count >= 1 << 16 && $0.count < (1 << 16) + 4_096 })
        #expect(pieces.count == whole.count / (1 << 16) + 1 || pieces.count == whole.count / (1 << 16))
    }

    @Test(
        "items made apart (another thread's bytes) and written after those streamed one by one: byte for byte what pretty writes",
        arguments: [0, 1, 17, 40])
    func itemsMadeApart(streamed: Int) {
        var generator = SeededGenerator(seed: 7)
        let value = Self.report(count: 40, using: &generator)
        guard case .array(let changes)? = value["comparisons"]?[0]?["changes"] else {
            Issue.record("no changes")
            return
        }
        let expected = JSONWriter.pretty(["comparisons": [["changes": .array(changes)]]], lineEnds: 2)
        var pieces: [[UInt8]] = []
        JSONStream.write(lineEnds: 2, to: { pieces.append($0) }) { stream in
            stream.object { stream in
                stream.array("comparisons") { stream in
                    stream.object { stream in
                        stream.array("changes") { stream in
                            for change in changes[..<streamed] { stream.item(change) }
                            let bytes = JSONStream.itemBytes(count: changes.count - streamed, depth: stream.depth, following: streamed > 0)
                            {
                                index, stream in Self.stream(changes[streamed + index], into: &stream)
                            }
                            stream.items(bytes, count: changes.count - streamed)
                        }
                    }
                }
            }
        }
        #expect(String(decoding: pieces.flatMap { $0 }, as: UTF8.self) == expected)
    }

    /// Streams `value`'s objects, and its arrays of containers, member by member; everything else is written whole.
    static func stream(_ value: JSONValue, into stream: inout JSONStream, key: String? = nil) {
        switch value {
        case .object(let object):
            stream.object(key) { stream in
                for member in object { Self.stream(member.value, into: &stream, key: member.key) }
            }
        case .array(let items) where items.allSatisfy({ !$0.isScalar }):
            stream.array(key) { stream in
                for item in items { Self.stream(item, into: &stream) }
            }
        default:
            if let key { stream.member(key, value) } else { stream.item(value) }
        }
    }

    /// A report's shape: comparisons of changes, with empty lists and objects, lists of scalars, nulls and text that
    /// needs escaping.
    static func report(count: Int, using generator: inout SeededGenerator) -> JSONValue {
        let changes: [JSONValue] = (0..<count).map { index in
            let used = generator.next() % 3
            return [
                "rule": "breaking.response-field-removed", "operation": .string("GET /v1/things/{id} \(index)"),
                "message": .string("the field \"name\\\(index)\" is gone\n"),
                "old": ["file": "stripe.json", "line": .number(JSONNumber(Int(generator.next() % 90_000))), "pointer": "/a/b"],
                "new": .null, "used_by": .array((0..<used).map { .string("recordings/\($0).json") }),
                "nested": used == 0 ? [:] : ["empty": [], "deeper": [["x": true]]],
            ]
        }
        return [
            "format": "apicheck-breaking/1", "tool": "apicheck",
            "comparisons": [["api": .null, "changes": .array(changes)], ["api": "todos", "changes": []]],
            "empty": [:],
        ]
    }
}
