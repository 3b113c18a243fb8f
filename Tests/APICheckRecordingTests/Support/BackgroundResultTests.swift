import Foundation
import TestSupport
import Testing

@testable import APICheckRecording

@Suite("BackgroundResult: a value made on a thread of its own")
struct BackgroundResultTests {
    @Test("the value is the work's, as often as it is waited for")
    func value() {
        let result = BackgroundResult { (1...1_000).reduce(0, +) }
        #expect(result.wait() == 500_500)
        #expect(result.wait() == 500_500)
    }

    #if os(Linux)
        /// The calling thread's nice value.
        static func nice() -> Int32 { getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) }

        @Test("work aside runs at a lower priority on its own thread only: the thread that made it, and threads made after, keep theirs")
        func asideLowersOnlyItsThread() {
            let before = Self.nice()
            let aside = BackgroundResult(aside: true) { Self.nice() }
            let seen = aside.wait()
            let plain = BackgroundResult { Self.nice() }
            // Nice 10 asked for; a thread already nicer keeps its own without the privilege to lower it.
            #expect(seen >= 10)
            #expect(seen > before || before >= 10)
            #expect(plain.wait() == before)
            #expect(Self.nice() == before)
        }

        // A sanitizer's allocator is not glibc's: there is no arena to reserve (and mallopt may still answer).
        @Test(
            "with ThreadArena on, a thread of BackgroundResult has its malloc arena's room at once: one writable mapping of at least that room",
            .enabled(if: !Sanitizers.any))
        func arenaReserved() {
            #expect(ThreadArena.enable(reserving: 8 << 20))
            let extent = BackgroundResult { () -> Int in
                guard let block = malloc(64) else { return 0 }
                defer { free(block) }
                return Self.writableExtent(containing: UInt(bitPattern: block))
            }.wait()
            #expect(extent >= 8 << 20, "the arena's writable room: \(extent) bytes")
        }

        /// The size of the mapping of `/proc/self/maps` that holds `address`, when it is readable and writable; else 0.
        static func writableExtent(containing address: UInt) -> Int {
            guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return 0 }
            for line in maps.split(separator: "\n") {
                let fields = line.split(separator: " ")
                let range = fields.first?.split(separator: "-") ?? []
                guard fields.count > 1, range.count == 2, let start = UInt(range[0], radix: 16), let end = UInt(range[1], radix: 16),
                    start <= address, address < end
                else { continue }
                return fields[1].hasPrefix("rw") ? Int(end - start) : 0
            }
            return 0
        }
    #endif
}
