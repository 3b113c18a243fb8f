import Foundation

/// `apicheck verify` against json.loads + jsonschema-rs on the shapes corpus: each API's recordings alone, then the
/// whole corpus, whole processes alternated round by round.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
enum ShapeVerify {
    struct Result {
        let label: String
        let megabytes: Double
        let apicheck: Samples
        let peer: Samples
        let apicheckCPU: Samples
        let peerCPU: Samples
        /// apicheck's time over the peer's (below 1: apicheck is faster).
        var ratio: Double { apicheck.median / peer.median }
        /// apicheck's CPU time (all its jobs) over the peer's.
        var cpuRatio: Double { apicheckCPU.median / peerCPU.median }
    }

    /// The Python that has jsonschema-rs: `python` if given, else `python3` on PATH; nil (with the reason printed)
    /// when there is none.
    static func peerPython(_ python: String?) throws -> String? {
        // An absolute path: the runs happen in the corpus's folder.
        let found =
            python.map { $0.contains("/") ? URL(fileURLWithPath: $0).standardizedFileURL.path : ProcessRun.find($0) }
            ?? ProcessRun.find("python3")
        guard let found else {
            print("  no \(python ?? "python3") on PATH: the peer (json.loads + jsonschema-rs) cannot run")
            return nil
        }
        let python = try ProcessRun.interpreter(found)
        let check = try ProcessRun.run(python, ["-c", "import jsonschema_rs"])
        guard check.status == .exited(0) else {
            print("  \(python) has no jsonschema-rs (pip install jsonschema-rs==0.60.3, or --python PATH)")
            return nil
        }
        return python
    }

    /// Writes the corpus (`bytesPerShape` for each API), runs both sides `rounds` times, prints a line per shape and
    /// returns the results (per shape, then the whole corpus), or nil when a run failed or found something
    /// (both sides must check the same valid bodies and accept them all).
    static func measure(rounds: Int, bytesPerShape: Int, python: String) throws -> [Result]? {
        let apicheck = try ProcessRun.apicheckBinary()
        let peer = FileManager.default.currentDirectoryPath + "/Benchmarks/peers/verify_peer.py"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-shapes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let corpus = try ShapeCorpus.write(in: folder, bytesPerShape: bytesPerShape)
        print(
            String(
                format: "  the shapes corpus: %.1f MB, half the files pretty (as apicheck record writes them), half compact:",
                Double(corpus.bytes) / 1e6))
        for shape in corpus.shapes {
            print(
                String(
                    format: "    %@: %d files, %d bodies of %d items, %.1f MB", shape.shape.label, shape.files, shape.interactions,
                    shape.shape.items, Double(shape.bytes) / 1e6))
        }
        struct Pair {
            let label: String
            let megabytes: Double
            let interactions: Int
            let ours: [String]
            let theirs: [String]
            var apicheck = Samples()
            var peer = Samples()
            var apicheckCPU = Samples()
            var peerCPU = Samples()
        }
        var pairs = corpus.shapes.map { shape in
            Pair(
                label: shape.shape.label, megabytes: Double(shape.bytes) / 1e6, interactions: shape.interactions,
                ours: ["verify", "--config", corpus.configPath, "--api", shape.shape.api],
                theirs: [peer, "corpus", corpus.manifestPath, shape.shape.api]
            )
        }
        pairs.append(
            Pair(
                label: "all four", megabytes: Double(corpus.bytes) / 1e6, interactions: corpus.shapes.reduce(0) { $0 + $1.interactions },
                ours: ["verify", "--config", corpus.configPath], theirs: [peer, "corpus", corpus.manifestPath]
            ))
        var ok = true
        for round in 0..<rounds {
            for index in pairs.indices {
                // Alternated, and which side goes first alternates too.
                let sides: [(String, [String], Bool)] = [(apicheck, pairs[index].ours, true), (python, pairs[index].theirs, false)]
                for (executable, arguments, isOurs) in round % 2 == 0 ? sides : sides.reversed() {
                    let run = try ProcessRun.run(executable, arguments, currentDirectory: folder.path)
                    let expected = isOurs ? "\(pairs[index].interactions) interactions" : "checked \(pairs[index].interactions) failed 0"
                    if run.status != .exited(0) || !(run.stdout + run.stderr).contains(expected) {
                        print(
                            "  \(isOurs ? "apicheck verify" : "the peer") on \(pairs[index].label) did not check \(pairs[index].interactions) bodies clean (\(run.status)):"
                        )
                        print((run.stdout + run.stderr).split(separator: "\n").suffix(8).map { "    " + $0 }.joined(separator: "\n"))
                        ok = false
                    }
                    if isOurs {
                        pairs[index].apicheck.add(run.seconds)
                        pairs[index].apicheckCPU.add(run.cpuSeconds)
                    } else {
                        pairs[index].peer.add(run.seconds)
                        pairs[index].peerCPU.add(run.cpuSeconds)
                    }
                }
            }
        }
        guard ok else { return nil }
        print(
            "  \(pad("shape", 18)) \(pad("apicheck verify", 26)) \(pad("json.loads + jsonschema-rs", 26)) \(pad("time ratio", 12)) CPU: apicheck, the peer, ratio"
        )
        let results = pairs.map {
            Result(
                label: $0.label, megabytes: $0.megabytes, apicheck: $0.apicheck, peer: $0.peer, apicheckCPU: $0.apicheckCPU,
                peerCPU: $0.peerCPU)
        }
        for result in results {
            let cpu = String(format: "%.3f s, %.3f s, %.2fx", result.apicheckCPU.median, result.peerCPU.median, result.cpuRatio)
            print(
                "  \(pad(result.label, 18)) \(pad(result.apicheck.seconds(), 26)) \(pad(result.peer.seconds(), 26)) \(pad(String(format: "%.2fx", result.ratio), 12)) \(cpu)"
            )
        }
        return results
    }
}
