/// One recording file, `apicheck-recording/1`: the interactions of one test or one scenario.
///
/// ```json
/// {
///   "format": "apicheck-recording/1",
///   "api": "todos",
///   "name": "update-todo",
///   "recorded_at": "2026-11-21T23:00:00Z",
///   "recorded_from": "sandbox",
///   "interactions": [ { "step": "...", "request": {...}, "response": {...} } ]
/// }
/// ```
/// Keys are written in that fixed order; unknown keys are an error when reading.
public struct Recording: Hashable, Sendable {
    /// The format identifier every recording file starts with.
    public static let format = "apicheck-recording/1"
    /// What `recorded_from` says in a contract example (written by `apicheck examples`): it exercises the contract
    /// by construction, not the API, so coverage and inference skip it.
    public static let fromContract = "contract"

    /// The API's name in `apicheck.yml`, such as `todos`.
    public var api: String
    /// The recording's name: the test's or the scenario's (also the file name, without `.json`).
    public var name: String
    /// When it was recorded, ISO-8601 in UTC to the second (`2026-11-21T23:00:00Z`).
    public var recordedAt: String
    /// `sandbox`, or the real base URL it was recorded from (never a sandbox's port).
    public var recordedFrom: String
    /// The requests and responses, in the order they happened.
    public var interactions: [Interaction]

    /// Creates a recording.
    public init(api: String, name: String, recordedAt: String, recordedFrom: String, interactions: [Interaction]) {
        self.api = api
        self.name = name
        self.recordedAt = recordedAt
        self.recordedFrom = recordedFrom
        self.interactions = interactions
    }

    /// Whether this is a contract example (`recorded_from: contract`), not an answer of the API.
    public var isContractExample: Bool { recordedFrom == Recording.fromContract }

    /// Whether two recordings hold the same content, ignoring when they were recorded.
    public func hasSameContent(as other: Recording) -> Bool {
        var other = other
        other.recordedAt = recordedAt
        return self == other
    }
}

/// One request and the response it got.
public struct Interaction: Hashable, Sendable {
    /// The scenario step that made it; scenario recordings only.
    public var step: String?
    /// The request.
    public var request: RecordedRequest
    /// The response.
    public var response: RecordedResponse

    /// Creates an interaction.
    public init(step: String? = nil, request: RecordedRequest, response: RecordedResponse) {
        self.step = step
        self.request = request
        self.response = response
    }
}

/// A recorded request; its URL is relative to the API's base URL, so it replays against any base.
public struct RecordedRequest: Hashable, Sendable {
    /// The method, upper-case: `GET`, `PUT`.
    public var method: String
    /// The path and query relative to the base URL, such as `/api/v2/todos?page=1`.
    public var url: String
    /// The name of a second base URL of the API (`apicheck.yml`) the request went to, if not the main one.
    public var base: String?
    /// The headers (volatile ones dropped).
    public var headers: HeaderFields
    /// The body, if any.
    public var body: RecordedBody?
    /// Why the request had a body that was not seen (an upload whose body no capture held), or nil; the file writes it
    /// as `"body": {"unseen": "<reason>"}`. Then ``body`` is nil, and the body is neither matched nor verified.
    public var unseenBody: String?

    /// Creates a request.
    public init(method: String, url: String, base: String? = nil, headers: HeaderFields = HeaderFields(), body: RecordedBody? = nil) {
        self.method = method
        self.url = url
        self.base = base
        self.headers = headers
        self.body = body
    }

    /// Creates a request that had a body nothing saw, saying why (``unseenBody``).
    public init(method: String, url: String, base: String? = nil, headers: HeaderFields = HeaderFields(), unseenBody: String) {
        self.init(method: method, url: url, base: base, headers: headers)
        self.unseenBody = unseenBody
    }

    /// The path part of ``url``, before any `?`.
    public var path: String {
        String(url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }

    /// The raw query part of ``url`` after `?`, or nil.
    public var query: String? {
        let parts = url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.count > 1 ? String(parts[1]) : nil
    }
}

/// A recorded response.
public struct RecordedResponse: Hashable, Sendable {
    /// The HTTP status.
    public var status: Int
    /// The headers (volatile ones, `Content-Length` and `Content-Encoding` dropped).
    public var headers: HeaderFields
    /// The decoded body, if any.
    public var body: RecordedBody?

    /// Creates a response.
    public init(status: Int, headers: HeaderFields = HeaderFields(), body: RecordedBody? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
