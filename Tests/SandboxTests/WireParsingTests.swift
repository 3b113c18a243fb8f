import Testing

@testable import Sandbox

/// The sandbox's own parsers (URLSession will not send some of these malformed inputs, so they are tested directly).
@Suite("Sandbox wire parsing")
struct WireParsingTests {
    @Test("query strings decode like PHP: + is a space, last value wins in lookups")
    func queryDecoding() throws {
        let pairs = PercentDecoding.pairs(Array("query=a+b%2Bc&&page=2&page=3&flag".utf8))
        #expect(pairs.map(\.0) == ["query", "page", "page", "flag"])
        #expect(pairs.map(\.1) == ["a b+c", "2", "3", ""])
    }

    @Test(
        "malformed escapes are kept as written, as PHP's urldecode keeps them",
        arguments: [
            ("page=%E", "%E"), ("page=%ZZ", "%ZZ"), ("page=a%", "a%"), ("page=%4", "%4"), ("page=%FF", "\u{FFFD}"), ("page=%41%zz", "A%zz"),
        ])
    func malformedEscapes(_ text: String, _ value: String) {
        #expect(PercentDecoding.pairs(Array(text.utf8)).first?.1 == value)
    }

    @Test(
        "Laravel's TrimStrings: Unicode white space, U+FEFF and U+200B at both ends",
        arguments: [
            (" a ", "a"), ("\t\n\u{0B}\u{0C}\r a", "a"), ("\u{3000}\u{A0}\u{2028}x\u{FEFF}\u{200B}", "x"), ("\u{85}\u{1680}", ""),
            ("a b", "a b"), ("\u{1C}", "\u{1C}"), ("\u{180E}x", "\u{180E}x"),
        ])
    func trimming(_ text: String, _ trimmed: String) {
        #expect(LaravelInput.trimmed(text) == trimmed)
    }

    @Test("multipart parts keep names, file names and exact bytes")
    func multipart() throws {
        let body = Array(
            "--B\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nline1\r\nline2\r\n--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\nContent-Type: image/png\r\n\r\n\u{1}\u{2}\r\n--B--\r\n"
                .utf8)
        let parts = try Multipart.parse(body, boundary: "B")
        #expect(parts.map(\.name) == ["title", "file"])
        #expect(parts[0].body == Array("line1\r\nline2".utf8))
        #expect(parts[1].filename == "a.png")
        #expect(parts[1].contentType == "image/png")
        #expect(parts[1].body == [1, 2])
        #expect(Multipart.boundary(fromContentType: "multipart/form-data; boundary=\"q b\"") == "q b")
    }

    @Test("JSON strings escape quotes, backslashes and control characters, and keep Korean")
    func jsonEscaping() {
        let json = JSON.object([("t", .string("a\"b\\c\nd\u{1}할")), ("n", .null), ("l", .array([.int(1), .bool(false)]))])
        #expect(String(decoding: json.bytes, as: UTF8.self) == #"{"t":"a\"b\\c\nd\u0001할","n":null,"l":[1,false]}"#)
    }
}
