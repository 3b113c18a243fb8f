import Foundation
import TodoAPI

/// The app's view model for the first page of todos: what the app shows, from the typed client.
public struct TodoListModel: Sendable {
    public let titles: [String]
    public let doneCount: Int

    public static func load(with client: TodoClient) async throws -> TodoListModel {
        let page = try await client.todos()
        return TodoListModel(titles: page.data.map(\.title), doneCount: page.data.filter(\.isDone).count)
    }
}
