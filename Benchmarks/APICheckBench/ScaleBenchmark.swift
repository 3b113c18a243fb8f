import Foundation

/// `apicheck verify` and `apicheck coverage` on the shapes corpus at growing sizes (by default 0.1, 0.3 and 1 GB):
/// time, MB/s and peak memory at each, so that "flat in memory and linear in time" is a figure, not a hope.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
enum ScaleBenchmark {
    struct Point {
        let megabytes: Double
        let files: Int
        var verify = Samples()
        var coverage = Samples()
        var verifyPeak = 0
        var coveragePeak = 0
    }

    static func run(rounds: Int, gigabytes: [Double]) throws -> Bool {
        let apicheck = try ProcessRun.apicheckBinary()
        print(
            "scale: apicheck verify and apicheck coverage on the four-shape corpus (as 'guard' writes it) at \(gigabytes.map { String(format: "%.1f", $0) }.joined(separator: ", ")) GB, \(rounds) rounds each: median (min-max), peak resident memory"
        )
        var points: [Point] = []
        var ok = true
        for size in gigabytes {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-scale-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let corpus = try ShapeCorpus.write(in: folder, bytesPerShape: Int(size * 1e9 / 4))
            var point = Point(megabytes: Double(corpus.bytes) / 1e6, files: corpus.shapes.reduce(0) { $0 + $1.files })
            for _ in 0..<rounds {
                for command in ["verify", "coverage"] {
                    let run = try ProcessRun.run(apicheck, [command, "--config", corpus.configPath], currentDirectory: folder.path)
                    if run.status != .exited(0) {
                        print(
                            "  apicheck \(command) failed on \(String(format: "%.0f", point.megabytes)) MB (\(run.status)): \((run.stdout + run.stderr).suffix(400))"
                        )
                        ok = false
                    }
                    if command == "verify" {
                        point.verify.add(run.seconds)
                        point.verifyPeak = max(point.verifyPeak, run.peakKilobytes ?? 0)
                    } else {
                        point.coverage.add(run.seconds)
                        point.coveragePeak = max(point.coveragePeak, run.peakKilobytes ?? 0)
                    }
                }
            }
            points.append(point)
        }
        print(
            "  \(pad("corpus", 22)) \(pad("verify", 26)) \(pad("MB/s", 8)) \(pad("peak", 10)) \(pad("coverage", 26)) \(pad("MB/s", 8)) peak"
        )
        for point in points {
            let corpus = String(format: "%.0f MB, %d files", point.megabytes, point.files)
            let verifyRate = String(format: "%.0f", point.megabytes / point.verify.median)
            let coverageRate = String(format: "%.0f", point.megabytes / point.coverage.median)
            let verifyPeak = String(format: "%.1f MB", Double(point.verifyPeak) / 1024)
            let coveragePeak = String(format: "%.1f MB", Double(point.coveragePeak) / 1024)
            print(
                "  \(pad(corpus, 22)) \(pad(point.verify.seconds(), 26)) \(pad(verifyRate, 8)) \(pad(verifyPeak, 10)) \(pad(point.coverage.seconds(), 26)) \(pad(coverageRate, 8)) \(coveragePeak)"
            )
        }
        if let first = points.first, let last = points.last, points.count > 1 {
            let scale = last.megabytes / first.megabytes
            print(
                String(
                    format:
                        "  %.1fx the bytes: verify %.2fx the time, coverage %.2fx (linear: %.1fx); peak memory verify %.2fx, coverage %.2fx (flat: 1x)",
                    scale, last.verify.median / first.verify.median, last.coverage.median / first.coverage.median, scale,
                    Double(last.verifyPeak) / Double(max(first.verifyPeak, 1)),
                    Double(last.coveragePeak) / Double(max(first.coveragePeak, 1))))
        }
        return ok
    }
}
