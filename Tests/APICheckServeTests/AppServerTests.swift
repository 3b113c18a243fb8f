import APICheckRecording
import APICheckServe
import APICheckServeTesting
import Foundation
import TestSupport
import Testing

#if canImport(XCTest)
    import XCTest
#endif

/// The test side of `apicheck serve`: a server started in the test's own process from the project's `apicheck.yml`,
/// the app launched with its launch environment (as a UI test launches one), and the journal asserted on.
@Suite("AppServer: apicheck serve in a test's own process")
struct AppServerTests {
    /// A project of its own (apicheck.yml, the todo contract and recordings) in a temporary folder, laid out as an
    /// Xcode project is: no Package.swift.
    static func project() throws -> URL {
        let folder = try project(api: "todos", baseURL: ServedAppTests.production)
        try FileManager.default.copyItem(
            at: ServedAppTests.root.appendingPathComponent("recordings/todos/tests"),
            to: folder.appendingPathComponent("recordings/todos/tests"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("AppUITests"), withIntermediateDirectories: true)
        return folder
    }

    /// A temporary folder with this repository's contract of `api` and an apicheck.yml naming it, its recordings
    /// folder (empty) and the app's production URL; `extra` is added to the API's entry.
    static func project(api: String, baseURL: String, extra: String = "") throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-appserver-\(UUID().uuidString)")
        let contract = "contracts/\(api).openapi.yaml"
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("contracts"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("recordings/\(api)"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: ServedAppTests.root.appendingPathComponent(contract), to: folder.appendingPathComponent(contract))
        let yaml = "version: 1\napis:\n  \(api):\n    contract: \(contract)\n    recordings: recordings/\(api)\n    base_url: \(baseURL)\n"
        try Data((yaml + extra).utf8).write(to: folder.appendingPathComponent("apicheck.yml"))
        return folder
    }

    @Test("found from the test file: the app's flow answered, and what the recordings lack is a problem with its nearest")
    func fromThisPackage() async throws {
        // This file's package: apicheck.yml beside the Package.swift above it.
        let server = try await AppServer.start(api: "todos", recordings: ["tests/list-first-page", "tests/update-form"])
        let app = try await ServedAppTests.run(environment: server.launchEnvironment)
        try await server.stop()
        #expect(app.status == 0, "\(app.stdout)\(app.stderr)")
        #expect(server.journal.entries.compactMap(\.matched).count == 4)
        let problems = server.problems()
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.hasPrefix("#5 GET \(ServedAppTests.production)/api/v2/todos/424242 was not answered (502): ") == true)
        #expect(problems.first?.contains("nearest recorded requests:\n    #0 GET /api/v2/todos (already used)") == true, "\(problems)")
        // expectClean records each problem as an issue of this test.
        withKnownIssue {
            server.expectClean()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("/api/v2/todos/424242 was not answered") }
        }
    }

    @Test("an Xcode-shaped project (apicheck.yml, no Package.swift) is found from a test file inside it")
    func xcodeProjectFound() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let testFile = folder.appendingPathComponent("AppUITests/AppUITests.swift").path
        #expect(AppServer.projectFolder(from: testFile)?.standardizedFileURL.path == folder.standardizedFileURL.path)
        // A package's test file: the folder of apicheck.yml beside Package.swift (this package's root) ...
        #expect(AppServer.projectFolder(from: #filePath)?.standardizedFileURL.path == ServedAppTests.root.standardizedFileURL.path)
        // ... and none above a Package.swift: the replay traits' search decides there.
        try Data().write(to: folder.appendingPathComponent("AppUITests/Package.swift"))
        #expect(AppServer.projectFolder(from: testFile) == nil)
    }

    @Test("recording a session from the sandbox, then the same app answered from it alone: clean")
    func recordThenReplay() async throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let testFile = folder.appendingPathComponent("AppUITests/AppUITests.swift").path
        let recorder = try await AppServer.start(api: "todos", mode: .record(session: "todo-flow", from: .sandbox), filePath: testFile)
        let recorded = try await ServedAppTests.run(environment: recorder.launchEnvironment)
        try await recorder.stop()
        #expect(recorded.status == 0, "\(recorded.stdout)\(recorded.stderr)")
        #expect(recorder.problems().isEmpty, "\(recorder.problems())")
        let file = try #require(recorder.sessionFile)
        #expect(file.standardizedFileURL == folder.appendingPathComponent("recordings/todos/sessions/todo-flow.json").standardizedFileURL)
        let session = try Recording.load(from: file)
        #expect(session.recordedFrom == "sandbox")
        #expect(session.interactions.count == 5)

        let player = try await AppServer.start(api: "todos", recordings: ["sessions/todo-flow"], filePath: testFile)
        let replayed = try await ServedAppTests.run(environment: player.launchEnvironment)
        try await player.stop()
        #expect(replayed.stdout == recorded.stdout)
        #expect(player.problems().isEmpty, "\(player.problems())")
        player.expectClean()
    }

    @Test("what cannot start says why: an unknown API, a recording that is not there, a session name that is a path")
    func refusals() async throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let errors = [
            await Self.refusal { () async throws(ServeError) in try await AppServer.start(api: "nope", folder: folder) },
            await Self.refusal { () async throws(ServeError) in
                try await AppServer.start(api: "todos", recordings: ["tests/not-there"], folder: folder)
            },
            await Self.refusal { () async throws(ServeError) in
                try await AppServer.start(api: "todos", mode: .record(session: "../x", from: .sandbox), folder: folder)
            },
            await Self.refusal { () async throws(ServeError) in
                try await AppServer.start(api: "todos", recordings: ["tests/x"], mode: .upstream(.sandbox), folder: folder)
            },
        ]
        #expect(errors[0]?.contains("no API named \"nope\"") == true, "\(errors)")
        #expect(errors[1]?.contains("tests/not-there") == true, "\(errors)")
        #expect(errors[2]?.contains("a session's name") == true, "\(errors)")
        #expect(errors[3]?.contains("an upstream answers alone") == true, "\(errors)")
    }

    static func refusal(_ start: () async throws(ServeError) -> AppServer) async -> String? {
        do {
            let server = try await start()
            try? await server.stop()
            return nil
        } catch {
            return error.description
        }
    }
}

#if canImport(XCTest)
    /// The same server from an XCTest case, as a UI test uses it: `expectClean` fails the test with `XCTFail` at the
    /// caller's line, one failure per problem.
    final class AppServerXCTests: XCTestCase {
        private var failures: [(description: String, line: Int)] = []
        private var capturing = false

        override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
            if capturing {
                failures.append((description, lineNumber))
            } else {
                super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
            }
        }

        func testExpectCleanFailsTheXCTestForEachProblem() async throws {
            let server = try await AppServer.start(api: "todos", recordings: ["tests/list-first-page"])
            let app = try await ServedAppTests.run(environment: server.launchEnvironment)
            try await server.stop()
            XCTAssertEqual(app.status, 1, app.stdout)  // the update is not recorded: the app stops at it
            capturing = true
            let line = #line + 1
            server.expectClean()
            capturing = false
            XCTAssertEqual(failures.count, server.problems().count)
            // The list answered, the next screen not: the app stops there (it decodes the 502), one problem.
            XCTAssertEqual(failures.count, 1, "\(failures)")
            XCTAssertTrue(
                failures.first?.description.contains("GET \(ServedAppTests.production)/api/v2/todos?per_page=1 was not answered") == true)
            XCTAssertTrue(failures.allSatisfy { $0.line == line && $0.description.contains("apicheck serve: #") }, "\(failures)")
        }
    }
#endif
