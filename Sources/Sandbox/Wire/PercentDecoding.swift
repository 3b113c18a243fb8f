/// Parses query strings and form bodies the way PHP does: `&`-separated, `+` is a space.
///
/// The sandbox's own parser (it must not share the clients' WireFormat code); unlike PHP, it
/// answers 400 for a malformed escape instead of guessing, so a bad client is noticed.
enum PercentDecoding {
    struct Malformed: Error {
        let message: String
    }

    static func pairs(_ text: some Collection<UInt8>) throws(Malformed) -> [(String, String)] {
        var result: [(String, String)] = []
        for segment in text.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = segment.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = try decode(parts[0])
            let value = parts.count > 1 ? try decode(parts[1]) : ""
            result.append((name, value))
        }
        return result
    }

    static func decode(_ bytes: some Collection<UInt8>) throws(Malformed) -> String {
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
                    let shown = String(decoding: input[i..<min(i + 3, input.count)], as: UTF8.self)
                    throw Malformed(message: "malformed percent escape '\(shown)'")
                }
                out.append(hi * 16 + lo)
                i += 3
            default:
                out.append(input[i])
                i += 1
            }
        }
        guard let string = String(validating: out, as: UTF8.self) else {
            throw Malformed(message: "percent-decoded bytes are not UTF-8")
        }
        return string
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
