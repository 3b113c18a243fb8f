import APICheck
import APICheckTesting
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Traits read apicheck.yml", timeLimit(minutes: 5))
struct ConfigurationDrivenTraitTests {
    @Test("the recordings folder and matching rules come from the package's apicheck.yml")
    func settingsFromConfiguration() async throws {
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-package-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: package) }
        try FileManager.default.createDirectory(at: package.appendingPathComponent("Tests/DemoTests"), withIntermediateDirectories: true)
        try "// swift-tools-version: 6.1\n".write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try """
        apis:
          demo:
            base_url: https://demo.invalid
            recordings: fixtures/demo
            matching: { ignore_query: [ts] }
        """.write(to: package.appendingPathComponent("apicheck.yml"), atomically: true, encoding: .utf8)
        let recording = Recording(
            api: "demo", name: "ping", recordedAt: "2026-01-01T00:00:00Z", recordedFrom: "https://demo.invalid",
            interactions: [
                Interaction(
                    request: RecordedRequest(method: "GET", url: "/ping?ts=1"),
                    response: RecordedResponse(
                        status: 200, headers: HeaderFields([("Content-Type", "application/json")]), body: .json(["pong": true]))
                )
            ]
        )
        try recording.save(to: package.appendingPathComponent("fixtures/demo/tests/ping.json"))

        let trait: ReplayingTrait = .replaying(
            "ping", api: "demo", filePath: package.appendingPathComponent("Tests/DemoTests/PingTests.swift").path)
        let test = try #require(Test.current)
        try await trait.provideScope(for: test, testCase: nil) {
            #expect(TestRecording.recordingURL?.path.hasSuffix("fixtures/demo/tests/ping.json") == true)
            let url = try #require(URL(string: TestRecording.baseURL.absoluteString + "/ping?ts=999"))
            let (data, _) = try await TestRecording.session.data(from: url)
            #expect(try JSONReader.parse(data) == ["pong": true])
        }
    }

    @Test("a broken apicheck.yml is an issue at the trait's line, with the file's line; the test body does not run")
    func brokenConfiguration() async throws {
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-package-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: package) }
        try FileManager.default.createDirectory(at: package.appendingPathComponent("Tests"), withIntermediateDirectories: true)
        try "// swift-tools-version: 6.1\n".write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "apis:\n  demo:\n    base_url: https://demo.invalid\n    recordngs: x\n".write(
            to: package.appendingPathComponent("apicheck.yml"), atomically: true, encoding: .utf8)
        let trait: ReplayingTrait = .replaying("ping", api: "demo", filePath: package.appendingPathComponent("Tests/X.swift").path)
        let traitLine = #line - 1
        let test = try #require(Test.current)
        let ran = Answers()
        await withKnownScopeIssue {
            try await trait.provideScope(for: test, testCase: nil) { ran.add() }
        } matching: { issue in
            issue.sourceLocation?.line == traitLine
                && issue.comments.contains { $0.rawValue.contains("apicheck.yml:4:5: error: apis.demo: unknown key \"recordngs\"") }
        }
        #expect(ran.count == 0)
    }
}
