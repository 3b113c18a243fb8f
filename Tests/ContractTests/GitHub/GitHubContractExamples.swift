import APICheck
import APICheckTesting
import Foundation
import GitHubAPI
import TestSupport
import Testing

/// The GitHub client against every response `contracts/github.openapi.yaml` allows (`recordings/github/examples/`,
/// written by `swift run apicheck examples --api github`), each through the client's own request code.
@Suite("GitHub client decodes every response the contract allows", timeLimit(minutes: 5))
struct GitHubContractExamples {
    static func client(_ replay: ExampleReplay) -> GitHubClient {
        GitHubClient(session: replay.session, baseURL: replay.baseURL, oauthBaseURL: replay.baseURL(named: "oauth"), token: "ghp_example")
    }

    static let repository: RepositoryName = {
        do { return try RepositoryName(owner: "apple", name: "swift") } catch { fatalError("a valid name: \(error)") }
    }()

    /// A poll's validators: a 304 answers only a conditional request (RFC 9110, 15.4.5).
    static func validators(for example: ContractExample) -> Validators {
        example.status == 304 ? Validators(etag: #"W/"a1b2""#, lastModified: "Tue, 21 May 2024 10:00:00 GMT") : Validators()
    }

    @Test("every operation of the contract is checked here")
    func everyOperation() throws {
        let called: Set<String> = [
            "GET /repos/{owner}/{repo}/events", "GET /repositories/{repository_id}/events", "GET /search/repositories",
            "POST /login/oauth/access_token",
        ]
        #expect(Set(try ContractExample.operations(api: "github")) == called)
    }

    @Test(
        "GET /repos/{owner}/{repo}/events",
        arguments: try ContractExample.load(api: "github", operation: "GET /repos/{owner}/{repo}/events"))
    func events(_ example: ContractExample) async {
        let outcome = await example.expectDecodes(decodingFailure: Self.decodingFailure) {
            try await Self.client($0).events(of: Self.repository, perPage: 100, page: 2, validators: Self.validators(for: example))
        }
        if case .returned(let page) = outcome {
            #expect(page.isNotModified == (example.status == 304))
        }
    }

    /// The pages after the first: the client follows `Link: rel="next"`, which GitHub points at `/repositories/{id}/events`.
    @Test(
        "GET /repositories/{repository_id}/events",
        arguments: try ContractExample.load(api: "github", operation: "GET /repositories/{repository_id}/events"))
    func eventsByID(_ example: ContractExample) async {
        await example.expectDecodes(decodingFailure: Self.decodingFailure) { replay in
            var next = URLComponents(
                url: replay.baseURL.appendingPathComponent("repositories/44838949/events"), resolvingAgainstBaseURL: false)
            next?.queryItems = [URLQueryItem(name: "page", value: "2")]
            guard let url = next?.url else { throw URLError(.badURL) }
            return try await Self.client(replay).events(at: url, validators: Self.validators(for: example))
        }
    }

    /// Search sends no conditional request, so its 304 (GitHub's description lists one) can never reach it.
    @Test(
        "GET /search/repositories",
        arguments: try ContractExample.load(api: "github", operation: "GET /search/repositories").filter { $0.status != 304 })
    func search(_ example: ContractExample) async {
        await example.expectDecodes(decodingFailure: Self.decodingFailure) {
            try await Self.client($0).searchRepositories("language:swift", sort: .stars, order: .descending, perPage: 5)
        }
    }

    /// A refused exchange comes back as HTTP 200 with `error` (the contract's second `oneOf` branch): the client must
    /// throw it as an OAuth error, and return a token for the first branch.
    @Test("POST /login/oauth/access_token", arguments: try ContractExample.load(api: "github", operation: "POST /login/oauth/access_token"))
    func exchange(_ example: ContractExample) async {
        let refusal = Self.oauthError(in: example)
        let outcome = await example.expectDecodes(decodingFailure: Self.decodingFailure) { replay -> AccessToken? in
            let form: OAuthAnswerForm =
                example.interaction.response.headers["Content-Type"]?.hasPrefix("application/json") == true ? .json : .form
            do {
                return try await Self.client(replay).exchangeCode(
                    "code-1", clientID: "Iv1.client", clientSecret: "client-secret", redirectURI: "https://example.com/callback",
                    answerForm: form)
            } catch let error as GitHubAPIError where error.kind == .oauth && refusal != nil {
                #expect(error.oauthError?.code.rawValue == refusal, "the OAuth error's code")
                return nil
            }
        }
        if case .returned(let token) = outcome {
            #expect((token == nil) == (refusal != nil), "\(example.step): a refusal must throw, a token must come back")
        }
    }

    /// The `error` member of an OAuth answer (JSON or form), or nil for a token.
    static func oauthError(in example: ContractExample) -> String? {
        switch example.interaction.response.body {
        case .json(let json): return json[pointer: "/error"]?.stringValue
        case .form(let fields, _): return fields.first { $0.name == "error" }?.value
        default: return nil
        }
    }

    /// The client's decoding failures: ``GitHubAPIError`` of kind `decoding`, with the failing key's pointer.
    static func decodingFailure(_ error: any Error) -> ContractExample.DecodingFailure? {
        guard let error = error as? GitHubAPIError, error.kind == .decoding else { return nil }
        return ContractExample.DecodingFailure(pointer: error.keyPath, detail: error.detail ?? error.description)
    }
}
