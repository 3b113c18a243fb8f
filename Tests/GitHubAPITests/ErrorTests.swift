import Foundation
import GitHubAPI
import TestSupport
import Testing

/// Statuses the replica never sends, from a fixed table: Retry-After, 429, 403 without a spent limit, 502.
@Suite("GitHub client: errors")
struct ErrorTests {
    let clock = TestClock.fixed()

    func client(_ name: String) throws -> GitHubClient {
        GitHubClient(
            session: GitHubStub.session(), baseURL: try #require(URL(string: "http://stub.invalid/\(name)")),
            oauthBaseURL: try #require(URL(string: "http://stub.invalid/oauth-html")), now: clock.read
        )
    }

    func error(_ name: String) async throws -> GitHubAPIError? {
        let client = try client(name)
        return await gitHubError { _ = try await client.events(of: try RepositoryName("apple/swift")) }
    }

    @Test("Retry-After in seconds is counted from the injected clock")
    func retryAfterSeconds() async throws {
        let error = try await error("retry-after-seconds")
        #expect(error?.kind == .rateLimited)
        #expect(error?.retryAt == clock.now.addingTimeInterval(120))
        #expect(error?.message == "You have exceeded a secondary rate limit.")
    }

    @Test("Retry-After as an HTTP date, on a 429")
    func retryAfterDate() async throws {
        let error = try await error("retry-after-date")
        #expect(error?.kind == .rateLimited)
        #expect(error?.status == 429)
        #expect(error?.retryAt == Date(timeIntervalSince1970: 1_792_567_680))
    }

    @Test("403 with x-ratelimit-remaining: 0 carries the reset time")
    func spent() async throws {
        let error = try await error("spent")
        #expect(error?.kind == .rateLimited)
        #expect(error?.retryAt == Date(timeIntervalSince1970: 1_800_003_600))
        #expect(error?.rateLimit?.resource == "core")
        #expect(error?.description.contains("retry at 2027-01-15T09:00:00Z") == true)
    }

    @Test("403 with requests left is forbidden, not a rate limit")
    func forbidden() async throws {
        let error = try await error("forbidden")
        #expect(error?.kind == .forbidden)
        #expect(error?.retryAt == nil)
        #expect(error?.message == "Resource not accessible by integration")
    }

    @Test("another status keeps the start of a body that is not GitHub's error")
    func badGateway() async throws {
        let error = try await error("server-error")
        #expect(error?.kind == .unexpectedStatus)
        #expect(error?.status == 502)
        #expect(error?.detail == "body: <html>bad gateway</html>")
    }
}
