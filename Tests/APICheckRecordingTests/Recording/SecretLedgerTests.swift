import APICheckRecording
import Foundation
import Testing
import WireFormat

/// A secret the server hands out (a login's token) is numbered where its answer has it and wherever a later request of
/// the recording sends it back; every other secret stays `<redacted>`.
@Suite("Redaction numbers the secrets a server hands out")
struct SecretLedgerTests {
    static func json(_ text: String) throws -> RecordedBody { .json(try JSONReader.parse(text)) }

    static func interaction(
        _ method: String, _ url: String, headers: [(String, String)] = [], body: RecordedBody? = nil, answer: RecordedBody? = nil
    ) -> Interaction {
        Interaction(
            request: RecordedRequest(method: method, url: url, headers: HeaderFields(headers), body: body),
            response: RecordedResponse(status: 200, headers: HeaderFields(), body: answer))
    }

    @Test("login, use, refresh, retry: each token's number follows it; the key and the password stay <redacted>")
    func numbersFollowTheToken() throws {
        let recording = Recording(
            api: "lslp", name: "n", recordedAt: "", recordedFrom: "",
            interactions: [
                Self.interaction(
                    "POST", "/login", headers: [("SesacKey", "key-1234")],
                    body: try Self.json(#"{"email":"a@b.kr","password":"pw-123456"}"#),
                    answer: try Self.json(#"{"_id":"u1","token":"access-aaaa","refreshToken":"refresh-bbbb"}"#)),
                Self.interaction("GET", "/post", headers: [("SesacKey", "key-1234"), ("Authorization", "access-aaaa")]),
                Self.interaction(
                    "GET", "/refresh", headers: [("Authorization", "access-aaaa"), ("Refresh", "refresh-bbbb")],
                    answer: try Self.json(#"{"token":"access-cccc"}"#)),
                Self.interaction("GET", "/post", headers: [("Authorization", "Bearer access-cccc")]),
                Self.interaction("GET", "/post", headers: [("Authorization", "a-token-nobody-handed-out")]),
            ])
        let redacted = RedactionRules.builtIn.redact(recording).interactions
        #expect(redacted[0].response.body == (try Self.json(#"{"_id":"u1","token":"<redacted#1>","refreshToken":"<redacted#2>"}"#)))
        #expect(redacted[0].request.body == (try Self.json(#"{"email":"a@b.kr","password":"<redacted>"}"#)))
        #expect(redacted[0].request.headers["SesacKey"] == "<redacted>" && redacted[1].request.headers["SesacKey"] == "<redacted>")
        #expect(redacted[1].request.headers["Authorization"] == "<redacted#1>")
        #expect(redacted[2].request.headers["Authorization"] == "<redacted#1>" && redacted[2].request.headers["Refresh"] == "<redacted#2>")
        #expect(redacted[2].response.body == (try Self.json(#"{"token":"<redacted#3>"}"#)))
        #expect(redacted[3].request.headers["Authorization"] == "<redacted#3>", "after a scheme (Bearer) too")
        #expect(redacted[4].request.headers["Authorization"] == "<redacted>", "a token no answer handed out")
    }

    @Test("a form answer (GitHub's OAuth without Accept: application/json), a query item and a JSON field sent back")
    func formsAndQueries() throws {
        let form = try FormURLEncoding.decode("access_token=gho_abcdef123&scope=repo&token_type=bearer")
        let recording = Recording(
            api: "github", name: "n", recordedAt: "", recordedFrom: "",
            interactions: [
                Self.interaction(
                    "POST", "/login/oauth/access_token",
                    answer: .form(fields: form, raw: "access_token=gho_abcdef123&scope=repo&token_type=bearer")),
                Self.interaction("GET", "/user?access_token=gho_abcdef123&page=1"),
                Self.interaction("POST", "/refresh", body: try Self.json(#"{"refresh_token":"gho_abcdef123"}"#)),
            ])
        let redacted = RedactionRules.builtIn.redact(recording).interactions
        guard case .form(let fields, let raw)? = redacted[0].response.body else {
            Issue.record("not a form: \(String(describing: redacted[0].response.body))")
            return
        }
        #expect(fields.first?.value == "<redacted#1>" && raw == "access_token=%3Credacted%231%3E&scope=repo&token_type=bearer")
        #expect(try FormURLEncoding.decode(raw) == fields, "the raw bytes still equal the pairs")
        #expect(redacted[1].request.url == "/user?access_token=%3Credacted%231%3E&page=1")
        #expect(redacted[2].request.body == (try Self.json(#"{"refresh_token":"<redacted#1>"}"#)))
    }

    @Test("the same token handed out twice keeps its number; one too short to number stays <redacted>")
    func sameValueSameNumber() throws {
        var ledger = SecretLedger()
        let rules = RedactionRules.builtIn
        let first = rules.redact(
            Self.interaction("POST", "/login", answer: try Self.json(#"{"token":"same-token","refreshToken":""}"#)), ledger: &ledger)
        let again = rules.redact(Self.interaction("POST", "/login", answer: try Self.json(#"{"token":"same-token"}"#)), ledger: &ledger)
        #expect(first.response.body == (try Self.json(#"{"token":"<redacted#1>","refreshToken":"<redacted>"}"#)))
        #expect(again.response.body == (try Self.json(#"{"token":"<redacted#1>"}"#)))
    }

    @Test("a ledger for interactions added to a recording starts after the numbers it has")
    func continuesNumbering() throws {
        let old = [
            Self.interaction("POST", "/login", answer: try Self.json(#"{"token":"<redacted#4>"}"#)),
            Self.interaction("GET", "/post", headers: [("Authorization", "<redacted#4>")]),
        ]
        var ledger = SecretLedger(after: old)
        let added = RedactionRules.builtIn.redact(
            Self.interaction("POST", "/login", answer: try Self.json(#"{"token":"new-token"}"#)), ledger: &ledger)
        #expect(added.response.body == (try Self.json(#"{"token":"<redacted#5>"}"#)))
    }

    @Test(
        "placeholders are read exactly",
        arguments: [
            ("<redacted#3>", 3 as Int?, true), ("<redacted#12>", 12, true), ("<redacted>", nil, true), ("<redacted#>", nil, false),
            ("<redacted#a>", nil, false), ("x<redacted#3>", nil, false), ("<redacted#3>x", nil, false), ("redacted#3", nil, false),
            ("<redacted#1234567890>", nil, false),
        ])
    func reading(_ text: String, _ number: Int?, _ isPlaceholder: Bool) {
        #expect(RedactionRules.placeholderNumber(text) == number)
        #expect(RedactionRules.isPlaceholder(text) == isPlaceholder)
    }

    @Test(
        "a live value matches a recorded placeholder unless it carries another numbered one",
        arguments: [
            ("real-token", "<redacted#3>", true), ("<redacted#3>", "<redacted#3>", true), ("Bearer <redacted#3>", "<redacted#3>", true),
            ("<redacted#1>", "<redacted#3>", false), ("Bearer <redacted#1>", "<redacted#3>", false), ("<redacted#1>", "<redacted>", true),
            ("anything", "<redacted>", true), ("a", "b", false), ("<redacted#3><redacted#1>", "<redacted#3>", false),
        ])
    func matching(_ live: String, _ recorded: String, _ matches: Bool) {
        #expect(RedactionRules.matches(live: live, recorded: recorded) == matches)
    }
}
