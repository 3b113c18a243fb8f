import Foundation
import Testing
import WireFormat

@Suite("Form-urlencoded codec")
struct FormURLEncodingTests {
    static let values: [(String, String)] = [
        ("plain", "plain"),
        ("a b", "a%20b"),
        ("a+b", "a%2Bb"),
        ("a&b", "a%26b"),
        ("a=b", "a%3Db"),
        ("100%", "100%25"),
        ("Don't", "Don%27t"),
        ("#1", "%231"),
        ("a/b?c", "a%2Fb%3Fc"),
        ("line\nbreak", "line%0Abreak"),
        ("할 일", "%ED%95%A0%20%EC%9D%BC"),
        ("😀", "%F0%9F%98%80"),
        ("*-._~", "*-._%7E"),
        ("", ""),
        ("Don't open a+b & 할 일 #1/2? 100% =", "Don%27t%20open%20a%2Bb%20%26%20%ED%95%A0%20%EC%9D%BC%20%231%2F2%3F%20100%25%20%3D"),
    ]

    @Test("escapes with the explicit ASCII set", arguments: values)
    func escapes(_ raw: String, _ escaped: String) {
        #expect(FormURLEncoding.escape(raw) == escaped)
    }

    @Test("every value decodes back to itself with our decoder", arguments: values.map(\.0))
    func roundTripsThroughOwnDecoder(_ value: String) throws {
        let body = FormURLEncoding.encode([FormField("title", value), FormField("is_done", "true")])
        #expect(try FormURLEncoding.decode(body) == [FormField("title", value), FormField("is_done", "true")])
    }

    @Test("every value decodes back to itself with Foundation's URLComponents", arguments: values.map(\.0))
    func roundTripsThroughURLComponents(_ value: String) throws {
        let body = FormURLEncoding.encode([FormField("title", value), FormField("is_done", "true")])
        var components = URLComponents()
        components.percentEncodedQuery = body
        let items = try #require(components.queryItems)
        #expect(items.map(\.name) == ["title", "is_done"])
        #expect(items.first?.value == value)
    }

    @Test("the body never holds a raw byte outside the allowed set")
    func onlyAllowedBytesOnTheWire() {
        let body = FormURLEncoding.encode(Self.values.map { FormField($0.0, $0.0) })
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789*-._%=&".utf8)
        #expect(body.utf8.allSatisfy(allowed.contains))
    }

    @Test("decoding reads + as a space, keeps order and repeats, and skips empty segments")
    func decodesLikeStandardParsers() throws {
        let fields = try FormURLEncoding.decode("title=a+b%2Bc&&tag=1&tag=2&flag&=empty")
        #expect(
            fields == [
                FormField("title", "a b+c"), FormField("tag", "1"), FormField("tag", "2"),
                FormField("flag", ""), FormField("", "empty"),
            ])
        #expect(fields.value(of: "tag") == "1")
    }

    @Test(
        "malformed escapes and bad UTF-8 are errors with the offset",
        arguments: [
            ("title=%2", "malformed percent escape \"%2\"", 6),
            ("title=%ZZ&x=1", "malformed percent escape \"%ZZ\"", 6),
            ("a=1&title=50%", "malformed percent escape \"%\"", 12),
            ("title=%FF%FE", "not valid UTF-8", 6),
        ])
    func rejectsMalformedBodies(_ body: String, _ reason: String, _ offset: Int) {
        #expect {
            _ = try FormURLEncoding.decode(body)
        } throws: { error in
            guard let error = error as? FormDecodingError else { return false }
            return error.reason.contains(reason) && error.offset == offset
        }
    }

    @Test(
        "the encoding check names the first bad escape or raw byte",
        arguments: [
            ("title=a%20b%2Bc&is_done=true", nil),
            ("title=a+b", nil),
            ("title=%ZZ", "the malformed escape \"%ZZ\" at byte 6"),
            ("title=50%", "the malformed escape \"%\" at byte 8"),
            ("title=a b", "the raw ' ' at byte 7"),
            ("title=할", "the raw byte 0xED at byte 6"),
        ] as [(String, String?)])
    func encodingProblem(_ raw: String, _ problem: String?) {
        #expect(FormURLEncoding.encodingProblem(raw)?.hasPrefix(problem ?? "") ?? (problem == nil))
        #expect((FormURLEncoding.encodingProblem(raw) == nil) == (problem == nil))
    }

    struct Update: Encodable {
        enum Priority: String, Encodable { case high }
        let title: String
        let isDone: Bool
        let note: String?
        let count: Int
        let priority: Priority
        let due: Date
        enum CodingKeys: String, CodingKey {
            case title, isDone = "is_done", note, count, priority, due
        }
    }

    @Test("an Encodable becomes ordered fields with booleans as true/false")
    func encodesEncodable() throws {
        let due = try ISO8601DateCodec().date(from: "2024-05-21T20:32:19.123456Z")
        let update = Update(title: "a+b & 할 일", isDone: true, note: nil, count: 3, priority: .high, due: due)
        let fields = try FormEncoder().fields(update)
        #expect(
            fields == [
                FormField("title", "a+b & 할 일"), FormField("is_done", "true"), FormField("count", "3"),
                FormField("priority", "high"), FormField("due", "2024-05-21T20:32:19.123456Z"),
            ])
        #expect(try FormEncoder().encode(update).hasPrefix("title=a%2Bb%20%26%20%ED%95%A0%20%EC%9D%BC&is_done=true&count=3"))
    }

    struct Nested: Encodable {
        struct Inner: Encodable { let x: Int }
        let inner: Inner
    }

    @Test("nested values are an error naming the key")
    func rejectsNestedValues() {
        #expect {
            _ = try FormEncoder().fields(Nested(inner: .init(x: 1)))
        } throws: { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return false }
            return context.debugDescription.contains("inner")
        }
        #expect(throws: EncodingError.self) { _ = try FormEncoder().fields(["a", "b"]) }
    }
}
