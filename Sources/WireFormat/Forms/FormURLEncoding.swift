#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Encodes and decodes `application/x-www-form-urlencoded` bodies with an explicit ASCII allowed set.
///
/// Only `A-Z a-z 0-9 * - . _` are written as they are; every other byte of the UTF-8 form is
/// percent-encoded with upper-case hex, and a space is `%20`. Two common shortcuts are traps:
/// `CharacterSet.alphanumerics` contains Hangul (so Korean would go out raw), and
/// `URLComponents` leaves `+` unescaped (which every server decodes as a space).
public enum FormURLEncoding {
    /// The `Content-Type` to send with an encoded body.
    public static let contentType = "application/x-www-form-urlencoded"

    /// Encodes fields as `name=value&name=value`, in order.
    public static func encode(_ fields: [FormField]) -> String {
        var out: [UInt8] = []
        for (index, field) in fields.enumerated() {
            if index > 0 { out.append(UInt8(ascii: "&")) }
            escape(field.name, into: &out)
            out.append(UInt8(ascii: "="))
            escape(field.value, into: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Percent-encodes one name or value; only `A-Z a-z 0-9 * - . _` stay as they are.
    public static func escape(_ string: String) -> String {
        var out: [UInt8] = []
        escape(string, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `byte` is written as it is (`A-Z a-z 0-9 * - . _`).
    public static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }

    static func escape(_ string: String, into out: inout [UInt8]) {
        let hex = Array("0123456789ABCDEF".utf8)
        out.reserveCapacity(out.count + string.utf8.count)
        for byte in string.utf8 {
            if isUnreserved(byte) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            }
        }
    }

    /// Decodes a body into its fields, in order, as any standard parser does: `+` is a space.
    ///
    /// Empty segments (`a=1&&b=2`) are skipped; a segment without `=` is a field with an empty value.
    /// - Throws: ``FormDecodingError`` for a malformed escape (`%2`, `%ZZ`) or bytes that are not UTF-8.
    public static func decode(_ body: String) throws(FormDecodingError) -> [FormField] {
        var copy = body
        return try copy.withUTF8(decodeResult).get()
    }

    /// Decodes the bytes of a body into its fields; see ``decode(_:)-(String)``.
    public static func decode(_ body: some Collection<UInt8>) throws(FormDecodingError) -> [FormField] {
        try Array(body).withUnsafeBufferPointer(decodeResult).get()
    }

    static func decodeResult(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<[FormField], FormDecodingError> {
        do throws(FormDecodingError) {
            return .success(try decodeBytes(bytes))
        } catch {
            return .failure(error)
        }
    }

    /// Decodes one percent-encoded name or value as a form does (`+` is a space): the pieces of a
    /// comma-separated query value (`sort=id,3,name,A%2CB`) are split before they are decoded.
    /// - Throws: ``FormDecodingError`` for a malformed escape or bytes that are not UTF-8.
    public static func unescape(_ text: some StringProtocol) throws(FormDecodingError) -> String {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer throws(FormDecodingError) in try unescape(buffer, 0, buffer.count) }
    }

    static func decodeBytes(_ bytes: UnsafeBufferPointer<UInt8>) throws(FormDecodingError) -> [FormField] {
        var fields: [FormField] = []
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "&") { end += 1 }
            if end > start {
                var equals = start
                while equals < end && bytes[equals] != UInt8(ascii: "=") { equals += 1 }
                let name = try unescape(bytes, start, equals)
                let value = equals < end ? try unescape(bytes, equals + 1, end) : ""
                fields.append(FormField(name, value))
            }
            start = end + 1
        }
        return fields
    }

    static func unescape(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) throws(FormDecodingError) -> String {
        // Fast path: nothing escaped and all ASCII, so the bytes are the string.
        var plain = true
        for index in start..<end where bytes[index] == UInt8(ascii: "%") || bytes[index] == UInt8(ascii: "+") || bytes[index] >= 0x80 {
            plain = false
            break
        }
        if plain { return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(end - start)
        var i = start
        while i < end {
            let byte = bytes[i]
            if byte == UInt8(ascii: "+") {
                out.append(UInt8(ascii: " "))
                i += 1
            } else if byte == UInt8(ascii: "%") {
                guard i + 2 < end,
                    let high = hexValue(bytes[i + 1]), let low = hexValue(bytes[i + 2])
                else {
                    let shown = String(decoding: bytes[i..<min(i + 3, end)], as: UTF8.self)
                    throw FormDecodingError(reason: "malformed percent escape \"\(shown)\"", offset: i)
                }
                out.append(high << 4 | low)
                i += 3
            } else {
                out.append(byte)
                i += 1
            }
        }
        // ASCII (the usual case) needs no validation; `String.validatingUTF8` is a slow generic path.
        if out.allSatisfy({ $0 < 0x80 }) { return String(decoding: out, as: UTF8.self) }
        guard let string = String.validatingUTF8(out) else {
            throw FormDecodingError(reason: "the decoded bytes are not valid UTF-8", offset: start)
        }
        return string
    }

    /// What is wrong with a body's bytes as form-urlencoded text: a malformed escape, or a raw byte
    /// outside `A-Z a-z 0-9 * - . _ + = &`; nil when the encoding itself is sound.
    public static func encodingProblem(_ raw: String) -> String? {
        let bytes = Array(raw.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, hexValue(bytes[index + 1]) != nil, hexValue(bytes[index + 2]) != nil else {
                    return
                        """
                        the malformed escape \"\(String(decoding: bytes[index..<min(index + 3, bytes.count)], as: UTF8.self))\" at \
                        byte \(index)
                        """
                }
                index += 3
                continue
            }
            if !(isUnreserved(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "&")) {
                let shown =
                    byte >= 0x20 && byte < 0x7F
                    ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
                return "the raw \(shown) at byte \(index) (it must be percent-encoded)"
            }
            index += 1
        }
        return nil
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return nil
        }
    }
}

/// The error thrown when a form-urlencoded body cannot be decoded; it says what and at which byte.
public struct FormDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, such as `malformed percent escape "%2"`.
    public let reason: String
    /// The byte offset in the body where the problem starts.
    public let offset: Int

    /// Creates an error with its reason and byte offset.
    public init(reason: String, offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    /// A message such as `form body: malformed percent escape "%2" at byte 12`.
    public var description: String { "form body: \(reason) at byte \(offset)" }
}
