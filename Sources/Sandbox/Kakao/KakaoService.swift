import Foundation
import Locking

/// The Kakao replica's routes, written from Kakao's documentation (developers.kakao.com, Daum search)
/// and API-FACTS: blog, cafe and web search behind `Authorization: KakaoAK <key>`, a daily quota, and
/// `{errorType, message}` errors. Facts no public source confirms are marked (unconfirmed).
struct KakaoService: Sendable {
    let options: KakaoSandboxOptions
    let drifts: Set<Drift>
    private let quota: Locked<[String: (day: Int64, used: Int)]>
    private let clock: @Sendable () -> Date

    /// `Content-Type` of every answer, as Kakao writes it (no space before `charset`).
    static let jsonType = "application/json;charset=UTF-8"
    /// The largest `page` and `size`.
    static let maxPage = 50
    static let maxSize = 50
    /// Korea's offset from UTC, in seconds (no daylight saving time since 1988).
    static let koreaOffset: Int64 = 9 * 3600

    init(drifts: Set<Drift>, options: KakaoSandboxOptions, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.options = options
        self.drifts = drifts
        self.clock = clock
        quota = Locked([:])
    }

    /// Whether `path` belongs to this API.
    static func handles(_ path: String) -> Bool {
        path.hasPrefix("/v2/search/")
    }

    func respond(to request: ReceivedRequest) -> SandboxResponse {
        guard Self.handles(request.path), let kind = KakaoSeed.Kind(rawValue: String(request.path.dropFirst("/v2/search/".count))) else {
            return notFound(request.path)
        }
        // (unconfirmed) any method but GET, HEAD included, is 405 with Allow: GET.
        guard request.method == "GET" else {
            var response = error(405, "MethodNotAllowed", "Request method '\(request.method)' not supported")
            response.headers.append(("Allow", "GET"))
            return response
        }
        if let refusal = authenticate(request) { return refusal }
        if !spendQuota() { return error(429, "RequestThrottled", "API limit has been exceeded.") }
        switch Parameters.read(request) {
        case .failure(let problem):
            return error(400, problem.type, problem.message)
        case .success(let parameters):
            return search(kind, parameters)
        }
    }

    // MARK: Authentication

