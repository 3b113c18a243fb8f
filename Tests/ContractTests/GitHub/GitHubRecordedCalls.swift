import APICheckTesting
import Foundation
import GitHubAPI
import Sandbox
import TestSupport
import Testing

/// Every GitHub call the feed app makes, through the real client, replayed from `recordings/github/tests/`.
///
/// Re-record with `APICHECK_RECORD=all swift test --filter GitHubRecordedCalls` (a fresh deterministic
/// replica per test, answering for api.github.com and github.com; nothing leaves the machine).
@Suite(.recordings(api: "github", server: GitHubRecordingServer(), strict: true), timeLimit(minutes: 5))
struct GitHubRecordedCalls {
    static let swift = try! RepositoryName("apple/swift")
    static let clientID = GitHubSandboxOptions.defaultClientID
    static let clientSecret = GitHubSandboxOptions.defaultClientSecret

    var client: GitHubClient {
        GitHubClient(session: TestRecording.session, baseURL: TestRecording.baseURL, oauthBaseURL: TestRecording.baseURL(named: "oauth"))
    }

    @Test(.replaying("events-first-page"))
    func eventsFirstPage() async throws {
        let page = try await client.events(of: Self.swift, perPage: 5)
        #expect(page.events.count == 5)
        #expect(page.events.allSatisfy { ($0.numericID ?? 0) > Int64(UInt32.max) })
        #expect(page.events.allSatisfy { $0.createdAt.map { $0.timeIntervalSince1970 == $0.timeIntervalSince1970.rounded() } == true })
        #expect(page.validators.etag?.hasPrefix("W/\"") == true)
        #expect(page.pollInterval == 60)
        // The recorded Link is relative; the client resolves it against whatever base URL it has.
        #expect(page.nextPage?.absoluteString == TestRecording.baseURL.absoluteString + "/repositories/44838949/events?per_page=5&page=2")
    }

    @Test(.replaying("events-not-modified"))
    func eventsNotModified() async throws {
        let first = try await client.events(of: Self.swift, perPage: 5)
        let byETag = try await client.events(of: Self.swift, perPage: 5, validators: Validators(etag: first.validators.etag))
        let byDate = try await client.events(
            of: Self.swift, perPage: 5, validators: Validators(lastModified: first.validators.lastModified))
        for poll in [byETag, byDate] {
            #expect(poll.isNotModified)
            #expect(poll.events.isEmpty)
        }
        #expect(byETag.validators.etag == first.validators.etag)
    }

    @Test(.replaying("events-link-pages"))
    func eventsLinkPages() async throws {
        let events = try await client.allEvents(of: Self.swift, perPage: 10, maxPages: 3)
        #expect(events.count == 30)
        #expect(Set(events.map(\.id)).count == 30)
    }

