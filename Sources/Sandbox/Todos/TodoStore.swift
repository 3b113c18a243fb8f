import Foundation
import Locking

/// The todos, their id sequence and their clock, behind one lock; safe for concurrent requests.
final class TodoStore: Sendable {
    private struct State {
        var todos: [TodoRecord]  // sorted by id
        var nextID: Int
        var ticks: Int64
    }

    private let state: Locked<State>
    private let deterministic: Bool

    init(deterministic: Bool) {
        let seed = TodoSeed.records()
        self.deterministic = deterministic
        state = Locked(State(todos: seed, nextID: TodoSeed.firstID + TodoSeed.count, ticks: 0))
    }

    /// Every todo, sorted by id; copying the array out is O(1) (copy on write).
    var all: [TodoRecord] { state.withLock { $0.todos } }

    func find(_ id: Int) -> TodoRecord? {
        state.withLock { state in index(of: id, in: state.todos).map { state.todos[$0] } }
    }

    func create(title: String, isDone: Bool) -> TodoRecord {
        state.withLock { state in
            let now = now(&state)
            let record = TodoRecord(id: state.nextID, title: title, isDone: isDone, createdAt: now, updatedAt: now)
            state.nextID += 1
            state.todos.append(record)
            return record
        }
    }

    func update(_ id: Int, title: String, isDone: Bool?) -> TodoRecord? {
        state.withLock { state in
            guard let i = index(of: id, in: state.todos) else { return nil }
            state.todos[i].title = title
            if let isDone { state.todos[i].isDone = isDone }
            state.todos[i].updatedAt = now(&state)
            return state.todos[i]
        }
    }

    func delete(_ id: Int) -> TodoRecord? {
        state.withLock { state in
            guard let i = index(of: id, in: state.todos) else { return nil }
            return state.todos.remove(at: i)
        }
    }

    private func now(_ state: inout State) -> Int64 {
        if deterministic {
            state.ticks += 1
            return TodoSeed.deterministicOrigin + state.ticks * TodoSeed.deterministicStep
        }
        return Int64((Date().timeIntervalSince1970 * 1_000_000).rounded())
    }

    private func index(of id: Int, in todos: [TodoRecord]) -> Int? {
        var low = 0
        var high = todos.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if todos[mid].id == id { return mid }
            if todos[mid].id < id { low = mid + 1 } else { high = mid - 1 }
        }
        return nil
    }
}
