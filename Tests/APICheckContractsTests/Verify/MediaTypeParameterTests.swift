import APICheckContracts
import APICheckRecording
import ContractTestSupport
import Foundation
import Testing

/// A content map written `application/json;charset=UTF-8` requires the charset, not only the type.
@Suite("Verifier: parameters of a declared media type are enforced")
struct MediaTypeParameterTests {
    /// A contract of one operation whose 200 has the content map `entries`.
    static func contractText(_ entries: String = "application/json;charset=UTF-8: {schema: {type: object}}") -> String {
        """
        openapi: 3.1.0
        info: {title: charset, version: '1'}
        paths:
          /search:
            get:
              responses:
                '200':
                  description: found
                  content:
                    \(entries)
        """
    }

    static func findings(contentType: String) throws -> [Finding] {
        let verifier = Verifier(contract: try Contract.parse(contractText(), path: "charset.yaml").compiled)
        let interaction = Interaction(
            request: RecordedRequest(method: "GET", url: "/search", headers: HeaderFields()),
            response: RecordedResponse(
                status: 200, headers: HeaderFields([("Content-Type", contentType)]), body: .json(try JSONReader.parse("{}")))
        )
        return verifier.verify(interaction)
    }

    @Test(
        "the declared charset, in any case and spacing, verifies clean",
        arguments: [
            "application/json;charset=UTF-8", "application/json; charset=utf-8", "Application/JSON ;charset=\"UTF-8\"",
        ])
    func carried(_ contentType: String) throws {
        let found = try Self.findings(contentType: contentType)
        #expect(found.isEmpty, "\(found.map(\.compilerLine))")
    }

    @Test(
        "a missing or different charset is a content-type finding naming what the contract says",
        arguments: [
            "application/json", "application/json;charset=ISO-8859-1", "application/json;format=UTF-8",
        ])
    func missing(_ contentType: String) throws {
        let found = try Self.findings(contentType: contentType)
        let finding = try #require(found.first, "no finding for \(contentType)")
        #expect(found.count == 1, "\(found.map(\.compilerLine))")
        #expect(finding.rule == .contentType)
        #expect(finding.pointer == "/headers/Content-Type")
        #expect(finding.expected == "application/json;charset=UTF-8")
        #expect(finding.found == contentType)
    }

    @Test("another type still names the declared charset")
    func otherType() throws {
        let found = try Self.findings(contentType: "text/plain;charset=UTF-8")
        #expect(found.map(\.rule) == [.contentType])
        #expect(found.first?.expected == "application/json;charset=UTF-8")
    }

    @Test(
        "two entries of one type, or a parameter that is not name=value, are refused with the pointer",
        arguments: [
            (
                "application/json;charset=UTF-8: {schema: {type: object}}\n            application/json: {schema: {type: object}}",
                "a second entry for application/json"
            ),
            ("application/json;charset: {schema: {type: object}}", "a parameter must be name=value"),
        ])
    func refused(_ entries: String, _ message: String) throws {
        let error = try Contract.refusal(Self.contractText(entries), path: "charset.yaml")
        #expect("\(error)".contains(message) && "\(error)".contains("charset.yaml"), "got \(error)")
    }
}
