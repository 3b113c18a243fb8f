import Foundation
import KakaoAPI
import Sandbox
import TestSupport
import Testing
import WireFormat

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("KakaoClient: searches, highlighting, dates, sorting and paging against the replica", timeLimit(minutes: 5))
struct SearchTests {
    @Test("blog, cafe and web decode with their own keys; an empty thumbnail is nil; meta is read")
    func threeSearches() async throws {
        try await withKakao { client, _ in
            let blog = try await client.blog(SearchRequest(query: "스위프트", size: 50))
            #expect(blog.documents.count == blog.meta.pageableCount)
            #expect(blog.meta.isEnd)
            #expect(blog.meta.totalCount >= blog.meta.pageableCount)
            #expect(blog.documents.allSatisfy { !$0.blogName.isEmpty })
            #expect(blog.documents.contains { $0.thumbnail == nil } && blog.documents.contains { $0.thumbnail != nil })
            let cafe = try await client.cafe(SearchRequest(query: "Swift", size: 5))
            #expect(cafe.documents.count == 5)
            #expect(cafe.documents.allSatisfy { !$0.cafeName.isEmpty && $0.link != nil })
            let web = try await client.web(SearchRequest(query: "Swift", page: 2, size: 3))
            #expect(web.documents.count == 3)
            #expect(web.next == SearchRequest(query: "Swift", page: 3, size: 3))
            let none = try await client.cafe(SearchRequest(query: "zzapicheckqqnomatch"))
            #expect(none.documents.isEmpty && none.meta == SearchMeta(totalCount: 0, pageableCount: 0, isEnd: true) && none.next == nil)
        }
    }

    @Test("Korean and reserved characters in the query reach the server as one value")
    func reservedCharacters() async throws {
        let query = "스위프트 & Swift #1/2? 100% = a+b"
        try await withKakao { client, sandbox in
            _ = try await client.web(SearchRequest(query: query, sort: .recency))
            let sent = try #require(sandbox.receivedRequests().last)
            let items = URLComponents(string: "http://x/?" + (sent.query ?? ""))?.queryItems ?? []
            // URLComponents reads + as +, and the client never writes a space as +.
            #expect(items.first { $0.name == "query" }?.value == query)
            #expect(items.first { $0.name == "sort" }?.value == "recency")
            #expect(sent.headers.first { $0.name.lowercased() == "authorization" }?.value == "KakaoAK \(KakaoSandboxOptions.defaultKey)")
        }
    }

    @Test("the wire's \\u003cb\\u003e and \\u0026quot; become highlighted runs and plain text")
    func highlightingFromTheWire() async throws {
        try await withKakao { client, sandbox in
            // The raw bytes, to be sure the escapes are there before the client reads them.
            var raw = URLRequest(url: try #require(URL(string: sandbox.baseURL.absoluteString + "/v2/search/blog?query=Swift&size=50")))
            raw.setValue("KakaoAK \(KakaoSandboxOptions.defaultKey)", forHTTPHeaderField: "Authorization")
            let (bytes, _) = try await URLSession(configuration: .ephemeral).data(for: raw)
            let wire = String(decoding: bytes, as: UTF8.self)
            #expect(wire.contains(#"\u003cb\u003eSwift\u003c/b\u003e"#) && wire.contains(#"\u0026quot;"#))

            let page = try await client.blog(SearchRequest(query: "Swift", size: 50))
            #expect(!page.documents.isEmpty)
            for post in page.documents {
                #expect(post.title.html.contains("<b>") || post.contents.html.contains("<b>"), "a result matches somewhere")
                for text in [post.title, post.contents] {
                    #expect(
                        !text.plain.contains("<b>") && !text.plain.contains("</b>") && !text.plain.contains("&quot;")
                            && !text.plain.contains("&amp;"))
                    #expect(text.highlighted.allSatisfy { $0.lowercased() == "swift" }, "\(text.highlighted)")
                }
            }
            #expect(page.documents.contains { $0.contents.plain.contains("\"Swift\" is great & <fun>") })
        }
    }

    @Test(
        "the helper strips <b> and decodes entities; escaped markup stays text",
        arguments: [
            ("&quot;<b>Swift</b>&quot; &amp; 스위프트", "\"Swift\" & 스위프트", ["Swift"]),
            ("3 &lt; 4 &amp;&amp; 5 &gt; 2", "3 < 4 && 5 > 2", []),
            ("&lt;b&gt;not bold&lt;/b&gt; <B>bold</B>", "<b>not bold</b> bold", ["bold"]),
            ("&#39;a&#x27; &#8220;b&#8221; &copy; &nbsp;|", "'a' “b” © \u{00A0}|", []),
            ("a < b and &unknown; &#0; & alone", "a < b and &unknown; &#0; & alone", []),
            ("<b>스위프트</b>와 <b>Swift</b><br/>끝", "스위프트와 Swift끝", ["스위프트", "Swift"]),
        ] as [(String, String, [String])])
    func helper(_ html: String, _ plain: String, _ highlighted: [String]) {
        let text = HighlightedText(html: html)
        #expect(text.plain == plain)
        #expect(text.highlighted == highlighted)
        #expect(HighlightedText.plainText(fromHTML: html) == plain)
    }

