import Foundation
import Locking
import Sockets

/// Progress and interruption for the live commands.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
enum LiveTerminal {
    /// Whether stderr is a terminal (progress is shown only then).
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Prints `12/40 scenarios` over itself on stderr, when it is a terminal.
    static func progress(_ verb: String) -> (@Sendable (Int, Int) -> Void)? {
        guard stderrIsTerminal else { return nil }
        return { done, total in
            Output.err("\r\(verb) \(done)/\(total) scenarios")
        }
    }

    /// Clears the progress line (scenarios that did not start never advance it to the total).
    static func endProgress() {
        if stderrIsTerminal { Output.err("\r\u{1B}[K") }
    }

    /// Runs `work`, cancelling it on the first Ctrl-C (clean-up still runs); a second Ctrl-C exits at once with 130.
    /// Returns what `work` returned and whether it was interrupted.
    static func runInterruptible<T: Sendable>(_ work: @escaping @Sendable () async -> T) async -> (value: T, interrupted: Bool) {
        // A real handler (the self-pipe trick), not SIG_IGN and a dispatch signal source: whichever thread the
        // kernel picks for SIGINT (an event-loop thread, a sanitizer's thread), the handler runs there and wakes
        // the reader. With SIG_IGN a signal that lands on a thread that does not block it is discarded.
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { return (await work(), false) }
        interruptPipe = descriptors[1]
        let interrupts = InterruptCount()
        let running = TaskBox<T>()
        let reader = descriptors[0]
        Thread.detachNewThread {
            // This thread takes SIGINT: the threads it was started from (Swift concurrency's, dispatch's) block
            // signals, and a SIGINT that every thread blocks stays pending and never runs the handler.
            SignalWaiter.unblock([SIGINT])
            while let byte = SignalWaiter.readByte(reader) {
                if byte == 0 { return }  // the run is over
                if interrupts.increment() == 1 {
                    Output.err("\napicheck: interrupted; cleaning up (Ctrl-C again to quit at once)\n")
                    running.task?.cancel()
                } else {
                    exit(interruptedStatus)
                }
            }
        }
        // The handler is in place before the first request goes out.
        signal(SIGINT) { _ in
            var byte: UInt8 = 1
            _ = write(interruptPipe, &byte, 1)
        }
        let task = Task { await work() }
        running.task = task
        if interrupts.value > 0 { task.cancel() }
        let value = await task.value
        signal(SIGINT, SIG_DFL)
        var done: UInt8 = 0
        _ = write(descriptors[1], &done, 1)
        return (value, interrupts.value > 0)
    }
}

/// The write end of the interrupt pipe: the only state the signal handler touches (write(2) is async-signal-safe).
nonisolated(unsafe) private var interruptPipe: Int32 = -1

/// The running task, for the signal handler.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
final class TaskBox<T: Sendable>: Sendable {
    private let stored = Locked<Task<T, Never>?>(nil)

    var task: Task<T, Never>? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
final class InterruptCount: Sendable {
    private let count = Locked(0)

    var value: Int { count.withLock { $0 } }

    func increment() -> Int {
        count.withLock { count in
            count += 1
            return count
        }
    }
}

/// The exit status of a run stopped by Ctrl-C (128 + SIGINT, as shells report it).
let interruptedStatus: Int32 = 130

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
