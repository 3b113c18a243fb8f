import APICheck
import APICheckTesting
import Foundation
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The XCTest form of the replaying trait, on a committed todo recording.
final class XCTestBridgeTests: XCTestCase {
    func testReplayingHandsOutASessionThatAnswersFromTheRecording() async throws {
        try await replaying("single", api: "todos") { session, baseURL in
            var request = URLRequest(
                url: baseURL.appendingPathComponent("api/v2/todos").appending(queryItems: [URLQueryItem(name: "per_page", value: "1")]))
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            let (data, response) = try await session.data(for: request)
            XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200)
            XCTAssertEqual(try JSONReader.parse(data)[pointer: "/meta/per_page"]?.numberValue?.intValue, 1)
            var single = URLRequest(url: baseURL.appendingPathComponent("api/v2/todos/4698"))
            single.setValue("application/json", forHTTPHeaderField: "Accept")
            let (body, _) = try await session.data(for: single)
            XCTAssertEqual(try JSONReader.parse(body)[pointer: "/data/id"]?.numberValue?.intValue, 4698)
        }
    }

    /// The same package layout as the trait's configuration test: apicheck.yml moves the recordings and ignores `ts`.
    func testReplayingReadsApicheckYmlAsTheTraitDoes() async throws {
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-xctest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: package) }
        try FileManager.default.createDirectory(at: package.appendingPathComponent("Tests/DemoTests"), withIntermediateDirectories: true)
        try "// swift-tools-version: 6.1\n".write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "apis:\n  demo:\n    base_url: https://demo.invalid\n    recordings: fixtures/demo\n    matching: { ignore_query: [ts] }\n"
            .write(to: package.appendingPathComponent("apicheck.yml"), atomically: true, encoding: .utf8)
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
        try await replaying("ping", api: "demo", sourceFile: package.appendingPathComponent("Tests/DemoTests/PingTests.swift").path) {
            session, baseURL in
            // Found in fixtures/demo (not recordings/demo), and answered although ts differs (ignore_query).
            let url = try XCTUnwrap(URL(string: baseURL.absoluteString + "/ping?ts=999"))
            let (data, _) = try await session.data(from: url)
            XCTAssertEqual(try JSONReader.parse(data), ["pong": true])
        }
    }

    /// Global scope in XCTest: URLSession.shared at the app's production URL, and a session the app builds from the
    /// replay's configuration, both answered from one recording in one order.
    func testGlobalScopeAndTheAppsOwnSession() async throws {
        let production = "https://phplaravel-574671-2962113.cloudwaysapps.com"
        try await replaying("single", api: "todos", scope: .global) { replay in
            var list = URLRequest(url: try XCTUnwrap(URL(string: production + "/api/v2/todos?per_page=1")))
            list.setValue("application/json", forHTTPHeaderField: "Accept")
            let (data, _) = try await URLSession.shared.data(for: list)
            XCTAssertEqual(try JSONReader.parse(data)[pointer: "/meta/per_page"]?.numberValue?.intValue, 1)
            var single = URLRequest(url: try XCTUnwrap(URL(string: production + "/api/v2/todos/4698")))
            single.setValue("application/json", forHTTPHeaderField: "Accept")
            let appSession = URLSession(configuration: replay.sessionConfiguration)
            let (body, _) = try await appSession.data(for: single)
            XCTAssertEqual(try JSONReader.parse(body)[pointer: "/data/id"]?.numberValue?.intValue, 4698)
        }
    }

    /// The bundle form: an Xcode app's test target finds its recordings among its resources.
    func testReplayingFromATestBundle() async throws {
        try await replaying("ping", api: "demo", bundle: .module) { session, _ in
            let (data, _) = try await session.data(from: try XCTUnwrap(URL(string: "https://api.demo-app.example/v1/ping")))
            XCTAssertEqual(try JSONReader.parse(data)[pointer: "/pong"], .bool(true))
        }
    }
}