    @Test("one datetime is one instant, shown right in UTC, Asia/Seoul and America/Los_Angeles")
    func sameInstantInThreeZones() throws {
        let json =
            #"{"documents":[{"contents":"c","datetime":"2017-05-07T18:50:07.123+09:00","title":"t","url":"https://a.example/"},{"contents":"c","datetime":"2024-01-01T00:00:00.000+09:00","title":"t","url":"https://a.example/"}],"meta":{"is_end":true,"pageable_count":2,"total_count":2}}"#
        let body = try KakaoClient.makeDecoder().decode(WireBody.self, from: Data(json.utf8))
        let may = body.documents[0].datetime
        #expect(abs(may.timeIntervalSince1970 - 1_494_150_607.123) < 1e-6)
        let expected = [("UTC", 7, 9), ("Asia/Seoul", 7, 18), ("America/Los_Angeles", 7, 2)]
        for (zone, day, hour) in expected {
            let civil = CivilDateTime(may, in: try #require(TimeZone(identifier: zone)))
            #expect((civil.year, civil.month, civil.day, civil.hour, civil.minute, civil.second) == (2017, 5, day, hour, 50, 7), "\(zone)")
            #expect(abs(civil.nanosecond - 123_000_000) < 1000, "\(zone)")
        }
        // New Year in Seoul is still the old year in UTC and in Los Angeles (PST, -8).
        let newYear = body.documents[1].datetime
        let days = try ["UTC", "Asia/Seoul", "America/Los_Angeles"].map {
            CivilDateTime(newYear, in: try #require(TimeZone(identifier: $0)))
        }
        #expect(days.map { "\($0.year)-\($0.month)-\($0.day) \($0.hour)" } == ["2023-12-31 15", "2024-1-1 0", "2023-12-31 7"])
    }

    @Test("sorting by datetime compares instants across a day boundary and across offsets, not strings")
    func sortByInstant() throws {
        let times = [
            "2024-01-01T00:00:00.000+09:00",  // 2023-12-31T15:00Z
            "2023-12-31T16:00:00.000Z",  // an hour later, though its text sorts first
            "2023-12-31T23:59:59.999+09:00",  // 2023-12-31T14:59:59.999Z, the oldest
            "2023-12-31T07:30:00.000-08:00",  // 15:30Z
        ]
        let documents = try zip(0..., times).map { index, time in
            try KakaoClient.makeDecoder().decode(
                WebDocument.self, from: Data(#"{"contents":"","datetime":"\#(time)","title":"\#(index)","url":"https://a.example/"}"#.utf8))
        }
        #expect(documents.sortedByDatetime().map(\.title.plain) == ["1", "3", "0", "2"])
        #expect(documents.sortedByDatetime(newestFirst: false).map(\.title.plain) == ["2", "0", "3", "1"])
        #expect(
            times.sorted(by: >) != documents.sortedByDatetime().map { times[Int($0.title.plain) ?? 0] },
            "a string sort would agree, and prove nothing")
    }

    @Test("the replica's recency order is the client's sort by instant of the same documents")
    func recencyMatchesLocalSort() async throws {
        try await withKakao { client, _ in
            let byAccuracy = try await client.blog(SearchRequest(query: "카카오", size: 50))
            let byRecency = try await client.blog(SearchRequest(query: "카카오", sort: .recency, size: 50))
            #expect(byAccuracy.meta.isEnd && byAccuracy.documents.count > 10)
            #expect(byAccuracy.documents.sortedByDatetime().map(\.url) == byRecency.documents.map(\.url))
            #expect(byAccuracy.documents.map(\.url) != byRecency.documents.map(\.url))
        }
    }

    @Test("sorting by title follows Korean collation by default, and the locale given")
    func sortByTitle() throws {
        let titles = ["<b>하루</b>", "가나다", "Zeta", "ábc", "abd", "각", "item 10", "item 9"]
        let documents = try titles.map { title in
            try KakaoClient.makeDecoder().decode(
                WebDocument.self,
                from: Data(
                    #"{"contents":"","datetime":"2024-01-01T00:00:00.000+09:00","title":"\#(title)","url":"https://a.example/"}"#.utf8))
        }
        #expect(documents.sortedByTitle().map(\.title.plain) == ["가나다", "각", "하루", "ábc", "abd", "item 9", "item 10", "Zeta"])
        #expect(
            documents.sortedByTitle(locale: Locale(identifier: "en_US")).map(\.title.plain) == [
                "ábc", "abd", "item 9", "item 10", "Zeta", "가나다", "각", "하루",
            ])
    }

    @Test("paging reads every page until is_end, one request a page, and no further")
    func pagingToTheEnd() async throws {
        try await withKakao { client, sandbox in
            let first = try await client.web(SearchRequest(query: "Seoul", size: 10))
            let all = try await client.allDocuments(.web, SearchRequest(query: "Seoul", size: 10), as: WebDocument.self)
            #expect(all.count == first.meta.pageableCount)
            #expect(Set(all.map(\.url)).count == all.count)
            let pages = sandbox.receivedRequests().dropFirst().map { $0.query ?? "" }
            #expect(pages.count == (first.meta.pageableCount + 9) / 10)
            #expect(pages.last?.contains("page=\(pages.count)") == true)
            let two = try await client.allDocuments(.web, SearchRequest(query: "Seoul", size: 10), as: WebDocument.self, maxPages: 2)
            #expect(two.count == 20)
        }
    }

    @Test("paging stops at an InvalidArgument past the first page, and throws it on the first")
    func pagingStopsOnInvalidArgument() async throws {
        let documents = try await KakaoStub.client("invalid-after-2").allDocuments(.web, SearchRequest(query: "a"), as: WebDocument.self)
        #expect(documents.map(\.title.plain) == ["page 1", "page 2"])
        let error = await kakaoError {
            _ = try await KakaoStub.client("invalid-first").allDocuments(.web, SearchRequest(query: "a"), as: WebDocument.self)
        }
        #expect(error?.errorType == .invalidArgument)
        #expect(error?.message == "size is more than max")
    }
}

/// A web answer, to decode datetimes as the client does.
struct WireBody: Decodable {
    let documents: [WebDocument]
}
