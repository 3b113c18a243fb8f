import Testing
import WireFormat

/// `String.validatingUTF8` uses the standard library's `String(validating:as:)` where the system has it (Linux, macOS
/// 15, iOS 18) and `decodedIfValidUTF8` before: both must give the same answer for every input.
@Suite("UTF-8 validation, on every system the same")
struct UTF8ValidationTests {
    static let cases: [(String, [UInt8])] = [
        ("empty", []),
        ("ASCII", Array("id=3&title=a+b".utf8)),
        ("Hangul and an emoji", Array("할 일 🍿".utf8)),
        ("a lone continuation byte", [0x61, 0x80, 0x62]),
        ("a truncated sequence at the end", [0x61, 0xE2, 0x82]),
        ("an overlong slash", [0xC0, 0xAF]),
        ("an encoded surrogate (U+D800)", [0xED, 0xA0, 0x80]),
        ("above U+10FFFF", [0xF4, 0x90, 0x80, 0x80]),
        ("0xFF", [0xFF]),
        ("U+FFFD itself, valid", [0xEF, 0xBF, 0xBD]),
    ]

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
    @Test("named inputs: valid ones come back as they are, invalid ones as nil, by both paths", arguments: cases)
    func named(_ name: String, _ bytes: [UInt8]) {
        let standard = String(validating: bytes, as: UTF8.self)
        #expect(String.decodedIfValidUTF8(bytes) == standard, "\(name)")
        #expect(String.validatingUTF8(bytes) == standard, "\(name)")
        if let standard { #expect(Array(standard.utf8) == bytes) }
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
    @Test("20,000 random byte strings of up to 12 bytes, half of them from valid text: both paths agree")
    func random() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let pieces = Array("aé할🍿".utf8)
        var invalid = 0
        for round in 0..<20_000 {
            let count = Int(next() % 13)
            let bytes: [UInt8] = (0..<count).map { _ in
                round.isMultiple(of: 2) ? pieces[Int(next() % UInt64(pieces.count))] : UInt8(truncatingIfNeeded: next())
            }
            let standard = String(validating: bytes, as: UTF8.self)
            if standard == nil { invalid += 1 }
            #expect(String.decodedIfValidUTF8(bytes) == standard, "\(bytes)")
        }
        // Both kinds were met: the comparison is not of valid inputs only.
        #expect(invalid > 1_000 && invalid < 19_000)
    }
}
