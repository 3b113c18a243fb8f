import Foundation
import Sandbox
import TestSupport
import TodoAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs `body` with a client talking to a fresh in-process sandbox over loopback, then stops it.
///
/// Each test gets its own sandbox (its own state and port), so tests can run in parallel.
func withSandbox<T>(
    drifts: Set<Drift> = [], deterministic: Bool = false,
    _ body: (TodoClient, SandboxServer) async throws -> T
) async throws -> T {
    try await withSandboxServer(SandboxConfiguration(drifts: drifts, deterministic: deterministic, requestJournalLimit: 100)) { sandbox in
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        return try await body(TodoClient(session: session, baseURL: sandbox.baseURL), sandbox)
    }
}

/// The ``TodoAPIError`` `body` throws, or nil when it throws nothing or something else.
func todoAPIError(_ body: () async throws -> Void) async -> TodoAPIError? {
    await thrownError(TodoAPIError.self, body)
}
