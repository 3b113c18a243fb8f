import APICheckRecording
import Foundation
import Testing
import WireFormat

@Suite("Capturing and redacting interactions")
struct CaptureAndRedactionTests {
    let bases = ["": URL(string: "https://example.test/app")!, "oauth": URL(string: "https://github.test")!]

    @Test("URLs become relative, a second host is named, volatile headers and the boundary are dropped")
    func capture() throws {
        let exchange = CapturedExchange(
            method: "post", url: URL(string: "https://example.test/app/api/v2/todos?page=1")!,
            requestHeaders: [
                ("User-Agent", "x"), ("Content-Type", "multipart/form-data; boundary=abc"), ("Accept", "application/json"),
                ("Content-Length", "9"),
            ],
            requestBody: Data("--abc\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nhi\r\n--abc--\r\n".utf8),
            status: 200,
            responseHeaders: [
                ("Date", "today"), ("X-Thing", "1"), ("Content-Type", "application/json"), ("x-thing", "2"), ("Server", "nginx"),
            ],
            responseBody: Data(#"{"b":1,"a":2}"#.utf8)
        )
        let interaction = try Interaction(capturing: exchange, baseURLs: bases)
        #expect(interaction.request.method == "POST")
        #expect(interaction.request.url == "/api/v2/todos?page=1")
        #expect(interaction.request.base == nil)
        #expect(interaction.request.headers.fields.map(\.name) == ["Accept", "Content-Type"])
        #expect(interaction.request.headers["content-type"] == "multipart/form-data")
        #expect(interaction.request.body == .multipart([.init(name: "title", content: .text("hi"))]))
        #expect(interaction.response.headers.fields.map(\.name) == ["Content-Type", "X-Thing"])
        #expect(interaction.response.headers["X-THING"] == "1, 2")
        #expect(interaction.response.body == .json(try JSONReader.parse(#"{"b":1,"a":2}"#)))

        let oauth = CapturedExchange(
            method: "POST", url: URL(string: "https://github.test/login/oauth/access_token")!, requestHeaders: [], requestBody: nil,
            status: 200, responseHeaders: [], responseBody: nil)
        let second = try Interaction(capturing: oauth, baseURLs: bases)
        #expect(second.request.base == "oauth")
        #expect(second.request.url == "/login/oauth/access_token")
        #expect(second.response.body == nil)

        let elsewhere = CapturedExchange(
            method: "GET", url: URL(string: "https://other.test/x")!, requestHeaders: [], requestBody: nil, status: 200,
            responseHeaders: [], responseBody: nil)
        #expect(throws: RecordingError.self) { _ = try Interaction(capturing: elsewhere, baseURLs: bases) }
    }

    @Test(
        "bodies are classified by content type",
        arguments: [
            ("application/json; charset=UTF-8", #"{"a":1}"#, "json"),
            ("application/vnd.github+json", "[1]", "json"),
            ("application/json", "{not json", "text"),
            ("application/x-www-form-urlencoded", "a=1&b=%20", "form"),
            ("application/x-www-form-urlencoded", "a=%ZZ", "text"),
            ("text/html", "<p>", "text"),
            ("image/png", "\u{0}\u{1}", "base64"),
        ])
    func classification(_ contentType: String, _ body: String, _ kind: String) {
        #expect(RecordedBody(bytes: Data(body.utf8), contentType: contentType)?.kind == kind)
    }

    @Test("a recording made with fake secrets contains none of them anywhere")
    func secretsNeverReachTheFile() throws {
        let exchange = CapturedExchange(
            method: "POST", url: URL(string: "https://example.test/app/login?code=q-secret-code&page=2")!,
            requestHeaders: [
                ("Authorization", "Bearer fake-bearer-123456"), ("X-CSRF-TOKEN", "fake-csrf-abcdef"), ("Content-Type", "application/json"),
            ],
            requestBody: Data(#"{"email":"a@b.c","password":"fake-password-1","nested":{"token":"fake-json-token-9"}}"#.utf8),
            status: 200,
            responseHeaders: [("Set-Cookie", "session=fake-cookie-777"), ("Content-Type", "application/json")],
            responseBody: Data(
                #"{"token":"fake-json-token-9","token_type":"bearer","errors":[{"code":"missing_field"}],"echo":"env-secret-value-42 inside"}"#
                    .utf8)
        )
        let rules = RedactionRules.builtIn.addingSecrets(["env-secret-value-42"])
        let interaction = rules.redact(try Interaction(capturing: exchange, baseURLs: bases))
        let text = Recording(
            api: "todos", name: "t", recordedAt: "2026-01-01T00:00:00Z", recordedFrom: "sandbox", interactions: [interaction]
        ).fileText
        for secret in [
            "fake-bearer-123456", "fake-csrf-abcdef", "fake-password-1", "fake-json-token-9", "fake-cookie-777", "q-secret-code",
            "env-secret-value-42",
        ] {
            #expect(!text.contains(secret), "\(secret) reached the recording")
        }
        #expect(interaction.request.headers["Authorization"] == "<redacted>")
        #expect(interaction.request.url == "/login?code=%3Credacted%3E&page=2")
        #expect(interaction.response.body?.jsonValue[pointer: "/json/token_type"] == "bearer")
        #expect(interaction.response.body?.jsonValue[pointer: "/json/errors/0/code"] == "missing_field")
        #expect(interaction.response.body?.jsonValue[pointer: "/json/echo"] == "<redacted> inside")
        #expect(interaction.request.body?.jsonValue[pointer: "/json/email"] == "a@b.c")
    }

    @Test("base64 copies of a secret (a Basic header echoed, a URL-safe token in a URL) and secrets inside binary bodies are scrubbed")
    func base64AndBinaryCopies() throws {
        let secret = "env-Secret+Value/42?"
        let basic = Data("client-id:\(secret)".utf8).base64EncodedString()
        let urlSafe = Data("x\(secret)".utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(
            of: "/", with: "_")
        var binary = Data([0x89, 0x50, 0x4E, 0x47, 0xFF])
        binary.append(Data(secret.utf8))
        let exchange = CapturedExchange(
            method: "GET", url: URL(string: "https://example.test/app/items?state=\(urlSafe)")!,
            requestHeaders: [], requestBody: nil,
            status: 200,
            responseHeaders: [("Content-Type", "image/png"), ("X-Echo", "Basic \(basic)")],
            responseBody: binary
        )
        let rules = RedactionRules.builtIn.addingSecrets([secret])
        let interaction = rules.redact(try Interaction(capturing: exchange, baseURLs: bases))
        let text = Recording(
            api: "todos", name: "t", recordedAt: "2026-01-01T00:00:00Z", recordedFrom: "sandbox", interactions: [interaction]
        ).fileText
        // The secret, its base64 copies at every alignment, and the base64 of the binary body that held it.
        for form in [secret] + RedactionRules.base64Cores(of: secret) {
            #expect(!text.contains(form), "\(form) reached the recording")
        }
        #expect(!text.contains(binary.base64EncodedString()))
        guard case .base64(let kept) = interaction.response.body else {
            Issue.record("the binary body is not base64: \(String(describing: interaction.response.body))")
            return
        }
        #expect(kept.prefix(5) == Data([0x89, 0x50, 0x4E, 0x47, 0xFF]) && kept.dropFirst(5) == Data("<redacted>".utf8))
    }

    @Test("a redacted form's raw still equals the encoding of its pairs")
    func formRawMatchesPairs() throws {
        let raw = FormURLEncoding.encode([
            FormField("client_id", "abc"), FormField("client_secret", "s3cr3t-value"), FormField("code", "c0de+x"),
        ])
        let body = RedactionRules.builtIn.redactBodyForTesting(.form(fields: try FormURLEncoding.decode(raw), raw: raw))
        guard case .form(let fields, let redactedRaw) = body else {
            Issue.record("not a form")
            return
        }
        #expect(fields == [FormField("client_id", "abc"), FormField("client_secret", "<redacted>"), FormField("code", "<redacted>")])
        #expect(redactedRaw == FormURLEncoding.encode(fields))
        #expect(try FormURLEncoding.decode(redactedRaw) == fields)
    }
}

extension RedactionRules {
    func redactBodyForTesting(_ body: RecordedBody) -> RecordedBody {
        let interaction = Interaction(
            request: RecordedRequest(method: "POST", url: "/", body: body), response: RecordedResponse(status: 200))
        return redact(interaction).request.body ?? body
    }
}
