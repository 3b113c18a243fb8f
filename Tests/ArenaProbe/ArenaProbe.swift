import APICheckRecording
import Foundation

/// A child process for `BackgroundResultTests`: a fresh process, so that the thread it starts gets a malloc arena of its
/// own (a test process of hundreds of threads hands a new thread an arena another one left, whose room is that thread's).
///
///     apicheck-arena-probe on    ThreadArena on, as the apicheck command turns it on
///     apicheck-arena-probe off   ThreadArena off
///
/// Prints the size of the writable mapping that holds a block the thread of ``BackgroundResult`` allocates first, in
/// bytes (0 when none holds it: not an arena's, or not on Linux).
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
        let extent = BackgroundResult { () -> Int in
            guard let block = malloc(64) else { return 0 }
            defer { free(block) }
            return writableExtent(containing: UInt(bitPattern: block))
        }.wait()
        print(extent)
    }

    /// The size of the mapping of `/proc/self/maps` that holds `address`, when it is readable and writable; else 0.
    static func writableExtent(containing address: UInt) -> Int {
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return 0 }
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ")
            let range = fields.first?.split(separator: "-") ?? []
            guard fields.count > 1, range.count == 2, let start = UInt(range[0], radix: 16), let end = UInt(range[1], radix: 16),
                start <= address, address < end
            else { continue }
            return fields[1].hasPrefix("rw") ? Int(end - start) : 0
        }
        return 0
    }
}
