/// A replay that cannot go on: no recorded answer, a recording that cannot be read, a refused mode.
public struct ReplayError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The whole explanation, with what to do next.
    public let message: String

    /// Creates an error.
    public init(message: String) {
        self.message = message
    }

    /// The message, as a test issue or the CLI prints it.
    public var description: String { message }
}
