import Foundation
import Locking

/// Counts finished scenarios across APIs for the progress line.
final class ProgressCounter: Sendable {
    private let done = Locked(0)
    let total: Int
    let report: (@Sendable (Int, Int) -> Void)?

    init(total: Int, report: (@Sendable (Int, Int) -> Void)?) {
        self.total = total
        self.report = report
    }

    func advance() {
        let value = done.withLock {
            $0 += 1
            return $0
        }
        report?(value, total)
    }
}
