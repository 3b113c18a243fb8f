import Locking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Waits for a termination signal (SIGINT, SIGTERM) with a real handler writing to a pipe (the
/// self-pipe trick): whichever thread the kernel picks for the signal, the waiter wakes. One at a
/// time per process; the signals go back to their default action once it has woken.
public final class SignalWaiter: @unchecked Sendable {
    private let signals: [Int32]
    private let reader: Int32
    private let writer: Int32

    /// Installs the handler for `signals` now, so that one arriving before ``wait()`` is not lost.
    public init(_ signals: [Int32]) {
        self.signals = signals
        var descriptors: [Int32] = [-1, -1]
        _ = pipe(&descriptors)
        reader = descriptors[0]
        writer = descriptors[1]
        signalPipe = writer
        for number in signals {
            signal(number) { _ in
                var byte: UInt8 = 1
                _ = write(signalPipe, &byte, 1)
            }
        }
    }

    /// Whether ``wait()`` has returned and closed the pipe (``wake()`` then writes nothing: the descriptor may be
    /// another file's by then).
    private let closed = Locked(false)

    /// Wakes ``wait()`` as a signal would (`apicheck serve` told to stop over its control API); nothing once it has
    /// returned.
    public func wake() {
        closed.withLock { closed in
            guard !closed else { return }
            var byte: UInt8 = 1
            _ = write(writer, &byte, 1)
        }
    }

    /// Returns once one of the signals has arrived, or ``wake()`` was called.
    public func wait() async {
        let reader = reader
        let signals = signals
        _ = await ThreadPool.shared.value {
            // This thread takes the signals: Swift concurrency's and dispatch's threads block them, and a
            // signal that every thread blocks stays pending and never runs the handler.
            SignalWaiter.unblock(signals)
            defer { SignalWaiter.block(signals) }
            return SignalWaiter.readByte(reader) != nil
        }
        for number in signals { signal(number, SIG_DFL) }
        closed.withLock { closed in
            closed = true
            _ = systemClose(reader)
            _ = systemClose(writer)
        }
    }
}

extension SignalWaiter {
    /// The next byte of a signal pipe, or nil at its end or on an error.
    ///
    /// Waits in `poll(2)` before reading: the thread sanitizer runs a signal handler that arrives during a
    /// call it knows to block (`poll`) at once, but holds it back during `read(2)` until that call returns,
    /// so a SIGINT delivered to a thread blocked reading the pipe would never write to it (a full TSan run
    /// of the suite showed Ctrl-C ignored until the run's own deadline).
    public static func readByte(_ descriptor: Int32) -> UInt8? {
        var byte: UInt8 = 0
        while true {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return nil
            }
            let count = read(descriptor, &byte, 1)
            if count == 1 { return byte }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            return nil
        }
    }

    /// Lets the calling thread receive `signals`.
    public static func unblock(_ signals: [Int32]) {
        mask(signals, how: SIG_UNBLOCK)
    }

    /// Blocks `signals` on the calling thread again (a pooled thread goes back as it came).
    static func block(_ signals: [Int32]) {
        mask(signals, how: SIG_BLOCK)
    }

    private static func mask(_ signals: [Int32], how: Int32) {
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals { sigaddset(&set, number) }
        pthread_sigmask(how, &set, nil)
    }
}

/// The write end of the signal pipe: the only state the handler touches (write(2) is async-signal-safe).
nonisolated(unsafe) private var signalPipe: Int32 = -1
