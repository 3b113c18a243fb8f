import Locking

/// The examples of one project, read on first use; and the projects by key. Locked: parameterized tests load in parallel.
final class ExampleCache: Sendable {
    private let stored = Locked<[ContractExample]?>(nil)

    var examples: [ContractExample]? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }

    final class Projects: Sendable {
        private let projects = Locked<[String: ExampleProject]>([:])

        func get(_ key: String) -> ExampleProject? { projects.withLock { $0[key] } }
        func set(_ key: String, _ project: ExampleProject) { projects.withLock { $0[key] = project } }
    }
}
