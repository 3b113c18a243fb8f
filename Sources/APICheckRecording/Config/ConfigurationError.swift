/// A configuration file (`apicheck.yml`) or YAML document that cannot be used: where, and what is wrong.
public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file.
    public var file: String
    /// The 1-based line, when known.
    public var line: Int?
    /// The 1-based column, when known.
    public var column: Int?
    /// The dotted key path, such as `apis.todos.auth.header`.
    public var keyPath: String
    /// What is wrong, and what is allowed instead.
    public var message: String

    /// Creates an error.
    public init(file: String, line: Int? = nil, column: Int? = nil, keyPath: String = "", message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.keyPath = keyPath
        self.message = message
    }

    /// Compiler style: `apicheck.yml:12:5: error: apis.todos.auth: unknown key "heder" (allowed: header, env, prefix)`.
    public var description: String {
        var head = file
        if let line { head += ":\(line)" }
        if let column { head += ":\(column)" }
        let at = keyPath.isEmpty ? "" : "\(keyPath): "
        return "\(head): error: \(at)\(message)"
    }
}

extension ConfigurationError {
    /// A recording or HAR problem as an input error of a command, keeping its file, line and pointer.
    package init(_ error: RecordingError, defaultFile: String) {
        self.init(
            file: error.file ?? defaultFile, line: error.location?.line, column: error.location?.column,
            keyPath: error.pointer.description, message: error.message
        )
    }
}
