/// A recording that cannot be read or written: which file, where in it, and what is wrong.
public struct RecordingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file, when the recording came from one.
    public var file: String?
    /// The line and column, when known.
    public var location: TextLocation?
    /// The JSON pointer of the offending value (`""` for the whole document).
    public var pointer: JSONPointer
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(file: String? = nil, location: TextLocation? = nil, pointer: JSONPointer = .root, message: String) {
        self.file = file
        self.location = location
        self.pointer = pointer
        self.message = message
    }

    /// Compiler style: `recordings/todos/tests/list.json:14:5: error: at /interactions/0/request: unknown field "foo"`.
    public var description: String {
        var head = file ?? "<recording>"
        if let location { head += ":\(location.line):\(location.column)" }
        let at = pointer.isRoot ? "" : "at \(pointer): "
        return "\(head): error: \(at)\(message)"
    }
}

extension RecordingError {
    /// Parses a file's JSON, turning a syntax error into a located ``RecordingError``.
    package static func parseJSON(_ bytes: [UInt8], file: String?) throws(RecordingError) -> JSONValue {
        do {
            return try JSONReader.parse(bytes)
        } catch {
            throw RecordingError(file: file, location: error.location, pointer: error.pointer, message: "not valid JSON: \(error.message)")
        }
    }

    /// This error with the file and the line and column of its pointer in `bytes`.
    package func located(in bytes: [UInt8], file: String?) -> RecordingError {
        var located = self
        located.file = file
        located.location = JSONReader.location(of: pointer, in: bytes)
        return located
    }
}
