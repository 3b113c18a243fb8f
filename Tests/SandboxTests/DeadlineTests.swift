import Sockets
import Testing

/// `Deadline`, the monotonic point the sockets wait until (Swift's `ContinuousClock` needs macOS 13 / iOS 16).
@Suite("Deadline")
struct DeadlineTests {
    @Test("a deadline in the past has passed and leaves 0 ms; one an hour ahead leaves about an hour, rounded up")
    func left() {
        #expect(Deadline(nanoseconds: 0).hasPassed)
        #expect(Deadline(nanoseconds: 0).millisecondsLeft() == 0)
        #expect(Deadline.after(seconds: -5).millisecondsLeft() == 0)
        let hour = Deadline.after(seconds: 3_600)
        #expect(!hour.hasPassed)
        #expect((3_599_000...3_600_000).contains(hour.millisecondsLeft()))
        #expect((900...1_000).contains(Deadline.after(seconds: 1).millisecondsLeft()))
        // Rounded up: 1 ns left is 1 ms to wait (poll's unit), not 0, which would time out before the deadline.
        let start = Deadline(nanoseconds: 5_000_000_000)
        #expect(start.adding(nanoseconds: 1).millisecondsLeft(at: start) == 1)
        #expect(start.adding(nanoseconds: 1_000_000).millisecondsLeft(at: start) == 1)
        #expect(start.adding(nanoseconds: 1_000_001).millisecondsLeft(at: start) == 2)
        #expect(start.millisecondsLeft(at: start) == 0)
        #expect(start.millisecondsLeft(at: start.adding(nanoseconds: 1)) == 0)
    }

    @Test("later is greater; adding past the clock's end stays at its end")
    func order() {
        let now = Deadline.now
        #expect(now < now.adding(nanoseconds: 1))
        #expect(Deadline.now >= now)
        #expect(Deadline(nanoseconds: .max - 1).adding(nanoseconds: 5) == Deadline(nanoseconds: .max))
        #expect(Deadline.after(seconds: .infinity).millisecondsLeft() > 1_000_000_000)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a ContinuousClock instant or a Duration becomes the same distance from now")
    func fromClock() {
        let instant = Deadline(ContinuousClock.now + .seconds(3_600))
        #expect((3_599_000...3_600_000).contains(instant.millisecondsLeft()))
        #expect(Deadline(ContinuousClock.now - .seconds(1)).hasPassed)
        #expect((1_900...2_000).contains(Deadline.after(.milliseconds(2_000)).millisecondsLeft()))
        #expect(Deadline.after(.seconds(Int64.max)).nanoseconds == .max)
        #expect(Deadline.after(.zero).millisecondsLeft() == 0)
    }
}
