/// A deliberate deviation of the sandbox from the real API, to prove that apicheck catches it.
///
/// Written `API/NAME` (`todos/dates-offset`); the `API/` prefix may be left out when one API is
/// selected. ``Drift/parse(_:defaultAPI:)`` rejects an unknown name with the list of valid ones.
public struct Drift: Hashable, Sendable, CustomStringConvertible, Comparable {
    /// The API it applies to, such as `todos`.
    public let api: String
    /// The deviation, such as `dates-offset`.
    public let name: String
    /// What the deviation does, for `--help` and error messages.
    public let summary: String

    init(api: String, name: String, summary: String) {
        self.api = api
        self.name = name
        self.summary = summary
    }

    /// `api/name`, as written on the command line.
    public var description: String { "\(api)/\(name)" }

    /// Two drifts are the same when their API and name are (the summary is only text).
    public static func == (lhs: Drift, rhs: Drift) -> Bool { lhs.api == rhs.api && lhs.name == rhs.name }
    /// Hashes the API and name.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(api)
        hasher.combine(name)
    }
    /// Orders by `api/name`.
    public static func < (lhs: Drift, rhs: Drift) -> Bool { lhs.description < rhs.description }

    // MARK: The todo API's drifts

    /// Dates with 3 fraction digits instead of 6.
    public static let todosDatesMilliseconds = Drift(
        api: "todos", name: "dates-milliseconds", summary: "dates with 3 fraction digits instead of 6")
    /// Dates with a `+09:00` offset instead of `Z` (the same instant).
    public static let todosDatesOffset = Drift(
        api: "todos", name: "dates-offset", summary: "dates with a +09:00 offset instead of Z (the same instant)")
    /// List endpoints answer the page's first item as an object in `data`.
    public static let todosListDataObject = Drift(
        api: "todos", name: "list-data-object", summary: "list endpoints answer the first item as an object in data")
    /// camelCase keys (`isDone`, `createdAt`, `currentPage`) instead of snake_case.
    public static let todosCamelCaseKeys = Drift(
        api: "todos", name: "camel-case-keys", summary: "camelCase keys (isDone, createdAt, currentPage) instead of snake_case")
    /// `is_done` as 0/1 instead of a boolean.
    public static let todosIsDoneInt = Drift(api: "todos", name: "is-done-int", summary: "is_done as 0/1 instead of a boolean")
    /// PUT ignores a form body (200, todo unchanged) and accepts JSON.
    public static let todosPutJSONOnly = Drift(
        api: "todos", name: "put-json-only", summary: "PUT ignores a form body (200, unchanged) and accepts JSON")
    /// Every 200 answer to a GET becomes 201.
    public static let todosStatus201 = Drift(api: "todos", name: "status-201", summary: "every 200 answer to a GET becomes 201")
    /// Every todo gains `"priority": "normal"`.
    public static let todosExtraField = Drift(api: "todos", name: "extra-field", summary: "every todo gains \"priority\": \"normal\"")
    /// List answers lose their `meta` block.
    public static let todosMissingMeta = Drift(api: "todos", name: "missing-meta", summary: "list answers without their meta block")

    // MARK: GitHub's drifts

    /// Event ids as JSON numbers instead of strings.
    public static let githubEventIDInt = Drift(
        api: "github", name: "event-id-int", summary: "event ids as numbers instead of strings of digits")
    /// Event dates with three fraction digits (`2022-06-09T12:47:28.123Z`).
    public static let githubDatesFraction = Drift(
        api: "github", name: "dates-fraction", summary: "event created_at with three fraction digits")
    /// Events without `Last-Modified` (and `If-Modified-Since` ignored).
    public static let githubNoLastModified = Drift(
        api: "github", name: "no-last-modified", summary: "events without Last-Modified; If-Modified-Since ignored")
    /// Events without `ETag`, and never a 304.
    public static let githubNoETag304 = Drift(api: "github", name: "no-etag-304", summary: "events without ETag, and never a 304")
    /// Events without their `actor`.
    public static let githubActorRemoved = Drift(api: "github", name: "actor-removed", summary: "events without their actor")
    /// Search answers `items` as one object instead of an array.
    public static let githubSearchItemsObject = Drift(
        api: "github", name: "search-items-object", summary: "search items as one object instead of an array")
    /// OAuth errors answered with HTTP 401 instead of 200.
    public static let githubOAuthError401 = Drift(
        api: "github", name: "oauth-error-401", summary: "OAuth errors with HTTP 401 instead of inside a 200")
    /// No `x-ratelimit-*` headers.
    public static let githubRateLimitHeadersMissing = Drift(
        api: "github", name: "ratelimit-headers-missing", summary: "no x-ratelimit-* headers")

    // MARK: Kakao's drifts

    /// Dates in UTC (`Z`) instead of `+09:00` (the same instant).
    public static let kakaoDatesUTC = Drift(
        api: "kakao", name: "dates-utc", summary: "datetime in UTC (Z) instead of +09:00 (the same instant)")
    /// Dates without their three fraction digits.
    public static let kakaoDatesNoMillis = Drift(
        api: "kakao", name: "dates-no-millis", summary: "datetime without its three fraction digits")
    /// Search answers without `meta`.
    public static let kakaoMetaMissing = Drift(api: "kakao", name: "meta-missing", summary: "search answers without their meta block")
    /// `is_end` as the string `"true"`/`"false"`.
    public static let kakaoIsEndString = Drift(
        api: "kakao", name: "is-end-string", summary: "meta.is_end as a string (\"false\") instead of a boolean")
    /// Errors as `{"code", "msg"}` instead of `{"errorType", "message"}`.
    public static let kakaoErrorCodeMsg = Drift(
        api: "kakao", name: "error-code-msg", summary: "errors as {code, msg} instead of {errorType, message}")
    /// Only `Authorization: Bearer <key>` accepted; `KakaoAK <key>` is 401.
    public static let kakaoAuthBearer = Drift(
        api: "kakao", name: "auth-bearer", summary: "only Authorization: Bearer <key> accepted; KakaoAK is 401")
    /// `documents` renamed to `items`.
    public static let kakaoDocumentsRenamed = Drift(api: "kakao", name: "documents-renamed", summary: "documents renamed to items")
    /// `text/plain;charset=UTF-8` instead of `application/json;charset=UTF-8`.
    public static let kakaoContentTypeText = Drift(
        api: "kakao", name: "content-type-text", summary: "Content-Type text/plain;charset=UTF-8 instead of application/json")

    // MARK: LSLP's drifts

    /// Only `Authorization: Bearer <token>` accepted; the raw token is 401.
    public static let lslpBearerRequired = Drift(
        api: "lslp", name: "bearer-required", summary: "only Authorization: Bearer <token> accepted; the raw token is 401")
    /// `GET refresh` always answers 409, as if the access token had not expired.
    public static let lslpRefresh409Always = Drift(
        api: "lslp", name: "refresh-409-always", summary: "GET refresh always 409 (access token not expired)")
    /// Login and refresh answer `accessToken` instead of `token`.
    public static let lslpTokenKeyRenamed = Drift(
        api: "lslp", name: "token-key-renamed", summary: "login and refresh answer accessToken instead of token")
    /// Every `_id` key written `id`.
    public static let lslpIDKeyRenamed = Drift(api: "lslp", name: "id-key-renamed", summary: "every _id key written id")
    /// `like_status` as the string `"true"`/`"false"`.
    public static let lslpLikeStatusString = Drift(
        api: "lslp", name: "like-status-string", summary: "like_status as a string (\"true\") instead of a boolean")
    /// An expired access token answered 401 instead of 419.
    public static let lslp419As401 = Drift(api: "lslp", name: "419-as-401", summary: "an expired access token is 401 instead of 419")
    /// `next_cursor` as a number (an offset; `0` on the last page) instead of a string.
    public static let lslpNextCursorInt = Drift(
        api: "lslp", name: "next-cursor-int", summary: "next_cursor as a number (0 on the last page) instead of a string")

    /// Every drift the sandbox knows, sorted by `api/name`.
    public static let all: [Drift] = [
        todosDatesMilliseconds, todosDatesOffset, todosListDataObject, todosCamelCaseKeys, todosIsDoneInt,
        todosPutJSONOnly, todosStatus201, todosExtraField, todosMissingMeta,
        githubEventIDInt, githubDatesFraction, githubNoLastModified, githubNoETag304, githubActorRemoved,
        githubSearchItemsObject, githubOAuthError401, githubRateLimitHeadersMissing,
        kakaoDatesUTC, kakaoDatesNoMillis, kakaoMetaMissing, kakaoIsEndString, kakaoErrorCodeMsg, kakaoAuthBearer,
        kakaoDocumentsRenamed, kakaoContentTypeText,
        lslpBearerRequired, lslpRefresh409Always, lslpTokenKeyRenamed, lslpIDKeyRenamed, lslpLikeStatusString, lslp419As401,
        lslpNextCursorInt,
    ].sorted()

    /// Parses `api/name`, or `name` alone when `defaultAPI` names the one selected API or only one API has the name.
    ///
    /// - Throws: ``SandboxError`` listing the valid drifts when the name is unknown.
    public static func parse(_ text: String, defaultAPI: String?) throws(SandboxError) -> Drift {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let api: String
        let name: String
        if parts.count == 2 {
            api = parts[0]
            name = parts[1]
        } else if let defaultAPI {
            api = defaultAPI
            name = text
        } else {
            // More than one API: a name that only one API has is still clear.
            let named = all.filter { $0.name == text }
            guard named.count == 1 else {
                let reason =
                    named.isEmpty
                    ? "no API has such a drift" : "\(named.map(\.api).joined(separator: " and ")) both have it; write API/NAME"
                throw SandboxError.unknownDrift(text, reason: reason)
            }
            return named[0]
        }
        guard let drift = all.first(where: { $0.api == api && $0.name == name }) else {
            let known = SandboxAPI.all.map(\.name)
            let reason = known.contains(api) ? "no such drift for \(api)" : "unknown API '\(api)' (known: \(known.joined(separator: ", ")))"
            throw SandboxError.unknownDrift(text, reason: reason)
        }
        return drift
    }
}
