import Dispatch
import Locking
import Testing

/// The project's one lock: mutual exclusion, where its value lives, and what it frees.
///
/// `zeroSizeValueUnderContention` is the test the thread sanitizer judges. With the value stored in the lock object
/// (as it was), `swift test --sanitize=thread` reported it as a "Swift access race": the runtime gives a zero-size
/// stored property of a generic class field offset 0, so the `inout` access to the value was instrumented as a write
/// to the object's header, which another thread's unspecialized `withLock` reads before it takes the mutex (to find
/// the value's type). No byte was raced; every contended `Locked<Void>` in the suite was reported all the same.
@Suite("Locked: the project's one lock")
struct LockedTests {
    /// A value with no bytes, as `Void` has none.
    struct Token {}

    /// A count kept outside a lock, so that a lock with a zero-size value has something to guard in a test.
    final class Tally: @unchecked Sendable {
        var count = 0
    }

    static let threads = 8
    static let rounds = 20_000

    @Test("8 threads x 20,000 increments of the lock's value: none lost")
    func contendedIncrementsAreNotLost() {
        let counter = Locked(0)
        DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
            for _ in 0..<Self.rounds { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == Self.threads * Self.rounds)
    }

    @Test("a lock whose value has no bytes, contended by threads, excludes them (and the thread sanitizer finds no race)")
    func zeroSizeValueUnderContention() {
        let lock = Locked(Token())
        let tally = Tally()
        DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
            for _ in 0..<Self.rounds { lock.withLock { _ in tally.count += 1 } }
        }
        #expect(lock.withLock { _ in tally.count } == Self.threads * Self.rounds)
    }

    @Test("a value with no bytes is not at the lock object's address, where the thread sanitizer saw a write to the header")
    func zeroSizeValueLivesOutsideTheObject() {
        let lock = Locked(Token())
        let object = UInt(bitPattern: Unmanaged.passUnretained(lock).toOpaque())
        let value = lock.withLock { withUnsafeMutablePointer(to: &$0) { UInt(bitPattern: $0) } }
        // The header is the first two words of a Swift object (its type and its reference counts).
        #expect(!(object..<object + 16).contains(value), "value at \(value), object at \(object)")
    }

    @Test("the value is stored at its own alignment after the mutex")
    func valueIsAligned() {
        let wide = Locked(SIMD8<Double>(repeating: 1))
        let address = wide.withLock { withUnsafeMutablePointer(to: &$0) { UInt(bitPattern: $0) } }
        #expect(address % UInt(MemoryLayout<SIMD8<Double>>.alignment) == 0)
        #expect(wide.withLock { $0.sum() } == 8)
        let byte = Locked(UInt8(7))
        #expect(byte.withLock { $0 } == 7)
    }

    @Test("a lock releases its value when it goes away")
    func releasesItsValue() {
        final class Canary {}
        weak var watched: Canary?
        do {
            let canary = Canary()
            watched = canary
            let lock = Locked([canary])
            #expect(lock.withLock { $0.count } == 1)
        }
        #expect(watched == nil)
    }

    @Test("withLock passes on what its body throws, and the lock is free afterwards")
    func throwsThroughAndUnlocks() {
        struct Refused: Error {}
        let lock = Locked(1)
        #expect(throws: Refused.self) { try lock.withLock { (_: inout Int) throws(Refused) in throw Refused() } }
        // Taken again on the same thread: a lock left held would deadlock here (pthread's default mutex).
        #expect(lock.withLock { $0 } == 1)
    }
}
