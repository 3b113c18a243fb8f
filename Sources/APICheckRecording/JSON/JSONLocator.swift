import Foundation

/// Where the values of one JSON text are, asked many times: the text is scanned once for its values a few levels deep
/// and its line starts, and each question scans only the value it starts from, skipping what it passes without
/// building it.
///
/// ``JSONReader/location(ofNearest:in:)`` parses the text again for each question, which is right for one error and
/// wrong for hundreds of changes in a vendor's description (a parse of megabytes each).
package struct JSONLocator: Sendable {
    private let bytes: [UInt8]
    /// The offset at which each line starts, the first line's (0) first.
    private let lineStarts: [Int]
    /// The values at most ``indexDepth`` tokens deep, by their tokens: where each is reported (its key, for a member
    /// of an object) and where its value starts.
    private let index: [[String]: (reported: Int, value: Int)]
    static let indexDepth = 3

    /// Scans `bytes`, a JSON text; one that is not well-formed is located as far as it goes.
    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var at = 0
            while at < buffer.count, let found = memchr(base + at, 0x0A, buffer.count - at) {
                at = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                starts.append(at)
            }
        }
        lineStarts = starts
        var index: [[String]: (reported: Int, value: Int)] = [:]
        bytes.withUnsafeBufferPointer { buffer in
            let scanner = Scanner(b: buffer)
            // The document is reported where it starts, after a byte order mark (as the parser reports it).
            let start = buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF ? 3 : 0
            let root = scanner.skipWhitespace(from: start)
            index[[]] = (start, root)
            _ = scanner.indexMembers(of: root, path: [], depth: Self.indexDepth, into: &index)
        }
        self.index = index
    }

    /// The location of the value at `pointer` (of its key, for a member of an object), or of the deepest value on the
    /// way to it that is in the text; nil for a text with no value.
    package func location(ofNearest pointer: JSONPointer) -> TextLocation? {
        let tokens = pointer.tokens
        var depth = min(tokens.count, Self.indexDepth)
        while depth > 0, index[Array(tokens[0..<depth])] == nil { depth -= 1 }
        guard var found = index[Array(tokens[0..<depth])] else { return nil }
        bytes.withUnsafeBufferPointer { buffer in
            let scanner = Scanner(b: buffer)
            for token in tokens[depth...] {
                guard let next = scanner.child(token, of: found.value) else { break }
                found = next
            }
        }
        return location(at: found.reported)
    }

    /// The line and column (in Unicode scalars) of `offset`.
    private func location(at offset: Int) -> TextLocation {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var column = 1
        for index in lineStarts[low]..<min(offset, bytes.count) where bytes[index] & 0xC0 != 0x80 { column += 1 }
        return TextLocation(line: low + 1, column: column, offset: offset)
    }

    /// Skips through a JSON text without building its values.
    private struct Scanner {
        let b: UnsafeBufferPointer<UInt8>

        func skipWhitespace(from offset: Int) -> Int {
            var i = offset
            while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
            return i
        }

        /// The offset after the string that starts at `offset` (its opening quote).
        /// (The closing quote found by `memchr`, and taken unless an odd number of backslashes stands before it: a
        /// byte at a time, skipping a vendor's two descriptions was most of locating their changes.)
        func skipString(from offset: Int) -> Int {
            guard let base = b.baseAddress else { return b.count }
            var i = offset + 1
            while i < b.count, let found = memchr(base + i, 0x22, b.count - i) {
                let quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                var backslashes = 0
                while quote - backslashes - 1 > offset, b[quote - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
                if backslashes % 2 == 0 { return quote + 1 }
                i = quote + 1
            }
            return b.count
        }

        /// The offset after the value that starts at `offset`.
        func skipValue(from offset: Int) -> Int {
            guard offset < b.count else { return offset }
            switch b[offset] {
            case UInt8(ascii: "\""):
                return skipString(from: offset)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                var i = offset
                while i < b.count {
                    switch b[i] {
                    case UInt8(ascii: "\""):
                        i = skipString(from: i)
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 { return i + 1 }
                    default: break
                    }
                    i += 1
                }
                return b.count
            default:
                var i = offset
                while i < b.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09].contains(b[i]) {
                    i += 1
                }
                return i
            }
        }

        /// The key of the string at `offset`, its escapes read as JSON says.
        func key(at offset: Int) -> String {
            let end = skipString(from: offset)
            let body = UnsafeBufferPointer(rebasing: b[min(offset + 1, end)..<max(offset + 1, end - 1)])
            guard body.contains(UInt8(ascii: "\\")) else { return String(decoding: body, as: UTF8.self) }
            var parser = JSONParser(bytes: b)
            parser.i = offset
            return (try? parser.string()) ?? String(decoding: body, as: UTF8.self)
        }

        /// Calls `body` with each member of the object at `offset` (where its key starts, the key, where its value
        /// starts), or each item of the array there (where it starts, its index, where it starts); `body` answers where
        /// that value ends, or nil to stop. The offset just past the object or array, or nil when stopped (or where the
        /// text is not well-formed).
        @discardableResult
        func forEachChild(of offset: Int, _ body: (Int, String, Int) -> Int?) -> Int? {
            guard offset < b.count else { return nil }
            let isObject = b[offset] == UInt8(ascii: "{")
            guard isObject || b[offset] == UInt8(ascii: "[") else { return nil }
            var i = skipWhitespace(from: offset + 1)
            var count = 0
            while i < b.count, b[i] != UInt8(ascii: "}"), b[i] != UInt8(ascii: "]") {
                let reported = i
                var name = String(count)
                if isObject {
                    guard b[i] == UInt8(ascii: "\"") else { return nil }
                    name = key(at: i)
                    i = skipWhitespace(from: skipString(from: i))
                    guard i < b.count, b[i] == UInt8(ascii: ":") else { return nil }
                    i = skipWhitespace(from: i + 1)
                }
                guard let end = body(reported, name, i) else { return nil }
                i = skipWhitespace(from: end)
                guard i < b.count, b[i] == UInt8(ascii: ",") else { break }
                i = skipWhitespace(from: i + 1)
                count += 1
            }
            return i < b.count ? i + 1 : nil
        }

        /// Where the member `token` of the object at `offset` (or its item numbered `token`, for an array) is
        /// reported and its value starts; nil when there is none.
        func child(_ token: String, of offset: Int) -> (reported: Int, value: Int)? {
            var found: (reported: Int, value: Int)?
            forEachChild(of: offset) { reported, name, value in
                guard name != token else {
                    found = (reported, value)
                    return nil
                }
                return skipValue(from: value)
            }
            return found
        }

        /// Notes in `index` every value below the one at `offset`, to `depth` levels; where that value ends. Each byte is
        /// read once: a member noted is scanned by the level below, not skipped first and scanned again (three times
        /// over a vendor's description).
        func indexMembers(of offset: Int, path: [String], depth: Int, into index: inout [[String]: (reported: Int, value: Int)]) -> Int {
            guard depth > 0, offset < b.count, b[offset] == UInt8(ascii: "{") || b[offset] == UInt8(ascii: "[") else {
                return skipValue(from: offset)
            }
            let end = forEachChild(of: offset) { reported, name, value in
                let below = path + [name]
                index[below] = (reported, value)
                return indexMembers(of: value, path: below, depth: depth - 1, into: &index)
            }
            return end ?? b.count
        }
    }
}
