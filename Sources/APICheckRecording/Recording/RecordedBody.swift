import Foundation
import WireFormat

/// A request or response body as a recording stores it: decoded by kind, so a re-record reads as a diff.
///
/// The kind follows the content type: JSON bodies are stored as JSON (keys and number literals as
/// received); form bodies as their pairs plus the exact wire bytes in `raw`; multipart bodies as
/// their parts (the boundary is not stored); text as text; anything else as base64. A JSON
/// content type whose body does not parse is stored as text, so that verify can report it.
public enum RecordedBody: Hashable, Sendable {
    case json(JSONValue)
    case form(fields: [FormField], raw: String)
    case multipart([MultipartPart])
    case text(String)
    case base64(Data)

    /// One part of a multipart body.
    public struct MultipartPart: Hashable, Sendable {
        /// The part's `name`.
        public var name: String
        /// The part's `filename`, for file parts.
        public var filename: String?
        /// The part's own `Content-Type`, when it has one.
        public var contentType: String?
        /// The part's other headers (not `Content-Disposition` or `Content-Type`), such as an
        /// `X-Log-Type` a contract's multipart `encoding` declares.
        public var headers: HeaderFields
        /// The content: text when it is UTF-8 and not a file, otherwise bytes.
        public var content: Content

        /// A part's content.
        public enum Content: Hashable, Sendable {
            case text(String)
            case bytes(Data)
        }

        /// Creates a part.
        public init(
            name: String, filename: String? = nil, contentType: String? = nil, headers: HeaderFields = HeaderFields(), content: Content
        ) {
            self.name = name
            self.filename = filename
            self.contentType = contentType
            self.headers = headers
            self.content = content
        }

        var data: Data {
            switch content {
            case .text(let text): return Data(text.utf8)
            case .bytes(let data): return data
            }
        }
    }

    /// Classifies raw body bytes by their content type; an empty body is nil.
    public init?(bytes: Data, contentType: String?) {
        guard !bytes.isEmpty else { return nil }
        let type = contentType ?? ""
        let essence = MediaType.essence(of: type)
        let text = String(data: bytes, encoding: .utf8)
        if MediaType.isJSON(type), let value = try? JSONReader.parse([UInt8](bytes)) {
            self = .json(value)
        } else if essence == "application/x-www-form-urlencoded", let text, let fields = try? FormURLEncoding.decode(text) {
            self = .form(fields: fields, raw: text)
        } else if essence == "multipart/form-data", let boundary = MediaType.parameter("boundary", in: type),
            let parts = MultipartCodec.parse(bytes, boundary: boundary)
        {
            self = .multipart(parts)
        } else if let text,
            Self.isTextual(essence) || MediaType.isJSON(type) || essence == "application/x-www-form-urlencoded" || essence.isEmpty
        {
            self = .text(text)
        } else {
            self = .base64(bytes)
        }
    }

    static func isTextual(_ essence: String) -> Bool {
        essence.hasPrefix("text/") || essence.hasSuffix("+xml") || essence == "application/xml"
            || essence == "application/javascript" || essence == "application/x-ndjson"
    }

    /// The bytes to send on the wire; multipart parts are joined with `boundary`.
    public func bytes(boundary: String = "apicheck-boundary") -> Data {
        switch self {
        case .json(let value): return Data(JSONWriter.compactBytes(value))
        case .form(_, let raw): return Data(raw.utf8)
        case .multipart(let parts): return MultipartCodec.encode(parts, boundary: boundary)
        case .text(let text): return Data(text.utf8)
        case .base64(let data): return data
        }
    }

    /// The kind's name as the recording writes it: `json`, `form`, `multipart`, `text`, `base64`.
    public var kind: String {
        switch self {
        case .json: return "json"
        case .form: return "form"
        case .multipart: return "multipart"
        case .text: return "text"
        case .base64: return "base64"
        }
    }
}

