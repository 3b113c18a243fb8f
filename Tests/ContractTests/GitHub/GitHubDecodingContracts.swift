import APICheck
import APICheckReplay
import APICheckTesting
import Foundation
import Sandbox
import TestSupport
import Testing
import WireFormat

@testable import GitHubAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The decoding contracts of the GitHub API, checked on every recording in `recordings/github/tests/`.
@Suite("GitHub decoding contracts", timeLimit(minutes: 5))
struct GitHubDecodingContracts {
    @Test("events pages are top-level arrays with string ids past 32 bits, and decode", arguments: GitHubRecordings.files)
    func eventsPages(_ file: URL) throws {
        guard let recording = RecordingExpectations.load(file) else { return }
        for (index, interaction) in recording.interactions.enumerated()
        where interaction.request.path.hasSuffix("/events") && interaction.response.status == 200 {
            let context = "\(file.lastPathComponent) #\(index)"
            guard case .json(.array(let events)) = interaction.response.body else {
                Issue.record("\(context): an events page that is not a top-level array")
                continue
            }
            for (position, event) in events.enumerated() {
                guard case .string(let id)? = event[pointer: "/id"] else {
                    Issue.record("\(context) /\(position)/id: not a string")
                    continue
                }
                #expect(Int64(id).map { $0 > Int64(UInt32.max) } == true, "\(context) /\(position)/id: \(id)")
            }
            let data = Data(JSONWriter.compactBytes(.array(events)))
            #expect(throws: Never.self, "\(context)") { _ = try GitHubClient.makeDecoder().decode([Event].self, from: data) }
        }
    }

    @Test("every date is written without a fraction and with Z, and round-trips", arguments: GitHubRecordings.files)
    func datesAreSecondsUTC(_ file: URL) {
        guard let recording = RecordingExpectations.load(file) else { return }
        for (index, interaction) in recording.interactions.enumerated() {
            if case .json(let json) = interaction.response.body {
                RecordingExpectations.expectDates(in: json, writtenAs: .secondsUTC, context: "\(file.lastPathComponent) #\(index)")
            }
        }
    }

    @Test("a 304 has no body and no Content-Type, and answers a request that carried validators", arguments: GitHubRecordings.files)
    func notModified(_ file: URL) {
        guard let recording = RecordingExpectations.load(file) else { return }
        for (index, interaction) in recording.interactions.enumerated() where interaction.response.status == 304 {
            let context = "\(file.lastPathComponent) #\(index)"
            #expect(interaction.response.body == nil, "\(context)")
            #expect(interaction.response.headers["Content-Type"] == nil, "\(context)")
            let request = interaction.request.headers
            #expect(
                request["If-None-Match"] != nil || request["If-Modified-Since"] != nil, "\(context): a 304 to a request without validators")
        }
    }

    @Test("search scores are JSON numbers and the items decode", arguments: GitHubRecordings.files)
    func searchScores(_ file: URL) throws {
        guard let recording = RecordingExpectations.load(file) else { return }
        for (index, interaction) in recording.interactions.enumerated()
        where interaction.request.path == "/search/repositories" && interaction.response.status == 200 {
            guard case .json(let body) = interaction.response.body, case .array(let items)? = body[pointer: "/items"] else {
                Issue.record("\(file.lastPathComponent) #\(index): no items array")
                continue
            }
            for (position, item) in items.enumerated() {
                guard case .number? = item[pointer: "/score"] else {
                    Issue.record("\(file.lastPathComponent) #\(index) /items/\(position)/score: not a number")
                    continue
                }
            }
            let data = Data(JSONWriter.compactBytes(body))
            #expect(throws: Never.self) { _ = try GitHubClient.makeDecoder().decode(RepositorySearchResult.self, from: data) }
        }
    }

    @Test("every status outside 200..<400 maps to the right typed error, with GitHub's message", arguments: GitHubRecordings.files)
    func statusesMapToErrors(_ file: URL) throws {
        guard let recording = RecordingExpectations.load(file) else { return }
        let base = ReplayConfiguration.offlineBaseURL
        let client = GitHubClient(session: .shared, baseURL: base, oauthBaseURL: base)
        for (index, interaction) in recording.interactions.enumerated() where interaction.response.status >= 400 {
            let status = interaction.response.status
            let headers = Dictionary(interaction.response.headers.map { ($0.name, $0.value) }) { a, _ in a }
            let response = try #require(HTTPURLResponse(url: base, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers))
            let body = interaction.response.body.map { Data($0.bytes()) } ?? Data()
            let error = client.statusError(GitHubClient.Answer(data: body, http: response), label: interaction.request.path)
            let context = "\(file.lastPathComponent) #\(index) status \(status)"
            switch status {
            case 404: #expect(error.kind == .notFound, "\(context)")
            case 422:
                #expect(error.kind == .validationFailed, "\(context)")
                #expect(!error.validationErrors.isEmpty, "\(context)")
            case 401: #expect(error.kind == .unauthorized, "\(context)")
            case 403 where headers["x-ratelimit-remaining"] == "0":
                #expect(error.kind == .rateLimited, "\(context)")
                #expect(error.retryAt != nil, "\(context)")
            default: #expect(error.kind != .rateLimited, "\(context)")
            }
            #expect(error.message?.isEmpty == false, "\(context): GitHub's message was lost")
        }
    }

    @Test("no token, client secret, code or access token is in a recording", arguments: GitHubRecordings.files)
    func noSecrets(_ file: URL) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        for secret in [
            GitHubSandboxOptions.defaultToken, GitHubSandboxOptions.defaultClientSecret, "apicheck-test-code-1", "apicheck-test-code-2",
            "gho_",
        ] {
            #expect(!text.contains(secret), "\(file.lastPathComponent) holds \(secret)")
        }
    }
}