    /// nil when the request carries the accepted key; otherwise the 401 to answer.
    ///
    /// A missing header is `appKey(null)`; a value that is not `KakaoAK` and 32 letters and digits is
    /// echoed inside the parentheses (API-FACTS, unconfirmed), which is how a key leaks into a
    /// recording; a well-formed key that is not the accepted one is `cannot find appKey` (unconfirmed).
    private func authenticate(_ request: ReceivedRequest) -> SandboxResponse? {
        let scheme = drifts.contains(.kakaoAuthBearer) ? "Bearer " : "KakaoAK "
        guard let value = request.header("Authorization"), !value.trimmingCharacters(in: .whitespaces).isEmpty else {
            return error(401, "AccessDeniedError", "wrong appKey(null) format")
        }
        if value == scheme + options.key { return nil }
        guard value.hasPrefix(scheme) else {
            return error(401, "AccessDeniedError", "wrong appKey(\(value)) format")
        }
        let key = value.dropFirst(scheme.count)
        let wellFormed =
            key.utf8.count == 32
            && key.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) || (0x41...0x46).contains($0) }
        guard wellFormed else {
            return error(401, "AccessDeniedError", "wrong appKey(\(key)) format")
        }
        return error(401, "AccessDeniedError", "cannot find appKey")
    }

    /// Counts a call against the key's quota for today in Korea; false once the quota is spent.
    private func spendQuota() -> Bool {
        let day = (Int64(clock().timeIntervalSince1970) + Self.koreaOffset) / 86_400
        let limit = options.dailyQuota
        return quota.withLock { counts in
            var entry = counts[options.key] ?? (day, 0)
            if entry.day != day { entry = (day, 0) }
            guard entry.used < limit else { return false }
            entry.used += 1
            counts[options.key] = entry
            return true
        }
    }

    // MARK: Parameters

    struct Parameters {
        var terms: [String]
        var recency: Bool
        var page: Int
        var size: Int

        struct Problem: Error {
            let type: String
            let message: String
        }

        /// The query's words, `sort`, `page` and `size`, or the 400 Kakao answers.
        static func read(_ request: ReceivedRequest) -> Result<Parameters, Problem> {
            guard let query = request.queryValue("query"), !query.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                return .failure(Problem(type: "MissingParameter", message: "query parameter required"))
            }
            var recency = false
            if let sort = request.queryValue("sort") {
                switch sort {
                case "accuracy": recency = false
                case "recency": recency = true
                // (unconfirmed) the wording for a sort that is neither.
                default: return .failure(Problem(type: "InvalidArgument", message: "sort is not valid"))
                }
            }
            let page: Int
            switch bounded("page", request.queryValue("page"), default: 1, max: KakaoService.maxPage) {
            case .success(let value): page = value
            case .failure(let problem): return .failure(problem)
            }
            let size: Int
            switch bounded("size", request.queryValue("size"), default: 10, max: KakaoService.maxSize) {
            case .success(let value): size = value
            case .failure(let problem): return .failure(problem)
            }
            return .success(Parameters(terms: words(query), recency: recency, page: page, size: size))
        }

        /// "page is more than max" (API-FACTS); the others' wording is unconfirmed.
        private static func bounded(_ name: String, _ text: String?, default value: Int, max: Int) -> Result<Int, Problem> {
            guard let text else { return .success(value) }
            guard let number = Int(text) else { return .failure(Problem(type: "InvalidArgument", message: "\(name) is not a number")) }
            if number < 1 { return .failure(Problem(type: "InvalidArgument", message: "\(name) is less than min")) }
            if number > max { return .failure(Problem(type: "InvalidArgument", message: "\(name) is more than max")) }
            return .success(number)
        }

        /// The words of a query: split at white space, punctuation trimmed from their ends; words with
        /// no letter or digit are dropped.
        static func words(_ query: String) -> [String] {
            query.split(whereSeparator: \.isWhitespace).compactMap { word in
                let trimmed = word.drop { !$0.isLetter && !$0.isNumber }.reversed().drop { !$0.isLetter && !$0.isNumber }.reversed()
                return trimmed.isEmpty ? nil : String(trimmed)
            }
        }
    }

    // MARK: Search

    private func search(_ kind: KakaoSeed.Kind, _ parameters: Parameters) -> SandboxResponse {
        // A document matches when any word of the query is in its title or contents (the replica's
        // simple stand-in for Daum's ranking); accuracy counts matches, title words three times.
        let corpus = KakaoSeed.documents[kind] ?? []
        var scored: [(document: KakaoSeed.Document, score: Int)] = []
        for document in corpus {
            let score =
                Highlighter.count(parameters.terms, in: document.title) * 3 + Highlighter.count(parameters.terms, in: document.contents)
            if score > 0 { scored.append((document, score)) }
        }
        if parameters.recency {
            scored.sort {
                $0.document.millis != $1.document.millis ? $0.document.millis > $1.document.millis : $0.document.index < $1.document.index
            }
        } else {
            scored.sort { $0.score != $1.score ? $0.score > $1.score : $0.document.index < $1.document.index }
        }
        let pageable = scored.count
        let start = min((parameters.page - 1) * parameters.size, pageable)
        let slice = scored[start..<min(start + parameters.size, pageable)]
        let isEnd = parameters.page * parameters.size >= pageable

        let documents = JSON.array(slice.map { render($0.document, kind: kind, terms: parameters.terms) })
        // Keys in alphabetical order, as Kakao writes them (API-FACTS). total_count counts what the
        // index found, pageable_count what can be paged through (unconfirmed ratio; real answers show
        // a total far above the pageable count).
        var meta: [(String, JSON)] = [
            ("is_end", drifts.contains(.kakaoIsEndString) ? .string(isEnd ? "true" : "false") : .bool(isEnd)),
            ("pageable_count", .int(pageable)),
            ("total_count", .int(pageable * 13)),
        ]
        if pageable == 0 { meta[2] = ("total_count", .int(0)) }
        var members: [(String, JSON)] = [(drifts.contains(.kakaoDocumentsRenamed) ? "items" : "documents", documents)]
        if !drifts.contains(.kakaoMetaMissing) { members.append(("meta", .object(meta))) }
        return answer(200, .object(members))
    }

    private func render(_ document: KakaoSeed.Document, kind: KakaoSeed.Kind, terms: [String]) -> JSON {
        var members: [(String, JSON)] = []
        if let sourceName = document.sourceName { members.append((kind == .cafe ? "cafename" : "blogname", .string(sourceName))) }
        members.append(("contents", .string(Highlighter.html(document.contents, terms: terms))))
        members.append(("datetime", .string(datetime(document.millis))))
        if let thumbnail = document.thumbnail { members.append(("thumbnail", .string(thumbnail))) }
        members.append(("title", .string(Highlighter.html(document.title, terms: terms))))
        members.append(("url", .string(document.url)))
        return .object(members)
    }

    /// `2017-05-07T18:50:07.000+09:00`: three fraction digits and Korea's offset (or a drift's form).
    func datetime(_ millis: Int64) -> String {
        let seconds = millis >= 0 ? millis / 1000 : (millis - 999) / 1000
        let fraction = "." + String(millis - seconds * 1000).leftPadded(to: 3)
        if drifts.contains(.kakaoDatesUTC) { return UTCTime(seconds).dateTime + fraction + "Z" }
        let local = UTCTime(seconds + Self.koreaOffset).dateTime
        return local + (drifts.contains(.kakaoDatesNoMillis) ? "" : fraction) + "+09:00"
    }

    // MARK: Answers

    private var contentType: String {
        drifts.contains(.kakaoContentTypeText) ? "text/plain;charset=UTF-8" : Self.jsonType
    }

    /// A JSON answer with `<`, `>` and `&` escaped inside strings, as Kakao writes them.
    private func answer(_ status: Int, _ body: JSON) -> SandboxResponse {
        SandboxResponse(status: status, content: .bytes(body.bytes(escapingHTML: true), contentType: contentType))
    }

    /// A path this API does not serve ((unconfirmed) the wording of Kakao's answer).
    func notFound(_ path: String) -> SandboxResponse {
        error(404, "NotFound", "no such API: \(path)")
    }

    private func error(_ status: Int, _ type: String, _ message: String) -> SandboxResponse {
        if drifts.contains(.kakaoErrorCodeMsg) {
            return answer(status, .object([("code", .string(type)), ("msg", .string(message))]))
        }
        return answer(status, .object([("errorType", .string(type)), ("message", .string(message))]))
    }
}

