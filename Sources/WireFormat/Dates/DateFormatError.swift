/// The error thrown when a string is not an ISO-8601 date-time; it quotes the input and says why.
public struct DateFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The string that failed to parse.
    public let input: String
    /// What is wrong with it, such as `month 13 is out of range 1...12`.
    public let reason: String
    /// The UTF-8 offset in `input` where the problem was found.
    public let offset: Int

    /// Creates an error for `input`, with the reason and the UTF-8 offset of the problem.
    public init(input: String, reason: String, offset: Int) {
        self.input = input
        self.reason = reason
        self.offset = offset
    }

    /// A message such as `"2024-13-01T00:00:00Z" is not an ISO-8601 date-time: month 13 is out of range 1...12`.
    public var description: String {
        "\(quoted(input)) is not an ISO-8601 date-time (expected yyyy-MM-ddTHH:mm:ss[.fraction](Z|+hh:mm)): \(reason)"
    }
}

/// `input` in double quotes, shortened past 80 characters so a huge value cannot flood a message.
func quoted(_ input: String) -> String {
    let limit = 80
    if input.count <= limit { return "\"\(input)\"" }
    return "\"\(input.prefix(limit))...\" (\(input.utf8.count) bytes)"
}
