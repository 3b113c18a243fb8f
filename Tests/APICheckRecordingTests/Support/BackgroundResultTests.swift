import Foundation
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
    #endif
}
