import Sandbox

/// Runs `body` against a fresh in-process sandbox and stops it afterwards, also when `body` throws.
///
/// Each call gets its own sandbox (its own state and port), so tests using it run in parallel.
public func withSandboxServer<T>(
    _ configuration: SandboxConfiguration = SandboxConfiguration(), _ body: (SandboxServer) async throws -> T
) async throws -> T {
    let sandbox = try await SandboxServer.start(configuration)
    do {
        let result = try await body(sandbox)
        await sandbox.stop()
        return result
    } catch {
        await sandbox.stop()
        throw error
    }
}
