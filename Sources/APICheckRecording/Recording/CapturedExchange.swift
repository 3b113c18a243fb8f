import Foundation

/// A request and its response as an HTTP layer saw them, before they become an ``Interaction``.
///
/// The replay layer fills it from `URLRequest`/`HTTPURLResponse`; this module stays free of networking.
public struct CapturedExchange: Sendable {
    public var method: String
    /// The absolute URL the request went to.
    public var url: URL
    public var requestHeaders: [(String, String)]
    public var requestBody: Data?
    /// Why the request had a body the capture does not hold (a HAR entry without `postData` whose `bodySize` is
    /// positive), or nil: the recording then says `"body": {"unseen": ...}` instead of claiming no body was sent.
    public var requestBodyUnseen: String?
    public var status: Int
    public var responseHeaders: [(String, String)]
    public var responseBody: Data?

    /// Creates an exchange.
    public init(
        method: String, url: URL, requestHeaders: [(String, String)], requestBody: Data?,
        status: Int, responseHeaders: [(String, String)], responseBody: Data?
    ) {
        self.method = method
        self.url = url
        self.requestHeaders = requestHeaders
        self.requestBody = requestBody
        self.status = status
        self.responseHeaders = responseHeaders
        self.responseBody = responseBody
    }
}

/// Headers a recording never stores: they change on every call or machine, or describe the transfer, not the content.
public enum VolatileHeaders {
    /// Request headers left out (lower-case).
    public static let request: Set<String> = [
        "content-length", "host", "connection", "keep-alive", "transfer-encoding", "user-agent",
        "accept-encoding", "accept-language", "expect", "te", "upgrade",
    ]
    /// Response headers left out (lower-case).
    public static let response: Set<String> = [
        "date", "server", "content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive",
        "x-request-id", "x-runtime", "cf-ray", "x-amz-cf-id", "x-amzn-trace-id", "x-amzn-requestid", "via", "age",
        "x-served-by", "x-cache", "x-cache-hits", "x-timer", "x-github-request-id", "report-to", "nel", "alt-svc",
        "x-envoy-upstream-service-time", "traceparent", "x-cloud-trace-context",
    ]
}

extension Interaction {
    /// Turns a captured exchange into an interaction: URL made relative, volatile headers and the
    /// multipart boundary dropped, bodies classified by content type. Not yet redacted.
    ///
    /// - Parameters:
    ///   - baseURLs: The API's base URLs by name; `""` names the main one. The request's URL must start with one.
    ///   - step: The scenario step's name, for scenario recordings.
    public init(capturing exchange: CapturedExchange, baseURLs: [String: URL], step: String? = nil) throws(RecordingError) {
        try self.init(capturing: exchange, bases: BaseURLSet(baseURLs), step: step)
    }

    /// The same, with the base URLs prepared once (for a replay session's hot path).
    package init(capturing exchange: CapturedExchange, bases: BaseURLSet, step: String? = nil) throws(RecordingError) {
        guard let (baseName, relative) = bases.relativeURL(exchange.url) else {
            let known = bases.prefixes.map(\.prefix).sorted().joined(separator: ", ")
            throw RecordingError(message: "\(exchange.method) \(exchange.url.absoluteString) is not under the API's base URL (\(known))")
        }
        var requestHeaders = HeaderFields(exchange.requestHeaders)
        requestHeaders.remove(VolatileHeaders.request)
        let requestType = requestHeaders["Content-Type"]
        if let requestType { requestHeaders["Content-Type"] = MediaType.removingParameter("boundary", from: requestType) }
        var responseHeaders = HeaderFields(exchange.responseHeaders)
        responseHeaders.remove(VolatileHeaders.response)
        let responseType = responseHeaders["Content-Type"]
        if let responseType { responseHeaders["Content-Type"] = MediaType.removingParameter("boundary", from: responseType) }
        // Link URLs under a base URL are stored relative, as request URLs are: a recording replays against any
        // base URL, and one made against a sandbox holds no port (clients resolve Link against their base URL).
        if let link = responseHeaders["Link"] { responseHeaders["Link"] = bases.relativeLinks(link) }

        self.init(
            step: step,
            request: RecordedRequest(
                method: exchange.method.uppercased(), url: relative, base: baseName.isEmpty ? nil : baseName,
                headers: requestHeaders,
                body: exchange.requestBody.flatMap { RecordedBody(bytes: $0, contentType: requestType) }
            ).unseen(exchange.requestBody == nil ? exchange.requestBodyUnseen : nil),
            response: RecordedResponse(
                status: exchange.status, headers: responseHeaders,
                body: exchange.responseBody.flatMap { RecordedBody(bytes: $0, contentType: responseType) }
            )
        )
    }
}

