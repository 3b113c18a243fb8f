import APICheckRecording
import Foundation
import TestSupport
import Testing

@Suite("JSON reader and writer")
struct JSONReaderTests {
    @Test("a quote, escape, control character or non-ASCII byte is found at every offset of a string (the reader tests 8 bytes at once)")
    func specialBytesAtEveryOffset() throws {
        for offset in 0..<24 {
            let before = String(repeating: "a", count: offset)
            let after = String(repeating: "b", count: 17 - offset % 9)
            for (written, meant) in [
                (#"\""#, "\""), (#"\\"#, "\\"), (#"\n"#, "\n"), ("é", "é"), ("한", "한"), ("~", "~"), ("\u{7F}", "\u{7F}"),
            ] {
                let text = "[\"" + before + written + after + "\", 1]"
                #expect(try JSONReader.parse(text) == .array([.string(before + meant + after), .number(JSONNumber(1))]), "\(text)")
            }
            let raw = "[\"" + before + "\u{1}" + after + "\"]"
            #expect(throws: JSONParseError.self) { try JSONReader.parse(raw) }
            do {
                _ = try JSONReader.parse(raw)
            } catch {
                #expect(error.location.column == offset + 3, "\(raw.debugDescription): \(error)")
            }
            let invalidUTF8 = Array("[\"\(before)".utf8) + [0xFF] + Array("\(after)\"]".utf8)
            #expect(throws: JSONParseError.self, "0xFF at \(offset)") { try JSONReader.parse(invalidUTF8) }
            let unterminated = "[\"" + before + after
            #expect(throws: JSONParseError.self) { try JSONReader.parse(unterminated) }
        }
    }

    @Test(
        "literals survive read, write, read unchanged",
        arguments: [
            "10.309712", "1e3", "-0", "1E+2", "0.1e-7", "123456789012345678901234567890", "-9223372036854775809", "0",
            #""escaped \"quote\" \\ back\\slash \n newline \t tab \u0001""#,
            #""할 일 😀 Don't""#, "true", "false", "null", "[]", "{}",
        ])
    func literalsSurvive(_ text: String) throws {
        let value = try JSONReader.parse(text)
        let compact = JSONWriter.compact(value)
        #expect(try JSONReader.parse(compact) == value)
        #expect(try JSONReader.parse(JSONWriter.pretty(value)) == value)
        if case .number(let number) = value { #expect(number.literal == text) }
    }

    @Test("object key order is kept exactly")
    func keyOrder() throws {
        let value = try JSONReader.parse(#"{"z":1,"a":2,"m":{"y":true,"b":null}}"#)
        #expect(value.objectValue?.keys == ["z", "a", "m"])
        #expect(value["m"]?.objectValue?.keys == ["y", "b"])
        #expect(JSONWriter.compact(value) == #"{"z":1,"a":2,"m":{"y":true,"b":null}}"#)
    }

    @Test("escapes decode to the right characters")
    func escapes() throws {
        let value = try JSONReader.parse(#"["\u00e9\u0041\/", "\ud83d\ude00", "a\"b"]"#)
        #expect(value.arrayValue?.compactMap(\.stringValue) == ["éA/", "😀", "a\"b"])
    }

    @Test("pretty layout is stable: two spaces, scalar arrays inline, trailing newline")
    func prettyLayout() throws {
        let value = try JSONReader.parse(
            #"{"form":[["title","a b"],["is_done","true"]],"empty":{},"list":[],"n":1.50,"o":{"k":[1,{"x":null}]}}"#)
        let expected = """
            {
              "form": [
                ["title", "a b"],
                ["is_done", "true"]
              ],
              "empty": {},
              "list": [],
              "n": 1.50,
              "o": {
                "k": [
                  1,
                  {
                    "x": null
                  }
                ]
              }
            }

            """
        #expect(JSONWriter.pretty(value) == expected)
    }

    @Test(
        "malformed JSON is an error with line, column and pointer",
        arguments: [
            ("{\"a\": [1, 2,]}", 1, 13, "/a/2", "expected a value, found ']'"),
            ("{\n  \"data\": {\n    \"title\": \"x\n  }\n}", 3, 16, "/data/title", "unescaped control character"),
            ("{\"a\": 1 \"b\": 2}", 1, 9, "", "expected ',' or '}' after an object member, found '\"'"),
            ("[1, 2", 1, 6, "", "unterminated array"),
            ("{\"a\": tru}", 1, 7, "/a", "expected a value"),
            ("{\"a\": 01}", 1, 7, "/a", "leading zero"),
            ("{\"a\": 1, \"a\": 2}", 1, 10, "/a", "duplicate key \"a\""),
            ("{\"a\": \"\\x\"}", 1, 8, "/a", "invalid escape '\\x'"),
            ("{\"a\": \"\\ud800\"}", 1, 8, "/a", "unpaired UTF-16 surrogate"),
            ("[1] [2]", 1, 5, "", "after the JSON value"),
            ("", 1, 1, "", "found the end of the text"),
            ("{\"한\": [\"가\", -]}", 1, 14, "/한/1", "expected a digit after '-'"),
            ("{a: 1}", 1, 2, "", "expected a key in double quotes, found 'a'"),
            ("NaN", 1, 1, "", "expected a value, found 'N'"),
        ])
    func malformed(_ text: String, _ line: Int, _ column: Int, _ pointer: String, _ message: String) {
        #expect {
            _ = try JSONReader.parse(text)
        } throws: { error in
            guard let error = error as? JSONParseError else { return false }
            let ok =
                error.location.line == line && error.location.column == column
                && error.pointer.description == pointer && error.message.contains(message)
            if !ok { Issue.record("got \(error)") }
            return ok
        }
    }

    @Test("invalid UTF-8 in a string is an error")
    func invalidUTF8() {
        #expect(throws: JSONParseError.self) { try JSONReader.parse([0x22, 0xFF, 0xFE, 0x22]) }
    }

    @Test("nesting past the limit is an error, not a stack overflow")
    func deepNesting() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect {
            _ = try JSONReader.parse(deep)
        } throws: { error in
            (error as? JSONParseError)?.message.contains("nesting deeper than 512") == true
        }
        let fine = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(throws: Never.self) { _ = try JSONReader.parse(fine) }
    }

    @Test("locates a value or member key by pointer, for errors found after parsing")
    func locatesPointers() throws {
        let text = Array("{\n  \"interactions\": [\n    {\"step\": \"a\"},\n    {\n      \"bogus\": 1\n    }\n  ]\n}\n".utf8)
        #expect(JSONReader.location(of: "/interactions/1/bogus", in: text)?.description == "5:7")
        #expect(JSONReader.location(of: "/interactions/1", in: text)?.description == "4:5")
        #expect(JSONReader.location(of: "/interactions/0/step", in: text)?.description == "3:6")
        #expect(JSONReader.location(of: "", in: text)?.line == 1)
        #expect(JSONReader.location(of: "/nope", in: text) == nil)
    }

    @Test("JSONLocator finds every pointer where the parser does, and the nearest value on the way to a missing one")
    func locatorAgreesWithTheParser() throws {
        let texts = [
            "{\n  \"interactions\": [\n    {\"step\": \"a\"},\n    {\n      \"bogus\": 1\n    }\n  ]\n}\n",
            "\u{FEFF}  {\"a\\\"b\": {\"c~d\": [1, [2, {\"e/f\": null}], \"x]}\"], \"\\u0067h\": {\"i\": {\"j\": {\"k\": true}}}},"
                + " \"é한\": {\"deep\": {\"er\": {\"still\": {\"more\": [\"}\", \"{\", 3.5e-2]}}}}}",
            "[ {\"a\": []}, {}, [[], [{\"b\": \"\\\\\"}]] ]",
            // Backslashes, even and odd, before a quote: one escaped quote in a key, two backslashes ending a value.
            #"{"x\\\"y": {"z": "\\\\"}, "w": {"v": "\\\"}\""}}"#,
        ]
        for text in texts {
            let bytes = Array(text.utf8)
            let locator = JSONLocator(bytes)
            var pointers: [JSONPointer] = []
            func collect(_ value: JSONValue, _ at: JSONPointer) {
                pointers.append(at)
                pointers.append(at.appending("missing"))
                switch value {
                case .object(let object): for member in object { collect(member.value, at.appending(member.key)) }
                case .array(let items):
                    for (index, item) in items.enumerated() { collect(item, at.appending(index)) }
                    pointers.append(at.appending(items.count))
                default: break
                }
            }
            collect(try JSONReader.parse(bytes), .root)
            for pointer in pointers {
                #expect(
                    locator.location(ofNearest: pointer) == JSONReader.location(ofNearest: pointer, in: bytes),
                    "\(pointer) in \(text)")
            }
        }
    }

    @Test("equivalence ignores key order and number spelling; equality does not")
    func equivalence() throws {
        let a = try JSONReader.parse(#"{"a":1,"b":[1.0,{"c":"x"}]}"#)
        let b = try JSONReader.parse(#"{"b":[1,{"c":"x"}],"a":1e0}"#)
        #expect(a.isEquivalent(to: b))
        #expect(a != b)
        #expect(!a.isEquivalent(to: try JSONReader.parse(#"{"a":1,"b":[1,{"c":"y"}]}"#)))
    }

    @Test("random truncations and byte flips never crash and always give a located error or a value")
    func fuzzedInput() throws {
        let original = Array(
            #"{"data":[{"id":4698,"title":"할 일 \"q\"","is_done":true,"created_at":"2023-09-16T18:07:38.000000Z"}],"meta":{"from":null,"total":1e3},"message":"성공"}"#
                .utf8)
        for bytes in fuzzedCopies(of: original, count: 3_000, seed: 7) {
            do {
                let value = try JSONReader.parse(bytes)
                #expect(try JSONReader.parse(JSONWriter.compact(value)) == value)
            } catch {
                #expect(error.location.offset <= bytes.count)
                #expect(error.location.line >= 1 && error.location.column >= 1)
            }
        }
    }

    @Test("agrees with JSONSerialization on what it reads")
    func agreesWithFoundation() throws {
        let text = #"{"data":[{"id":1,"t":"a\u00e9\n","f":1.5,"b":false,"n":null}],"m":{"x":[1,2,3]}}"#
        let ours = try JSONReader.parse(text)
        let foundation = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let reencoded = try JSONReader.parse(Data(try JSONSerialization.data(withJSONObject: foundation ?? [:])))
        #expect(ours.isEquivalent(to: reencoded))
    }
}

/// `count` damaged copies of `bytes`: every other one truncated at a random point, the rest with 1-4 random bytes overwritten.
func fuzzedCopies(of bytes: [UInt8], count: Int, seed: UInt64) -> [[UInt8]] {
    var random = SeededGenerator(seed: seed)
    return (0..<count).map { round in
        if round % 2 == 0 { return Array(bytes.prefix(Int(random.next() % UInt64(bytes.count)))) }
        var copy = bytes
        for _ in 0..<(1 + Int(random.next() % 4)) {
            copy[Int(random.next() % UInt64(copy.count))] = UInt8(truncatingIfNeeded: random.next())
        }
        return copy
    }
}
