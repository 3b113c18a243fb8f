import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Answers requests to `http://stub.invalid/<case>/...` with a canned status and body from a fixed table.
///
/// For statuses and bodies that the sandbox never produces (401, 500, a malformed date). The
/// table is immutable, so parallel tests share nothing mutable.
final class StubProtocol: URLProtocol {
    static let answers: [String: (status: Int, body: String)] = [
        "unauthorized": (401, #"{"message":"Unauthenticated."}"#),
        "server-error": (500, #"{"message":"Server Error"}"#),
        "teapot": (418, "I'm a teapot"),
        "not-modified": (304, ""),
        "bad-date": (
            200,
            #"{"data":[{"id":1,"title":"a","is_done":true,"created_at":"2024-05-21T20:32:19.000000Z","updated_at":"2024-13-01T00:00:00.000000Z"}],"meta":{"current_page":1,"from":1,"last_page":1,"per_page":10,"to":1,"total":1},"message":"성공"}"#
        ),
        "string-id": (
            200,
            #"{"data":{"id":"12","title":"a","is_done":true,"created_at":"2024-05-21T20:32:19.000000Z","updated_at":"2024-05-21T20:32:19.000000Z"},"message":"ok"}"#
        ),
        "null-title": (
            200,
            #"{"data":{"id":12,"title":null,"is_done":true,"created_at":"2024-05-21T20:32:19.000000Z","updated_at":"2024-05-21T20:32:19.000000Z"},"message":"ok"}"#
        ),
        "not-json": (200, "<html>oops</html>"),
        "created": (
            201,
            #"{"data":{"id":12,"title":"a","is_done":false,"created_at":"2024-05-21T20:32:19.000000Z","updated_at":"2024-05-21T20:32:19.000000Z"},"message":"ok"}"#
        ),
    ]

    static func session() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubProtocol.self]
        return URLSession(configuration: configuration)
    }

    override class func canInit(with request: URLRequest) -> Bool { request.url?.host == "stub.invalid" }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let url = request.url, let name = url.pathComponents.dropFirst().first, let answer = Self.answers[name],
            let response = HTTPURLResponse(
                url: url, statusCode: answer.status, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "application/json"])
        else {
            client?.urlProtocol(self, didFailWithError: URLError(.badURL))
            return
        }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Data(answer.body.utf8))
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}
