import Foundation
import Sandbox
import TestSupport
import Testing

/// The Kakao replica on the wire, with plain URLSession requests: what API-FACTS and Kakao's documentation say.
@Suite("Kakao sandbox", timeLimit(minutes: 5))
struct KakaoSandboxTests {
    /// The drifts this suite checks one by one (DriftTests checks that no drift is left out).
    static let driftsCovered = [
        "dates-utc", "dates-no-millis", "meta-missing", "is-end-string", "error-code-msg", "auth-bearer", "documents-renamed",
        "content-type-text",
    ]

    static let key = ["Authorization": "KakaoAK \(KakaoSandboxOptions.defaultKey)"]

    func kakao<T>(drifts: Set<Drift> = [], options: KakaoSandboxOptions = .init(), _ body: (SandboxHTTP) async throws -> T) async throws
        -> T
    {
        try await withSandboxHTTP(apis: [.kakao], drifts: drifts, kakao: options, body)
    }

    /// The keys of each object in the raw body, in the order they were written.
    static func keyOrder(_ answer: Answer) -> [String] {
        let text = answer.text
        guard let pattern = try? NSRegularExpression(pattern: #""([a-z_A-Z]+)":"#) else { return [] }
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    @Test("blog search: meta and documents, keys in alphabetical order, <b> and entities escaped as \\u003c \\u003e \\u0026")
    func blog() async throws {
        let answer = try await kakao {
            try await $0.get("/v2/search/blog?query=%EC%8A%A4%EC%9C%84%ED%94%84%ED%8A%B8&size=50", headers: Self.key)
        }
        #expect(answer.status == 200)
        #expect(answer.contentType == "application/json;charset=UTF-8")
        #expect(answer.text.contains(#"\u003cb\u003e스위프트\u003c/b\u003e"#))
        #expect(answer.text.contains(#"\u0026quot;"#) || answer.text.contains(#"\u0026amp;"#))
        #expect(!answer.text.contains("<") && !answer.text.contains(">") && !answer.text.contains("&"), "raw < > & on the wire")
        let order = Self.keyOrder(answer)
        #expect(Array(order.prefix(7)) == ["documents", "blogname", "contents", "datetime", "thumbnail", "title", "url"])
        #expect(Array(order.suffix(4)) == ["meta", "is_end", "pageable_count", "total_count"])
        let documents = answer.object[array: "documents"]
        #expect(documents.count == 18)
        #expect(documents.allSatisfy { $0["blogname"] is String && $0["thumbnail"] is String })
        #expect(documents.contains { $0["thumbnail"] as? String == "" }, "some thumbnails are empty strings")
        let dates = documents.compactMap { $0["datetime"] as? String }
        #expect(dates.count == documents.count)
        #expect(
            dates.allSatisfy { $0.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+09:00$"#, options: .regularExpression) != nil },
            "\(dates)")
        let meta = answer.object[object: "meta"]
        #expect(meta["is_end"] as? Bool == true)
        #expect(meta["pageable_count"] as? Int == 18)
        #expect((meta["total_count"] as? Int ?? 0) >= 18)
    }

    @Test("cafe documents carry cafename and thumbnail; web documents neither")
    func cafeAndWeb() async throws {
        try await kakao { http in
            let cafe = try await http.get("/v2/search/cafe?query=Swift", headers: Self.key).object[array: "documents"]
            #expect(!cafe.isEmpty)
            #expect(cafe.allSatisfy { Set($0.keys) == ["cafename", "contents", "datetime", "thumbnail", "title", "url"] })
            let web = try await http.get("/v2/search/web?query=Swift", headers: Self.key).object[array: "documents"]
            #expect(web.count == 10, "size defaults to 10")
            #expect(web.allSatisfy { Set($0.keys) == ["contents", "datetime", "title", "url"] })
        }
    }

    @Test("recency: newest first by instant; paging: is_end on the last page, an empty page past it")
    func recencyAndPaging() async throws {
        try await kakao { http in
            let recent = try await http.get("/v2/search/blog?query=Kakao&sort=recency&size=50", headers: Self.key).object[
                array: "documents"]
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            let instants = recent.compactMap { ($0["datetime"] as? String).flatMap(formatter.date(from:)) }
            #expect(instants.count == recent.count && recent.count > 5)
            #expect(instants == instants.sorted(by: >))

            let first = try await http.get("/v2/search/web?query=Seoul&size=10", headers: Self.key).object
            let pageable = try #require(first[object: "meta"]["pageable_count"] as? Int)
            #expect(first[object: "meta"]["is_end"] as? Bool == false)
            let lastPage = (pageable + 9) / 10
            let last = try await http.get("/v2/search/web?query=Seoul&size=10&page=\(lastPage)", headers: Self.key).object
            #expect(last[object: "meta"]["is_end"] as? Bool == true)
            #expect(last[array: "documents"].count == pageable - (lastPage - 1) * 10)
            let past = try await http.get("/v2/search/web?query=Seoul&size=10&page=\(lastPage + 1)", headers: Self.key).object
            #expect(past[array: "documents"].isEmpty)
            #expect(past[object: "meta"]["is_end"] as? Bool == true)
        }
    }

    @Test("no match: the documented empty result, byte for byte")
    func empty() async throws {
        let answer = try await kakao { try await $0.get("/v2/search/cafe?query=zzapicheckqqnomatch", headers: Self.key) }
        #expect(answer.status == 200)
        #expect(answer.text == #"{"documents":[],"meta":{"is_end":true,"pageable_count":0,"total_count":0}}"#)
    }

    @Test(
        "400s: a missing or blank query, page or size out of 1...50, a sort that is neither",
        arguments: [
            ("/v2/search/web", "MissingParameter", "query parameter required"),
            ("/v2/search/web?query=%20", "MissingParameter", "query parameter required"),
            ("/v2/search/blog?query=a&page=51", "InvalidArgument", "page is more than max"),
            ("/v2/search/blog?query=a&page=0", "InvalidArgument", "page is less than min"),
            ("/v2/search/blog?query=a&size=51", "InvalidArgument", "size is more than max"),
            ("/v2/search/blog?query=a&size=x", "InvalidArgument", "size is not a number"),
            ("/v2/search/cafe?query=a&sort=newest", "InvalidArgument", "sort is not valid"),
        ])
    func badRequests(_ path: String, _ type: String, _ message: String) async throws {
        let answer = try await kakao { try await $0.get(path, headers: Self.key) }
        #expect(answer.status == 400)
        #expect(answer.contentType == "application/json;charset=UTF-8")
        #expect(answer.text == #"{"errorType":"\#(type)","message":"\#(message)"}"#)
    }

    @Test(
        "401 AccessDeniedError: no key is appKey(null); a malformed one is echoed; a well-formed stranger is not",
        arguments: [
            (nil, "wrong appKey(null) format"),
            ("KakaoAK not/a+key", "wrong appKey(not/a+key) format"),
            ("Bearer \(KakaoSandboxOptions.defaultKey)", "wrong appKey(Bearer \(KakaoSandboxOptions.defaultKey)) format"),
            ("KakaoAK 0123456789abcdef0123456789abcdef", "cannot find appKey"),
        ] as [(String?, String)])
    func unauthorized(_ header: String?, _ message: String) async throws {
        let answer = try await kakao { http in
            try await http.get("/v2/search/web?query=a", headers: header.map { ["Authorization": $0] } ?? [:])
        }
        #expect(answer.status == 401)
        #expect(answer.object["errorType"] as? String == "AccessDeniedError")
        #expect(answer.message == message)
    }

    @Test("--key sets the accepted key; the default is refused then")
    func customKey() async throws {
        try await kakao(options: KakaoSandboxOptions(key: "custom-key")) { http in
            let answer1 = try await http.get("/v2/search/web?query=a", headers: ["Authorization": "KakaoAK custom-key"])
            #expect(answer1.status == 200)
            let answer2 = try await http.get("/v2/search/web?query=a", headers: Self.key)
            #expect(answer2.status == 401)
        }
    }

    @Test("past the daily quota every call is 429 RequestThrottled; refused keys do not count")
    func quota() async throws {
        try await kakao(options: KakaoSandboxOptions(dailyQuota: 2)) { http in
            let answer3 = try await http.get("/v2/search/web?query=a")
            #expect(answer3.status == 401)
            let answer4 = try await http.get("/v2/search/web?query=a", headers: Self.key)
            #expect(answer4.status == 200)
            let answer5 = try await http.get("/v2/search/web", headers: Self.key)
            #expect(answer5.status == 400)
            let spent = try await http.get("/v2/search/web?query=a", headers: Self.key)
            #expect(spent.status == 429)
            #expect(spent.text == #"{"errorType":"RequestThrottled","message":"API limit has been exceeded."}"#)
        }
    }

    @Test("a method other than GET is 405 with Allow: GET")
    func methodNotAllowed() async throws {
        let answer = try await kakao { try await $0.send("POST", "/v2/search/web?query=a", headers: Self.key) }
        #expect(answer.status == 405)
        #expect(answer.headers["allow"] == "GET")
    }

    // MARK: Drifts

    @Test("dates-utc and dates-no-millis change only the form of datetime, not the instant")
    func dateDrifts() async throws {
        let path = "/v2/search/blog?query=Kakao&sort=recency&size=5"
        let plain = try await kakao { try await $0.get(path, headers: Self.key) }.object[array: "documents"].compactMap {
            $0["datetime"] as? String
        }
        let utc = try await kakao(drifts: [.kakaoDatesUTC]) { try await $0.get(path, headers: Self.key) }.object[array: "documents"]
            .compactMap { $0["datetime"] as? String }
        let noMillis = try await kakao(drifts: [.kakaoDatesNoMillis]) { try await $0.get(path, headers: Self.key) }.object[
            array: "documents"
        ].compactMap { $0["datetime"] as? String }
        #expect(utc.allSatisfy { $0.hasSuffix("Z") && $0.count == 24 })
        #expect(noMillis.allSatisfy { $0.hasSuffix("+09:00") && !$0.contains(".") })
        let withFraction = ISO8601DateFormatter()
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        #expect(plain.map(withFraction.date(from:)) == utc.map(withFraction.date(from:)))
        #expect(plain.count == 5)
    }

    @Test("meta-missing, is-end-string and documents-renamed change the answer's shape")
    func shapeDrifts() async throws {
        let path = "/v2/search/web?query=Swift"
        let withoutMeta = try await kakao(drifts: [.kakaoMetaMissing]) { try await $0.get(path, headers: Self.key) }
        #expect(withoutMeta.object["meta"] == nil)
        let isEnd = try await kakao(drifts: [.kakaoIsEndString]) { try await $0.get(path, headers: Self.key) }.object[object: "meta"][
            "is_end"]
        #expect(isEnd as? String == "false")
        let renamed = try await kakao(drifts: [.kakaoDocumentsRenamed]) { try await $0.get(path, headers: Self.key) }.object
        #expect(renamed["documents"] == nil && renamed[array: "items"].count == 10)
    }

    @Test("error-code-msg writes errors as {code, msg}")
    func errorCodeMsg() async throws {
        let answer = try await kakao(drifts: [.kakaoErrorCodeMsg]) { try await $0.get("/v2/search/web", headers: Self.key) }
        #expect(answer.status == 400)
        #expect(answer.text == #"{"code":"MissingParameter","msg":"query parameter required"}"#)
    }

    @Test("auth-bearer accepts Bearer and refuses KakaoAK")
    func authBearer() async throws {
        try await kakao(drifts: [.kakaoAuthBearer]) { http in
            let answer6 = try await http.get("/v2/search/web?query=a", headers: Self.key)
            #expect(answer6.status == 401)
            let answer7 = try await http.get(
                "/v2/search/web?query=a", headers: ["Authorization": "Bearer \(KakaoSandboxOptions.defaultKey)"])
            #expect(answer7.status == 200)
        }
    }

    @Test("content-type-text sends text/plain")
    func contentTypeText() async throws {
        let answer = try await kakao(drifts: [.kakaoContentTypeText]) { try await $0.get("/v2/search/web?query=a", headers: Self.key) }
        #expect(answer.contentType == "text/plain;charset=UTF-8")
    }
}
