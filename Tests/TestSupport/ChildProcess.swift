import Foundation
import Locking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process started with `posix_spawn`, for the tests and the benchmark tool.
///
/// Why not Foundation's `Process`: on Linux, swift-corelibs-foundation emulates "close every other descriptor
/// in the child" by reading `/proc/self/fd` with a loop that copies 256 bytes of each directory entry
/// (swiftlang/swift-corelibs-foundation#5472). With a thousand or more descriptors open (a test suite whose
/// servers and clients share one process) that copy reads past the end of glibc's buffer and the test process
/// crashes now and then. Here the child closes every descriptor above stderr with one call
/// (`posix_spawn_file_actions_addclosefrom_np`, glibc 2.34) and the parent reads nothing of `/proc`.
///
/// Standard input is `/dev/null`; standard output and error are pipes (read them with ``readToEnd()``,
/// ``read(upTo:from:)`` or ``readAvailable(from:)``) or `/dev/null`.
public final class ChildProcess: Sendable {
    public enum Output: Sendable {
        case pipe
        case discard
        /// Standard error only: into the same pipe as standard output.
        case mergedIntoStdout
    }

    public enum Stream: Sendable {
        case stdout
        case stderr
    }

    /// How a child ended.
    public enum Termination: Equatable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        /// The exit status, or the signal's number (as Foundation's `terminationStatus` reports both).
        public var status: Int32 {
            switch self {
            case .exited(let status), .signalled(let status): status
            }
        }

        public var description: String {
            switch self {
            case .exited(let status): "exited with \(status)"
            case .signalled(let signal): "killed by signal \(signal)"
            }
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let pid: pid_t
    private let stdoutDescriptor: Int32?
    private let stderrDescriptor: Int32?
    /// How the child ended, once it is reaped; its pid may belong to another process after that.
    private let reaped = Locked<Termination?>(nil)

    /// Starts `executable` (a path) with `arguments`. `environment` replaces the parent's when given.
    public init(
        _ executable: String,
        _ arguments: [String],
        currentDirectory: String? = nil,
        environment: [String: String]? = nil,
        stdout: Output = .pipe,
        stderr: Output = .pipe
    ) throws {
        guard access(executable, X_OK) == 0 else {
            throw Failure(description: "\(executable): not an executable file (\(String(cString: strerror(errno))))")
        }
        var actions = emptySpawnActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }

        var parentEnds: [Int32] = []
        var childEnds: [Int32] = []
        defer { childEnds.forEach { _ = close($0) } }
        func pipeEnds() throws -> (read: Int32, write: Int32) {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else {
                throw Failure(description: "pipe: \(String(cString: strerror(errno)))")
            }
            // Not inherited by children that other threads spawn meanwhile (ours close them anyway).
            ends.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
            parentEnds.append(ends[0])
            childEnds.append(ends[1])
            return (ends[0], ends[1])
        }
        do {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            var outRead: Int32?
            var outWrite: Int32?
            switch stdout {
            case .pipe, .mergedIntoStdout:
                let ends = try pipeEnds()
                outRead = ends.read
                outWrite = ends.write
                posix_spawn_file_actions_adddup2(&actions, ends.write, 1)
            case .discard:
                posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            }
            var errRead: Int32?
            switch stderr {
            case .pipe:
                let ends = try pipeEnds()
                errRead = ends.read
                posix_spawn_file_actions_adddup2(&actions, ends.write, 2)
            case .mergedIntoStdout:
                guard let outWrite else { throw Failure(description: "stderr cannot join a stdout that is discarded") }
                posix_spawn_file_actions_adddup2(&actions, outWrite, 2)
            case .discard:
                posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            }
            if let currentDirectory {
                try Self.changeDirectory(&actions, to: currentDirectory)
            }
            var attributes = emptySpawnAttributes()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            let closingFlags = try Self.closeEverythingAboveStderr(&actions)
            try Self.startWithDefaultSignals(&attributes, flags: closingFlags)

            let argv = ([executable] + arguments).map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            let environment = environment ?? ProcessInfo.processInfo.environment
            let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer { envp.forEach { free($0) } }
            var pid: pid_t = 0
            let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
            guard status == 0 else {
                throw Failure(description: "\(executable): posix_spawn failed: \(String(cString: strerror(status)))")
            }
            self.pid = pid
            stdoutDescriptor = outRead
            stderrDescriptor = errRead
        } catch {
            parentEnds.forEach { _ = close($0) }
            throw error
        }
    }

