import Foundation
import TestSupport

/// Times of one job, several runs: the median with the min and max beside it.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct Samples {
    private(set) var values: [Double] = []

    mutating func add(_ value: Double) { values.append(value) }

    var median: Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    var min: Double { values.min() ?? .nan }
    var max: Double { values.max() ?? .nan }

    /// `0.462 s (0.451-0.480)`.
    func seconds(digits: Int = 3) -> String {
        String(format: "%.\(digits)f s (%.\(digits)f-%.\(digits)f)", median, min, max)
    }

    /// `96.3 us (94.1-99.0)` for per-request times in seconds.
    func microseconds() -> String {
        String(format: "%6.1f us (%.1f-%.1f)", median * 1e6, min * 1e6, max * 1e6)
    }
}

/// A whole process, timed from its start to its end, with its peak memory when GNU time is there to report it.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct ProcessRun {
    let seconds: Double
    let stdout: String
    let stderr: String
    let status: ChildProcess.Termination
    /// The child's own peak resident memory (GNU time's %M). A child's `ru_maxrss` from `wait4` is no use here:
    /// Linux carries the spawning process's peak into a child started with `posix_spawn`.
    let peakKilobytes: Int?
    /// The child's CPU time, user and system, from `getrusage(RUSAGE_CHILDREN)` before and after it is reaped: what it
    /// ran, not what it waited for, so a busy machine moves it far less than the time from start to end.
    let cpuSeconds: Double

    static let gnuTime = FileManager.default.isExecutableFile(atPath: "/usr/bin/time") ? "/usr/bin/time" : nil
    static let peakMarker = "apicheck-bench-peak-kb "

    /// The interpreter `python` runs (`sys.executable`; a venv's own, so its packages are found): a `python3` on PATH
    /// may be a launcher script (pyenv's shim is a bash script that adds 40 ms to each start, two thirds of json.load's
    /// whole run of a vendor's description), and a peer is timed without it.
    static func interpreter(_ python: String) throws -> String {
        let asked = try ProcessRun.run(python, ["-c", "import sys; print(sys.executable)"])
        let path = asked.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        guard asked.status == .exited(0), !path.isEmpty else {
            throw BenchError("\(python) did not say where its interpreter is: \(asked.stderr)")
        }
        return path
    }

    static func run(_ executable: String, _ arguments: [String], currentDirectory: String? = nil) throws -> ProcessRun {
        var program = executable
        var list = arguments
        if let gnuTime {
            program = gnuTime
            list = ["-f", peakMarker + "%M", executable] + arguments
        }
        let clock = ContinuousClock()
        let cpuBefore = childrenCPUSeconds()
        let start = clock.now
        let child = try ChildProcess(program, list, currentDirectory: currentDirectory)
        let (out, err) = child.readToEnd()
        let status = child.wait()
        let seconds = inSeconds(start.duration(to: clock.now))
        let cpu = childrenCPUSeconds() - cpuBefore
        var stderr = String(decoding: err, as: UTF8.self)
        var peak: Int?
        if gnuTime != nil, let range = stderr.range(of: peakMarker, options: .backwards) {
            peak = Int(stderr[range.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines))
            stderr = String(stderr[..<range.lowerBound])
        }
        return ProcessRun(
            seconds: seconds, stdout: String(decoding: out, as: UTF8.self), stderr: stderr, status: status, peakKilobytes: peak,
            cpuSeconds: cpu)
    }

    /// User and system time of every child reaped so far (and of their reaped children).
    static func childrenCPUSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        #else
            getrusage(RUSAGE_CHILDREN, &usage)
        #endif
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec) + Double(
            usage.ru_stime.tv_usec) / 1e6
    }

    /// The first executable called `name` on PATH.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// This benchmark's own binary, as an absolute path (children run in other folders).
    static let selfBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path

    /// The `apicheck` binary built beside this benchmark (same configuration), or a clear error.
    static func apicheckBinary() throws -> String {
        let beside = URL(fileURLWithPath: selfBinary).deletingLastPathComponent().appendingPathComponent("apicheck").path
        guard FileManager.default.isExecutableFile(atPath: beside) else {
            throw BenchError("no apicheck binary at \(beside): build it first (swift build -c release), then run the benchmark again")
        }
        return beside
    }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// `text` padded with spaces to `width` characters.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
func inSeconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
