import APICheckCommands
import APICheckContracts
import ContractTestSupport
import Foundation
import Testing

@testable import APICheckRecording

/// Cookie parameters (`in: cookie`) checked in the request's `Cookie` header, and a recording's Cookie header redacted
/// cookie by cookie: names kept (so a required cookie is checked), values replaced.
@Suite("Cookie parameters")
struct CookieParameterTests {
    static let parameters = """
                - {name: session, in: cookie, required: true, schema: {type: string, minLength: 8}}
                - {name: page, in: cookie, schema: {type: integer, minimum: 1}}
                - {name: tags, in: cookie, explode: false, schema: {type: array, items: {type: string, enum: [a, b]}}}
        """

    static func findings(cookie: String?) throws -> [String] {
        try ParameterStyleTests.summary(
            ParameterStyleTests.verify(
                ParameterStyleTests.contract(parameters: Self.parameters), url: "/pets",
                requestHeaders: cookie.map { [("Cookie", $0)] } ?? []))
    }

    @Test(
        "each cookie is read from the Cookie header as its schema's type; a required one missing is param.missing",
        arguments: [
            ("session=abcdefgh", [String]()),
            ("session=abcdefgh; page=2; tags=a,b", []),
            ("page=2", ["param.missing /cookie/session"]),
            (nil, ["param.missing /cookie/session"]),
            (
                "session=short; page=0; tags=a,c",
                ["schema.minlength /cookie/session", "schema.minimum /cookie/page", "enum.value /cookie/tags/*"]
            ),
            ("session=abcdefgh; page=two", ["shape.type /cookie/page"]),
            ("not a cookie list", ["param.unparsable /cookie/session", "param.unparsable /cookie/page", "param.unparsable /cookie/tags"]),
        ])
    func cookiesAreChecked(cookie: String?, expected: [String]) throws {
        let found = try Self.findings(cookie: cookie)
        #expect(found == expected, "\(found)")
    }

    @Test("a redacted value is present and unseen; a Cookie header redacted whole (older recordings) is unseen")
    func redactedCookies() throws {
        #expect(try Self.findings(cookie: "session=<redacted>; page=<redacted>") == [])
        #expect(try Self.findings(cookie: "page=<redacted>") == ["param.missing /cookie/session"])
        #expect(try Self.findings(cookie: "<redacted>") == [])
    }

    @Test(
        "what OpenAPI leaves undefined for a cookie is refused: an exploded array or object; a style other than form, by its schema",
        arguments: [
            ("- {name: tags, in: cookie, schema: {type: array, items: {type: string}}}", "parameter tags (in: cookie)"),
            ("- {name: tags, in: cookie, style: simple, schema: {type: string}}", #"expected "form" (const), found a string ("simple")"#),
        ])
    func undefinedFormsRefused(parameter: String, message: String) throws {
        let refusal = try Contract.refusal(ParameterStyleTests.contract(parameters: "          " + parameter), path: "styles.yaml")
        #expect(refusal.message.contains(message), "\(refusal)")
    }

    @Test("redaction keeps each cookie's name and replaces its value; a header that is not a list of pairs is redacted whole")
    func redaction() {
        let rules = RedactionRules.builtIn
        let request = { (cookie: String) in
            Interaction(
                request: RecordedRequest(method: "GET", url: "/pets", headers: HeaderFields([("Cookie", cookie)])),
                response: RecordedResponse(status: 200, headers: HeaderFields(), body: nil))
        }
        let redacted = rules.redact(request("session=s3cr3t-value; theme=\"dark\""))
        #expect(redacted.request.headers["Cookie"] == "session=<redacted>; theme=<redacted>")
        #expect(rules.redact(request("s3cr3t-value")).request.headers["Cookie"] == "<redacted>")
        #expect(rules.secrets(in: request("session=s3cr3t-value; theme=dark")).contains("s3cr3t-value"))
        // The recorded cookies match a live request that sends the same cookies, whatever their values.
        #expect(
            CookieHeader.matches(
                live: "session=other; theme=light", recorded: "session=<redacted>; theme=<redacted>", placeholder: "<redacted>"))
        #expect(!CookieHeader.matches(live: "session=other", recorded: "session=<redacted>; theme=<redacted>", placeholder: "<redacted>"))
    }
}

extension CookieParameterTests {
    @Test("apicheck examples sends the required cookies, and its examples verify against the contract")
    func examplesSendCookies() throws {
        let contract = try Contract.parse(ParameterStyleTests.contract(parameters: Self.parameters), path: "styles.yaml").compiled
        let output = ExampleGenerator(contract: contract).generate()
        let example = try #require(output.examples.first)
        let cookie = try #require(example.interaction.request.headers["Cookie"])
        #expect(cookie.hasPrefix("session="))
        #expect(!cookie.contains("page="), "only required cookies are sent: \(cookie)")
        let verifier = Verifier(contract: contract)
        for example in output.examples {
            #expect(verifier.verify(example.interaction).filter { $0.side == .request }.isEmpty)
        }
    }
}