    @Test(.replaying("feed-cache-relaunch"))
    func feedCacheRelaunch() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-feed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try await EventFeed(client: client, cacheDirectory: folder).poll(Self.swift)
        #expect(first.outcome == .updated)
        #expect(first.events.count == 50)
        // A relaunch: a new feed over the same folder polls with the saved validators at once.
        let relaunched = EventFeed(client: client, cacheDirectory: folder)
        #expect(try await relaunched.validators(of: Self.swift).etag != nil)
        let second = try await relaunched.poll(Self.swift)
        #expect(second.outcome == .notModified)
        #expect(second.events == first.events)
    }

    @Test(.replaying("search-most-starred"))
    func searchMostStarred() async throws {
        let result = try await client.searchRepositories("language:swift", sort: .stars, perPage: 5)
        #expect(result.items.count == 5)
        #expect(result.items.map(\.stargazersCount) == result.items.map(\.stargazersCount).sorted(by: >))
        #expect(result.items.allSatisfy { $0.score == 1.0 })
    }

    @Test(.replaying("search-best-match"))
    func searchBestMatch() async throws {
        let result = try await client.searchRepositories("language:swift", perPage: 5)
        #expect(result.items.contains { $0.score != $0.score.rounded() }, "best-match scores are decimals")
    }

    @Test(.replaying("search-without-q"))
    func searchWithoutQ() async throws {
        let error = await #expect(throws: GitHubAPIError.self) { _ = try await client.searchRepositories("") }
        #expect(error?.kind == .validationFailed)
        #expect(error?.validationErrors.first?.field == "q")
    }

    @Test(.replaying("unknown-repository"))
    func unknownRepository() async throws {
        let error = await #expect(throws: GitHubAPIError.self) {
            _ = try await client.events(of: try RepositoryName("apicheck-no-such-owner/no-such-repository"))
        }
        #expect(error?.kind == .notFound)
        #expect(error?.message == "Not Found")
    }

    @Test(.replaying("gitfeed-flow"))
    func gitFeedFlow() async throws {
        let activity = try await client.mostStarredActivity(language: "swift", count: 5, eventsPerRepository: 5)
        #expect(activity.count == 5)
        for entry in activity {
            let events = try entry.events.get()
            #expect(!events.isEmpty)
            #expect(events.allSatisfy { $0.repo.name.lowercased() == entry.repository.fullName.lowercased() })
        }
    }

    @Test(.replaying("oauth-exchange-json"))
    func oauthExchangeJSON() async throws {
        let token = try await client.exchangeCode("apicheck-test-code-1", clientID: Self.clientID, clientSecret: Self.clientSecret)
        #expect(token.tokenType == "bearer")
        #expect(token.scopes == ["repo", "gist"])
    }

    @Test(.replaying("oauth-exchange-form"))
    func oauthExchangeForm() async throws {
        let token = try await client.exchangeCode(
            "apicheck-test-code-2", clientID: Self.clientID, clientSecret: Self.clientSecret, answerForm: .form)
        #expect(token.tokenType == "bearer")
        #expect(token.scope == "repo,gist")
    }

    @Test(.replaying("oauth-bad-verification-code"))
    func oauthBadVerificationCode() async throws {
        let error = await #expect(throws: GitHubAPIError.self) {
            _ = try await client.exchangeCode("bad-apicheck-code", clientID: Self.clientID, clientSecret: Self.clientSecret)
        }
        #expect(error?.kind == .oauth)
        #expect(error?.status == 200)
        #expect(error?.oauthError?.code == .badVerificationCode)
    }

    @Test(.replaying("oauth-incorrect-client-credentials"))
    func oauthIncorrectClientCredentials() async throws {
        let error = await #expect(throws: GitHubAPIError.self) {
            _ = try await client.exchangeCode("apicheck-test-code-3", clientID: Self.clientID, clientSecret: "not-the-secret")
        }
        #expect(error?.oauthError?.code == .incorrectClientCredentials)
    }

    @Test(.replaying("oauth-redirect-uri-mismatch"))
    func oauthRedirectURIMismatch() async throws {
        let error = await #expect(throws: GitHubAPIError.self) {
            _ = try await client.exchangeCode(
                "apicheck-test-code-4", clientID: Self.clientID, clientSecret: Self.clientSecret,
                redirectURI: "https://elsewhere.example/callback"
            )
        }
        #expect(error?.oauthError?.code == .redirectURIMismatch)
    }
}

/// The rate limit, recorded from a replica that allows one request an hour.
@Suite(.recordings(api: "github", server: GitHubRecordingServer(options: GitHubSandboxOptions(rateLimit: 1)), strict: true))
struct GitHubRateLimitRecordedCalls {
    @Test(.replaying("rate-limited"))
    func rateLimited() async throws {
        let client = GitHubClient(
            session: TestRecording.session, baseURL: TestRecording.baseURL, oauthBaseURL: TestRecording.baseURL(named: "oauth"))
        _ = try await client.events(of: try RepositoryName("apple/swift"), perPage: 1)
        let error = await #expect(throws: GitHubAPIError.self) {
            _ = try await client.events(of: try RepositoryName("Alamofire/Alamofire"), perPage: 1)
        }
        #expect(error?.kind == .rateLimited)
        #expect(error?.status == 403)
        #expect(error?.rateLimit?.remaining == 0)
        let reset = try #require(error?.rateLimit?.reset)
        #expect(error?.retryAt == reset)
        #expect(reset > Date(timeIntervalSince1970: 1_600_000_000))
    }
}
