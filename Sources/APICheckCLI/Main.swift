import APICheckCommands
import APICheckContracts
import APICheckRecording
import ArgumentParser
import Foundation
import Locking

/// Runs the command and maps swift-argument-parser's exit codes onto apicheck's (64 becomes 2).
@main
enum Main {
    static func main() async {
        // The threads that read and compile a contract reserve their malloc arenas' room at once (Linux), in huge pages
        // where the kernel has them: growing them a page at a time was a tenth of loading a vendor's description, and
        // faulting them in a page at a time another. This process's allocator is the command's own; the main thread
        // reserves too.
        ThreadArena.enable(reserving: 8 << 20)
        ThreadArena.reserve()
        // The live runner times requests and runs with Swift's Clock and Duration (macOS 13); the libraries an app
        // links need only macOS 12 / iOS 15.
        guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else {
            Output.err("apicheck needs macOS 13 or later.\n")
            exit(ExitReason.usage.code)
        }
        let status: Int32
        do {
            var command = try APICheckCommand.parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            status = ExitReason.success.code
        } catch {
            status = report(error)
        }
        exit(status)
    }

    /// Prints what the error says (help and version to stdout, the rest to stderr) and returns the exit code.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    static func report(_ error: any Error) -> Int32 {
        if let failure = error as? CommandFailure {
            Output.err(failure.message + "\n")
            return failure.status.code
        }
        let code = APICheckCommand.exitCode(for: error)
        let message = APICheckCommand.fullMessage(for: error)
        if code == .success {
            if !message.isEmpty { print(message) }
            return ExitReason.success.code
        }
        if !message.isEmpty {
            Output.err(message.hasSuffix("\n") ? message : message + "\n")
        }
        // swift-argument-parser reports usage errors as EX_USAGE (64); apicheck's usage error is 2.
        if code == .validationFailure { return ExitReason.usage.code }
        return code.rawValue
    }
}

/// What the process keeps until it exits instead of freeing: the contracts a run compiled. A vendor's description is
/// a million small allocations, and freeing them one by one was an eighth of `apicheck verify`'s time against one
/// (0.38 s against 0.43 s, medians of 7 runs); the operating system takes the memory back at once when the process ends.
///
/// In a process built with LeakSanitizer (`swift build --sanitize=address`) they are freed as usual: the leak check at
/// exit does not follow the pointers Swift packs into enum payloads, and would report what is kept as leaked.
enum KeptUntilExit {
    private static let kept = Locked<[any Sendable]>([])

    /// Whether LeakSanitizer is in the process (its interface is found by name).
    private static let leaksAreChecked: Bool = {
        #if canImport(Darwin)
            let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
            let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
        #endif
        return dlsym(everywhere, "__lsan_do_leak_check") != nil
    }()

    /// Keeps `value` until the process exits (frees it as usual under LeakSanitizer).
    @Sendable static func keep(_ value: any Sendable) {
        guard !leaksAreChecked else { return }
        kept.withLock { $0.append(value) }
    }

    /// Keeps what the libraries release (``ReleasedApart``) too, instead of freeing it on a thread of their own that
    /// takes a core from the command: for a command after which the process ends.
    static func keepReleased() {
        ReleasedApart.keepUntilExit(with: keep)
    }
}

/// An error a command has already explained; carries the apicheck exit status to use.
extension ExitReason {
    /// Ends the command with this status: returns for success, throws the exit code otherwise.
    func exit() throws {
        if self != .success { throw ExitCode(code) }
    }
}

struct CommandFailure: Error, CustomStringConvertible {
    let message: String
    let status: ExitReason
    var description: String { message }
}

/// Writes to stdout and stderr with `write(2)`: a reader that went away (`apicheck ... | head`) ends
/// the output quietly instead of trapping, as `FileHandle.write` does on a closed pipe.
enum Output {
    /// Writes `text` to stdout.
    static func out(_ text: String) { write(text, to: STDOUT_FILENO) }

    /// Writes `text` to stderr.
    static func err(_ text: String) { write(text, to: STDERR_FILENO) }

    /// Writes `bytes` to stdout (a report written in pieces).
    static func out(bytes: [UInt8]) {
        _ = widenedPipe
        bytes.withUnsafeBufferPointer { write($0, to: STDOUT_FILENO) }
    }

    /// Where stdout is a pipe, its buffer widened to 1 MB (Linux's limit for anyone), once: a report of tens of
    /// megabytes written in 64 KB pieces otherwise waits for the reader at every piece (8% of `breaking`'s time on a
    /// vendor's description). Elsewhere, or when refused, the pipe stays as it is.
    private static let widenedPipe: Void = {
        #if os(Linux)
            let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ, which Glibc's Swift module leaves out
            _ = fcntl(STDOUT_FILENO, setPipeSize, 1 << 20)
        #endif
    }()

    static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { write($0, to: descriptor) }
    }

    private static func write(_ buffer: UnsafeBufferPointer<UInt8>, to descriptor: Int32) {
        guard let start = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count {
            let written = Foundation.write(descriptor, start + offset, buffer.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}
