import APICheck
import APICheckTesting
import Foundation
import Locking
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// 1,000 replaying tests at once, through the trait's own scope (as `@Test(.replaying(...))` runs it): half
/// on one shared recording, half spread over 20 others. Every answer must be the one its recording holds,
/// and no test may see another's. Run under the thread sanitizer too (docs/RELIABILITY.md).
@Suite("Replaying tests in parallel", timeLimit(minutes: 5))
struct ParallelReplayTests {
    static let recordings = 20
    static let requestsPerTest = 3

    /// The body of request `request` in recording `recording`: different in every recording and request.
    static func body(recording: String, request: Int) -> JSONValue {
        .object(
            JSONObject([
                .init(key: "recording", value: .string(recording)),
                .init(key: "request", value: .number(JSONNumber(request))),
                .init(key: "title", value: .string("할 일 \(recording)/\(request)")),
            ]))
    }

    static func makePackage() throws -> URL {
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-parallel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: package.appendingPathComponent("Tests/DemoTests"), withIntermediateDirectories: true)
        try "// swift-tools-version: 6.1\n".write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "apis:\n  demo:\n    base_url: https://demo.invalid\n".write(
            to: package.appendingPathComponent("apicheck.yml"), atomically: true, encoding: .utf8)
        for name in ["shared"] + (0..<recordings).map({ "r\($0)" }) {
            let recording = Recording(
                api: "demo", name: name, recordedAt: "2026-01-01T00:00:00Z", recordedFrom: "https://demo.invalid",
                interactions: (0..<requestsPerTest).map { request in
                    Interaction(
                        request: RecordedRequest(method: "GET", url: "/items/\(request)?page=\(request)"),
                        response: RecordedResponse(
                            status: 200, headers: HeaderFields([("Content-Type", "application/json")]),
                            body: .json(body(recording: name, request: request)))
                    )
                }
            )
            try recording.save(to: package.appendingPathComponent("recordings/demo/tests/\(name).json"))
        }
        return package
    }

    @Test("1,000 tests, the same recording and different ones: every answer correct")
    func thousand() async throws {
        let package = try Self.makePackage()
        defer { try? FileManager.default.removeItem(at: package) }
        let test = try #require(Test.current)
        let source = package.appendingPathComponent("Tests/DemoTests/DemoTests.swift").path
        let correct = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<1_000 {
                let name = index % 2 == 0 ? "shared" : "r\(index % Self.recordings)"
                group.addTask {
                    let trait: ReplayingTrait = .replaying(name, api: "demo", filePath: source)
                    let answers = Answers()
                    try await trait.provideScope(for: test, testCase: nil) {
                        // Requests in an order of their own, so that tests on one recording interleave differently.
                        for request in (0..<Self.requestsPerTest).map({ ($0 + index) % Self.requestsPerTest }) {
                            let url = TestRecording.baseURL.appendingPathComponent("items/\(request)")
                            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
                            components.queryItems = [URLQueryItem(name: "page", value: "\(request)")]
                            let (data, response) = try await TestRecording.session.data(from: components.url!)
                            let status = (response as? HTTPURLResponse)?.statusCode
                            if status == 200, try JSONReader.parse(data) == Self.body(recording: name, request: request) { answers.add() }
                        }
                    }
                    return answers.count
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(correct == 1_000 * Self.requestsPerTest)
    }
}

/// A counter a test's body can update from its scope.
final class Answers: Sendable {
    private let value = Locked(0)

    func add() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}
