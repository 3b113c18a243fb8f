import APICheck
import APICheckTesting
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Swift Testing traits", timeLimit(minutes: 5))
struct TraitTests {
    @Test("the recordings folder is found beside Package.swift, or from APICHECK_RECORDINGS")
    func locatesRecordingsFolder() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        #expect(RecordingsFolder.locate(from: #filePath, environment: [:]).path == root.appendingPathComponent("recordings").path)
        #expect(RecordingsFolder.locate(from: #filePath, environment: ["APICHECK_RECORDINGS": "/tmp/elsewhere"]).path == "/tmp/elsewhere")
        let names = RecordingsFolder.recordings(api: "todos", from: #filePath).map(\.lastPathComponent)
        #expect(names.contains("list-first-page.json"))
        #expect(names == names.sorted())
    }

    @Test("a replaying scope hands out the session, base URL and recording of that test")
    func replayingScopeProvidesSession() async throws {
        let trait: ReplayingTrait = .replaying("list-first-page", api: "todos")
        let test = try #require(Test.current)
        try await trait.provideScope(for: test, testCase: nil) {
            #expect(TestRecording.recordingURL?.lastPathComponent == "list-first-page.json")
            var request = URLRequest(url: TestRecording.baseURL.appendingPathComponent("api/v2/todos"))
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            let (data, response) = try await TestRecording.session.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            let json = try JSONReader.parse(data)
            #expect(json[pointer: "/meta/current_page"]?.numberValue?.intValue == 1)
        }
        #expect(TestRecording.recordingURL == nil)
    }

    @Test("a missing recording is an issue that says how to record it")
    func missingRecordingIsReported() async throws {
        let trait: ReplayingTrait = .replaying("no-such-recording", api: "todos")
        let test = try #require(Test.current)
        await withKnownScopeIssue {
            try await trait.provideScope(for: test, testCase: nil) {
                _ = try? await TestRecording.session.data(from: TestRecording.baseURL)
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("no recording at") && $0.rawValue.contains("APICHECK_RECORD=once") }
        }
    }

    @Test("strict mode reports recorded interactions the test never made")
    func strictReportsUnused() async throws {
        let trait: ReplayingTrait = .replaying("update-form", api: "todos", strict: true)
        let test = try #require(Test.current)
        await withKnownScopeIssue {
            try await trait.provideScope(for: test, testCase: nil) {}
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("3 recorded interactions were never requested") }
        }
    }

    @Test("TestRecording.session outside a replaying test is an issue")
    func sessionOutsideScope() {
        withKnownIssue {
            _ = TestRecording.session
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("outside a test with the .replaying") }
        }
    }

    @Test("key-case and date expectations point at the offending pointer")
    func expectations() throws {
        let body = try JSONReader.parse(#"{"data":[{"is_done":true,"createdAt":"2024-05-21T20:32:19.000Z"}]}"#)
        withKnownIssue {
            RecordingExpectations.expectKeys(in: body, follow: .snakeCase, context: "x")
        } matching: { issue in
            issue.comments.contains { $0.rawValue == "x /data/0/createdAt: key \"createdAt\" is not snake_case" }
        }
        withKnownIssue {
            RecordingExpectations.expectDates(in: body, writtenAs: .microsecondsUTC, context: "x")
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains(
                    "/data/0/createdAt: \"2024-05-21T20:32:19.000Z\" is written with 3 fraction digits, Z, expected 6 fraction digits, Z")
            }
        }
    }
}
