/// RFC 3986's absolute URI, checked byte by byte: what `format: uri` asserts.
///
/// Not `URL(string:)`: Foundation accepts (and quietly escapes) text that is no URI, such as
/// `https://api.github.com/users/github-actions[bot]` (brackets belong only around an IP literal host)
/// or `https://example.com/a b`.
enum URIForm {
    static func isAbsoluteURI(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { isAbsoluteURI(utf8: $0) }
    }

    /// Whether the text whose UTF-8 is `bytes` is an absolute URI.
    static func isAbsoluteURI(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, isAlpha(bytes[0]) else { return false }
        for byte in bytes[1..<colon]
        where !(isAlpha(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")) {
            return false
        }
        var index = colon + 1
        // The authority (after "//", up to the next "/", "?" or "#") may hold one IP literal in brackets.
        if bytes.count >= index + 2, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
            index += 2
            var end = index
            while end < bytes.count, ![UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#")].contains(bytes[end]) { end += 1 }
            guard isAuthority(bytes[index..<end]) else { return false }
            index = end
        }
        var fragment = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else { return false }
                index += 3
                continue
            }
            if byte == UInt8(ascii: "#") {
                if fragment { return false }
                fragment = true
            } else if !(isUnreserved(byte) || isSubDelimiter(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@")
                || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?"))
            {
                return false
            }
            index += 1
        }
        return true
    }

    private static func isAuthority(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var index = bytes.startIndex
        var inLiteral = false
        var literals = 0
        while index < bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "["):
                if inLiteral || literals > 0 { return false }
                inLiteral = true
                literals += 1
            case UInt8(ascii: "]"):
                if !inLiteral { return false }
                inLiteral = false
            case UInt8(ascii: "%"):
                guard index + 2 < bytes.endIndex, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else { return false }
                index += 2
            default:
                guard isUnreserved(byte) || isSubDelimiter(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@") else {
                    return false
                }
            }
            index += 1
        }
        return !inLiteral
    }

    private static func isAlpha(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    private static func isHex(_ byte: UInt8) -> Bool {
        isDigit(byte) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f"))
    }
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        isAlpha(byte) || isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "~")
    }
    private static func isSubDelimiter(_ byte: UInt8) -> Bool {
        "!$&'()*+,;=".utf8.contains(byte)
    }
}
