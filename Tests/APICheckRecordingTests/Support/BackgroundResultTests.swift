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

    final class Box: Sendable {
        let number: Int
        init(_ number: Int) { self.number = number }
    }

    @Test("take() moves the value out: the caller holds it alone, and changing it copies nothing; after wait(), it copies")
    func takeLeavesNoCopy() {
        let result = BackgroundResult { [Box(1), Box(2)] }
        var taken = result.take()
        let storage = taken.withUnsafeBufferPointer { $0.baseAddress }
        taken[0] = Box(9)
        #expect(taken.withUnsafeBufferPointer { $0.baseAddress } == storage)
        #expect(taken.map(\.number) == [9, 2])
        // wait() leaves the result holding the list as well: the same change copies it first.
        let shared = BackgroundResult { [Box(1), Box(2)] }
        var waited = shared.wait()
        let sharedStorage = waited.withUnsafeBufferPointer { $0.baseAddress }
        waited[0] = Box(9)
        #expect(waited.withUnsafeBufferPointer { $0.baseAddress } != sharedStorage)
        #expect(shared.wait().map(\.number) == [1, 2])
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

        // A sanitizer's allocator is not glibc's: there is no arena to reserve (and mallopt may still answer). In a process
        // of its own (apicheck-arena-probe): this one runs hundreds of tests' threads, and hands a new thread an arena
        // another one left, whose room is that thread's.
        @Test(
            "with ThreadArena on, a thread of BackgroundResult has its malloc arena's room at once, advised for huge pages where the kernel has them, and can advise its stack; off, a few pages and no advice",
            .enabled(if: !Sanitizers.any))
        func arenaReserved() throws {
            let probe = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
                "apicheck-arena-probe")
            func seen(_ mode: String) throws -> [Int] {
                let child = try ChildProcess(probe.path, [mode])
                let (output, errors) = child.readToEnd()
                #expect(child.wait() == .exited(0), "\(String(decoding: errors, as: UTF8.self))")
                return String(decoding: output, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
            }
            // The kernel's setting: with `never`, nothing is advised.
            let hugePages =
                (try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8)).map {
                    !$0.contains("[never]")
                } ?? false
            let on = try seen("on")
            try #require(on.count == 3, "\(on)")
            #expect(on[0] >= 8 << 20, "the arena's writable room with ThreadArena on: \(on[0]) bytes")
            #expect(on[1] == (hugePages ? 1 : 0), "the reserved room advised for huge pages")
            #expect(on[2] == (hugePages ? 1 : 0), "the stack advised for huge pages")
            // Off, glibc grows the arena as blocks need it, and nothing is advised: the probe tells the two apart.
            let off = try seen("off")
            try #require(off.count == 3, "\(off)")
            #expect(off[0] > 0 && off[0] < 8 << 20, "the arena's writable room with ThreadArena off: \(off[0]) bytes")
            #expect(off[1] == 0 && off[2] == 0, "nothing advised with ThreadArena off: \(off)")
        }
    #endif
}
