import APICheckCommands
import APICheckRecording
import Foundation
import TestSupport
import Testing
import WireFormat

@Suite("HAR import and export")
struct HARTests {
    static let fixture = repositoryRoot.appendingPathComponent("Tests/APICheckCommandsTests/Fixtures/har/mitmproxy-todos.har")
    static let bases = ["": URL(string: "http://127.0.0.1:18080")!]

    func importFixture() throws -> Recording {
        let bytes = [UInt8](try Data(contentsOf: Self.fixture))
        return try HAR.importRecording(bytes, file: Self.fixture.path, api: "todos", name: "mitm", baseURLs: Self.bases)
    }

    @Test("imports mitmproxy's HAR (decimal times, extra fields) with bodies decoded by kind")
    func importsMitmproxyHAR() throws {
        let recording = try importFixture()
        #expect(recording.interactions.count == 8)
        #expect(recording.recordedFrom == "local")
        let kinds = recording.interactions.map { "\($0.request.method) \($0.request.url) \($0.response.status)" }
        #expect(kinds.contains("GET /api/v2/todos?page=1&per_page=2 200"))
        #expect(kinds.contains("PUT /api/v2/todos/4698 200"))
        #expect(kinds.contains("GET /api/v2/todos/1 404"))
        #expect(kinds.contains("GET /api/v2/todos/search 422"))

        let put = try #require(recording.interactions.first { $0.request.method == "PUT" })
        #expect(
            put.request.body
                == .form(
                    fields: [FormField("title", "Don't open a+b & 할 일"), FormField("is_done", "true")],
                    raw: "title=Don%27t%20open%20a%2Bb%20%26%20%ED%95%A0%20%EC%9D%BC&is_done=true"
                ))
        #expect(put.request.headers["Host"] == nil)
        #expect(put.request.headers["User-Agent"] == nil)
        #expect(put.response.headers["Date"] == nil)
        #expect(put.response.body?.jsonValue[pointer: "/json/data/title"] == "Don't open a+b & 할 일")

        let multipart = try #require(recording.interactions.first { $0.request.url == "/api/v2/todos" && $0.request.method == "POST" })
        #expect(
            multipart.request.body
                == .multipart([.init(name: "title", content: .text("multipart 할 일")), .init(name: "is_done", content: .text("true"))]))
        #expect(multipart.request.headers["Content-Type"] == "multipart/form-data")
    }

    @Test("secrets in the HAR are redacted on import")
    func redactsOnImport() throws {
        let text = try importFixture().fileText
        #expect(!text.contains("fake-har-token-0001"))
        #expect(!text.contains("fake-har-csrf-0002"))
        #expect(text.contains(#""Authorization": "<redacted>""#))
    }

    @Test("export then import gives the same recording")
    func exportRoundTrip() throws {
        let recording = try importFixture()
        let har = JSONWriter.pretty(HAR.export(recording, baseURLs: Self.bases))
        let again = try HAR.importRecording(Array(har.utf8), api: "todos", name: "mitm", baseURLs: Self.bases)
        #expect(again.interactions.count == recording.interactions.count)
        for (index, pair) in zip(again.interactions, recording.interactions).enumerated() where pair.0 != pair.1 {
            Issue.record(
                "entry \(index) differs: request \(pair.0.request == pair.1.request), response \(pair.0.response == pair.1.response), headers \(pair.0.response.headers.fields) vs \(pair.1.response.headers.fields), body \(pair.0.request.body?.kind ?? "-") vs \(pair.1.request.body?.kind ?? "-")"
            )
        }
        let json = try JSONReader.parse(har)
        #expect(json[pointer: "/log/version"] == "1.2")
        #expect(json[pointer: "/log/entries/0/request/url"]?.stringValue?.hasPrefix("http://127.0.0.1:18080/api/v2/") == true)
    }

    @Test("a request whose body the HAR left out (bodySize > 0, no postData) is recorded as unseen, not as sent without one")
    func bodyLeftOut() throws {
        let text = """
            {"log": {"entries": [
              {"request": {"method": "POST", "url": "http://127.0.0.1:18080/api/v2/todos", "bodySize": 5120,
                           "headers": [{"name": "Content-Type", "value": "multipart/form-data; boundary=b"}]},
               "response": {"status": 200, "content": {"mimeType": "application/json", "text": "{}"}}},
              {"request": {"method": "GET", "url": "http://127.0.0.1:18080/api/v2/todos", "bodySize": 0},
               "response": {"status": 200, "content": {"mimeType": "application/json", "text": "{}"}}}
            ]}}
            """
        let recording = try HAR.importRecording(Array(text.utf8), file: "in.har", api: "todos", name: "x", baseURLs: Self.bases)
        let upload = try #require(recording.interactions.first?.request)
        #expect(upload.body == nil)
        #expect(upload.unseenBody == "the HAR holds no postData for this request's body of 5120 bytes")
        #expect(recording.fileText.contains(#""unseen": "the HAR holds no postData for this request's body of 5120 bytes""#))
        #expect(recording.interactions.last?.request.unseenBody == nil)
        // Exported and imported again, the reason stays (bodySize -1 and apicheck's own _unseenBody field).
        let har = JSONWriter.pretty(HAR.export(recording, baseURLs: Self.bases))
        let again = try HAR.importRecording(Array(har.utf8), api: "todos", name: "x", baseURLs: Self.bases)
        #expect(again.interactions.first?.request.unseenBody == upload.unseenBody)
    }

    @Test(
        "a malformed HAR names the file, line and pointer",
        arguments: [
            (
                #"{"log": {"entries": [{"request": {"method": "GET", "url": "http://127.0.0.1:18080/x"}, "response": {"status": "200"}}]}}"#,
                "/log/entries/0/response/status", "expected the status as an integer"
            ),
            (
                #"{"log": {"entries": [{"request": {"method": "GET", "url": "/relative"}, "response": {"status": 200}}]}}"#,
                "/log/entries/0/request/url", "expected an absolute URL"
            ),
            (
                #"{"log": {"entries": [{"request": {"method": "GET", "url": "http://other.test/x"}, "response": {"status": 200}}]}}"#,
                "/log/entries/0/request/url", "is not under the API's base URL"
            ),
            (#"{"entries": []}"#, "", "not a HAR file"),
            (
                #"{"log": {"entries": [{"request": {"method": "GET", "url": "http://127.0.0.1:18080/x", "headers": [{"name": 1}]}, "response": {"status": 200}}]}}"#,
                "/log/entries/0/request/headers/0", "expected a header"
            ),
            (#"{"log": {"entries": [}}"#, "/log/entries/0", "not valid JSON"),
        ])
    func malformedHAR(_ text: String, _ pointer: String, _ message: String) {
        #expect {
            _ = try HAR.importRecording(Array(text.utf8), file: "in.har", api: "todos", name: "x", baseURLs: Self.bases)
        } throws: { error in
            guard let error = error as? RecordingError else { return false }
            let ok =
                error.file == "in.har" && error.location != nil && error.pointer.description == pointer && error.message.contains(message)
            if !ok { Issue.record("got \(error)") }
            return ok
        }
    }
}