/// Reads and writes `multipart/form-data` bodies.
package enum MultipartCodec {
    /// The parts of a body, or nil when it is not multipart with this boundary (or the boundary is not one
    /// RFC 2046 allows: 1 to 70 of `0-9 A-Z a-z '()+_,-./:=?` and space, not ending in a space).
    package static func parse(_ data: Data, boundary: String) -> [RecordedBody.MultipartPart]? {
        guard isValidBoundary(boundary) else { return nil }
        let body = [UInt8](data)
        let delimiter = Array("--\(boundary)".utf8)
        var positions: [Int] = []
        var searchFrom = 0
        while let found = find(delimiter, in: body, from: searchFrom) {
            positions.append(found)
            searchFrom = found + delimiter.count
        }
        guard positions.count >= 2 else { return nil }
        var parts: [RecordedBody.MultipartPart] = []
        for (start, end) in zip(positions, positions.dropFirst()) {
            var partStart = start + delimiter.count
            if partStart + 1 < body.count, body[partStart] == 0x0D, body[partStart + 1] == 0x0A { partStart += 2 }
            var partEnd = end
            if partEnd - 2 >= partStart, body[partEnd - 2] == 0x0D, body[partEnd - 1] == 0x0A { partEnd -= 2 }
            guard partStart <= partEnd else { return nil }
            let part = Array(body[partStart..<partEnd])
            guard let headerEnd = find([0x0D, 0x0A, 0x0D, 0x0A], in: part, from: 0) else { return nil }
            let headers = String(decoding: part[0..<headerEnd], as: UTF8.self)
            var name: String?
            var filename: String?
            var contentType: String?
            var others = HeaderFields()
            // A bare CR or LF inside a header line is read as a space (RFC 9112, section 2.2), as HTTP parsers do.
            for rawLine in headers.components(separatedBy: "\r\n") {
                // Scalar by scalar: a CR followed by a combining mark is one Character, which a string replace misses.
                let line = String(String.UnicodeScalarView(rawLine.unicodeScalars.map { $0 == "\r" || $0 == "\n" ? " " : $0 }))
                guard let colon = line.firstIndex(of: ":") else { continue }
                let field = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                if field == "content-disposition" {
                    name = MediaType.parameter("name", in: value)
                    filename = MediaType.parameter("filename", in: value)
                } else if field == "content-type" {
                    contentType = value
                } else {
                    others.add(name: line[..<colon].trimmingCharacters(in: .whitespaces), value: value)
                }
            }
            guard let name else { return nil }
            let bytes = Data(part[(headerEnd + 4)...])
            let content: RecordedBody.MultipartPart.Content
            if filename == nil, let text = String(data: bytes, encoding: .utf8) {
                content = .text(text)
            } else {
                content = .bytes(bytes)
            }
            parts.append(
                RecordedBody.MultipartPart(name: name, filename: filename, contentType: contentType, headers: others, content: content))
        }
        return parts
    }

    /// Whether `boundary` is one RFC 2046 allows (section 5.1.1, `bchars`).
    package static func isValidBoundary(_ boundary: String) -> Bool {
        let allowed = Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'()+_,-./:=? ".utf8)
        let bytes = Array(boundary.utf8)
        return (1...70).contains(bytes.count) && bytes.allSatisfy(allowed.contains) && bytes.last != UInt8(ascii: " ")
    }

    package static func encode(_ parts: [RecordedBody.MultipartPart], boundary: String) -> Data {
        var data = Data()
        for part in parts {
            var disposition = "Content-Disposition: form-data; name=\(MediaType.quoted(part.name))"
            if let filename = part.filename { disposition += "; filename=\(MediaType.quoted(filename))" }
            data.append(Data("--\(boundary)\r\n\(disposition)\r\n".utf8))
            if let contentType = part.contentType { data.append(Data("Content-Type: \(contentType)\r\n".utf8)) }
            for header in part.headers { data.append(Data("\(header.name): \(header.value)\r\n".utf8)) }
            data.append(Data("\r\n".utf8))
            data.append(part.data)
            data.append(Data("\r\n".utf8))
        }
        data.append(Data("--\(boundary)--\r\n".utf8))
        return data
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
