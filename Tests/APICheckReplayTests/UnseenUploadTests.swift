import APICheck
import APICheckReplay
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An upload whose body the test cannot hand over meets a recorded request whose body nobody saw (a HAR that left it
/// out): answered only when the configuration says so, never recorded, and never matched against a seen body.
@Suite("Replay: unseen upload bodies", timeLimit(minutes: 5))
struct UnseenUploadTests {
    /// A recording of `POST /api/v2/todos` whose body is unseen (or, with `seen`, a JSON body).
    static func recording(seen: Bool = false) -> Recording {
        let headers = HeaderFields([("Accept", "application/json"), ("Content-Type", "application/json")])
        let request =
            seen
            ? RecordedRequest(method: "POST", url: "/api/v2/todos", headers: headers, body: .json(.object(JSONObject([]))))
            : RecordedRequest(method: "POST", url: "/api/v2/todos", headers: headers, unseenBody: "the HAR holds no postData")
        return Recording(
            api: "todos", name: "upload", recordedAt: "2026-01-01T00:00:00Z", recordedFrom: "sandbox",
            interactions: [
                Interaction(
                    request: request,
                    response: RecordedResponse(
                        status: 201, headers: HeaderFields([("Content-Type", "application/json")]), body: .json(.object(JSONObject([]))))
                )
            ])
    }

    /// Sends an upload task of `body` (never handed over) and returns its status, or the error.
    static func upload(_ replay: ReplaySession) async -> Result<Int, any Error> {
        var request = URLRequest(url: replay.baseURL.appendingPathComponent("api/v2/todos"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        do {
            let (_, response) = try await replay.session.upload(for: request, from: Data(#"{"title":"x"}"#.utf8))
            return .success((response as? HTTPURLResponse)?.statusCode ?? 0)
        } catch {
            return .failure(error)
        }
    }

    static func session(_ recording: Recording, unseen: Bool, mode: RecordMode = .none) throws -> (ReplaySession, URL) {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("upload.json")
        try recording.fileText.write(to: file, atomically: true, encoding: .utf8)
        var configuration = ReplayConfiguration(
            api: "todos", name: "upload", recordingURL: file, mode: mode,
            liveBaseURL: mode == .none ? nil : URL(string: "http://127.0.0.1:9"))
        configuration.unseenUploadBodies = unseen
        return (try ReplaySession(configuration), folder)
    }

    @Test("allowed: the unseen recorded request answers the upload; not allowed: refused, naming registerUpload")
    func answeredOnlyWhenAllowed() async throws {
        let (allowed, first) = try Self.session(Self.recording(), unseen: true)
        defer { try? FileManager.default.removeItem(at: first) }
        #expect(try await Self.upload(allowed).get() == 201)
        #expect(allowed.finish().isEmpty)

        let (refused, second) = try Self.session(Self.recording(), unseen: false)
        defer { try? FileManager.default.removeItem(at: second) }
        if case .success(let status) = await Self.upload(refused) { Issue.record("answered \(status)") }
        #expect(refused.finish().contains { $0.contains("TestRecording.registerUpload(body, for: task)") })
    }

    @Test("an unseen upload never matches a recorded request whose body was seen, and is never recorded")
    func neverAgainstASeenBodyNorRecorded() async throws {
        let (seen, first) = try Self.session(Self.recording(seen: true), unseen: true)
        defer { try? FileManager.default.removeItem(at: first) }
        if case .success(let status) = await Self.upload(seen) { Issue.record("answered \(status)") }
        #expect(
            seen.finish().contains { $0.contains("body: not seen (an upload task whose body was not handed over)") }, "\(seen.finish())")

        let (recording, second) = try Self.session(Self.recording(seen: true), unseen: true, mode: .all)
        defer { try? FileManager.default.removeItem(at: second) }
        if case .success(let status) = await Self.upload(recording) { Issue.record("recorded and answered \(status)") }
        #expect(recording.finish().contains { $0.contains("apicheck cannot send a body it does not have") })
    }
}
