import APICheck
import APICheckTesting
import Foundation
import LSLPAPI
import Sandbox
import TestSupport
import Testing
import WireFormat

/// The decoding contracts of LSLP, checked on every recording in `recordings/lslp/tests/`, and the proof
/// that those recordings hold no secret while still replaying (LSLPRecordedCalls replays them).
@Suite("LSLP decoding contracts", timeLimit(minutes: 5))
struct LSLPDecodingContracts {
    @Test("the recordings are these four, one with a 419, a refresh and the retry, one with a 418")
    func recordingsExist() throws {
        #expect(LSLPRecordings.names.sorted() == ["errors", "feed-pages", "login-required", "session-with-refresh"])
        let file = try #require(LSLPRecordings.files.first { $0.lastPathComponent == "session-with-refresh.json" })
        let recording = try #require(RecordingExpectations.load(file))
        let steps = recording.interactions.map { "\($0.request.method) \($0.request.path) \($0.response.status)" }
        let expired = try #require(steps.firstIndex { $0.hasSuffix(" 419") })
        #expect(steps[expired + 1] == "GET /refresh 200")
        #expect(steps[expired + 2] == steps[expired].replacingOccurrences(of: " 419", with: " 200"), "the same request again: \(steps)")
        let over = try #require(
            LSLPRecordings.files.first { $0.lastPathComponent == "login-required.json" }.flatMap { RecordingExpectations.load($0) })
        #expect(over.interactions.contains { $0.request.path == "/refresh" && $0.response.status == 418 })
    }

    @Test(
        "no token, refresh token or SesacKey is in a recording: each is a placeholder, numbered where the server handed it out",
        arguments: LSLPRecordings.files)
    func noSecrets(_ file: URL) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        // A JWT starts with the base64url of {"alg"...: eyJ. The replica's key is public, and redacted all the same.
        #expect(
            !text.contains("eyJ") && !text.contains(LSLPSandboxOptions.defaultSesacKey) && !text.contains(LSLPRecordedCalls.password),
            "\(file.lastPathComponent)")
        guard let recording = RecordingExpectations.load(file) else { return }
        var handedOut: Set<String> = []
        for (index, interaction) in recording.interactions.enumerated() {
            let context = "\(file.lastPathComponent) #\(index)"
            // The key comes from the app, never from the server: it stays <redacted>.
            #expect(interaction.request.headers["SesacKey"] == RedactionRules.placeholder, "\(context)")
            // A token sent back is the numbered placeholder of one an earlier answer handed out (the pair the
            // stale-token check of replay needs).
            for name in ["Authorization", "Refresh"] {
                if let value = interaction.request.headers[name] {
                    #expect(RedactionRules.placeholderNumber(value) != nil && handedOut.contains(value), "\(context) \(name): \(value)")
                }
            }
            if case .json(let body)? = interaction.response.body {
                for key in ["token", "refreshToken"] {
                    if case .string(let value)? = body[pointer: JSONPointer("/" + key)] {
                        #expect(RedactionRules.placeholderNumber(value) != nil, "\(context) \(key): \(value)")
                        handedOut.insert(value)
                    }
                }
            }
        }
    }

    @Test("after the refresh, the retried request carries the token the refresh handed out, not the expired one")
    func retryCarriesTheNewToken() throws {
        let file = try #require(LSLPRecordings.files.first { $0.lastPathComponent == "session-with-refresh.json" })
        let interactions = try #require(RecordingExpectations.load(file)).interactions
        let refresh = try #require(interactions.firstIndex { $0.request.path == "/refresh" })
        guard case .json(let body)? = interactions[refresh].response.body, case .string(let fresh)? = body[pointer: "/token"] else {
            Issue.record("the refresh answered no token")
            return
        }
        #expect(interactions[refresh].request.headers["Authorization"] != fresh, "the refresh is sent with the expired token")
        #expect(interactions[refresh + 1].request.headers["Authorization"] == fresh, "the retry with the new one")
        #expect(interactions[(refresh + 1)...].allSatisfy { $0.request.headers["Authorization"].map { $0 == fresh } ?? true })
    }

    @Test(
        "every answer but an image is JSON in UTF-8; an error is {message} alone; keys are as LSLP writes them",
        arguments: LSLPRecordings.files)
    func bodies(_ file: URL) {
        guard let recording = RecordingExpectations.load(file) else { return }
        for (index, interaction) in recording.interactions.enumerated() {
            let context = "\(file.lastPathComponent) #\(index)"
            if interaction.request.path.hasPrefix("/uploads/"), interaction.response.status == 200 {
                // An image: the type its extension names, the bytes as they were uploaded.
                #expect(interaction.response.headers["Content-Type"]?.hasPrefix("image/") == true, "\(context)")
                if case .base64? = interaction.response.body {} else { Issue.record("\(context): an image recorded as other than bytes") }
                continue
            }
            #expect(interaction.response.headers["Content-Type"] == "application/json; charset=utf-8", "\(context)")
            guard case .json(let body)? = interaction.response.body, case .object(let object) = body else {
                Issue.record("\(context): not a JSON object")
                continue
            }
            if interaction.response.status >= 400 {
                #expect(object.members.map(\.key) == ["message"], "\(context)")
            } else if interaction.request.path == "/login" {
                #expect(object.members.map(\.key) == ["_id", "token", "refreshToken"], "\(context)")
            }
        }
    }

    @Test("every time has three fraction digits and Z, and decodes to the instant it says", arguments: LSLPRecordings.files)
    func datesAreMillisecondsUTC(_ file: URL) throws {
        guard let recording = RecordingExpectations.load(file) else { return }
        for (index, interaction) in recording.interactions.enumerated() {
            guard case .json(let json)? = interaction.response.body else { continue }
            RecordingExpectations.expectDates(in: json, writtenAs: .millisecondsUTC, context: "\(file.lastPathComponent) #\(index)")
            guard interaction.request.path == "/post", interaction.request.method == "GET", interaction.response.status == 200 else {
                continue
            }
            let page = try LSLPClient.makeDecoder().decode(PostPage.self, from: Data(JSONWriter.compactBytes(json)))
            for (position, post) in page.posts.enumerated() {
                guard case .string(let written)? = json[pointer: JSONPointer("/data/\(position)/time")] else { continue }
                let parsed = try ISO8601Timestamp(parsing: written)
                #expect(abs(post.time.timeIntervalSince1970 - parsed.date.timeIntervalSince1970) < 0.000_5, "\(written)")
            }
        }
    }
}
