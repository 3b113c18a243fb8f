import APICheckRecording

/// Where the files a contract's `$ref`s name are read from: the disk, or a revision of a git repository
/// (`apicheck breaking --base`), so that both versions of a contract split across files are read whole.
public struct ReferencedFiles: Sendable {
    /// The bytes of the file at a path as the disk has it (relative to the current folder, or absolute), or why not.
    let read: @Sendable (String) -> Result<[UInt8], ReadFailure>
    /// How messages name the file at a path (`HEAD~1:contracts/todo.yaml` for a revision).
    let display: @Sendable (String) -> String

    /// Why a file could not be read: the words that finish "cannot read <file>: ".
    public struct ReadFailure: Error, Sendable {
        public let reason: String

        /// A failure with its reason, such as `no such file`.
        public init(_ reason: String) { self.reason = reason }
    }

    /// Files read from elsewhere: `read` gets a path as the disk has it, `display` says how messages name it.
    public init(
        read: @escaping @Sendable (String) -> Result<[UInt8], ReadFailure>, display: @escaping @Sendable (String) -> String
    ) {
        self.read = read
        self.display = display
    }

    /// The files on disk.
    public static let disk = ReferencedFiles(
        read: { path in
            guard let bytes = FileBytes.read(path) else { return .failure(ReadFailure(FileBytes.whyUnreadable(path))) }
            return .success(bytes)
        },
        display: { $0 })

    /// No other file: a contract given as text alone (the fuzz target) has nothing beside it.
    static let none = ReferencedFiles(
        read: { _ in .failure(ReadFailure("the contract was given as text, with no folder around it")) }, display: { $0 })
}
