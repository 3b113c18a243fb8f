import Foundation
import GitHubAPI
import Sandbox
import TestSupport
import Testing

/// Repository events through the client against the replica: ids, dates, payloads, conditional polls, Link pages.
@Suite("GitHub client: events", timeLimit(minutes: 5))
struct EventsTests {
    let swift = try! RepositoryName("apple/swift")

    @Test("events decode: string ids past 32 bits, dates without a fraction, typed payloads")
    func eventsDecode() async throws {
        try await withGitHub { client, _ in
            let page = try await client.events(of: swift, perPage: 100)
            #expect(page.events.count == 75)
            #expect(!page.isNotModified)
            for event in page.events {
                let number = try #require(event.numericID, "\(event.id)")
                #expect(number > Int64(UInt32.max))
                let seconds = try #require(event.createdAt).timeIntervalSince1970
                #expect(seconds == seconds.rounded())
                #expect(event.repo.name == "apple/swift")
            }
            #expect(page.events == page.events.sorted { ($0.createdAt ?? .distantPast) > ($1.createdAt ?? .distantPast) })
            let push = try #require(page.events.lazy.compactMap(\.push).first)
            #expect(push.branch == "main")
            #expect(push.commits.first?.sha.count == 40)
            #expect(page.events.contains { $0.watch?.action == "started" })
            #expect(page.events.contains { $0.issues?.issue?.number != nil })
            #expect(page.events.contains { $0.pullRequest?.title != nil })
            // A typed accessor is nil for every other type.
            #expect(page.events.filter { $0.type != "PushEvent" }.allSatisfy { $0.push == nil })
            #expect(page.validators.etag?.hasPrefix("W/\"") == true)
            #expect(page.validators.lastModified?.hasSuffix(" GMT") == true)
            #expect(page.pollInterval == 60)
            #expect(page.rateLimit?.remaining == 59)
        }
    }

    @Test("polling with the validators sends If-None-Match and If-Modified-Since and gets 304 as nothing new")
    func conditionalPoll() async throws {
        try await withGitHub { client, sandbox in
            let first = try await client.events(of: swift, perPage: 5)
            let again = try await client.events(of: swift, perPage: 5, validators: first.validators)
            #expect(again.isNotModified)
            #expect(again.events.isEmpty)
            #expect(again.validators == first.validators)
            #expect(again.pollInterval == 60)
            let sent = try #require(sandbox.receivedRequests().last)
            #expect(sent.header("If-None-Match") == first.validators.etag)
            #expect(sent.header("If-Modified-Since") == first.validators.lastModified)
            #expect(sandbox.receivedRequests().first?.header("If-None-Match") == nil)

            sandbox.addGitHubEvent(to: "apple/swift", type: "ReleaseEvent")
            let changed = try await client.events(of: swift, perPage: 5, validators: first.validators)
            #expect(!changed.isNotModified)
            #expect(changed.events.first?.release?.tagName != nil)
            #expect(changed.validators.etag != first.validators.etag)
        }
    }

    @Test("Link pages are followed, resolved against the base URL, until maxPages")
    func linkPages() async throws {
        try await withGitHub { client, _ in
            let first = try await client.events(of: swift, perPage: 10)
            let next = try #require(first.nextPage)
            #expect(next.absoluteString.hasPrefix(client.baseURL.absoluteString + "/repositories/44838949/events"))
            let all = try await client.allEvents(of: swift, perPage: 10, maxPages: 3)
            #expect(all.count == 30)
            #expect(Set(all.map(\.id)).count == 30)
            #expect(Array(all.prefix(10)) == first.events)
            let last = try await client.allEvents(of: swift, perPage: 50, maxPages: 10)
            #expect(last.count == 75, "stops when there is no next link")
        }
    }

    @Test("a Link to another host is never followed (the token would go with it)")
    func foreignLink() async throws {
        let client = GitHubClient(
            session: GitHubStub.session(), baseURL: try #require(URL(string: "http://stub.invalid/foreign-link")),
            oauthBaseURL: try #require(URL(string: "http://stub.invalid/oauth-html")), token: "gho_fake"
        )
        let page = try await client.events(of: swift)
        #expect(page.links.next == "https://evil.example/repositories/1/events?page=2")
        #expect(page.nextPage == nil)
        let error = await gitHubError {
            _ = try await client.events(at: try #require(URL(string: "https://evil.example/repositories/1/events")))
        }
        #expect(error?.kind == .invalidRequest)
    }

    @Test("an unknown repository is notFound with GitHub's message")
    func unknownRepository() async throws {
        try await withGitHub { client, _ in
            let error = await gitHubError { _ = try await client.events(of: try RepositoryName("apicheck-no-such-owner/nothing")) }
            #expect(error?.kind == .notFound)
            #expect(error?.status == 404)
            #expect(error?.message == "Not Found")
            #expect(error?.documentationURL?.hasPrefix("https://docs.github.com/") == true)
        }
    }

    @Test("an id sent as a number fails decoding at its pointer")
    func eventIDAsNumber() async throws {
        try await withGitHub(drifts: [.githubEventIDInt]) { client, _ in
            let error = await gitHubError { _ = try await client.events(of: swift, perPage: 3) }
            #expect(error?.kind == .decoding)
            #expect(error?.keyPath == "/0/id")
            #expect(error?.detail?.contains("expected a string") == true)
        }
    }

    @Test("the token goes to the API as Bearer; a wrong one is unauthorized")
    func token() async throws {
        try await withGitHub(token: GitHubSandboxOptions.defaultToken) { client, sandbox in
            let page = try await client.events(of: swift, perPage: 1)
            #expect(page.rateLimit?.limit == 5000)
            #expect(sandbox.receivedRequests().last?.header("Authorization") == "Bearer \(GitHubSandboxOptions.defaultToken)")
        }
        try await withGitHub(token: "gho_wrong") { client, _ in
            let error = await gitHubError { _ = try await client.events(of: swift, perPage: 1) }
            #expect(error?.kind == .unauthorized)
            #expect(error?.message == "Bad credentials")
        }
    }

    @Test(
        "per_page outside 1...100 and unsafe repository names are refused before sending",
        arguments: ["../etc", "a/b/c", "owner/..", "own er/x", "/x"])
    func refusedNames(_ name: String) async throws {
        #expect(throws: GitHubAPIError.self) { try RepositoryName(name) }
    }

    @Test("per_page outside 1...100 is refused before sending")
    func perPageRange() async throws {
        try await withGitHub { client, sandbox in
            let error = await gitHubError { _ = try await client.events(of: swift, perPage: 101) }
            #expect(error?.kind == .invalidRequest)
            #expect(sandbox.receivedRequests().isEmpty)
        }
    }
}
