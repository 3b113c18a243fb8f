import APICheck
import APICheckReplay
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Replay cost per request against a bare stub URLProtocol, at several recording sizes; recording load speed.
enum ReplayBenchmark {
    static let body = Data(#"{"data":{"id":1,"title":"할 일","is_done":false,"created_at":"2023-09-16T18:07:38.000000Z","updated_at":"2024-05-21T06:32:19.000000Z"},"message":"할일 조회 성공"}"#.utf8)

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
            let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "application/json", "Content-Length": String(body.count)])
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
        let json = try JSONReader.parse([UInt8](body))
        let bigBody: JSONValue? = try bodySize.map { size in
            try JSONReader.parse([UInt8](DecodeBenchmark.makeBody(targetBytes: size)))
        }
        return Recording(
            api: "todos", name: "bench", recordedAt: "2026-01-01T00:00:00Z", recordedFrom: "sandbox",
            interactions: (0..<count).map { index in
                Interaction(
                    request: RecordedRequest(method: "GET", url: "/api/v2/todos/\(index)?page=1", headers: HeaderFields([("Accept", "application/json")])),
                    response: RecordedResponse(status: 200, headers: HeaderFields([("Content-Type", "application/json")]), body: .json(bigBody ?? json))
                )
            }
        )
    }

    /// Seconds per request for `indices`, sent one after another through `session`.
    static func perRequest(_ session: URLSession, base: URL, indices: [Int]) async throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        for index in indices {
            guard let url = URL(string: base.absoluteString + "/api/v2/todos/\(index)?page=1") else { continue }
            var request = URLRequest(url: url)
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            let (data, _) = try await session.data(for: request)
            if data.isEmpty { throw ReplayError(message: "empty answer for #\(index)") }
        }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(indices.count)
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
            print(String(format: "replay-profile: replay %.1f us, generic stub %.1f us, bare stub %.1f us", replayTime * 1e6, genericTime * 1e6, bareTime * 1e6))
        }
    }

    static func run() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        print("replay: distinct GET requests (1,000, or one per interaction when fewer), one after another, shuffled")

        let stubConfiguration = URLSessionConfiguration.ephemeral
        stubConfiguration.protocolClasses = [BareStub.self]
        stubConfiguration.urlCache = nil  // as the replay session has
        let stub = URLSession(configuration: stubConfiguration)
        let stubBase = ReplayConfiguration.offlineBaseURL
        _ = try await perRequest(stub, base: stubBase, indices: Array(0..<50))  // warm up

        let sizes = [100, 1_000, 10_000]
        var files: [Int: URL] = [:]
        var plans: [Int: [Int]] = [:]
        var generator = SystemRandomNumberGenerator()
        for size in sizes {
            let file = folder.appendingPathComponent("r\(size).json")
            try recording(interactions: size).save(to: file)
            files[size] = file
            // Spread the requests over the whole recording (its last entries included), in shuffled order.
            let requests = min(size, 1_000)
            plans[size] = (0..<requests).map { $0 * size / requests }.shuffled(using: &generator)
        }
        var replayTimes: [Int: [Double]] = [:]
        var stubTimes: [Int: [Double]] = [:]
        var tailTimes: [Int: [Double]] = [:]
        // Rounds go across the sizes in turn, so that machine drift hits every size alike.
        for _ in 0..<5 {
            for size in sizes {
                guard let file = files[size], let indices = plans[size] else { continue }
                let replay = try ReplaySession(ReplayConfiguration(api: "todos", name: "bench", recordingURL: file))
                replayTimes[size, default: []].append(try await perRequest(replay.session, base: replay.baseURL, indices: indices))
                _ = replay.finish()
                let tail = try ReplaySession(ReplayConfiguration(api: "todos", name: "bench", recordingURL: file))
                tailTimes[size, default: []].append(try await perRequest(tail.session, base: tail.baseURL, indices: Array((size - size / 10)..<size).prefix(100).map { $0 }))
                _ = tail.finish()
                // A fresh stub session each round too, so both sides pay the same session set-up.
                let freshStub = URLSession(configuration: stubConfiguration)
                stubTimes[size, default: []].append(try await perRequest(freshStub, base: stubBase, indices: indices))
                freshStub.finishTasksAndInvalidate()
            }
        }
        let results = sizes.map { size in
            (size, DecodeBenchmark.median(replayTimes[size] ?? []), DecodeBenchmark.median(stubTimes[size] ?? []), DecodeBenchmark.median(tailTimes[size] ?? []))
        }
        for (size, replay, stubTime, tail) in results {
            print(String(format: "  %6d interactions: replay %6.1f us/request, bare stub %6.1f us (overhead %+.0f%%), last tenth %6.1f us",
                         size, replay * 1e6, stubTime * 1e6, (replay / stubTime - 1) * 100, tail * 1e6))
        }
        if let small = results.first, let large = results.last {
            print(String(format: "  flatness: 10,000 vs 100 interactions %.2fx (target within 1.10x); against the stub of the same rounds %.2fx",
                         large.1 / small.1, (large.1 / large.2) / (small.1 / small.2)))
        }
        if let thousand = results.first(where: { $0.0 == 1_000 }) {
            print(String(format: "  overhead at 1,000 interactions: %+.0f%% over the bare stub (target <= +30%%)", (thousand.1 / thousand.2 - 1) * 100))
        }

        // Loading a 10 MB recording.
        let big = folder.appendingPathComponent("big.json")
        try recording(interactions: 100, bodySize: 56_000).save(to: big)
        let bytes = try Data(contentsOf: big).count
        var loads: [Double] = []
        for _ in 0..<5 { loads.append(try DecodeBenchmark.time { _ = try Recording.load(from: big) }) }
        print(String(format: "  loading a %.1f MB recording: %.1f MB/s (median of 5; target >= 100)", Double(bytes) / 1e6, Double(bytes) / 1e6 / DecodeBenchmark.median(loads)))
        stub.finishTasksAndInvalidate()
    }
}
