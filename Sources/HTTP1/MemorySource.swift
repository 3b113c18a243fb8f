/// Bytes in memory as a reader's source, handed out in reads of the given sizes (cycling) or all at once: the fuzz
/// targets and the tests read the same bytes both ways and expect the same messages.
package struct MemorySource: HTTP1Source {
    private let bytes: [UInt8]
    private let reads: [Int]?
    private var offset = 0
    private var turn = 0

    package init(bytes: [UInt8], reads: [Int]? = nil) {
        self.bytes = bytes
        self.reads = reads?.isEmpty == true ? nil : reads
    }

    package mutating func read(into buffer: inout [UInt8], capacity: Int) throws(Never) -> Int {
        let size = min(reads.map { max(1, $0[turn % $0.count]) } ?? capacity, capacity, bytes.count - offset)
        turn += 1
        buffer.append(contentsOf: bytes[offset..<(offset + size)])
        offset += size
        return size
    }
}
