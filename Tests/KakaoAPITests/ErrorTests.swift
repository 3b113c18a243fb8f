import Foundation
import KakaoAPI
import Sandbox
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("KakaoClient: errors, limits checked before sending, and a key that never shows", timeLimit(minutes: 5))
struct ErrorTests {
    @Test(
        "a blank query, page or size outside 1...50 are refused before anything is sent",
        arguments: [
            SearchRequest(query: " "), SearchRequest(query: "a", page: 0), SearchRequest(query: "a", page: 51),
            SearchRequest(query: "a", size: 0), SearchRequest(query: "a", size: 51),
        ])
    func refusedBeforeSending(_ request: SearchRequest) async throws {
        try await withKakao { client, sandbox in
            let error = await kakaoError { _ = try await client.blog(request) }
            #expect(error?.kind == .invalidRequest)
            #expect(error?.request == "GET /v2/search/blog")
            #expect(sandbox.receivedRequests().isEmpty)
        }
    }

    @Test("a wrong key is AccessDeniedError with the status; a malformed one echoed by the server is redacted")
    func accessDenied() async throws {
        let malformed = try KakaoAPIKey("not/a+key-\(UUID().uuidString)")
        try await withKakao(key: malformed) { client, _ in
            let error = await kakaoError { _ = try await client.web(SearchRequest(query: "a")) }
            #expect(error?.kind == .api)
            #expect(error?.errorType == .accessDenied)
            #expect(error?.status == 401)
            #expect(error?.message == "wrong appKey(<redacted>) format")
            #expect(error.map { !"\($0)".contains(malformed.value) } == true)
        }
    }

    @Test("a spent daily quota is RequestThrottled with 429")
    func throttled() async throws {
        try await withKakao(options: KakaoSandboxOptions(dailyQuota: 1)) { client, _ in
            _ = try await client.web(SearchRequest(query: "a"))
            let error = await kakaoError { _ = try await client.web(SearchRequest(query: "a")) }
            #expect(error?.errorType == .requestThrottled)
            #expect(error?.status == 429)
            #expect(error?.message == "API limit has been exceeded.")
        }
    }

    @Test("an errorType Kakao adds is kept as text; a body that is not Kakao's is an unexpected status that quotes nothing")
    func otherErrors() async throws {
        let added = await kakaoError { _ = try await KakaoStub.client("new-type").web(SearchRequest(query: "a")) }
        #expect(added?.kind == .api && added?.errorType?.rawValue == "ServiceUnavailable" && added?.status == 503)
        #expect(added?.description == "GET /v2/search/web: 503 refused: ServiceUnavailable: try again later")
        let other = await kakaoError { _ = try await KakaoStub.client("not-kakao").web(SearchRequest(query: "a")) }
        #expect(other?.kind == .unexpectedStatus && other?.errorType == nil && other?.status == 502)
        #expect(other.map { !"\($0)".contains(KakaoStub.key) && !"\($0)".contains("gateway") } == true, "\(String(describing: other))")
    }

    @Test("the key echoed percent-encoded or raw inside a message is redacted in every form")
    func echoedEncoded() async throws {
        let error = try #require(await kakaoError { _ = try await KakaoStub.client("echo-encoded").web(SearchRequest(query: "a")) })
        let encoded = KakaoStub.key.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        #expect(error.message == "wrong appKey(<redacted>) format, raw <redacted>")
        for form in [KakaoStub.key, encoded] {
            #expect(!error.description.contains(form))
        }
    }

    @Test("an undecodable datetime names its JSON pointer")
    func decoding() async throws {
        let error = await kakaoError { _ = try await KakaoStub.client("bad-date").web(SearchRequest(query: "a")) }
        #expect(error?.kind == .decoding)
        #expect(error?.keyPath == "/documents/0/datetime")
    }

    @Test("the key comes from the environment, and its absence names the variable")
    func keyFromEnvironment() throws {
        #expect(try KakaoAPIKey.fromEnvironment(["KAKAO_REST_API_KEY": " abc123 "]).value == "abc123")
        for environment in [[:], ["KAKAO_REST_API_KEY": ""]] as [[String: String]] {
            #expect {
                _ = try KakaoAPIKey.fromEnvironment(environment)
            } throws: { error in
                guard let error = error as? KakaoAPIError else { return false }
                return error.kind == .missingKey && error.description.contains("KAKAO_REST_API_KEY")
            }
        }
        #expect(throws: KakaoAPIError.self) { _ = try KakaoAPIKey("two words") }
    }

    @Test("a key prints, interpolates, dumps and reflects as <redacted>")
    func keyNeverShows() throws {
        let secret = "kakao-secret-\(UUID().uuidString)"
        let key = try KakaoAPIKey(secret)
        var dumped = ""
        dump(key, to: &dumped)
        let client = KakaoClient(session: .shared, baseURL: KakaoClient.apiURL, key: key)
        var dumpedClient = ""
        dump(client, to: &dumpedClient)
        for text in [
            "\(key)", String(reflecting: key), dumped, String(describing: Mirror(reflecting: key).children.map(\.value)), dumpedClient,
        ] {
            #expect(!text.contains(secret), "\(text)")
        }
        #expect("\(key)" == "KakaoAPIKey(<redacted>)")
    }

    @Test(
        "drifts of the wire: other date forms still decode to the same instants; a missing meta, a string is_end or renamed documents fail at their pointer"
    )
    func drifts() async throws {
        let request = SearchRequest(query: "Kakao", sort: .recency, size: 5)
        let plain = try await withKakao { client, _ in try await client.blog(request).documents.map(\.datetime) }
        for drift in [Drift.kakaoDatesUTC, .kakaoDatesNoMillis] {
            let drifted = try await withKakao(drifts: [drift]) { client, _ in try await client.blog(request).documents.map(\.datetime) }
            if drift == .kakaoDatesUTC {
                #expect(drifted == plain, "\(drift)")
            } else {
                #expect(zip(drifted, plain).allSatisfy { $0.timeIntervalSince($1) <= 0 && $0.timeIntervalSince($1) > -1 }, "\(drift)")
            }
        }
        for (drift, pointer) in [
            (Drift.kakaoMetaMissing, "/meta"), (.kakaoIsEndString, "/meta/is_end"), (.kakaoDocumentsRenamed, "/documents"),
        ] {
            let error = try await withKakao(drifts: [drift]) { client, _ in await kakaoError { _ = try await client.blog(request) } }
            #expect(error?.kind == .decoding, "\(drift)")
            #expect(error?.keyPath == pointer, "\(drift)")
        }
        // {code, msg} is not Kakao's error body: an unexpected status, with no errorType to act on.
        let wrongKey = try KakaoAPIKey("0123456789abcdef0123456789abcdef")
        let codeMsg = try await withKakao(drifts: [.kakaoErrorCodeMsg], key: wrongKey) { client, _ in
            await kakaoError { _ = try await client.blog(request) }
        }
        #expect(codeMsg?.kind == .unexpectedStatus && codeMsg?.status == 401 && codeMsg?.errorType == nil)
        let bearer = try await withKakao(drifts: [.kakaoAuthBearer]) { client, _ in await kakaoError { _ = try await client.blog(request) }
        }
        #expect(bearer?.errorType == .accessDenied)
    }
}
