import APICheck
import APICheckReplay
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Replay cost per request against a bare stub URLProtocol, at several recording sizes; recording load speed.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
enum ReplayBenchmark {
    static let body = Data(
        #"{"data":{"id":1,"title":"할 일","is_done":false,"created_at":"2023-09-16T18:07:38.000000Z","updated_at":"2024-05-21T06:32:19.000000Z"},"message":"할일 조회 성공"}"#
            .utf8)

    /// The URLSession floor: a URLProtocol that answers every request with the same bytes.
    final class BareStub: URLProtocol {
        override class func canInit(with request: URLRequest) -> Bool { true }
        override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }
        override func startLoading() { ReplayBenchmark.answer(self) }
        override func stopLoading() {}
    }

    /// What both stubs do: the same bytes, headers and status for every request.
    static func answer(_ proto: URLProtocol) {
        guard let url = proto.request.url,
            let response = HTTPURLResponse(
                url: url, statusCode: 200, httpVersion: "HTTP/1.1",
                headerFields: ["Content-Type": "application/json", "Content-Length": String(body.count)])
        else { return }
        proto.client?.urlProtocol(proto, didReceive: response, cacheStoragePolicy: .notAllowed)
        proto.client?.urlProtocol(proto, didLoad: body)
        proto.client?.urlProtocolDidFinishLoading(proto)
    }

    /// The same stub as a generic class instantiated per session, the way replay routes (for an experiment).
    final class GenericStub<Tag>: URLProtocol {
        override class func canInit(with request: URLRequest) -> Bool { true }
        override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }
        override func startLoading() { ReplayBenchmark.answer(self) }
        override func stopLoading() {}
    }

    static func recording(interactions count: Int, bodySize: Int? = nil) throws -> Recording {
        try recording(paths: (0..<count).map { "/api/v2/todos/\($0)?page=1" }, bodySize: bodySize)
    }

    /// A recording answering `paths` in order (a path listed twice is answered twice, in order).
    static func recording(paths: [String], bodySize: Int? = nil) throws -> Recording {
        let json = try JSONReader.parse([UInt8](body))
        let bigBody: JSONValue? = try bodySize.map { size in
            try JSONReader.parse([UInt8](DecodeBenchmark.makeBody(targetBytes: size)))
        }
        return Recording(
            api: "todos", name: "bench", recordedAt: "2026-01-01T00:00:00Z", recordedFrom: "sandbox",
            interactions: paths.map { path in
                Interaction(
                    request: RecordedRequest(method: "GET", url: path, headers: HeaderFields([("Accept", "application/json")])),
                    response: RecordedResponse(
                        status: 200, headers: HeaderFields([("Content-Type", "application/json")]), body: .json(bigBody ?? json))
                )
            }
        )
    }

    /// Seconds per request for `indices`, sent one after another through `session`.
    static func perRequest(_ session: URLSession, base: URL, indices: [Int]) async throws -> Double {
        try await perRequest(session, base: base, paths: indices.map { "/api/v2/todos/\($0)?page=1" })
    }

    /// Seconds per request for `paths`, sent one after another through `session`.
    static func perRequest(_ session: URLSession, base: URL, paths: [String]) async throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        for path in paths {
            guard let url = URL(string: base.absoluteString + path) else { continue }
            var request = URLRequest(url: url)
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            let (data, _) = try await session.data(for: request)
            if data.isEmpty { throw ReplayError(message: "empty answer for \(path)") }
        }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(paths.count)
    }

    /// Only replays 1,000 requests from a 1,000-interaction recording: a small, steady workload for profilers.
    static func profile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-profile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("r.json")
        try recording(interactions: 1_000).save(to: file)
        for _ in 0..<3 {
            let replay = try ReplaySession(ReplayConfiguration(api: "todos", name: "bench", recordingURL: file))
            let replayTime = try await perRequest(replay.session, base: replay.baseURL, indices: Array(0..<1_000))
            _ = replay.finish()
            let configuration = URLSessionConfiguration.ephemeral
            configuration.protocolClasses = [GenericStub<Int>.self]
            configuration.urlCache = nil
            let generic = URLSession(configuration: configuration)
            let genericTime = try await perRequest(generic, base: ReplayConfiguration.offlineBaseURL, indices: Array(0..<1_000))
            configuration.protocolClasses = [BareStub.self]
            let bare = URLSession(configuration: configuration)
            let bareTime = try await perRequest(bare, base: ReplayConfiguration.offlineBaseURL, indices: Array(0..<1_000))
            print(
                String(
                    format: "replay-profile: replay %.1f us, generic stub %.1f us, bare stub %.1f us", replayTime * 1e6, genericTime * 1e6,
                    bareTime * 1e6))
        }
    }

    /// Loads a 10,000-interaction recording `times` times and prints the MB/s of each load.
    static func loadProfile(times: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-profile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("r.json")
        try recording(interactions: 10_000).save(to: file)
        let bytes = try Data(contentsOf: file).count
        let clock = ContinuousClock()
        var loads = Samples()
        for _ in 0..<times {
            let start = clock.now
            _ = try Recording.load(from: file)
            loads.add(inSeconds(start.duration(to: clock.now)))
        }
        print(
            String(
                format: "load-profile: %.1f MB, %.0f MB/s (%.0f-%.0f)", Double(bytes) / 1e6, Double(bytes) / 1e6 / loads.median,
                Double(bytes) / 1e6 / loads.max, Double(bytes) / 1e6 / loads.min))
    }

    /// One recording's figures: replay and the bare stub per request, loading it, and JSONSerialization parsing the
    /// same bytes (the floor loading is held to), session start to first answer.
    struct Case {
        let label: String
        /// Every path of the recording is a different one (the others repeat 50 pages).
        let distinct: Bool
        let file: URL
        let bytes: Int
        let paths: [String]
        var replay = Samples()
        var stub = Samples()
        var load = Samples()
        var parse = Samples()
        var first = Samples()
        var megabytes: Double { Double(bytes) / 1e6 }
        /// Replay's time per request over the stub's.
        var ratio: Double { replay.median / stub.median }
        /// Loading's time over JSONSerialization's on the same bytes.
        var loadRatio: Double { load.median / parse.median }
    }

    static func run(rounds: Int) async throws {
        print("replay: every interaction of the recording requested once, one after another, through URLSession; the bare")
        print("  stub answers the same bytes with the same session settings; \(rounds) rounds alternated: median (min-max) per request")
        let cases = try await measure(rounds: rounds, sizes: [1_000, 10_000])
        report(cases)
        let big = try measureBigLoad(rounds: rounds)
        print(
            String(
                format:
                    "  loading a %.1f MB recording of 100 list bodies: %.0f MB/s (%.0f-%.0f) (target >= 300); JSONSerialization on the same bytes %.0f MB/s (%.0f-%.0f)",
                big.megabytes, big.megabytes / big.load.median, big.megabytes / big.load.max, big.megabytes / big.load.min,
                big.megabytes / big.parse.median, big.megabytes / big.parse.max, big.megabytes / big.parse.min))
    }

    /// Replays recordings of `sizes` interactions (distinct and repeated paths) beside the bare stub, `rounds` rounds
    /// alternated, and loads each beside JSONSerialization.
    static func measure(rounds: Int, sizes: [Int]) async throws -> [Case] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let stubConfiguration = URLSessionConfiguration.ephemeral
        stubConfiguration.protocolClasses = [BareStub.self]
        stubConfiguration.urlCache = nil  // as the replay session has
        let stubBase = ReplayConfiguration.offlineBaseURL
        let warm = URLSession(configuration: stubConfiguration)
        _ = try await perRequest(warm, base: stubBase, indices: Array(0..<200))

        var cases: [Case] = []
        var generator = SystemRandomNumberGenerator()
        for size in sizes {
            // Distinct paths, requested in shuffled order; repeated paths: 50 pages of one list, each recorded
            // size/50 times and answered in recorded order (identical requests take the next unused answer).
            let distinct = (0..<size).map { "/api/v2/todos/\($0)?page=1" }
            let repeated = (0..<size).map { "/api/v2/todos?page=\($0 % 50 + 1)" }
            for (kind, paths, order) in [("distinct", distinct, distinct.shuffled(using: &generator)), ("repeated", repeated, repeated)] {
                let file = folder.appendingPathComponent("\(kind)-\(size).json")
                try recording(paths: paths).save(to: file)
                let bytes = try Data(contentsOf: file).count
                cases.append(
                    Case(label: "\(size) interactions, \(kind) paths", distinct: kind == "distinct", file: file, bytes: bytes, paths: order)
                )
            }
        }
        let clock = ContinuousClock()
        for _ in 0..<rounds {
            for index in cases.indices {
                let file = cases[index].file
                // Loading alone, then a session's start to its first answer, then every request.
                let loadStart = clock.now
                _ = try Recording.load(from: file)
                cases[index].load.add(inSeconds(loadStart.duration(to: clock.now)))
                // JSONSerialization on the same file, read from disk as loading reads it.
                let parseStart = clock.now
                _ = try JSONSerialization.jsonObject(with: Data(contentsOf: file))
                cases[index].parse.add(inSeconds(parseStart.duration(to: clock.now)))
                let start = clock.now
                let replay = try ReplaySession(ReplayConfiguration(api: "todos", name: "bench", recordingURL: file))
                _ = try await perRequest(replay.session, base: replay.baseURL, paths: [cases[index].paths[0]])
                cases[index].first.add(inSeconds(start.duration(to: clock.now)))
                _ = replay.finish()
                let again = try ReplaySession(ReplayConfiguration(api: "todos", name: "bench", recordingURL: file))
                cases[index].replay.add(try await perRequest(again.session, base: again.baseURL, paths: cases[index].paths))
                let problems = again.finish()
                if !problems.isEmpty { throw ReplayError(message: "replay failed: \(problems.prefix(3))") }
                // A fresh stub session each round too, so that both sides pay the same session set-up.
                let stub = URLSession(configuration: stubConfiguration)
                cases[index].stub.add(try await perRequest(stub, base: stubBase, paths: cases[index].paths))
                stub.finishTasksAndInvalidate()
            }
        }
        warm.finishTasksAndInvalidate()
        return cases
    }

    static func report(_ cases: [Case]) {
        print("  \(pad("recording", 34)) \(pad("replay", 24)) \(pad("bare stub", 24)) ratio (target <= 1.10x)")
        for item in cases {
            print(
                "  \(pad(item.label, 34)) \(pad(item.replay.microseconds(), 24)) \(pad(item.stub.microseconds(), 24)) \(String(format: "%.2fx", item.replay.median / item.stub.median))"
            )
        }
        print(
            "  \(pad("recording", 34)) \(pad("size", 9)) load (target >= 300 MB/s)          JSONSerialization, same bytes      first answer (session start to first response)"
        )
        for item in cases {
            let size = String(format: "%.1f MB", Double(item.bytes) / 1e6)
            let load = String(
                format: "%6.0f MB/s (%.0f-%.0f)", Double(item.bytes) / 1e6 / item.load.median, Double(item.bytes) / 1e6 / item.load.max,
                Double(item.bytes) / 1e6 / item.load.min)
            let parse = String(
                format: "%6.0f MB/s (%.0f-%.0f)", item.megabytes / item.parse.median, item.megabytes / item.parse.max,
                item.megabytes / item.parse.min)
            print(
                "  \(pad(item.label, 34)) \(pad(size, 9)) \(pad(load, 32)) \(pad(parse, 34)) \(String(format: "%.1f ms (%.1f-%.1f)", item.first.median * 1e3, item.first.min * 1e3, item.first.max * 1e3))"
            )
        }
    }

    /// Loading a 10 MB recording of 100 large list bodies beside JSONSerialization reading and parsing the same file,
    /// alternated.
    static func measureBigLoad(rounds: Int) throws -> (megabytes: Double, load: Samples, parse: Samples) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let big = folder.appendingPathComponent("big.json")
        try recording(interactions: 100, bodySize: 56_000).save(to: big)
        let bytes = try Data(contentsOf: big).count
        let clock = ContinuousClock()
        var loads = Samples()
        var parses = Samples()
        for _ in 0..<rounds {
            var start = clock.now
            _ = try Recording.load(from: big)
            loads.add(inSeconds(start.duration(to: clock.now)))
            start = clock.now
            _ = try JSONSerialization.jsonObject(with: Data(contentsOf: big))
            parses.add(inSeconds(start.duration(to: clock.now)))
        }
        return (Double(bytes) / 1e6, loads, parses)
    }
}
