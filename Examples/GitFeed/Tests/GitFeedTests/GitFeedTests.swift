import APICheckTesting
import Foundation
import GitFeed
import Testing

/// The feed's own callbacks on `URLSession.shared`, answered from `recordings/github/tests/` by `scope: .global`.
///
/// Re-record against the GitHub replica: `swift run apicheck sandbox --api github --deterministic --port 8080` in
/// apicheck's folder, then `APICHECK_RECORD=all APICHECK_BASE_URL=http://127.0.0.1:8080 swift test` here.
@Suite(.recordings(api: "github", scope: .global, strict: true))
struct GitFeedTests {
    /// The callbacks, awaited.
    static func top(_ api: GitFeedAPI) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in api.topRepository(language: "swift") { continuation.resume(with: $0) } }
    }

    static func events(_ api: GitFeedAPI, _ repo: String) async throws -> FeedUpdate {
        try await withCheckedThrowingContinuation { continuation in api.events(of: repo) { continuation.resume(with: $0) } }
    }

    @Test(.replaying("search-then-events"))
    func searchThenEventsThenNothingNew() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gitfeed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let api = GitFeedAPI(store: LastModifiedStore(folder: folder))
        let repo = try await Self.top(api)
        #expect(repo.contains("/"))
        // First launch: no saved Last-Modified, so the events come back and their Last-Modified is saved.
        guard case .events(let events) = try await Self.events(api, repo) else {
            Issue.record("the first request had nothing to compare with, so it must get events")
            return
        }
        #expect(events.count == 5)
        #expect(events.allSatisfy { $0.repo.name == repo && Int($0.id) != nil })
        let saved = try #require(LastModifiedStore(folder: folder).value(for: repo))
        #expect(saved.hasSuffix("GMT"))
        // Next refresh: If-Modified-Since goes out, and GitHub's 304 means nothing new (not an error).
        #expect(try await Self.events(api, repo) == .nothingNew)
    }
}
