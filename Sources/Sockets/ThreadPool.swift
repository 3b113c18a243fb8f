import Foundation

/// Threads for blocking work (socket I/O with deadlines), kept for reuse: never the cooperative
/// threads of Swift concurrency, which a blocked call would take from every other task.
///
/// A job waits for a thread only when `maximum` threads are busy.
public final class ThreadPool: @unchecked Sendable {
    /// The process's pool for requests and other short socket work.
    public static let shared = ThreadPool(maximum: 512, name: "apicheck.socket")
    /// The process's pool for servers' connections, which hold a thread as long as they stay open.
    public static let connections = ThreadPool(maximum: 4096, name: "apicheck.connection")

    /// How long a thread waits for work before it ends.
    static let idleSeconds = 10.0

    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var head = 0
    private var idle = 0
    private var threads = 0
    private let maximum: Int
    private let name: String

    /// Creates a pool that runs at most `maximum` jobs at once.
    public init(maximum: Int, name: String) {
        self.maximum = maximum
        self.name = name
    }

    /// Runs `job` on a pool thread.
    public func run(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        let waiting = jobs.count - head
        var spawn = false
        if waiting > idle, threads < maximum {
            threads += 1
            spawn = true
        }
        condition.signal()
        condition.unlock()
        if spawn {
            let thread = Thread { [self] in work() }
            thread.name = name
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// Runs `job` on a pool thread and returns its result to the caller's task.
    public func value<T: Sendable>(_ job: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            run { continuation.resume(returning: job()) }
        }
    }

    private func work() {
        while true {
            condition.lock()
            while head == jobs.count {
                idle += 1
                let woken = condition.wait(until: Date(timeIntervalSinceNow: Self.idleSeconds))
                idle -= 1
                if !woken, head == jobs.count {
                    threads -= 1
                    condition.unlock()
                    return
                }
            }
            let job = jobs[head]
            head += 1
            if head == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                head = 0
            }
            condition.unlock()
            job()
        }
    }
}