    deinit {
        if let stdoutDescriptor { close(stdoutDescriptor) }
        if let stderrDescriptor { close(stderrDescriptor) }
        // A child never waited for would stay a zombie for the rest of the run.
        if reaped.withLock({ $0 == nil }) {
            var status: Int32 = 0
            _ = waitpid(pid, &status, WNOHANG)
        }
    }

    // MARK: Reading

    /// Reads standard output and standard error to their ends at the same time (a child that fills one pipe
    /// while the other is read can never block). A stream that is not a pipe reads as empty.
    public func readToEnd() -> (stdout: Data, stderr: Data) {
        var collected: [Int32: Data] = [:]
        var open: [Int32] = [stdoutDescriptor, stderrDescriptor].compactMap { $0 }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !open.isEmpty {
            var polled = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if poll(&polled, nfds_t(polled.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            for entry in polled where entry.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { systemRead(entry.fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    collected[entry.fd, default: Data()].append(contentsOf: buffer[0..<count])
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    open.removeAll { $0 == entry.fd }
                }
            }
        }
        return (
            stdoutDescriptor.flatMap { collected[$0] } ?? Data(),
            stderrDescriptor.flatMap { collected[$0] } ?? Data()
        )
    }

    /// Reads until `count` bytes have come or the stream ends (as `FileHandle.readData(ofLength:)`).
    public func read(upTo count: Int, from stream: Stream = .stdout) -> Data {
        guard let descriptor = descriptor(of: stream) else { return Data() }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: count)
        while data.count < count {
            let wanted = count - data.count
            let got = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, wanted) }
            if got > 0 {
                data.append(contentsOf: buffer[0..<got])
            } else if got < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        return data
    }

