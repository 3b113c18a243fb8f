import Foundation
import WireFormat

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A typed client for Kakao's Daum search: blog, cafe and web documents.
///
/// Give it the `URLSession` to send through, the base URL explicitly (``apiURL`` for Kakao; a test
/// hands in a replaying session or a sandbox's URL) and the app's REST API key, from code or from
/// the environment. Every request is checked before it is sent (a blank query, a page or size
/// outside 1...50 never leave the app); every error answer becomes ``KakaoAPIError`` with Kakao's
/// `errorType`, and the key is never in an error, a log or a description.
///
/// ```swift
/// let client = KakaoClient(session: .shared, baseURL: KakaoClient.apiURL, key: try .fromEnvironment())
/// let page = try await client.blog(SearchRequest(query: "스위프트", sort: .recency))
/// for post in page.documents.sortedByDatetime() { print(post.title.plain, post.datetime) }
/// ```
public struct KakaoClient: Sendable {
    /// `https://dapi.kakao.com`.
    public static let apiURL = URL(string: "https://dapi.kakao.com") ?? URL(fileURLWithPath: "/")

    /// The API's root, such as `https://dapi.kakao.com`.
    public let baseURL: URL
    /// The session requests go through.
    public let session: URLSession
    let key: KakaoAPIKey

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - session: The session to send through.
    ///   - baseURL: The API's root (``apiURL`` for Kakao).
    ///   - key: The app's REST API key, sent as `Authorization: KakaoAK <key>`.
    public init(session: URLSession, baseURL: URL, key: KakaoAPIKey) {
        self.session = session
        self.baseURL = baseURL
        self.key = key
    }

    /// The decoder the client uses: dates read in any ISO-8601 form, keys mapped explicitly.
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .wireFormat
        return decoder
    }

    // MARK: Searches

    /// `GET /v2/search/blog`.
    public func blog(_ request: SearchRequest) async throws(KakaoAPIError) -> SearchPage<BlogPost> {
        try await search(.blog, request, as: BlogPost.self)
    }

    /// `GET /v2/search/cafe`.
    public func cafe(_ request: SearchRequest) async throws(KakaoAPIError) -> SearchPage<CafePost> {
        try await search(.cafe, request, as: CafePost.self)
    }

    /// `GET /v2/search/web`.
    public func web(_ request: SearchRequest) async throws(KakaoAPIError) -> SearchPage<WebDocument> {
        try await search(.web, request, as: WebDocument.self)
    }

    /// One page of any of the searches, as `Document` (``BlogPost`` for ``SearchKind/blog``, and so on).
    public func search<Document: SearchDocument>(
        _ kind: SearchKind, _ request: SearchRequest, as type: Document.Type
    ) async throws(KakaoAPIError) -> SearchPage<Document> {
        let label = "GET \(kind.path)"
        if let problem = request.problem {
            throw KakaoAPIError(kind: .invalidRequest, request: label, detail: problem)
        }
        var urlRequest = URLRequest(url: RequestURL.make(base: baseURL, path: kind.path, query: request.queryItems))
        urlRequest.httpMethod = "GET"
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        urlRequest.setValue("KakaoAK \(key.value)", forHTTPHeaderField: "Authorization")

        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch {
            throw KakaoAPIError(kind: .transport, request: label, detail: key.scrub(TransportFailure.describe(error)))
        }
        guard let http = response as? HTTPURLResponse else {
            throw KakaoAPIError(kind: .transport, request: label, detail: "the answer was not an HTTP response")
        }
        guard (200..<300).contains(http.statusCode) else {
            throw statusError(status: http.statusCode, data: data, label: label)
        }
        do {
            let body = try Self.makeDecoder().decode(SearchBody<Document>.self, from: data)
            return SearchPage(meta: body.meta, documents: body.documents, request: request)
        } catch {
            let failure = DecodingFailure.describe(error, body: data)
            throw KakaoAPIError(
                kind: .decoding, request: label, status: http.statusCode, keyPath: failure.keyPath, detail: key.scrub(failure.detail))
        }
    }

    // MARK: Paging

    /// Every document of a search, page after page from `request.page`, until `is_end`, page 50,
    /// `maxPages` pages, or Kakao's `InvalidArgument` (past the pages it serves): what was read until
    /// then is returned. Any other error is thrown, and so is `InvalidArgument` on the first page.
    public func allDocuments<Document: SearchDocument>(
        _ kind: SearchKind, _ request: SearchRequest, as type: Document.Type, maxPages: Int = SearchRequest.maxPage
    ) async throws(KakaoAPIError) -> [Document] {
        var documents: [Document] = []
        var next: SearchRequest? = request
        var pages = 0
        while let current = next, pages < maxPages {
            let page: SearchPage<Document>
            do {
                page = try await search(kind, current, as: type)
            } catch  where error.errorType == .invalidArgument && pages > 0 {
                break
            }
            documents += page.documents
            pages += 1
            next = page.next
        }
        return documents
    }

    // MARK: Errors

    private struct ErrorBody: Decodable {
        let errorType: String?
        let message: String?
    }

    func statusError(status: Int, data: Data, label: String) -> KakaoAPIError {
        let body = try? JSONDecoder().decode(ErrorBody.self, from: data)
        let message = body?.message.map(key.scrub)
        guard let type = body?.errorType else {
            // Not Kakao's error body: say how long it was, never what it said (it may hold the key).
            let detail = data.isEmpty ? "no body" : "a body of \(data.count) bytes without errorType"
            return KakaoAPIError(kind: .unexpectedStatus, request: label, status: status, message: message, detail: detail)
        }
        return KakaoAPIError(kind: .api, request: label, status: status, errorType: .init(rawValue: type), message: message)
    }
}
