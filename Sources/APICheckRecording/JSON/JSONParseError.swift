/// A JSON text that does not parse: what is wrong, where (line, column, byte), and inside which value.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, such as `expected ',' or '}' after an object member, found ']'`.
    public let message: String
    /// Where in the text.
    public let location: TextLocation
    /// The value being read when it went wrong, such as `/data/3/title`.
    public let pointer: JSONPointer

    /// Creates an error.
    public init(message: String, location: TextLocation, pointer: JSONPointer) {
        self.message = message
        self.location = location
        self.pointer = pointer
    }

    /// `line 3, column 14, at /data/0/title: unterminated string`.
    public var description: String {
        let at = pointer.isRoot ? "" : ", at \(pointer)"
        return "line \(location.line), column \(location.column)\(at): \(message)"
    }
}
