import APICheck
import APICheckTesting
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A Kakao search as an app writes it without a client library: `URLSession.shared`, the production URL in the code,
/// the REST API key in an `Authorization: KakaoAK` header. Replayed with `scope: .global`; recorded through the same
/// code against the replica, redacted, byte for byte the committed file.
///
/// Re-record with `APICHECK_RECORD=all swift test --filter KakaoSharedSessionCalls` (a fresh deterministic replica).
@Suite(.recordings(api: "kakao", server: KakaoRecordingServer(), scope: .global, strict: true), timeLimit(minutes: 5))
struct KakaoSharedSessionCalls {
    /// The app's search: what a view model of a search app calls.
    static func searchBlogs(_ query: String, key: String) async throws -> (total: Int, titles: [String]) {
        var components = URLComponents(string: "https://dapi.kakao.com/v2/search/blog")
        components?.queryItems = [URLQueryItem(name: "query", value: query), URLQueryItem(name: "size", value: "3")]
        guard let url = components?.url else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.setValue("KakaoAK \(key)", forHTTPHeaderField: "Authorization")
        let (data, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }
        let body = try JSONReader.parse(data)
        let titles = body[pointer: "/documents"]?.arrayValue?.compactMap { $0[pointer: "/title"]?.stringValue } ?? []
        return (body[pointer: "/meta/total_count"]?.numberValue?.intValue ?? -1, titles)
    }

    static let key = KakaoRecordings.key.value

    @Test(.replaying("shared-session-blog"))
    func sharedSessionSearch() async throws {
        let result = try await Self.searchBlogs("스위프트", key: Self.key)
        #expect(result.titles.count == 3)
        #expect(result.total > 3)
    }

    @Test("recording through URLSession.shared against the replica writes the committed file, byte for byte, the key redacted")
    func recordingMatchesTheCommittedFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-shared-record-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let test = try #require(Test.current)
        let trait: ReplayingTrait = .replaying("shared-session-blog")
        try await TraitEnvironment.$override.withValue(["APICHECK_RECORD": "all", "APICHECK_RECORDINGS": folder.path]) {
            try await trait.provideScope(for: test, testCase: nil) {
                #expect(TestRecording.isRecording)
                _ = try await Self.searchBlogs("스위프트", key: Self.key)
            }
        }
        let committed = try String(
            contentsOf: try #require(KakaoRecordings.files.first { $0.lastPathComponent == "shared-session-blog.json" }), encoding: .utf8)
        let written = try String(contentsOf: folder.appendingPathComponent("kakao/tests/shared-session-blog.json"), encoding: .utf8)
        #expect(!written.contains(Self.key), "the key reached the recording")
        #expect(written.contains("\"Authorization\": \"<redacted>\""))
        // A new file has a new recorded_at; every other byte is the committed file's.
        func stamped(_ text: String) -> [Substring] {
            text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.contains("\"recorded_at\": ") ? "<recorded_at>" : $0 }
        }
        #expect(stamped(written) == stamped(committed))
        #expect(written.split(separator: "\n").filter { $0.contains("\"recorded_at\": ") }.count == 1)
    }
}
