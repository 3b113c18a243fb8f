import APICheck
import Foundation
import Testing

/// Damaged copies of every real todo recording: the loader never crashes and always says where.
@Suite("Todo recordings under damage")
struct TodoRecordingRobustness {
    @Test("500 seeded truncations and byte flips per recording give a located error or a recording", arguments: TodoRecordings.files)
    func damagedCopiesAreLocated(_ file: URL) throws {
        let original = [UInt8](try Data(contentsOf: file))
        var state: UInt64 = 0x5EED ^ UInt64(original.count)
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var located = 0
        for round in 0..<500 {
            var bytes = original
            if round % 2 == 0 {
                bytes = Array(bytes.prefix(Int(next() % UInt64(bytes.count))))
            } else {
                for _ in 0..<(1 + Int(next() % 4)) { bytes[Int(next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: next()) }
            }
            do {
                _ = try Recording(bytes: bytes, file: file.lastPathComponent)
            } catch {
                located += 1
                #expect(error.location != nil && error.file == file.lastPathComponent, "\(error)")
            }
        }
        #expect(located >= 250)
    }
}
