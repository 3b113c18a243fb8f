import ArgumentParser
import Foundation
import Sandbox

/// `apicheck sandbox`: serves local replicas of the APIs until Ctrl-C.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct SandboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sandbox",
        abstract: "Serve a local replica of the APIs, optionally with drifts.",
        discussion: """
            The sandbox is a faithful local copy of each API's wire format (docs/ARCHITECTURE.md, "The sandbox"), \
            with deterministic seed data. Drifts make it deviate on purpose, to see what apicheck \
            reports: run 'apicheck sandbox --list-drifts' for the list.

            Examples:
              apicheck sandbox --api todos --port 8080
              apicheck sandbox --drift todos/dates-offset --drift todos/extra-field
              apicheck sandbox --api github --client-id ID --client-secret SECRET --rate-limit 5
              apicheck sandbox --api kakao --key 0123456789abcdef0123456789abcdef --quota 100
              apicheck sandbox --api lslp --sesac-key MYKEY --access-ttl 3 --refresh-ttl 8

            GitHub's replica accepts, unless told otherwise: client id \(GitHubSandboxOptions.defaultClientID), \
            client secret \(GitHubSandboxOptions.defaultClientSecret), token \(GitHubSandboxOptions.defaultToken), \
            redirect URI \(GitHubSandboxOptions.defaultRedirectURI); OAuth codes work once, and a code that \
            starts with "bad" is bad_verification_code.

            Kakao's replica accepts, unless told otherwise, the key \(KakaoSandboxOptions.defaultKey) \
            (send 'Authorization: KakaoAK <key>') and \(KakaoSandboxOptions.defaultDailyQuota) calls a day.

            LSLP's replica accepts, unless told otherwise, the SesacKey \(LSLPSandboxOptions.defaultSesacKey); \
            access tokens live \(Int(LSLPSandboxOptions.defaultAccessTTL)) s and refresh tokens \
            \(Int(LSLPSandboxOptions.defaultRefreshTTL)) s \
            from login (an account may ask for shorter ones at join with the X-Apicheck-Access-TTL and \
            X-Apicheck-Refresh-TTL headers); no rate limit unless --rate-limit is given.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(
        name: .long, help: ArgumentHelp("Serve only this API (\(SandboxAPI.all.map(\.name).joined(separator: ", "))).", valueName: "name"))
    var api: String?

    @Option(name: .long, help: "The port to listen on; 0 picks a free one.")
    var port: Int = 8080

    @Option(name: .long, help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Option(name: .long, help: ArgumentHelp("Deviate from the real API (repeatable): API/NAME, or NAME with --api.", valueName: "drift"))
    var drift: [String] = []

    @Flag(name: .long, help: "Start from the same state every time, with a fixed clock and id sequence.")
    var deterministic = false

    @Flag(name: .long, help: "List the drifts and exit.")
    var listDrifts = false

    @Option(name: .long, help: ArgumentHelp("github: the OAuth client id the token exchange accepts.", valueName: "id"))
    var clientID: String?

    @Option(name: .long, help: ArgumentHelp("github: the OAuth client secret the token exchange accepts.", valueName: "secret"))
    var clientSecret: String?

    @Option(name: .long, help: ArgumentHelp("github: a token the API accepts (besides those the exchange issues).", valueName: "token"))
    var token: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            """
            github: requests per window for every caller (core per hour, search per minute); default GitHub's own. lslp: requests per \
            minute per SesacKey before 429; default none.
            """,
            valueName: "n"))
    var rateLimit: Int?

    @Option(
        name: .long, help: ArgumentHelp("kakao: the REST API key the replica accepts (Authorization: KakaoAK <key>).", valueName: "key"))
    var key: String?

    @Option(
        name: .long, help: ArgumentHelp("kakao: calls a key may make per day (Korean time) before 429 RequestThrottled.", valueName: "n"))
    var quota: Int?

    @Option(name: .long, help: ArgumentHelp("lslp: a SesacKey the replica accepts (repeatable; replaces the default).", valueName: "key"))
    var sesacKey: [String] = []

    @Option(name: .long, help: ArgumentHelp("lslp: seconds an access token lives before 419 (fractions allowed).", valueName: "seconds"))
    var accessTTL: Double?

    @Option(name: .long, help: ArgumentHelp("lslp: seconds a refresh token lives from login before 418.", valueName: "seconds"))
    var refreshTTL: Double?

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535, not \(port)") }
        let (apis, _) = try selection()
        let githubFlags = [("--client-id", clientID != nil), ("--client-secret", clientSecret != nil), ("--token", token != nil)]
        for (flag, given) in githubFlags where given && !apis.contains(.github) {
            throw ValidationError("\(flag) is a flag of the github sandbox, and --api selects \(apis.map(\.name).joined(separator: ", "))")
        }
        if rateLimit != nil, !apis.contains(.github), !apis.contains(.lslp) {
            throw ValidationError(
                "--rate-limit is a flag of the github and lslp sandboxes, and --api selects \(apis.map(\.name).joined(separator: ", "))")
        }
        let lslpFlags = [("--sesac-key", !sesacKey.isEmpty), ("--access-ttl", accessTTL != nil), ("--refresh-ttl", refreshTTL != nil)]
        for (flag, given) in lslpFlags where given && !apis.contains(.lslp) {
            throw ValidationError("\(flag) is a flag of the lslp sandbox, and --api selects \(apis.map(\.name).joined(separator: ", "))")
        }
        for (flag, value) in [("--access-ttl", accessTTL), ("--refresh-ttl", refreshTTL)] {
            if let value, !(value > 0 && value <= LSLPSandboxOptions.maxAccountTTL * 365) {
                throw ValidationError("\(flag) must be a number of seconds above 0, not \(value)")
            }
        }
        for key in sesacKey where key.isEmpty || key.contains(where: { $0.isWhitespace || $0.isNewline }) {
            throw ValidationError("--sesac-key must be a non-empty key without spaces")
        }
        for (flag, given) in [("--key", key != nil), ("--quota", quota != nil)] where given && !apis.contains(.kakao) {
            throw ValidationError("\(flag) is a flag of the kakao sandbox, and --api selects \(apis.map(\.name).joined(separator: ", "))")
        }
        if let quota, quota < 0 { throw ValidationError("--quota must be 0 or more, not \(quota)") }
        if let key, key.isEmpty || key.contains(where: { $0.isWhitespace || $0.isNewline }) {
            throw ValidationError("--key must be a non-empty key without spaces")
        }
        if let rateLimit, rateLimit < 1 { throw ValidationError("--rate-limit must be at least 1, not \(rateLimit)") }
        for (flag, value) in [("--client-id", clientID), ("--client-secret", clientSecret), ("--token", token)] where value?.isEmpty == true
        {
            throw ValidationError("\(flag) must not be empty")
        }
    }

    /// The GitHub replica's options from the flags, defaults where a flag is not given.
    private var githubOptions: GitHubSandboxOptions {
        var options = GitHubSandboxOptions()
        if let clientID { options.clientID = clientID }
        if let clientSecret { options.clientSecret = clientSecret }
        if let token { options.token = token }
        options.rateLimit = rateLimit
        return options
    }

    /// The Kakao replica's options from the flags, defaults where a flag is not given.
    private var kakaoOptions: KakaoSandboxOptions {
        var options = KakaoSandboxOptions()
        if let key { options.key = key }
        if let quota { options.dailyQuota = quota }
        return options
    }

    /// The LSLP replica's options from the flags, defaults where a flag is not given.
    private var lslpOptions: LSLPSandboxOptions {
        var options = LSLPSandboxOptions()
        if !sesacKey.isEmpty { options.sesacKeys = Set(sesacKey) }
        if let accessTTL { options.accessTTL = accessTTL }
        if let refreshTTL { options.refreshTTL = refreshTTL }
        options.requestsPerMinute = rateLimit
        return options
    }

    /// The APIs and drifts the flags name; an unknown name is a usage error listing the valid ones.
    private func selection() throws -> (apis: [SandboxAPI], drifts: Set<Drift>) {
        do {
            let apis = try api.map { name throws(SandboxError) in [try SandboxAPI.named(name)] } ?? SandboxAPI.all
            var drifts: Set<Drift> = []
            for text in drift {
                drifts.insert(try Drift.parse(text, defaultAPI: apis.count == 1 ? apis[0].name : nil))
            }
            return (apis, drifts)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() async throws {
        if listDrifts {
            for drift in Drift.all { print("\(drift.description)\t\(drift.summary)") }
            return
        }
        let (apis, chosen) = try selection()
        let configuration = SandboxConfiguration(
            apis: apis, drifts: chosen, host: host, port: port, deterministic: deterministic, github: githubOptions,
            kakao: kakaoOptions, lslp: lslpOptions
        )
        do {
            try await SandboxServer.run(configuration) { url in
                let driftText = chosen.isEmpty ? "" : " with drifts \(chosen.sorted().map(\.description).joined(separator: ", "))"
                let lines = apis.map { "  \($0.name): \(url.absoluteString)  (\($0.summary))" }.joined(separator: "\n")
                Output.err("apicheck sandbox: listening on \(url.absoluteString)\(driftText)\n\(lines)\nPress Ctrl-C to stop.\n")
            }
        } catch {
            throw CommandFailure(message: "error: \(error.description)", status: .usage)
        }
    }
}
