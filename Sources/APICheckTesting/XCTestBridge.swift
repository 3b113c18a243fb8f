#if canImport(XCTest)
import APICheck
import APICheckReplay
import Foundation
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension XCTestCase {
    /// The XCTest form of `.replaying(name)`: runs `body` with a replaying session and fails the test for what did not match.
    ///
    /// ```swift
    /// func testListDecodes() async throws {
    ///     try await replaying("list-first-page", api: "todos") { session, baseURL in
    ///         let page = try await TodoClient(session: session, baseURL: baseURL).todos()
    ///         XCTAssertEqual(page.data.count, 10)
    ///     }
    /// }
    /// ```
    public func replaying(
        _ name: String, api: String, liveBaseURL: URL? = nil, strict: Bool = false,
        matching: MatchingRules = MatchingRules(), redaction: RedactionRules = .builtIn,
        file: StaticString = #filePath, line: UInt = #line,
        _ body: (URLSession, URL) async throws -> Void
    ) async throws {
        let environment = ProcessInfo.processInfo.environment
        let mode = try RecordMode.fromEnvironment(environment)
        let folder = RecordingsFolder.locate(from: "\(file)", environment: environment)
        let recording = folder.appendingPathComponent(api).appendingPathComponent("tests").appendingPathComponent("\(name).json")
        let live = environment["APICHECK_BASE_URL"].flatMap { $0.isEmpty ? nil : URL(string: $0) } ?? liveBaseURL
        let replay = try ReplaySession(ReplayConfiguration(
            api: api, name: name, recordingURL: recording, mode: mode, liveBaseURL: live, matching: matching,
            redaction: redaction, strict: strict, recordedFrom: live?.absoluteString, testFilter: self.name
        ))
        var thrown: (any Error)?
        do {
            try await body(replay.session, replay.baseURL)
        } catch {
            thrown = error
        }
        for problem in replay.finish() {
            XCTFail(problem, file: file, line: line)
        }
        if let thrown { throw thrown }
    }
}
#endif