    /// Waits for the next bytes of a stream and returns them; empty at its end (as `FileHandle.availableData`).
    public func readAvailable(from stream: Stream) -> Data {
        guard let descriptor = descriptor(of: stream) else { return Data() }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let got = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if got >= 0 { return Data(buffer[0..<got]) }
            if errno != EINTR { return Data() }
        }
    }

    private func descriptor(of stream: Stream) -> Int32? {
        switch stream {
        case .stdout: stdoutDescriptor
        case .stderr: stderrDescriptor
        }
    }

    // MARK: Life

    /// Whether the child is still running (it is not reaped: ``wait()`` still returns how it ended).
    public var isRunning: Bool {
        if reaped.withLock({ $0 != nil }) { return false }
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0 {
            if errno != EINTR { return false }
        }
        // WNOHANG with no child that changed state leaves si_pid at zero.
        #if os(Linux)
            return info._sifields._kill.si_pid == 0
        #else
            return info.si_pid == 0
        #endif
    }

    /// Sends `signal` unless the child has been reaped (its pid may belong to another process by then).
    public func send(_ signal: Int32) {
        reaped.withLock { reaped in
            if reaped == nil { _ = kill(pid, signal) }
        }
    }

    /// Waits for the child to end and reaps it; later calls return the same termination.
    @discardableResult
    public func wait() -> Termination {
        // Waits for the end without reaping (WNOWAIT: the pid stays this child's, a zombie, so a ``send(_:)`` meanwhile
        // cannot reach another process), then reaps holding the lock only briefly: a send never waits behind a running child.
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0, errno == EINTR {}
        return reaped.withLock { reaped in
            if let reaped { return reaped }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 {
                guard errno == EINTR else {
                    reaped = .exited(-1)
                    return .exited(-1)
                }
            }
            let signal = status & 0x7f
            let termination: Termination = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
            reaped = termination
            return termination
        }
    }

    // MARK: Spawn attributes

    /// The child starts as a shell would start it: no signal blocked, and the signals a test may send or a
    /// process may meet at their default action. A child inherits the spawning thread's signal mask, and the
    /// threads Swift concurrency runs tests on block signals: without this, a SIGINT sent to the child stayed
    /// pending and its Ctrl-C handler never ran (a flaky Ctrl-C test under load).
    private static func startWithDefaultSignals(_ attributes: inout SpawnAttributes, flags: Int32) throws {
        var none = sigset_t()
        sigemptyset(&none)
        var reset = sigset_t()
        sigemptyset(&reset)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGCHLD, SIGUSR1, SIGUSR2] { sigaddset(&reset, signal) }
        var status = posix_spawnattr_setsigmask(&attributes, &none)
        if status == 0 { status = posix_spawnattr_setsigdefault(&attributes, &reset) }
        if status == 0 {
            status = posix_spawnattr_setflags(&attributes, Int16(Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF) | flags))
        }
        guard status == 0 else { throw Failure(description: "posix_spawnattr: \(String(cString: strerror(status)))") }
    }

    #if os(Linux)
        // glibc has these, but Swift's Glibc module does not declare them (they need _GNU_SOURCE).
        private typealias FileActionsWithDescriptor = @convention(c) (UnsafeMutablePointer<SpawnActions>, Int32) -> Int32
        private typealias FileActionsWithPath = @convention(c) (UnsafeMutablePointer<SpawnActions>, UnsafePointer<CChar>) -> Int32

        /// Returns the spawn flags it needs (none on Linux).
        private static func closeEverythingAboveStderr(_ actions: inout SpawnActions) throws -> Int32 {
            guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else {
                throw Failure(description: "posix_spawn_file_actions_addclosefrom_np is missing (glibc 2.34 or later is needed)")
            }
            let closeFrom = unsafeBitCast(symbol, to: FileActionsWithDescriptor.self)
            let status = closeFrom(&actions, 3)
            guard status == 0 else { throw Failure(description: "closefrom: \(String(cString: strerror(status)))") }
            return 0
        }

        private static func changeDirectory(_ actions: inout SpawnActions, to directory: String) throws {
            guard let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else {
                throw Failure(description: "posix_spawn_file_actions_addchdir_np is missing (glibc 2.29 or later is needed)")
            }
            let changeDirectory = unsafeBitCast(symbol, to: FileActionsWithPath.self)
            let status = directory.withCString { changeDirectory(&actions, $0) }
            guard status == 0 else { throw Failure(description: "chdir \(directory): \(String(cString: strerror(status)))") }
        }
    #else
        private static func closeEverythingAboveStderr(_ actions: inout SpawnActions) throws -> Int32 {
            // Darwin closes every descriptor that no file action names.
            Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        }

        private static func changeDirectory(_ actions: inout SpawnActions, to directory: String) throws {
            let status = posix_spawn_file_actions_addchdir_np(&actions, directory)
            guard status == 0 else { throw Failure(description: "chdir \(directory): \(String(cString: strerror(status)))") }
        }
    #endif
}

#if canImport(Darwin)
    private typealias SpawnActions = posix_spawn_file_actions_t?
    private typealias SpawnAttributes = posix_spawnattr_t?
    private func emptySpawnActions() -> SpawnActions { nil }
    private func emptySpawnAttributes() -> SpawnAttributes { nil }
#else
    private typealias SpawnActions = posix_spawn_file_actions_t
    private typealias SpawnAttributes = posix_spawnattr_t
    private func emptySpawnActions() -> SpawnActions { SpawnActions() }
    private func emptySpawnAttributes() -> SpawnAttributes { SpawnAttributes() }
#endif

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
    #else
        Darwin.read(descriptor, buffer, count)
    #endif
}
