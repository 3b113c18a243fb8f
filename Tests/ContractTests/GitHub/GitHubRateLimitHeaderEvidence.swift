import APICheck
import APICheckReplay
import Foundation
import GitHubAPI
import Testing

/// GitHub's answers as they were in 2019 (Fixtures/github-2019-rate-limit-headers.har, whose comment names the public
/// capture it follows): `x-ratelimit-limit`, `-remaining` and `-reset`, without the `x-ratelimit-used` and
/// `x-ratelimit-resource` GitHub added later. The contract claims only what GitHub promises: it requires the three
/// headers the clients read and declares the other two, so a release gate does not fail on an answer GitHub considers
/// normal, and a declared header that is there is still checked.
@Suite("GitHub answers without x-ratelimit-used and x-ratelimit-resource (2019)")
struct GitHubRateLimitHeaderEvidence {
    static let har = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures/github-2019-rate-limit-headers.har")
    static let base = URL(string: "https://api.github.com")!

    /// The fixture as a recording, after `edit` changes the HAR's JSON (a header added or removed, say).
    static func recording(_ edit: (inout [String: Any]) -> Void = { _ in }) throws -> Recording {
        var har = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: har)) as? [String: Any])
        edit(&har)
        let bytes = [UInt8](try JSONSerialization.data(withJSONObject: har))
        return try HAR.importRecording(bytes, file: Self.har.path, api: "github", name: "github-2019", baseURLs: ["": base])
    }

    /// The findings at warning or above for the recording, against contracts/github.openapi.yaml.
    static func findings(_ recording: Recording) throws -> [Finding] {
        let verifier = try #require(DecodingContracts.verifiers["github"], "contracts/github.openapi.yaml does not load")
        return verifier.verify(recording, file: har.path, bytes: Array(recording.fileText.utf8)).filter { $0.severity >= .warning }
    }

    /// Changes one response header of every entry: `value` nil removes it.
    static func setHeader(_ name: String, to value: String?) -> (inout [String: Any]) -> Void {
        { har in
            guard var log = har["log"] as? [String: Any], var entries = log["entries"] as? [[String: Any]] else { return }
            for index in entries.indices {
                guard var response = entries[index]["response"] as? [String: Any],
                    var headers = response["headers"] as? [[String: String]]
                else { continue }
                headers.removeAll { $0["name"]?.lowercased() == name.lowercased() }
                if let value { headers.append(["name": name, "value": value]) }
                response["headers"] = headers
                entries[index]["response"] = response
            }
            log["entries"] = entries
            har["log"] = log
        }
    }

    @Test("the events page and the search answer of 2019 conform: nothing at warning or above")
    func conform() throws {
        let recording = try Self.recording()
        #expect(recording.interactions.count == 2)
        let findings = try Self.findings(recording)
        #expect(findings.isEmpty, "\(findings.map(\.compilerLine))")
    }

    @Test("a declared header that is sent is still checked: x-ratelimit-used must be a number")
    func declaredHeaderChecked() throws {
        let findings = try Self.findings(try Self.recording(Self.setHeader("x-ratelimit-used", to: "many")))
        #expect(findings.contains { $0.pointer == "/headers/x-ratelimit-used" }, "\(findings.map(\.compilerLine))")
    }

    @Test("a header the clients read is still required: without x-ratelimit-reset, header.missing")
    func readHeaderRequired() throws {
        let findings = try Self.findings(try Self.recording(Self.setHeader("X-RateLimit-Reset", to: nil)))
        #expect(
            findings.contains { $0.rule == .headerMissing && $0.pointer == "/headers/x-ratelimit-reset" }, "\(findings.map(\.compilerLine))"
        )
    }

    @Test("the client reads the 2019 answer: its rate limit, with no used count or resource")
    func clientReadsIt() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("github-2019-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(try Self.recording().fileText.utf8).write(to: file)
        let replay = try ReplaySession(
            ReplayConfiguration(api: "github", name: "github-2019", recordingURL: file, liveBaseURL: Self.base))
        defer { replay.finish() }
        let client = GitHubClient(session: replay.session, baseURL: replay.baseURL, oauthBaseURL: replay.baseURL)
        let page = try await client.events(of: try RepositoryName(owner: "apple", name: "swift"), perPage: 5)
        let rateLimit = try #require(page.rateLimit)
        #expect(rateLimit.limit == 60 && rateLimit.remaining == 58)
        #expect(rateLimit.used == nil && rateLimit.resource == nil)
        #expect(!page.events.isEmpty)
    }
}
