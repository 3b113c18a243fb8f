import Foundation
import Sandbox
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
    let sandbox = try await SandboxServer.start(
        SandboxConfiguration(drifts: drifts, deterministic: deterministic, requestJournalLimit: 100)
    )
    let session = URLSession(configuration: .ephemeral)
    let client = TodoClient(session: session, baseURL: sandbox.baseURL)
    do {
        let result = try await body(client, sandbox)
        session.finishTasksAndInvalidate()
        await sandbox.stop()
        return result
    } catch {
        session.finishTasksAndInvalidate()
        await sandbox.stop()
        throw error
    }
}

/// Expects `body` to throw a ``TodoAPIError`` and returns it, or records an issue and returns nil.
func todoAPIError(_ body: () async throws -> Void) async -> TodoAPIError? {
    do {
        try await body()
        return nil
    } catch let error as TodoAPIError {
        return error
    } catch {
        return nil
    }
}
