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
    /// It reads `apicheck.yml` as the trait does (recordings folder, matching, redaction, secrets, base URLs);
    /// `matching` and `redaction` given here replace the file's.
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
        matching: MatchingRules? = nil, redaction: RedactionRules? = nil,
        file: StaticString = #filePath, line: UInt = #line,
        _ body: (URLSession, URL) async throws -> Void
    ) async throws {
        try await replaying(
            name, api: api, liveBaseURL: liveBaseURL, strict: strict, matching: matching, redaction: redaction,
            sourceFile: "\(file)", file: file, line: line, body
        )
    }

    /// ``replaying(_:api:liveBaseURL:strict:matching:redaction:file:line:_:)`` with the test file's path as a string
    /// (`apicheck.yml` is found beside the `Package.swift` above it).
    package func replaying(
        _ name: String, api: String, liveBaseURL: URL? = nil, strict: Bool = false,
        matching: MatchingRules? = nil, redaction: RedactionRules? = nil, sourceFile: String,
        file: StaticString = #filePath, line: UInt = #line,
        _ body: (URLSession, URL) async throws -> Void
    ) async throws {
        let plan = try ReplayPlan(
            api: api, name: name, sourceFile: sourceFile, environment: TraitEnvironment.current, liveBaseURL: liveBaseURL, hasServer: false
        )
        let replay = try ReplaySession(plan.configuration(matching: matching, redaction: redaction, secrets: [], strict: strict, testFilter: self.name))
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
