import Foundation
import GitHubAPI
import Sandbox
import TestSupport
import Testing

/// Repository search, the feed's first screen, and the OAuth token exchange on the second host.
@Suite("GitHub client: search and OAuth", timeLimit(minutes: 5))
struct SearchAndOAuthTests {
    @Test("search language:swift sorted by stars: most stars first, a decimal score, the search rate limit")
    func search() async throws {
        try await withGitHub { client, sandbox in
            let result = try await client.searchRepositories("language:swift", sort: .stars, perPage: 5)
            #expect(result.items.count == 5)
            #expect(result.totalCount >= 5)
            #expect(!result.incompleteResults)
            #expect(result.items.map(\.stargazersCount) == result.items.map(\.stargazersCount).sorted(by: >))
            #expect(result.items.allSatisfy { $0.language == "Swift" && $0.score == 1.0 })
            #expect(sandbox.receivedRequests().last?.query == "q=language%3Aswift&sort=stars&per_page=5")
            let unsorted = try await client.searchRepositories("language:swift")
            #expect(unsorted.items.contains { $0.score != $0.score.rounded() }, "best-match scores are decimals")
        }
    }

    @Test("search without q is validationFailed with GitHub's errors")
    func searchWithoutQuery() async throws {
        try await withGitHub { client, _ in
            let error = await gitHubError { _ = try await client.searchRepositories("") }
            #expect(error?.kind == .validationFailed)
            #expect(error?.status == 422)
            #expect(error?.message == "Validation Failed")
            #expect(error?.validationErrors.first?.field == "q")
        }
    }

    @Test("the five most starred Swift repositories, then each one's events")
    func mostStarredActivity() async throws {
        try await withGitHub { client, sandbox in
            let activity = try await client.mostStarredActivity(language: "swift", count: 5, eventsPerRepository: 10)
            #expect(activity.count == 5)
            for entry in activity {
                let events = try entry.events.get()
                #expect(events.allSatisfy { $0.repo.name.lowercased() == entry.repository.fullName.lowercased() })
            }
            #expect(activity.first?.repository.fullName == "apple/swift")
            let requests = sandbox.receivedRequests()
            #expect(requests.first?.path == "/search/repositories")
            #expect(requests.dropFirst().map(\.path).sorted() == activity.map { "/repos/\($0.repository.fullName)/events" }.sorted())
        }
    }

    @Test("the flow sends at most four requests at a time", arguments: [4, 2])
    func concurrencyLimit(_ limit: Int) async throws {
        let key = "slow-\(UUID().uuidString)"
        let client = GitHubClient(
            session: GitHubStub.session(), baseURL: try #require(URL(string: "http://stub.invalid/\(key)")),
            oauthBaseURL: try #require(URL(string: "http://stub.invalid/oauth-html"))
        )
        let activity = try await client.mostStarredActivity(count: 8, maxConcurrentRequests: limit)
        #expect(activity.map(\.repository.name) == (0..<8).map { "repo\($0)" })
        #expect(GitHubStub.inFlight.total(key) == 9)
        #expect(GitHubStub.inFlight.peak(key) <= limit)
        #expect(GitHubStub.inFlight.peak(key) >= 2, "the events requests ran one at a time")
    }

