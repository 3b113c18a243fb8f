import Testing

@testable import APICheckCommands

/// `BreakingRun.sortStably`, which puts a vendor's ranked changes in order by moving each once along the cycles of
/// the sorted positions.
@Suite("Breaking: changes put in order of rank in place, stably")
struct SortStablyTests {
    /// How many elements of one test are alive.
    final class Tally {
        var alive = 0
    }

    /// An element that counts itself alive in its test's tally: a move that lost one, or left one twice, shows.
    final class Counted {
        /// Where it was before the sort.
        let position: Int
        let tally: Tally
        init(_ position: Int, in tally: Tally) {
            (self.position, self.tally) = (position, tally)
            tally.alive += 1
        }
        deinit { tally.alive -= 1 }
    }

    @Test(
        "each element once, in order of key, ties in the order they came: sorted, reversed, all equal, shuffled with few keys",
        arguments: ["sorted", "reversed", "equal", "shuffled"])
    func sortsStably(kind: String) {
        var generator = SeededGenerator(seed: 7)
        let keys: [Int] =
            switch kind {
            case "sorted": Array(0..<500)
            case "reversed": Array((0..<500).reversed())
            case "equal": Array(repeating: 3, count: 500)
            default: (0..<500).map { _ in Int.random(in: 0..<9, using: &generator) }
            }
        let tally = Tally()
        do {
            var elements = keys.indices.map { Counted($0, in: tally) }
            elements.withUnsafeMutableBufferPointer { buffer in BreakingRun.sortStably(buffer) { keys[buffer[$0].position] } }
            let expected = keys.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }
            #expect(elements.map(\.position) == expected)
            #expect(tally.alive == 500)
        }
        #expect(tally.alive == 0)
    }

    /// A small generator of its own, so that the shuffle is the same in every run.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11 | state << 53
        }
    }
}
