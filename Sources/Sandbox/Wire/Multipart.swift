import Foundation

/// A minimal `multipart/form-data` reader: the parts' names, file names and bytes.
enum Multipart {
    struct Part {
        let name: String
        let filename: String?
        let contentType: String?
        let body: [UInt8]
    }

    struct Malformed: Error {
        let message: String
    }

    /// The `boundary` parameter of a `multipart/form-data` content type, unquoted.
    static func boundary(fromContentType contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            return value.isEmpty ? nil : value
        }
        return nil
    }

    static func parse(_ body: [UInt8], boundary: String) throws(Malformed) -> [Part] {
        let delimiter = Array("--\(boundary)".utf8)
        var positions: [Int] = []
        var i = 0
        while let found = find(delimiter, in: body, from: i) {
            positions.append(found)
            i = found + delimiter.count
        }
        guard positions.count >= 2 else { throw Malformed(message: "multipart body has no parts delimited by its boundary") }
        var parts: [Part] = []
        for (start, end) in zip(positions, positions.dropFirst()) {
            var partStart = start + delimiter.count
            // Skip the CRLF after the delimiter line.
            if partStart + 1 < body.count, body[partStart] == 0x0D, body[partStart + 1] == 0x0A { partStart += 2 }
            var partEnd = end
            if partEnd >= 2, body[partEnd - 2] == 0x0D, body[partEnd - 1] == 0x0A { partEnd -= 2 }
            guard partStart <= partEnd else { throw Malformed(message: "multipart part is truncated") }
            let part = Array(body[partStart..<partEnd])
            guard let headerEnd = find([0x0D, 0x0A, 0x0D, 0x0A], in: part, from: 0) else {
                throw Malformed(message: "multipart part has no blank line after its headers")
            }
            let headerText = String(decoding: part[0..<headerEnd], as: UTF8.self)
            var name: String?
            var filename: String?
            var contentType: String?
            for line in headerText.split(separator: "\r\n") {
                let colon = line.firstIndex(of: ":") ?? line.endIndex
                let field = line[..<colon].lowercased()
                let value = colon < line.endIndex ? String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces) : ""
                if field == "content-disposition" {
                    name = parameter("name", in: value)
                    filename = parameter("filename", in: value)
                } else if field == "content-type" {
                    contentType = value
                }
            }
            guard let name else { throw Malformed(message: "multipart part has no Content-Disposition name") }
            parts.append(Part(name: name, filename: filename, contentType: contentType, body: Array(part[(headerEnd + 4)...])))
        }
        return parts
    }

    private static func parameter(_ key: String, in header: String) -> String? {
        for item in header.split(separator: ";").dropFirst() {
            let pair = item.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == key else { continue }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            return value
        }
        return nil
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        var i = start
        let first = needle[0]
        while i <= haystack.count - needle.count {
            if haystack[i] == first, haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}
