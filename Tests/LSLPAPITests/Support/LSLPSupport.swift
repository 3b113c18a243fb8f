import Foundation
import LSLPAPI
import Sandbox
import TestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The replica's documented default SesacKey, as the client holds it.
let sandboxSesacKey: LSLPSesacKey = {
    do { return try LSLPSesacKey(LSLPSandboxOptions.defaultSesacKey) } catch { fatalError("the default key is well formed: \(error)") }
}()

/// Runs `body` with a client pointed at a fresh in-process LSLP replica (its own accounts and port),
/// whose requests are journaled.
func withLSLP<T>(
    drifts: Set<Drift> = [], options: LSLPSandboxOptions = .init(), key: LSLPSesacKey = sandboxSesacKey,
    _ body: (LSLPClient, SandboxServer) async throws -> T
) async throws -> T {
    let configuration = SandboxConfiguration(apis: [.lslp], drifts: drifts, requestJournalLimit: 500, lslp: options)
    return try await withSandboxServer(configuration) { sandbox in
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        return try await body(LSLPClient(session: session, baseURL: sandbox.baseURL, sesacKey: key), sandbox)
    }
}

/// The ``LSLPAPIError`` `body` throws, or nil when it throws nothing or something else.
func lslpError(_ body: () async throws -> Void) async -> LSLPAPIError? {
    await thrownError(LSLPAPIError.self, body)
}

/// `METHOD /path` of every request the replica received, in order.
func journal(_ sandbox: SandboxServer) -> [String] {
    sandbox.receivedRequests().map { "\($0.method) \($0.path)" }
}

/// Answers `http://stub.invalid/<status>/...` with that status and a `{"message"}` that echoes the key and
/// a token, for every status of the table (the replica reaches them only through long set-ups); on
/// `GET /refresh` it answers a new token, so that 419 shows the retry; `/plain/...` answers HTML.
final class LSLPStub: URLProtocol {
    static let key = "stub-SesacKey-0042"
    static let token = "eyJhbGciOiJIUzI1NiJ9.stub-access.sig"

    static func client(_ status: String) throws -> LSLPClient {
        guard let url = URL(string: "http://stub.invalid/\(status)") else { throw URLError(.badURL) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [LSLPStub.self]
        let tokens = TokenStore(
            credentials: Credentials(userID: "0123456789abcdef01234567", accessToken: token, refreshToken: "eyJ.stub-refresh.sig"))
        return LSLPClient(session: URLSession(configuration: configuration), baseURL: url, sesacKey: try LSLPSesacKey(key), tokens: tokens)
    }

    override class func canInit(with request: URLRequest) -> Bool { request.url?.host == "stub.invalid" }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let url = request.url, let first = url.pathComponents.dropFirst().first else { return fail() }
        let status: Int
        let body: String
        if url.path.hasSuffix("/refresh") {
            (status, body) = (200, #"{"token":"eyJ.refreshed.sig"}"#)
        } else if first == "plain" {
            (status, body) = (502, "<html>bad gateway \(Self.key)</html>")
        } else if let code = Int(first) {
            (status, body) = (
                code,
                #"{"message":"서버 메시지 \#(code) (key \#(Self.key), token \#(request.value(forHTTPHeaderField: "Authorization") ?? ""))"}"#
            )
        } else {
            return fail()
        }
        guard
            let response = HTTPURLResponse(
                url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "application/json; charset=utf-8"])
        else { return fail() }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Data(body.utf8))
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}

    private func fail() {
        client?.urlProtocol(self, didFailWithError: URLError(.unsupportedURL))
    }
}
