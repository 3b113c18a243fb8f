import APICheck
import APICheckReplay
import Foundation
import Sandbox
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A client that meets 419, refreshes, and retries with the token the refresh replaced is caught in replay: the
/// recording numbers each token the server handed out (`<redacted#N>`) where it is sent back, and replay requires the
/// retried request to send back the one the recorded retry sent. Recorded here against the LSLP replica through the
/// replay layer's own record mode, then replayed twice.
@Suite("Replay catches a retry with a stale token", .serialized, timeLimit(minutes: 5))
struct StaleTokenTests {
    static let key = LSLPSandboxOptions.defaultSesacKey

    /// LSLP's 419 flow as an app sends it: join, login, a read, the read again once the token expired (419), the
    /// refresh, and the retry, with the new token or (`staleRetry`) the one the refresh replaced. The statuses, in order.
    static func flow(_ session: URLSession, _ base: URL, clock: TestClock, staleRetry: Bool) async throws -> [Int] {
        func send(_ method: String, _ path: String, _ headers: [String: String], json: String? = nil) async throws -> (Int, [String: Any]) {
            var request = URLRequest(url: base.appendingPathComponent(path))
            request.httpMethod = method
            request.setValue(key, forHTTPHeaderField: "SesacKey")
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
            if let json {
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                request.httpBody = Data(json.utf8)
            }
            let (data, response) = try await session.data(for: request)
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, object)
        }
        var statuses: [Int] = []
        let account = #"{"email":"stale@sesac.kr","password":"pw-Stale-1!","nick":"stale"}"#
        statuses.append(try await send("POST", "join", [:], json: account).0)
        let (status, login) = try await send("POST", "login", [:], json: #"{"email":"stale@sesac.kr","password":"pw-Stale-1!"}"#)
        statuses.append(status)
        let token = try #require(login["token"] as? String)
        let refreshToken = try #require(login["refreshToken"] as? String)
        statuses.append(try await send("GET", "post/like/me", ["Authorization": token]).0)
        clock.advance(by: 400)
        statuses.append(try await send("GET", "post/like/me", ["Authorization": token]).0)
        let (refreshed, answer) = try await send("GET", "refresh", ["Authorization": token, "Refresh": refreshToken])
        statuses.append(refreshed)
        let fresh = try #require(answer["token"] as? String)
        statuses.append(try await send("GET", "post/like/me", ["Authorization": staleRetry ? token : fresh]).0)
        return statuses
    }

    /// Records ``flow(_:_:clock:staleRetry:)`` (the right retry) from a fresh LSLP replica into `file` through the replay
    /// layer's record mode; the clock the flow moved, which the replays then get.
    static func record(into file: URL) async throws -> TestClock {
        let clock = TestClock()
        let options = LSLPSandboxOptions(accessTTL: 300, refreshTTL: 3_600, clock: clock.read)
        try await withSandboxServer(SandboxConfiguration(apis: [.lslp], deterministic: true, lslp: options)) { sandbox in
            let recording = try ReplaySession(
                ReplayConfiguration(api: "lslp", name: "refresh", recordingURL: file, mode: .all, liveBaseURL: sandbox.baseURL))
            let statuses = try await flow(recording.session, recording.baseURL, clock: clock, staleRetry: false)
            #expect(statuses == [200, 200, 200, 419, 200, 200])
            #expect(recording.finish().isEmpty)
        }
        return clock
    }

    @Test("recorded with numbered tokens; the right retry replays, the stale one is refused naming both tokens' answers")
    func staleRetryIsCaught() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("refresh.json")
        let clock = try await Self.record(into: file)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(#""token": "<redacted#3>""#) && text.contains(#""Authorization": "<redacted#3>""#), "\(text)")

        // Replayed with the new token: every answer as recorded.
        let good = try ReplaySession(ReplayConfiguration(api: "lslp", name: "refresh", recordingURL: file, strict: true))
        #expect(try await Self.flow(good.session, good.baseURL, clock: clock, staleRetry: false) == [200, 200, 200, 419, 200, 200])
        #expect(good.finish().isEmpty)

        // Replayed with the old token: the retry is refused, and the message says which answer handed out each token.
        let stale = try ReplaySession(ReplayConfiguration(api: "lslp", name: "refresh", recordingURL: file))
        await #expect(throws: URLError.self) { _ = try await Self.flow(stale.session, stale.baseURL, clock: clock, staleRetry: true) }
        let problems = stale.finish()
        #expect(problems.count == 1)
        let message = problems.first ?? ""
        #expect(message.contains("no recorded response for GET /post/like/me"), "\(message)")
        #expect(message.contains(#"header Authorization: "<redacted#1>" vs recorded "<redacted#3>""#), "\(message)")
        #expect(message.contains("Authorization sends back <redacted#1> (the /token that #1 POST /login answered)"), "\(message)")
        #expect(message.contains("sent <redacted#3> (the /token that #4 GET /refresh answered)"), "\(message)")
        #expect(
            message.contains("After a refresh") && message.contains("the client's bug") && !message.contains("To record it"), "\(message)")
    }

    @Test("a recording from before the numbers (every token <redacted>) still replays, the stale retry included")
    func plainPlaceholdersMatchAnything() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("refresh.json")
        let clock = try await Self.record(into: file)
        let numbered = try String(contentsOf: file, encoding: .utf8)
        let plain = numbered.replacingOccurrences(of: #"<redacted#[0-9]+>"#, with: "<redacted>", options: .regularExpression)
        try Data(plain.utf8).write(to: file)
        let stale = try ReplaySession(ReplayConfiguration(api: "lslp", name: "refresh", recordingURL: file))
        #expect(try await Self.flow(stale.session, stale.baseURL, clock: clock, staleRetry: true) == [200, 200, 200, 419, 200, 200])
        #expect(stale.finish().isEmpty)
    }
}
