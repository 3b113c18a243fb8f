import Foundation

/// Counts finished scenarios across APIs for the progress line.
final class ProgressCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    let total: Int
    let report: (@Sendable (Int, Int) -> Void)?

    init(total: Int, report: (@Sendable (Int, Int) -> Void)?) {
        self.total = total
        self.report = report
    }

    func advance() {
        let value = lock.withLock {
            done += 1
            return done
        }
        report?(value, total)
    }
}
