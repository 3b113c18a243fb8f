import APICheckContracts
import APICheckRecording
import Foundation
import Testing

/// A request body sent to an operation that declares none (LSLP's like, a toggle the server reads no body for) is a
/// warning, `request.body-undeclared`: the contract does not say the server reads it, so a client that means the body to
/// set the state is told.
@Suite("Verifier: a request body the operation does not declare")
struct UndeclaredRequestBodyTests {
    static let contract = """
        openapi: 3.1.0
        info: {title: likes, version: '1'}
        paths:
          /post/like/{id}:
            post:
              parameters: [{name: id, in: path, required: true, schema: {type: string}}]
              responses:
                '200':
                  description: the state after the call
                  content: {application/json: {schema: {type: object, required: [like_status], properties: {like_status: {type: boolean}}}}}
                '410': {description: no such post}
        """

    static func findings(_ body: RecordedBody?, contentType: String?, status: Int = 200) throws -> [Finding] {
        let verifier = Verifier(contract: try Contract.parse(contract, path: "likes.yaml").compiled)
        let headers = HeaderFields(contentType.map { [("Content-Type", $0)] } ?? [])
        let response = RecordedResponse(
            status: status, headers: HeaderFields([("Content-Type", "application/json")]),
            body: status == 200 ? .json(try JSONReader.parse(#"{"like_status": true}"#)) : nil)
        return verifier.verify(
            Interaction(request: RecordedRequest(method: "POST", url: "/post/like/a1", headers: headers, body: body), response: response))
    }

    @Test("a JSON body where none is declared: one warning naming what was sent")
    func jsonBody() throws {
        let found = try Self.findings(.json(try JSONReader.parse(#"{"like_status": true}"#)), contentType: "application/json")
        #expect(found.map(\.rule) == [.requestBodyUndeclared], "\(found.map(\.compilerLine))")
        #expect(found.first?.severity == .warning && found.first?.found == "a body (application/json)")
        #expect(found.first?.side == .request)
    }

    @Test("no body, or a 4xx the operation declares (a request meant to be refused): nothing")
    func quiet() throws {
        #expect(try Self.findings(nil, contentType: nil).isEmpty)
        #expect(try Self.findings(.text("x"), contentType: "text/plain", status: 410).isEmpty)
    }

    @Test("a body without a Content-Type says so")
    func noContentType() throws {
        let found = try Self.findings(.base64(Data([1, 2])), contentType: nil)
        #expect(found.map(\.found) == ["a body (no Content-Type)"])
    }
}
