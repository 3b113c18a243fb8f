import APICheck

/// One operation a session answers whatever its parameters: every request with this method and a path
/// that fits the template gets this response (the contract examples' replay, where the client builds
/// its own request with its own ids and query).
public struct ReplayRoute: Sendable {
    /// `GET`, upper-case.
    public let method: String
    /// The operation's path template, such as `/api/v2/todos/{id}`.
    public let pathTemplate: String
    /// The answer to every matching request.
    public let response: RecordedResponse
    private let segments: [Segment?]

    /// A route: `{name}` in `pathTemplate` stands for any one non-empty path segment.
    public init(method: String, pathTemplate: String, response: RecordedResponse) {
        self.method = method.uppercased()
        self.pathTemplate = pathTemplate
        self.response = response
        segments = pathTemplate.split(separator: "/", omittingEmptySubsequences: true).map { part in
            part.hasPrefix("{") && part.hasSuffix("}") ? nil : Segment(text: String(part))
        }
    }

    /// `GET /api/v2/todos/{id}`.
    public var operation: String { "\(method) \(pathTemplate)" }

    /// How many literal segments a request for `path` (no query) with `method` matches, or nil when it is
    /// not this route's: of two routes that fit, the one with more literals wins (`/todos/search` over `/todos/{id}`).
    func literalMatches(method: String, path: String) -> Int? {
        guard method.uppercased() == self.method else { return nil }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count == segments.count else { return nil }
        var literals = 0
        for (segment, part) in zip(segments, parts) {
            guard let segment else { continue }
            if segment.text != String(part) { return nil }
            literals += 1
        }
        return literals
    }

    private struct Segment: Sendable {
        let text: String
    }
}
