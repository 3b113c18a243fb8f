import APICheck
import APICheckTesting
import Foundation
import KakaoAPI
import Sandbox
import TestSupport
import Testing
import WireFormat

/// The test traits in record mode (`APICHECK_RECORD=all`) write recordings from a live server through the
/// replay layer: the key `apicheck.yml` names never reaches them, in the header, percent-encoded in a query,
/// echoed back by the server in a 401, or as a base64 copy.
@Suite("Record mode of the traits writes no secret", timeLimit(minutes: 5))
struct RecordModeSecretsTests {
    static let key = "fake/Kakao+Key=Secret&0042"

    /// Every form the key could take in a file.
    static var forms: [String] {
        [
            key, FormURLEncoding.escape(key), key.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? key,
            key.replacingOccurrences(of: "/", with: "\\/"),
        ]
            + RedactionRules.base64Cores(of: key)
    }

    @Test("the key in the header, in a query and echoed in a 401 is redacted in the recording the trait writes")
    func recordMode() async throws {
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-record-mode-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: package) }
        try FileManager.default.createDirectory(at: package.appendingPathComponent("Tests/SearchTests"), withIntermediateDirectories: true)
        try "// swift-tools-version: 6.1\n".write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try """
        apis:
          kakao:
            base_url: https://dapi.kakao.com
            auth:
              - { header: Authorization, env: KAKAO_REST_API_KEY, prefix: "KakaoAK " }
        """.write(to: package.appendingPathComponent("apicheck.yml"), atomically: true, encoding: .utf8)
        let test = try #require(Test.current)
        let file = package.appendingPathComponent("recordings/kakao/tests/search.json")

        try await withSandboxServer(
            SandboxConfiguration(apis: [.kakao], requestJournalLimit: 10, kakao: KakaoSandboxOptions(key: Self.key))
        ) { sandbox in
            let environment = [
                "APICHECK_RECORD": "all", "APICHECK_BASE_URL": sandbox.baseURL.absoluteString, "KAKAO_REST_API_KEY": Self.key,
            ]
            let trait: ReplayingTrait = .replaying(
                "search", api: "kakao", filePath: package.appendingPathComponent("Tests/SearchTests/SearchTests.swift").path)
            try await TraitEnvironment.$override.withValue(environment) {
                try await trait.provideScope(for: test, testCase: nil) {
                    let client = KakaoClient(session: TestRecording.session, baseURL: TestRecording.baseURL, key: try KakaoAPIKey(Self.key))
                    #expect(try await client.blog(SearchRequest(query: "스위프트", size: 2)).documents.count == 2)
                    // The key as a query (pasted into the wrong field), percent-encoded in the URL.
                    _ = try await client.web(SearchRequest(query: Self.key, size: 1))
                    // A wrong key whose value holds the real one: the replica echoes it in its 401.
                    let wrong = KakaoClient(
                        session: TestRecording.session, baseURL: TestRecording.baseURL, key: try KakaoAPIKey(Self.key + "0"))
                    await #expect(throws: KakaoAPIError.self) { _ = try await wrong.web(SearchRequest(query: "a")) }
                }
            }
            // The key really went out, in every place.
            let received = sandbox.receivedRequests()
            #expect(received.contains { $0.header("Authorization") == "KakaoAK \(Self.key)" })
            #expect(
                received.contains {
                    ($0.query ?? "").contains(FormURLEncoding.escape(Self.key))
                        || ($0.query ?? "").contains(Self.key.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed)!)
                })
        }
        let text = try String(contentsOf: file, encoding: .utf8)
        let recording = try Recording.load(from: file)
        #expect(recording.interactions.count == 3)
        #expect(recording.interactions.map(\.response.status) == [200, 200, 401])
        #expect(text.contains("<redacted>"))
        for form in Self.forms {
            #expect(!text.contains(form), "\(form) reached \(file.lastPathComponent):\n\(text)")
        }
    }
}
