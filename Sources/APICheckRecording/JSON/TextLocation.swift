/// A place in a text file: 1-based line and column (the column counts characters, not bytes).
public struct TextLocation: Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line.
    public let line: Int
    /// The 1-based column, in Unicode scalars.
    public let column: Int
    /// The 0-based byte offset.
    public let offset: Int

    /// Creates a location.
    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// Finds the line and column of a byte offset; only called on error paths, so it scans.
    public init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        // Count scalars: every byte that is not a UTF-8 continuation byte starts one.
        var column = 1
        for index in lineStart..<end where bytes[index] & 0xC0 != 0x80 {
            column += 1
        }
        self.init(line: line, column: column, offset: end)
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}
