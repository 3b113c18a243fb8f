import APICheckContracts
import APICheckRecording
import Foundation
import Testing

/// A request body the recording says nothing saw (`"body": {"unseen": ...}`) is reported as not checked, never
/// taken for an absent body, and its content type is still checked.
@Suite("Verifier: an unseen request body")
struct UnseenBodyTests {
    static let contract = """
        openapi: 3.1.0
        info: {title: uploads, version: '1'}
        paths:
          /post:
            post:
              requestBody:
                required: true
                content:
                  multipart/form-data:
                    schema: {type: object, required: [title], properties: {title: {type: string}}}
              responses:
                '200': {description: created}
        """

    static func findings(_ request: RecordedRequest) throws -> [Finding] {
        let verifier = Verifier(contract: try Contract.parse(contract, path: "uploads.yaml").compiled)
        return verifier.verify(Interaction(request: request, response: RecordedResponse(status: 200)))
    }

    @Test("unseen: one info finding (request.body-unseen) with the reason; no 'expected a body' error")
    func reported() throws {
        let headers = HeaderFields([("Content-Type", "multipart/form-data; boundary=x")])
        let found = try Self.findings(RecordedRequest(method: "POST", url: "/post", headers: headers, unseenBody: "a stream upload"))
        #expect(found.map(\.rule) == [.requestBodyUnseen], "\(found.map(\.compilerLine))")
        #expect(found.first?.severity == .info)
        #expect(found.first?.found.contains("a stream upload") == true)
        // The same request recorded with no body at all is the required body missing: an error.
        let absent = try Self.findings(RecordedRequest(method: "POST", url: "/post", headers: headers))
        #expect(absent.map(\.rule) == [.bodyUnparsable], "\(absent.map(\.compilerLine))")
    }

    @Test("unseen with a content type the contract does not declare: the content type is still a finding")
    func contentTypeStillChecked() throws {
        let headers = HeaderFields([("Content-Type", "application/json")])
        let found = try Self.findings(RecordedRequest(method: "POST", url: "/post", headers: headers, unseenBody: "a stream upload"))
        #expect(Set(found.map(\.rule)) == [.requestBodyUnseen, .contentType], "\(found.map(\.compilerLine))")
    }
}
