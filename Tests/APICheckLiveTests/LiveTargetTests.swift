import APICheckRecording
import Foundation
import Testing

@testable import APICheckLive

/// Every policy that differs by where a run goes, read from the one value that says where.
@Suite("Where a live run goes")
struct LiveTargetTests {
    static let yaml = """
        apis:
          github:
            base_url: https://api.github.com
            other_bases: { oauth: { url: https://github.com } }
            auth: { header: Authorization, env: GITHUB_TOKEN, prefix: "Bearer ", sandbox: sandbox-token }
            vars_env: { client_secret: { env: GITHUB_CLIENT_SECRET, sandbox: sandbox-secret } }
            scenarios:
              - { name: read, steps: [{ name: get, method: GET, path: /x }] }
              - { name: exchange, sandbox_only: true, steps: [{ name: post, method: POST, base: oauth, path: /login/oauth/access_token }] }
        """

    static func api() throws -> APIConfiguration {
        try #require(try ConfigurationFile.parse(yaml, path: "apicheck.yml").apis.first)
    }

    static let environment = ["GITHUB_TOKEN": "real-token", "GITHUB_CLIENT_SECRET": "real-secret"]
    static let sandboxURL = URL(string: "http://127.0.0.1:50231")!
    static let staging = URL(string: "http://staging.example.com")!

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("the flags decide once: --sandbox wins, then --base-url, then apicheck.yml")
    func decided() {
        #expect(LiveTarget(sandboxURL: Self.sandboxURL, baseURL: Self.staging) == .sandbox(Self.sandboxURL))
        #expect(LiveTarget(sandboxURL: nil, baseURL: Self.staging) == .override(Self.staging))
        #expect(LiveTarget(sandboxURL: nil, baseURL: nil) == .configured)
        var options = LiveRun.Options(baseURL: Self.staging)
        #expect(options.target == .override(Self.staging) && options.baseURL == Self.staging && options.sandboxURL == nil)
        options.sandboxURL = Self.sandboxURL
        #expect(options.target == .sandbox(Self.sandboxURL))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("the sandbox: every base on the replica, its documented credentials, writes, sandbox_only, a fixed run id")
    func sandbox() throws {
        let api = try Self.api()
        let target = LiveTarget.sandbox(Self.sandboxURL)
        #expect(try target.baseURLs(of: api, environment: Self.environment) == ["": Self.sandboxURL, "oauth": Self.sandboxURL])
        #expect(target.value(of: try #require(api.auth.first), environment: Self.environment) == "Bearer sandbox-token")
        #expect(target.value(of: try #require(api.environmentVariables.first), environment: Self.environment) == "sandbox-secret")
        #expect(target.allowsWrites(asked: false, api: api))
        #expect(api.scenarios.allSatisfy(target.runs))
        #expect(target.runID { "fresh" } == "sandbox")
        #expect(target.recordedFrom == "sandbox")
        let redaction = target.redactionRules(of: api, environment: Self.environment)
        #expect(redaction.secretValues.contains("sandbox-token") && !redaction.secretValues.contains("real-token"))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a real API (configured or overridden): the environment's credentials, no writes unless asked, no sandbox_only")
    func real() throws {
        let api = try Self.api()
        for target in [LiveTarget.configured, .override(Self.staging)] {
            let urls = try target.baseURLs(of: api, environment: Self.environment)
            #expect(urls[""] == (target == .configured ? URL(string: "https://api.github.com") : Self.staging))
            #expect(urls["oauth"] == URL(string: "https://github.com"))
            #expect(target.value(of: try #require(api.auth.first), environment: Self.environment) == "Bearer real-token")
            #expect(target.value(of: try #require(api.environmentVariables.first), environment: [:]) == nil)
            #expect(!target.allowsWrites(asked: false, api: api) && target.allowsWrites(asked: true, api: api))
            #expect(api.scenarios.filter(target.runs).map(\.name) == ["read"])
            #expect(target.runID { "fresh" } == "fresh")
            #expect(target.recordedFrom == nil)
            let redaction = target.redactionRules(of: api, environment: Self.environment)
            #expect(redaction.secretValues.contains("real-token") && !redaction.secretValues.contains("sandbox-token"))
        }
    }
}
