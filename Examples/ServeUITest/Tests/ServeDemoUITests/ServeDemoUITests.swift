import APICheckServeTesting
import XCTest

/// The app launched by XCUITest as a process of its own, answered by `apicheck serve` started in this test's process
/// (`AppServer`): the bootstrap line in the app routes `URLSession.shared` to it, with the production URL as written.
final class ServeDemoUITests: XCTestCase {
    /// The app launched with the launch environment of a server that answers it from `recordings`.
    @MainActor
    private func launch(answeredFrom recordings: [String]) async throws -> (server: AppServer, app: XCUIApplication) {
        let server = try await AppServer.start(api: "todos", recordings: recordings)
        let app = XCUIApplication()
        app.launchEnvironment = server.launchEnvironment
        app.launch()
        return (server, app)
    }

    @MainActor
    func testTheListIsAnsweredFromTheRecording() async throws {
        let (server, app) = try await launch(answeredFrom: ["tests/list-first-page"])
        XCTAssert(app.staticTexts["Update the README 260"].waitForExistence(timeout: 30), app.debugDescription)
        XCTAssertFalse(app.staticTexts["failure"].exists)
        app.terminate()
        try await server.stop()
        // The app's one request, answered from tests/list-first-page; nothing unanswered, nothing against the contract.
        XCTAssertEqual(server.journal.entries.compactMap(\.matched).map(\.recording), ["tests/list-first-page"])
        server.expectClean()
    }

    @MainActor
    func testARequestTheRecordingsLackIsReportedWithItsNearest() async throws {
        // No recording answers the list: the app shows its failure, and the journal names the nearest recorded request.
        let (server, app) = try await launch(answeredFrom: ["tests/update-form"])
        XCTAssert(app.staticTexts["failure"].waitForExistence(timeout: 30), app.debugDescription)
        app.terminate()
        try await server.stop()
        let problems = server.problems()
        XCTAssertEqual(problems.count, 1, "\(problems)")
        XCTAssert(problems.first?.contains("GET https://phplaravel-574671-2962113.cloudwaysapps.com/api/v2/todos was not answered") == true)
    }
}
