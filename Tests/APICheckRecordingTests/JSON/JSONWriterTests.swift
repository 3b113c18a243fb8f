import Testing

@testable import APICheckRecording

/// The writer's scan for bytes to escape, eight at a time, against the byte at a time it stands for.
struct JSONWriterTests {
    /// Every byte value at every place of a word, among bytes of each kind (plain ASCII, UTF-8's high bytes, bytes just
    /// above and below the escaped ones): the word has one to escape exactly when that byte is one.
    @Test func wordScanFindsEachEscapedByte() {
        for filler: UInt8 in [UInt8(ascii: "a"), 0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7E, 0x80, 0xC3, 0xFF] {
            for byte in UInt8.min...UInt8.max {
                for place in 0..<8 {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[place] = byte
                    let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                    #expect(JSONWriter.hasEscaped(word) == JSONWriter.isEscaped(byte), "byte \(byte) at \(place) among \(filler)")
                }
            }
        }
    }

    /// Strings of every length up to 40 (whole words and a tail), with an escaped byte at each place or none, and text
    /// written whole.
    @Test func scanAndWritingAgreeWithTheByteScan() {
        for length in 0...40 {
            for place in -1..<length {
                for escaped: UInt8 in [0x00, 0x0A, 0x1F, 0x22, 0x5C, 0x7F] {
                    var bytes = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
                    if place >= 0 { bytes[place] = escaped }
                    let expected = bytes.contains(where: JSONWriter.isEscaped)
                    #expect(bytes.withUnsafeBufferPointer { JSONWriter.hasEscaped($0) } == expected, "\(bytes)")
                }
            }
        }
        var out: [UInt8] = []
        JSONWriter.writeString("caf\u{E9} \"quoted\" back\\slash\ttab \u{7F} and a long plain tail past eight bytes", into: &out)
        #expect(
            String(decoding: out, as: UTF8.self)
                == #""café \"quoted\" back\\slash\ttab \u007f and a long plain tail past eight bytes""#)
    }
}
