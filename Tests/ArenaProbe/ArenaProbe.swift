import APICheckRecording
import Foundation

/// A child process for `BackgroundResultTests`: a fresh process, so that the thread it starts gets a malloc arena of its
/// own (a test process of hundreds of threads hands a new thread an arena another one left, whose room is that thread's).
///
///     apicheck-arena-probe on    ThreadArena on, as the apicheck command turns it on
///     apicheck-arena-probe off   ThreadArena off
///
/// Prints three numbers about the thread of ``BackgroundResult`` it starts: the size of the writable room that holds
/// the first block the thread allocates, in bytes (0 when none holds it: not an arena's, or not on Linux); whether the
/// mapping of a 4 MiB block it allocates next (from the reserved room) is advised for huge pages (1, else 0); and whether
/// its stack is, after ``ThreadArena/adviseHugePagesForStack()``.
@main
struct ArenaProbe {
    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count == 2, ["on", "off"].contains(arguments[1]) else {
            FileHandle.standardError.write(Data("usage: apicheck-arena-probe on|off\n".utf8))
            exit(2)
        }
        if arguments[1] == "on", !ThreadArena.enable(reserving: 8 << 20) {
            FileHandle.standardError.write(Data("ThreadArena.enable answered false\n".utf8))
            exit(1)
        }
        let seen = BackgroundResult { () -> [Int] in
            guard let first = malloc(64), let large = malloc(4 << 20) else { return [] }
            defer {
                free(large)
                free(first)
            }
            ThreadArena.adviseHugePagesForStack()
            var local = 0
            // Well inside the thread's 8 MiB stack, below the part of a huge page at its top.
            let stack = withUnsafeMutablePointer(to: &local) { UInt(bitPattern: $0) } - (4 << 20)
            let huge: UInt = 2 << 20
            let insideLarge = (UInt(bitPattern: large) + huge - 1) & ~(huge - 1)
            return [
                writableExtent(containing: UInt(bitPattern: first)), advised(containing: insideLarge) ? 1 : 0,
                advised(containing: stack) ? 1 : 0,
            ]
        }.wait()
        print(seen.map(String.init).joined(separator: " "))
    }

    /// The size of the writable room of `/proc/self/maps` from the mapping that holds `address` on: that mapping and the
    /// writable ones right after it (advice for huge pages splits a mapping in parts); 0 when it is not writable.
    static func writableExtent(containing address: UInt) -> Int {
        guard let maps = text(of: "/proc/self/maps") else { return 0 }
        var room: (start: UInt, end: UInt)?
        for line in maps.split(separator: "\n") {
            guard let (start, end) = range(line) else { continue }
            let writable = line.split(separator: " ").dropFirst().first?.hasPrefix("rw") == true
            if let found = room {
                guard writable, start == found.end else { break }
                room = (found.start, end)
            } else if start <= address, address < end {
                guard writable else { return 0 }
                room = (start, end)
            }
        }
        return room.map { Int($0.end - $0.start) } ?? 0
    }

    /// Whether the mapping that holds `address` is advised for huge pages (`hg` among its `VmFlags` in
    /// `/proc/self/smaps`).
    static func advised(containing address: UInt) -> Bool {
        guard let smaps = text(of: "/proc/self/smaps") else { return false }
        var inside = false
        for line in smaps.split(separator: "\n") {
            if let (start, end) = range(line) {
                inside = start <= address && address < end
            } else if inside, line.hasPrefix("VmFlags:") {
                return line.split(separator: " ").contains("hg")
            }
        }
        return false
    }

    /// A file of /proc, read to its end (its size is 0: a read of that size, as `String(contentsOfFile:)` may do, gets a
    /// part).
    static func text(of path: String) -> String? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        return (try? file.readToEnd()).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The address range a line of `/proc/self/maps` or `smaps` starts with (`7f01...-7f02... rw-p ...`); nil for a
    /// line of another kind.
    static func range(_ line: Substring) -> (UInt, UInt)? {
        let bounds = line.prefix { $0 != " " }.split(separator: "-")
        guard bounds.count == 2, let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16) else { return nil }
        return (start, end)
    }
}