/// An API's base URLs by name (`""` for the main one), prepared for turning absolute URLs into relative ones.
package struct BaseURLSet: Sendable {
    /// The URL prefixes without a trailing `/`, longest first, with their names.
    package let prefixes: [(name: String, prefix: String)]

    /// `url` as a prefix: its absolute string without a trailing `/`.
    package static func trimmed(_ url: URL) -> String {
        var prefix = url.absoluteString
        while prefix.hasSuffix("/") { prefix.removeLast() }
        return prefix
    }

    /// Prepares `baseURLs`.
    package init(_ baseURLs: [String: URL]) {
        self.init(entries: baseURLs.map { ($0.key, $0.value) })
    }

    /// Prepares base URLs where one name may have several URLs (the replay layer's: the URL it hands out and the
    /// app's own production URLs). With `bothSchemes`, each URL is also known with the other of `http`/`https`.
    ///
    /// When two names share a prefix, the first entry given keeps it.
    package init(entries: [(name: String, url: URL)], bothSchemes: Bool = false) {
        var seen: Set<String> = []
        var prefixes: [(name: String, prefix: String)] = []
        for (name, url) in entries {
            let prefix = Self.trimmed(url)
            var forms = [prefix]
            if bothSchemes {
                if prefix.hasPrefix("https://") { forms.append("http://" + prefix.dropFirst("https://".count)) }
                if prefix.hasPrefix("http://") { forms.append("https://" + prefix.dropFirst("http://".count)) }
            }
            for form in forms where seen.insert(form).inserted {
                prefixes.append((name, form))
            }
        }
        // Longest first; a stable sort keeps the order given among prefixes of one length.
        self.prefixes = prefixes.enumerated().sorted { ($0.element.prefix.count, -$0.offset) > ($1.element.prefix.count, -$1.offset) }.map(
            \.element)
    }

    /// A `Link` header value with every `<URL>` under one of the base URLs made relative (`</repositories/1/events?page=2>`).
    package func relativeLinks(_ value: String) -> String {
        var result = ""
        var rest = Substring(value)
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            result += rest[...open]
            let target = String(rest[rest.index(after: open)..<close])
            if let url = URL(string: target), let (_, relative) = relativeURL(url) {
                result += relative
            } else {
                result += target
            }
            rest = rest[close...]
            result += ">"
            rest = rest.dropFirst()
        }
        return result + rest
    }

    /// The name of the base URL `url` is under, and the rest of it (path and query) starting with `/`.
    package func relativeURL(_ url: URL) -> (String, String)? {
        match(url).map { ($0.name, $0.relative) }
    }

    /// The base URL `url` is under: its name, the prefix it matched (no trailing `/`), and the rest (path and query)
    /// starting with `/`.
    package func match(_ url: URL) -> (name: String, prefix: String, relative: String)? {
        let absolute = url.absoluteString
        // Longest base first, so that `https://h/api/v2` wins over `https://h`.
        for (name, prefix) in prefixes where absolute.hasPrefix(prefix) {
            var rest = String(absolute.dropFirst(prefix.count))
            if let hash = rest.firstIndex(of: "#") { rest = String(rest[..<hash]) }
            if rest.isEmpty || rest.hasPrefix("?") { rest = "/" + rest }
            guard rest.hasPrefix("/") else { continue }
            return (name, prefix, rest)
        }
        return nil
    }
}

extension RecordedRequest {
    /// The request with ``unseenBody`` set to `reason` (when it is not nil).
    func unseen(_ reason: String?) -> RecordedRequest {
        var request = self
        if let reason { request.unseenBody = reason }
        return request
    }
}
