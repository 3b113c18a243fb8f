import APICheckRecording

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
    let template: PathTemplate

    /// A route: `{name}` in `pathTemplate` stands for any one non-empty path segment.
    public init(method: String, pathTemplate: String, response: RecordedResponse) {
        self.method = method.uppercased()
        self.pathTemplate = pathTemplate
        self.response = response
        template = PathTemplate(pathTemplate)
    }

    /// `GET /api/v2/todos/{id}`.
    public var operation: String { "\(method) \(pathTemplate)" }
}
