import Foundation
import KakaoAPI
import Sandbox
import TestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The replica's documented default key, as the client holds it.
let sandboxKey: KakaoAPIKey = {
    do { return try KakaoAPIKey(KakaoSandboxOptions.defaultKey) } catch { fatalError("the default key is well formed: \(error)") }
}()

/// Runs `body` with a client pointed at a fresh in-process Kakao replica (its own quota and port).
func withKakao<T>(
    drifts: Set<Drift> = [], options: KakaoSandboxOptions = .init(), key: KakaoAPIKey = sandboxKey,
    _ body: (KakaoClient, SandboxServer) async throws -> T
) async throws -> T {
    let configuration = SandboxConfiguration(apis: [.kakao], drifts: drifts, requestJournalLimit: 500, kakao: options)
    return try await withSandboxServer(configuration) { sandbox in
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        return try await body(KakaoClient(session: session, baseURL: sandbox.baseURL, key: key), sandbox)
    }
}

/// The ``KakaoAPIError`` `body` throws, or nil when it throws nothing or something else.
func kakaoError(_ body: () async throws -> Void) async -> KakaoAPIError? {
    await thrownError(KakaoAPIError.self, body)
}

/// Answers `http://stub.invalid/<case>/v2/search/...` for what the replica never sends: an
/// `InvalidArgument` in the middle of paging, an errorType Kakao may add, a body that is not Kakao's,
/// a message that echoes the key percent-encoded.
final class KakaoStub: URLProtocol {
    static let key = "stub/key+with=reserved&chars"

    static func session() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [KakaoStub.self]
        return URLSession(configuration: configuration)
    }

    static func client(_ name: String) throws -> KakaoClient {
        guard let url = URL(string: "http://stub.invalid/\(name)") else { throw URLError(.badURL) }
        return KakaoClient(session: session(), baseURL: url, key: try KakaoAPIKey(key))
    }

    override class func canInit(with request: URLRequest) -> Bool { request.url?.host == "stub.invalid" }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let url = request.url, let name = url.pathComponents.dropFirst().first else { return fail() }
        let page =
            URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "page" }?.value.flatMap { Int($0) } ?? 1
        let encodedKey = Self.key.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let (status, body): (Int, String)
        switch name {
        case "invalid-after-2":
            if page <= 2 {
                (status, body) = (
                    200,
                    #"{"documents":[{"contents":"c","datetime":"2024-01-01T00:00:0\#(page).000+09:00","title":"page \#(page)","url":"https://a.example/\#(page)"}],"meta":{"is_end":false,"pageable_count":9,"total_count":90}}"#
                )
            } else {
                (status, body) = (400, #"{"errorType":"InvalidArgument","message":"page is more than max"}"#)
            }
        case "invalid-first":
            (status, body) = (400, #"{"errorType":"InvalidArgument","message":"size is more than max"}"#)
        case "new-type":
            (status, body) = (503, #"{"errorType":"ServiceUnavailable","message":"try again later"}"#)
        case "not-kakao":
            (status, body) = (502, "<html>bad gateway for \(Self.key)</html>")
        case "echo-encoded":
            (status, body) = (
                401,
                #"{"errorType":"AccessDeniedError","message":"wrong appKey(\#(encodedKey)) format, raw \#(Self.key.replacingOccurrences(of: "&", with: "\\u0026"))"}"#
            )
        case "bad-date":
            (status, body) = (
                200,
                #"{"documents":[{"contents":"c","datetime":"2024-13-01T00:00:00.000+09:00","title":"t","url":"https://a.example/"}],"meta":{"is_end":true,"pageable_count":1,"total_count":1}}"#
            )
        default:
            return fail()
        }
        let headers = ["Content-Type": "application/json;charset=UTF-8"]
        guard let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers) else {
            return fail()
        }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Data(body.utf8))
        client?.urlProtocolDidFinishLoading(self)
    }

    private func fail() {
        client?.urlProtocol(self, didFailWithError: URLError(.badURL))
    }

    override func stopLoading() {}
}