    @Test("the exchange answers JSON with Accept: application/json, a form without, and never sends the token")
    func exchange() async throws {
        try await withGitHub(token: GitHubSandboxOptions.defaultToken) { client, sandbox in
            let json = try await client.exchangeCode(
                "granted-1", clientID: GitHubSandboxOptions.defaultClientID, clientSecret: GitHubSandboxOptions.defaultClientSecret
            )
            #expect(json.tokenType == "bearer")
            #expect(json.scopes == ["repo", "gist"])
            #expect(json.accessToken.hasPrefix("gho_"))
            #expect(!"\(json)".contains(json.accessToken))
            let form = try await client.exchangeCode(
                "granted-2", clientID: GitHubSandboxOptions.defaultClientID, clientSecret: GitHubSandboxOptions.defaultClientSecret,
                redirectURI: "http://127.0.0.1/callback/done", answerForm: .form
            )
            #expect(form.tokenType == "bearer")
            #expect(form.scope == "repo,gist")
            let posts = sandbox.receivedRequests().filter { $0.method == "POST" }
            #expect(posts.count == 2)
            #expect(posts.allSatisfy { $0.header("Authorization") == nil })
            #expect(posts.allSatisfy { $0.header("Content-Type") == "application/x-www-form-urlencoded" })
            #expect(
                posts.first.map { String(decoding: $0.body, as: UTF8.self) }
                    == "client_id=Iv1.a5ec0a1b2c3d4e5f&client_secret=apicheck-sandbox-client-secret&code=granted-1")
            // The token works for the API.
            let authed = GitHubClient(
                session: client.session, baseURL: client.baseURL, oauthBaseURL: client.oauthBaseURL, token: json.accessToken)
            #expect(try await authed.events(of: try RepositoryName("apple/swift"), perPage: 1).rateLimit?.limit == 5000)
        }
    }

    @Test("each refusal inside HTTP 200 is a typed OAuth error, in both answer forms", arguments: [OAuthAnswerForm.json, .form])
    func refusals(_ form: OAuthAnswerForm) async throws {
        try await withGitHub { client, _ in
            let id = GitHubSandboxOptions.defaultClientID
            let secret = GitHubSandboxOptions.defaultClientSecret
            let bad = await gitHubError {
                _ = try await client.exchangeCode("bad-code", clientID: id, clientSecret: secret, answerForm: form)
            }
            #expect(bad?.kind == .oauth)
            #expect(bad?.status == 200)
            #expect(bad?.oauthError?.code == .badVerificationCode)
            #expect(bad?.oauthError?.description == "The code passed is incorrect or expired.")
            _ = try await client.exchangeCode("once", clientID: id, clientSecret: secret, answerForm: form)
            let reused = await gitHubError {
                _ = try await client.exchangeCode("once", clientID: id, clientSecret: secret, answerForm: form)
            }
            #expect(reused?.oauthError?.code == .badVerificationCode)
            let credentials = await gitHubError {
                _ = try await client.exchangeCode("c", clientID: id, clientSecret: "wrong-secret", answerForm: form)
            }
            #expect(credentials?.oauthError?.code == .incorrectClientCredentials)
            #expect(credentials.map { !"\($0)".contains("wrong-secret") } == true)
            let redirect = await gitHubError {
                _ = try await client.exchangeCode(
                    "c", clientID: id, clientSecret: secret, redirectURI: "https://elsewhere.example/cb", answerForm: form)
            }
            #expect(redirect?.oauthError?.code == .redirectURIMismatch)
        }
    }

    @Test("an OAuth error sent with 401 (a drift) is still the typed error, with its status")
    func refusalWith401() async throws {
        try await withGitHub(drifts: [.githubOAuthError401]) { client, _ in
            let error = await gitHubError { _ = try await client.exchangeCode("bad", clientID: "x", clientSecret: "y") }
            #expect(error?.kind == .oauth)
            #expect(error?.status == 401)
            #expect(error?.oauthError?.code == .incorrectClientCredentials)
        }
    }

    @Test("an answer that is neither JSON nor a form is a decoding error that does not quote the body")
    func exchangeAnswersHTML() async throws {
        let client = GitHubClient(
            session: GitHubStub.session(), baseURL: try #require(URL(string: "http://stub.invalid/forbidden")),
            oauthBaseURL: try #require(URL(string: "http://stub.invalid/oauth-html"))
        )
        let error = await gitHubError { _ = try await client.exchangeCode("code-value", clientID: "id", clientSecret: "secret-value") }
        #expect(error?.kind == .decoding)
        #expect(error.map { !"\($0)".contains("sign in") && !"\($0)".contains("secret-value") } == true)
    }
}
