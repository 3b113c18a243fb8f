import Foundation
import TestSupport
import Testing

/// The spawner the CLI tests run `apicheck` with (TestSupport's ChildProcess, not Foundation's Process).
@Suite("Child processes")
struct ChildProcessTests {
    @Test("with 3,000 descriptors open a child starts, and inherits none of them")
    func manyDescriptors() throws {
        // Foundation's Process scans /proc/self/fd with an over-reading loop at this count and crashed CI now and then.
        var opened: [Int32] = []
        defer { opened.forEach { _ = close($0) } }
        for _ in 0..<1_500 {
            var ends: [Int32] = [0, 0]
            try #require(pipe(&ends) == 0)  // without O_CLOEXEC: only the spawner keeps them from the child
            opened += ends
        }
        // /dev/fd/ lists the listing process's own descriptors on Linux (a link to /proc/self/fd) and on macOS.
        let child = try ChildProcess("/bin/sh", ["-c", "ls /dev/fd/"])
        let (stdout, _) = child.readToEnd()
        #expect(child.wait() == .exited(0))
        let inherited = String(decoding: stdout, as: UTF8.self).split(separator: "\n").compactMap { Int($0) }
        // 0, 1 and 2, and the directory `ls` opened to list them.
        #expect(inherited.count <= 4, "the child inherited \(inherited.count) descriptors")
        #expect(!inherited.contains(Int(opened.last!)))
    }

    @Test("exit status, signal, working directory, environment, and both streams read to the end")
    func basics() throws {
        let folder = FileManager.default.temporaryDirectory.resolvingSymlinksInPath().path
        let child = try ChildProcess(
            "/bin/sh", ["-c", #"pwd; echo "$GREETING" >&2; head -c 200000 /dev/zero | tr '\0' x; exit 7"#],
            currentDirectory: folder,
            environment: ["GREETING": "hello", "PATH": "/usr/bin:/bin"]
        )
        let (stdout, stderr) = child.readToEnd()
        #expect(child.wait() == .exited(7))
        #expect(String(decoding: stdout.prefix(folder.utf8.count), as: UTF8.self) == folder)
        #expect(stdout.count == folder.utf8.count + 1 + 200_000)
        #expect(String(decoding: stderr, as: UTF8.self) == "hello\n")

        let sleeper = try ChildProcess("/bin/sleep", ["30"])
        #expect(sleeper.isRunning)
        sleeper.send(SIGKILL)
        #expect(sleeper.wait() == .signalled(SIGKILL))
        #expect(!sleeper.isRunning)
        #expect(throws: ChildProcess.Failure.self) { try ChildProcess("/no/such/program", []) }
    }

    @Test("a child spawned from a thread that blocks SIGINT starts with SIGINT neither blocked nor ignored (so Ctrl-C reaches it)")
    func signalMask() async throws {
        // The child sends itself SIGINT: with the signal blocked or ignored it would go on and print; with the default
        // action it ends there. (Portable: no /proc, so the same test runs on macOS.)
        let (outcome, output): (ChildProcess.Termination, String) = try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                var blocked = sigset_t()
                sigemptyset(&blocked)
                sigaddset(&blocked, SIGINT)
                sigaddset(&blocked, SIGTERM)
                pthread_sigmask(SIG_BLOCK, &blocked, nil)
                signal(SIGINT, SIG_IGN)
                defer { signal(SIGINT, SIG_DFL) }
                continuation.resume(
                    with: Result {
                        let child = try ChildProcess("/bin/sh", ["-c", "kill -INT $$; echo survived"])
                        let (stdout, _) = child.readToEnd()
                        return (child.wait(), String(decoding: stdout, as: UTF8.self))
                    })
            }
        }
        #expect(outcome == .signalled(SIGINT), "the child went on after SIGINT: \(output)")
        #expect(output.isEmpty)
    }
}