/// Kakao's text as HTML: entities for `&`, `<`, `>`, `"`, `'` and `©`, and the words of the query wrapped in `<b>`.
enum Highlighter {
    /// How many times the words occur in `text`, ignoring case.
    static func count(_ terms: [String], in text: String) -> Int {
        matches(terms, in: text).count
    }

    static func html(_ text: String, terms: [String]) -> String {
        var result = ""
        var position = text.startIndex
        for range in matches(terms, in: text) {
            result += escape(text[position..<range.lowerBound]) + "<b>" + escape(text[range]) + "</b>"
            position = range.upperBound
        }
        return result + escape(text[position...])
    }

    /// The leftmost, longest, non-overlapping occurrences of any of the words.
    private static func matches(_ terms: [String], in text: String) -> [Range<String.Index>] {
        guard !terms.isEmpty else { return [] }
        var found: [Range<String.Index>] = []
        var position = text.startIndex
        while position < text.endIndex {
            var best: Range<String.Index>?
            for term in terms {
                guard let range = text.range(of: term, options: [.caseInsensitive], range: position..<text.endIndex) else { continue }
                if let current = best {
                    if range.lowerBound < current.lowerBound
                        || (range.lowerBound == current.lowerBound && range.upperBound > current.upperBound)
                    {
                        best = range
                    }
                } else {
                    best = range
                }
            }
            guard let next = best else { break }
            found.append(next)
            position = next.upperBound
        }
        return found
    }

    private static func escape(_ text: Substring) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "©": result += "&copy;"
            default: result.append(character)
            }
        }
        return result
    }
}
