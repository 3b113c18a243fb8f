import APICheckRecording
import Foundation
import WireFormat
import Yams

/// A contract file's text, parsed as what it is: JSON as JSON (RFC 8259), anything else as YAML; and where each
/// JSON pointer of it is in the file.
///
/// A file whose first character (after a byte order mark and whitespace) is `{`, or whose name ends in `.json`, is
/// JSON whatever else it could be: a YAML parser reads most JSON, but not all of it (`\uD83D\uDE00`, a surrogate
/// pair, is refused by YAML's escapes), and its errors would name YAML for a JSON file.
package struct ContractSource {
    package let path: String
    /// The document as written.
    let tree: JSONValue
    private let yaml: Node?
    private let text: Text
    /// Whether the text may hold a `$ref` to another file: false only for JSON in which every `"$ref"` key is followed
    /// by a value that starts with `#` and no letter of `$ref` is written as an escape (`\u0024`), so that a
    /// vendor's description of one file is known to be one without a walk of its tree.
    let mayNameAnotherFile: Bool
    /// Whether the document may declare schema resources, anchors or meta-schemas of its own (`$id`, `$anchor`,
    /// `$dynamicAnchor`, `$schema`, `$dynamicRef`) or refer outside itself: false only for JSON in which no such key can
    /// be written (none is, and no key starting with `$` has an escape) and ``mayNameAnotherFile`` is false. Such a
    /// document's resources are known without a walk of its tree (``SchemaResources/init()``).
    let mayDeclareResources: Bool
    /// How many reference tokens the deepest `$ref` of the text names (`#/components/schemas/Todo`: 3), known where
    /// ``mayDeclareResources`` is false and no `$ref` is written with an escape or a percent sign; `Int.max` otherwise.
    /// A schema nested deeper than this inside another is named by no `$ref` (``SchemaCompiler/deepestTarget``).
    let deepestReference: Int

    /// The text, for finding lines: kept, or, for a large JSON file, read again when a line is wanted.
    private enum Text: Sendable {
        case kept([UInt8])
        /// How to read the text again, and its length and checksum: a text that is not the one parsed any more (the
        /// file changed since) gives no line rather than a wrong one.
        case reread(@Sendable () -> [UInt8]?, count: Int, checksum: UInt64)

        /// The text: kept, or read again when it is still the one parsed; nil when it cannot be read or has changed.
        var bytes: [UInt8]? {
            switch self {
            case .kept(let bytes): return bytes
            case .reread(let read, let count, let checksum):
                guard let bytes = read(), bytes.count == count, ContractSource.checksum(bytes) == checksum else { return nil }
                return bytes
            }
        }
    }

    /// The size of a JSON text from which a source that can read it again keeps no copy: a vendor's description is
    /// megabytes, and lines are only wanted for an error.
    static let rereadFrom = 1 << 20

    /// The size of a JSON text read on two threads (``JSONReader/parse(_:apartFrom:)``): a vendor's description.
    static let readApartFrom = 1 << 20

    /// Parses `bytes`, the text of the contract at `path`. With `reread` (which reads the same text again) a JSON text
    /// of ``rereadFrom`` bytes or more is not kept: it is freed once parsed, and read again to find a line.
    ///
    /// - Throws: ``ConfigurationError`` with the line and column of a syntax error.
    static func parse(_ bytes: consuming [UInt8], path: String, reread: (@Sendable () -> [UInt8]?)? = nil) throws(ConfigurationError)
        -> ContractSource
    {
        guard isJSON(bytes, path: path) else { return try parseYAML(bytes, path: path) }
        let tree: JSONValue
        do {
            tree = try JSONReader.parse(bytes, apartFrom: readApartFrom)
        } catch {
            throw ConfigurationError(
                file: path, line: error.location.line, column: error.location.column, keyPath: error.pointer.description,
                message: "not valid JSON: \(error.message)")
        }
        let (names, declares, deepest) = Self.scan(bytes)
        if let reread, bytes.count >= rereadFrom {
            let text = Text.reread(reread, count: bytes.count, checksum: Self.checksum(bytes))
            _ = consume bytes
            return ContractSource(
                path: path, tree: tree, yaml: nil, text: text, mayNameAnotherFile: names, mayDeclareResources: declares,
                deepestReference: deepest)
        }
        return ContractSource(
            path: path, tree: tree, yaml: nil, text: .kept(bytes), mayNameAnotherFile: names, mayDeclareResources: declares,
            deepestReference: deepest)
    }

    private static func parseYAML(_ bytes: [UInt8], path: String) throws(ConfigurationError) -> ContractSource {
        guard let text = String.validatingUTF8(bytes) else {
            throw ConfigurationError(file: path, message: "the contract is not UTF-8 text")
        }
        let reader = try YAMLReader.parse(text, file: path)
        return ContractSource(
            path: path, tree: try reader.json(), yaml: reader.node, text: .kept(bytes), mayNameAnotherFile: true, mayDeclareResources: true,
            deepestReference: .max)
    }

    /// Whether a JSON text may hold a `$ref` to another file (``mayNameAnotherFile``), whether it may declare
    /// resources of its own or refer outside itself (``mayDeclareResources``), and its ``deepestReference``. It visits
    /// only the `$` and `\\` bytes, found by `memchr`: a byte loop over every byte of a vendor's description was a
    /// thirtieth of its loading.
    private static func scan(_ bytes: [UInt8]) -> (mayNameAnotherFile: Bool, mayDeclareResources: Bool, deepestReference: Int) {
        bytes.withUnsafeBufferPointer { text in
            // An escaped letter of `$ref` may spell the key: any such escape anywhere counts.
            let escapes = ["\\u0024", "\\u0072", "\\u0065", "\\u0066"].map { Array($0.utf8) }
            for index in positions(of: UInt8(ascii: "\\"), in: text) where escapes.contains(where: { has($0, in: text, at: index) }) {
                return (true, true, .max)
            }
            let dollars = positions(of: UInt8(ascii: "$"), in: text)
            // `"$ref"` followed by a value that does not start with `#`; each that does, its tokens (a `/` each).
            let key = Array(#""$ref""#.utf8)
            var deepest = 0
            for dollar in dollars where dollar > 0 && has(key, in: text, at: dollar - 1) {
                var next = dollar - 1 + key.count
                while next < text.count, [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ":")].contains(text[next]) { next += 1 }
                guard next + 1 < text.count, text[next] == UInt8(ascii: "\"") else { continue }
                if text[next + 1] != UInt8(ascii: "#") { return (true, true, .max) }
                deepest = max(deepest, tokens(ofReferenceAt: next + 1, in: text))
            }
            // A string that starts `$` and is one of the keywords that declare, or has an escape (it might spell one).
            for dollar in dollars where dollar > 0 && text[dollar - 1] == UInt8(ascii: "\"") {
                var end = dollar + 1
                while end < text.count, text[end] != UInt8(ascii: "\""), text[end] != UInt8(ascii: "\\") { end += 1 }
                guard end < text.count, text[end] == UInt8(ascii: "\"") else { return (false, true, .max) }
                let name = UnsafeBufferPointer(rebasing: text[(dollar + 1)..<end])
                if declaring.contains(where: { $0.elementsEqual(name) }) { return (false, true, .max) }
            }
            return (false, false, deepest)
        }
    }

    /// How many tokens the fragment string starting at `start` (its `#`) names: one per `/`; `Int.max` where an escape
    /// (`\\/`) or a percent sign (`%2F`) might write one another way, or the string does not end.
    private static func tokens(ofReferenceAt start: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        var index = start
        while index < text.count {
            switch text[index] {
            case UInt8(ascii: "\""): return count
            case UInt8(ascii: "/"): count += 1
            case UInt8(ascii: "\\"), UInt8(ascii: "%"): return .max
            default: break
            }
            index += 1
        }
        return .max
    }

    /// The keywords (after their `$`) that declare a resource, an anchor or a meta-schema, or refer dynamically.
    private static let declaring = ["id", "anchor", "dynamicAnchor", "schema", "dynamicRef"].map { Array($0.utf8) }

    /// The offsets of `byte` in `text`, in order.
    private static func positions(of byte: UInt8, in text: UnsafeBufferPointer<UInt8>) -> [Int] {
        guard let base = text.baseAddress else { return [] }
        var found: [Int] = []
        var from = 0
        while from < text.count, let hit = memchr(base + from, Int32(byte), text.count - from) {
            let offset = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            found.append(offset)
            from = offset + 1
        }
        return found
    }

    /// A checksum of a text (FNV-1a over 8-byte words), to tell a text read again from the one parsed.
    private static func checksum(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { raw in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            var offset = 0
            while offset + 8 <= raw.count {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x100_0000_01b3
                offset += 8
            }
            while offset < raw.count {
                hash = (hash ^ UInt64(raw[offset])) &* 0x100_0000_01b3
                offset += 1
            }
            return hash
        }
    }

    private static func has(_ sequence: [UInt8], in text: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index + sequence.count <= text.count else { return false }
        for offset in sequence.indices where text[index + offset] != sequence[offset] { return false }
        return true
    }

    /// This file for finding lines only (``location(of:)``), without its tree.
    var forLocating: ContractSource {
        ContractSource(
            path: path, tree: .null, yaml: yaml, text: text, mayNameAnotherFile: mayNameAnotherFile,
            mayDeclareResources: mayDeclareResources, deepestReference: deepestReference)
    }

    /// Whether the text is JSON: it starts with `{` (after a byte order mark and whitespace), or the file is `.json`.
    static func isJSON(_ bytes: [UInt8], path: String) -> Bool {
        if path.lowercased().hasSuffix(".json") { return true }
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: "{")
    }

    /// A locator for the many pointers of a JSON text (``JSONLocator``); nil for YAML (whose nodes keep their marks)
    /// or a text that cannot be read again.
    func locator() -> JSONLocator? {
        locatorMaker()?() ?? nil
    }

    /// What makes ``locator()``, to run on another thread; nil for YAML.
    package func locatorMaker() -> (@Sendable () -> JSONLocator?)? {
        guard yaml == nil else { return nil }
        let text = text
        return { text.bytes.map(JSONLocator.init) }
    }

    /// Where the value at `pointer` is written (its key, for a member of a mapping), or where the deepest value on
    /// the way to it that exists is; `locator`, from ``locator()``, finds it without parsing the text again.
    func location(of pointer: JSONPointer, locator: JSONLocator? = nil) -> (line: Int, column: Int)? {
        if let locator { return locator.location(ofNearest: pointer).map { ($0.line, $0.column) } }
        if let yaml {
            return yaml.mark(at: pointer).map { ($0.line, $0.column) }
        }
        guard let bytes = text.bytes else { return nil }
        return JSONReader.location(ofNearest: pointer, in: bytes).map { ($0.line, $0.column) }
    }
}
