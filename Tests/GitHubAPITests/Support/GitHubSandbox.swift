import Foundation
import GitHubAPI
import Sandbox
import TestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs `body` with a client whose two bases (API and OAuth) point at a fresh in-process GitHub replica.
///
/// Each call gets its own replica (its own state, rate limits and port), so tests run in parallel.
func withGitHub<T>(
    drifts: Set<Drift> = [], options: GitHubSandboxOptions = .init(), token: String? = nil,
    now: @escaping @Sendable () -> Date = { Date() },
    _ body: (GitHubClient, SandboxServer) async throws -> T
) async throws -> T {
    let configuration = SandboxConfiguration(apis: [.github], drifts: drifts, requestJournalLimit: 500, github: options)
    return try await withSandboxServer(configuration) { sandbox in
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let client = GitHubClient(session: session, baseURL: sandbox.baseURL, oauthBaseURL: sandbox.baseURL, token: token, now: now)
        return try await body(client, sandbox)
    }
}

/// The ``GitHubAPIError`` `body` throws, or nil when it throws nothing or something else.
func gitHubError(_ body: () async throws -> Void) async -> GitHubAPIError? {
    await thrownError(GitHubAPIError.self, body)
}

/// A fresh empty folder under the temporary directory, removed by the caller.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-github-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

extension TestClock {
    /// A clock at a fixed moment (2027-01-15), so that what a test computes from it is the same on every run.
    static func fixed() -> TestClock { TestClock(start: Date(timeIntervalSince1970: 1_800_000_000)) }
}
