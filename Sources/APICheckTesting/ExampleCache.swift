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
        /// The project cached under `key`: `project`, unless another test's load cached one first (then that one, and
        /// `project` is dropped before it holds examples that refer back to it, which would be a cycle never freed).
        func insert(_ key: String, _ project: ExampleProject) -> ExampleProject {
            projects.withLock { cached in
                if let first = cached[key] { return first }
                cached[key] = project
                return project
            }
        }
    }
}
