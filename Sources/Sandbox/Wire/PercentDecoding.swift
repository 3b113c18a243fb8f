/// Parses query strings and form bodies the way PHP does: `&`-separated, `+` is a space, and a
/// malformed escape (`%ZZ`, a lone `%`) is kept as written, as PHP's `urldecode` keeps it.
///
/// The sandbox's own parser (it must not share the clients' WireFormat code). It is as lenient as
/// the real server: noticing a client's malformed escape is the verifier's job (`form.encoding`).
enum PercentDecoding {
    static func pairs(_ text: some Collection<UInt8>) -> [(String, String)] {
        var result: [(String, String)] = []
        for segment in text.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = segment.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            let value = parts.count > 1 ? decode(parts[1]) : ""
            result.append((name, value))
        }
        return result
    }

    static func decode(_ bytes: some Collection<UInt8>) -> String {
        let input = Array(bytes)
        var out: [UInt8] = []
        out.reserveCapacity(input.count)
        var i = 0
        while i < input.count {
            switch input[i] {
            case UInt8(ascii: "+"):
                out.append(0x20)
                i += 1
            case UInt8(ascii: "%"):
                guard i + 2 < input.count, let hi = hex(input[i + 1]), let lo = hex(input[i + 2]) else {
                    out.append(input[i])
                    i += 1
                    continue
                }
                out.append(hi * 16 + lo)
                i += 3
            default:
                out.append(input[i])
                i += 1
            }
        }
        // Bytes that are not UTF-8 become U+FFFD (Laravel could not answer them as JSON either).
        return String(decoding: out, as: UTF8.self)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }
}
