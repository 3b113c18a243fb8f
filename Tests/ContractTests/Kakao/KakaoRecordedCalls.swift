import APICheckTesting
import Foundation
import Sandbox
import TestSupport
import Testing
import WireFormat

@testable import KakaoAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every Kakao search the app makes, through the real client, replayed from `recordings/kakao/tests/`.
///
/// Re-record with `APICHECK_RECORD=all swift test --filter KakaoRecordedCalls` (a fresh deterministic
/// replica per test; nothing leaves the machine).
@Suite(.recordings(api: "kakao", server: KakaoRecordingServer(), strict: true), timeLimit(minutes: 5))
struct KakaoRecordedCalls {
    func client(key: KakaoAPIKey = KakaoRecordings.key) -> KakaoClient {
        KakaoClient(session: TestRecording.session, baseURL: TestRecording.baseURL, key: key)
    }

    @Test(.replaying("blog-search"))
    func blogSearch() async throws {
        let page = try await client().blog(SearchRequest(query: "스위프트"))
        #expect(page.documents.count == 10)
        #expect(!page.meta.isEnd && page.next?.page == 2)
        #expect(page.documents.allSatisfy { $0.title.highlighted.contains("스위프트") || $0.contents.highlighted.contains("스위프트") })
        #expect(page.documents.allSatisfy { !$0.title.plain.contains("&quot;") && !$0.title.plain.contains("<b>") })
    }

    @Test(.replaying("cafe-search"))
    func cafeSearch() async throws {
        let page = try await client().cafe(SearchRequest(query: "Swift", size: 5))
        #expect(page.documents.count == 5)
        #expect(page.documents.allSatisfy { !$0.cafeName.isEmpty })
    }

    @Test(.replaying("web-search-korean-reserved"))
    func webSearchKoreanReserved() async throws {
        let page = try await client().web(SearchRequest(query: "스위프트 & Swift #1/2? 100% =", size: 5))
        #expect(page.documents.count == 5)
        #expect(
            page.documents.contains {
                $0.contents.plain.contains("3 < 4 & 5 > 2") || $0.contents.plain.contains("\"Swift\" is great & <fun>")
            })
    }

    @Test(.replaying("blog-recency"))
    func blogRecency() async throws {
        let accuracy = try await client().blog(SearchRequest(query: "카카오", size: 50))
        let recency = try await client().blog(SearchRequest(query: "카카오", sort: .recency, size: 50))
        #expect(accuracy.meta.isEnd)
        #expect(accuracy.documents.sortedByDatetime().map(\.url) == recency.documents.map(\.url))
        // The replica's corpus puts documents on both sides of New Year in Seoul: a string sort of UTC and +09:00 would disagree.
        let seoul = try #require(TimeZone(identifier: "Asia/Seoul"))
        let years = Set(recency.documents.map { CivilDateTime($0.datetime, in: seoul).year })
        #expect(years.count > 3)
    }

    @Test(.replaying("paging-to-the-end"))
    func pagingToTheEnd() async throws {
        let all = try await client().allDocuments(.web, SearchRequest(query: "Seoul", size: 10), as: WebDocument.self)
        #expect(all.count == 22)
        #expect(Set(all.map(\.url)).count == 22)
    }

    @Test(.replaying("last-page-and-empty"))
    func lastPageAndEmpty() async throws {
        let last = try await client().blog(SearchRequest(query: KakaoRecordings.rareWord, page: 2, size: 5))
        #expect(last.meta.isEnd && last.next == nil && !last.documents.isEmpty)
        let none = try await client().cafe(SearchRequest(query: "zzapicheckqqnomatch"))
        #expect(none.documents.isEmpty && none.meta.totalCount == 0)
    }

    @Test(.replaying("error-access-denied"))
    func accessDenied() async throws {
        let stranger = try KakaoAPIKey("0123456789abcdef0123456789abcdef")
        let error = try #require(await kakaoError { _ = try await client(key: stranger).web(SearchRequest(query: "a")) })
        #expect(error.errorType == .accessDenied && error.status == 401 && error.message == "cannot find appKey")
    }

    @Test(.replaying("error-bad-requests"))
    func badRequests() async throws {
        // The client refuses these before sending; sent raw, Kakao's answers still map to the typed errors.
        for (query, type, message) in [
            ("", KakaoAPIError.ErrorType.missingParameter, "query parameter required"),
            ("?query=a&page=51", .invalidArgument, "page is more than max"),
        ] {
            var request = URLRequest(url: try #require(URL(string: TestRecording.baseURL.absoluteString + "/v2/search/web" + query)))
            request.setValue("KakaoAK \(KakaoRecordings.key.value)", forHTTPHeaderField: "Authorization")
            let (data, response) = try await TestRecording.session.data(for: request)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            let error = client().statusError(status: status, data: data, label: "GET /v2/search/web")
            #expect(status == 400 && error.kind == .api && error.errorType == type && error.message == message)
        }
    }
}

/// The daily quota, from a replica that allows one call.
@Suite(
    .recordings(api: "kakao", server: KakaoRecordingServer(options: KakaoSandboxOptions(dailyQuota: 1)), strict: true),
    timeLimit(minutes: 5))
struct KakaoThrottledCalls {
    @Test(.replaying("error-throttled"))
    func throttled() async throws {
        let client = KakaoClient(session: TestRecording.session, baseURL: TestRecording.baseURL, key: KakaoRecordings.key)
        _ = try await client.web(SearchRequest(query: "a"))
        let error = try #require(await kakaoError { _ = try await client.web(SearchRequest(query: "a")) })
        #expect(error.errorType == .requestThrottled && error.status == 429 && error.message == "API limit has been exceeded.")
    }
}

/// The ``KakaoAPIError`` `body` throws, or nil when it throws nothing or something else.
func kakaoError(_ body: () async throws -> Void) async -> KakaoAPIError? {
    await thrownError(KakaoAPIError.self, body)
}

extension KakaoRecordings {
    /// The word on a few documents of each kind, so that page 2 of five is the last.
    static let rareWord = "apicheck하네스"
}
