import APICheckReplayTesting
import Testing
import TodoAPI
import TodoApp

/// Replays recordings/todos/tests/list-first-page.json (copied from apicheck's own recordings) through the
/// real client: no network, no server.
@Suite(.recordings(api: "todos"))
struct TodoListModelTests {
    @Test(.replaying("list-first-page"))
    func firstPage() async throws {
        let model = try await TodoListModel.load(with: TodoClient(session: TestRecording.session, baseURL: TestRecording.baseURL))
        #expect(model.titles.count == 10)
        #expect(model.doneCount <= model.titles.count)
    }
}
