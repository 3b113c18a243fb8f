import Foundation

/// The environment the traits read (`APICHECK_RECORD`, `APICHECK_BASE_URL`, secrets): the process's, unless a
/// test of the traits themselves runs them in record mode with an environment of its own.
package enum TraitEnvironment {
    /// Replaces the process's environment for the traits in this task and its children.
    @TaskLocal package static var override: [String: String]?

    package static var current: [String: String] { override ?? ProcessInfo.processInfo.environment }
}
