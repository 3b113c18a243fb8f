import APICheck
import Testing

@testable import APICheckReplay

@Suite("Request matching")
struct RequestMatcherTests {
    static func interaction(_ url: String) -> Interaction {
        Interaction(
            request: RecordedRequest(method: "GET", url: url, headers: HeaderFields([])),
            response: RecordedResponse(status: 200, headers: HeaderFields([]), body: nil)
        )
    }

    static func request(_ url: String) -> RecordedRequest {
        RecordedRequest(method: "GET", url: url, headers: HeaderFields([]))
    }

    @Test("pages are found by their query values; a redacted value matches any, in recorded order")
    func pagesAndPlaceholders() {
        let urls = [
            "/todos?page=1", "/todos?page=\(RedactionRules.placeholder)", "/todos?page=1", "/todos?page=2", "/todos?page=2&per_page=5",
            "/other?page=1",
        ]
        let matcher = RequestMatcher(interactions: urls.map(Self.interaction), rules: MatchingRules())
        #expect(matcher.candidates(for: matcher.prepare(Self.request("/todos?page=1"))) == [0, 1, 2])
        #expect(matcher.candidates(for: matcher.prepare(Self.request("/todos?page=2"))) == [1, 3])
        #expect(matcher.candidates(for: matcher.prepare(Self.request("/todos?page=9"))) == [1])
        #expect(matcher.candidates(for: matcher.prepare(Self.request("/todos?per_page=5&page=2"))) == [4])
        #expect(matcher.candidates(for: matcher.prepare(Self.request("/todos"))).isEmpty)
        for url in ["/todos?page=1", "/todos?page=9"] {
            let live = matcher.prepare(Self.request(url))
            #expect(matcher.candidates(for: live).allSatisfy { matcher.matches(live: live, recordedAt: $0) })
        }
    }

    @Test("10,000 pages: each request is answered by its own page")
    func manyPages() {
        let matcher = RequestMatcher(interactions: (1...10_000).map { Self.interaction("/todos?page=\($0)") }, rules: MatchingRules())
        for page in [1, 5_000, 10_000] {
            #expect(matcher.candidates(for: matcher.prepare(Self.request("/todos?page=\(page)"))) == [page - 1])
        }
    }
}
