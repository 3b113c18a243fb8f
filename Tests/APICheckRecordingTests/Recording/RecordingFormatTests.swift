import APICheckRecording
import Foundation
import Testing
import WireFormat

@Suite("Recording format")
struct RecordingFormatTests {
    static func sample() throws -> Recording {
        Recording(
            api: "todos", name: "update-todo", recordedAt: "2026-11-21T23:00:00Z", recordedFrom: "sandbox",
            interactions: [
                Interaction(
                    step: "update",
                    request: RecordedRequest(
                        method: "PUT", url: "/api/v2/todos/5126",
                        headers: HeaderFields([("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "application/json")]),
                        body: .form(
                            fields: [FormField("title", "Don't open 할 일"), FormField("is_done", "true")],
                            raw: "title=Don%27t%20open%20%ED%95%A0%20%EC%9D%BC&is_done=true")
                    ),
                    response: RecordedResponse(
                        status: 200, headers: HeaderFields([("Content-Type", "application/json")]),
                        body: .json(
                            try JSONReader.parse(
                                #"{"data":{"id":5126,"score":10.309712,"big":123456789012345678901234567890,"e":1e3},"message":"할일 수정 성공"}"#
                            ))
                    )
                ),
                Interaction(
                    request: RecordedRequest(
                        method: "POST", url: "/login/oauth/access_token", base: "oauth",
                        body: .multipart([
                            .init(name: "title", content: .text("a\r\nb")),
                            .init(name: "file", filename: "a.png", contentType: "image/png", content: .bytes(Data([0, 1, 255]))),
                        ])
                    ),
                    response: RecordedResponse(status: 204)
                ),
                Interaction(
                    request: RecordedRequest(method: "GET", url: "/text?q=1", body: .text("plain")),
                    response: RecordedResponse(status: 500, body: .base64(Data([0xDE, 0xAD, 0xBE, 0xEF])))
                ),
            ]
        )
    }

    @Test("write, read, write gives the same value and the same bytes")
    func roundTrip() throws {
        let recording = try Self.sample()
        let text = recording.fileText
        let read = try Recording(bytes: Array(text.utf8), file: "sample.json")
        #expect(read == recording)
        #expect(read.fileText == text)
        #expect(text.contains(#""score": 10.309712"#))
        #expect(text.contains(#""big": 123456789012345678901234567890"#))
        #expect(text.contains(#""e": 1e3"#))
        #expect(text.contains(#"["title", "Don't open 할 일"]"#))
    }

    @Test("keys come in the format's fixed order")
    func fixedKeyOrder() throws {
        let json = try JSONReader.parse(try Self.sample().fileText)
        #expect(json.objectValue?.keys == ["format", "api", "name", "recorded_at", "recorded_from", "interactions"])
        #expect(json[pointer: "/interactions/0"]?.objectValue?.keys == ["step", "request", "response"])
        #expect(json[pointer: "/interactions/0/request"]?.objectValue?.keys == ["method", "url", "headers", "body"])
        #expect(json[pointer: "/interactions/1/request"]?.objectValue?.keys == ["method", "url", "base", "headers", "body"])
        #expect(json[pointer: "/interactions/0/request/headers"]?.objectValue?.keys == ["Accept", "Content-Type"])
        #expect(json[pointer: "/interactions/0/request/body"]?.objectValue?.keys == ["form", "raw"])
        #expect(json[pointer: "/interactions/1/response"]?.objectValue?.keys == ["status", "headers"])
        #expect(
            json[pointer: "/interactions/1/request/body/multipart/1"]?.objectValue?.keys == ["name", "filename", "content_type", "base64"])
    }

    @Test(
        "a malformed file names the file, line, column and pointer",
        arguments: [
            ("\"recorded_from\": \"sandbox\",", "\"recorded_from\": \"sandbox\",\n  \"extra\": 1,", "/extra", "unknown field \"extra\""),
            ("\"method\": \"PUT\"", "\"method\": \"PUT\", \"verb\": \"x\"", "/interactions/0/request/verb", "unknown field \"verb\""),
            ("\"status\": 200", "\"status\": \"200\"", "/interactions/0/response/status", "expected an HTTP status"),
            (
                "\"url\": \"/api/v2/todos/5126\"", "\"url\": \"https://h/api/v2/todos/5126\"", "/interactions/0/request/url",
                "must be relative"
            ),
            ("\"format\": \"apicheck-recording/1\"", "\"format\": \"apicheck-recording/9\"", "/format", "unsupported format"),
            ("\"raw\": \"title=", "\"text\": \"x\", \"raw\": \"title=", "/interactions/0/request/body", "exactly one of json, form"),
            ("\"status\": 200", "\"status\": 200,", "/interactions/0/response", "not valid JSON"),
        ])
    func malformedFileIsLocated(_ find: String, _ replace: String, _ pointer: String, _ message: String) throws {
        let text = try Self.sample().fileText
        #expect(text.contains(find))
        let broken = text.replacingOccurrences(of: find, with: replace)
        #expect {
            _ = try Recording(bytes: Array(broken.utf8), file: "recordings/todos/tests/update.json")
        } throws: { error in
            guard let error = error as? RecordingError else { return false }
            let ok =
                error.file == "recordings/todos/tests/update.json" && error.location != nil
                && error.pointer.description.hasPrefix(pointer) && error.message.contains(message)
                && error.description.hasPrefix("recordings/todos/tests/update.json:\(error.location?.line ?? 0):")
            if !ok { Issue.record("got \(error)") }
            return ok
        }
    }

    @Test("unknown fields past the 64th member of an object are named too; known ones after them are read")
    func manyUnknownFields() throws {
        let text = try Self.sample().fileText
        let extras = (0..<70).map { "\"extra\($0)\": \($0)," }.joined(separator: "\n  ")
        // The extras go first, so that the known fields sit past position 64.
        let broken = text.replacingOccurrences(of: "{\n  \"format\"", with: "{\n  " + extras + "\n  \"format\"")
        #expect(broken != text)
        #expect {
            _ = try Recording(bytes: Array(broken.utf8), file: "r.json")
        } throws: { error in
            guard let error = error as? RecordingError else { return false }
            return error.pointer.description == "/extra0" && error.message.contains("\"extra69\"") && !error.message.contains("\"format\"")
                && !error.message.contains("\"interactions\"")
        }
    }

    @Test("the line of an unknown field is the line it is on")
    func lineOfUnknownField() throws {
        let text = try Self.sample().fileText.replacingOccurrences(of: "\"status\": 204,", with: "\"status\": 204,\n\"surprise\": true,")
        let line = try #require(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("surprise") }) + 1
        do {
            _ = try Recording(bytes: Array(text.utf8), file: "f.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.location?.line == line)
            #expect(
                error.description.hasPrefix("f.json:\(line):1: error: at /interactions/1/response/surprise: unknown field \"surprise\""))
        }
    }

    @Test("random truncations and byte flips of a recording never crash and always give a located error")
    func fuzzedRecordings() throws {
        let original = Array(try Self.sample().fileText.utf8)
        var errors = 0
        for bytes in fuzzedCopies(of: original, count: 3_000, seed: 11) {
            do {
                _ = try Recording(bytes: bytes, file: "fuzz.json")
            } catch {
                errors += 1
                #expect(error.location != nil, "no location for \(error)")
                #expect(error.file == "fuzz.json")
            }
        }
        #expect(errors > 2_000)
    }
}

@Suite("Header parameters and multipart names")
struct HeaderParameterTests {
    @Test(
        "a quoted value keeps its ';' and its escaped quote and backslash; a token ends at ';'",
        arguments: [
            ("form-data; name=\"a;b\"; filename=\"c\\\"d\\\\e.png\"", "name", "a;b"),
            ("form-data; name=\"a;b\"; filename=\"c\\\"d\\\\e.png\"", "filename", "c\"d\\e.png"),
            ("multipart/form-data; boundary=----WebKitFormBoundary7MA4YWxkTrZu0gW", "boundary", "----WebKitFormBoundary7MA4YWxkTrZu0gW"),
            ("multipart/form-data;boundary=\"simple boundary\"", "boundary", "simple boundary"),
            ("application/json; charset=UTF-8 ; q=1", "charset", "UTF-8"),
            ("form-data; NAME=x", "name", "x"),
        ])
    func parameter(_ header: String, _ name: String, _ value: String) {
        #expect(MediaType.parameter(name, in: header) == value)
    }

    @Test(
        "the essence of a media type: before ';', trimmed, lower-cased",
        arguments: [
            ("application/json", "application/json"),
            (" Application/JSON ; charset=utf-8", "application/json"),
            ("\tTEXT/html\t", "text/html"),
            ("application/problem+json;charset=utf-8", "application/problem+json"),
            ("", ""),
            ("  ; x=y", ""),
            ("Applicätion/JSON\u{2003}", "applicätion/json"),
        ])
    func essence(_ header: String, _ expected: String) {
        #expect(MediaType.essence(of: header) == expected)
    }

    @Test("names and filenames with quotes, backslashes and ';' survive encode and parse")
    func multipartNames() throws {
        let parts = [
            RecordedBody.MultipartPart(name: "t\"i\\t;le", filename: nil, contentType: nil, content: .text("할 일")),
            RecordedBody.MultipartPart(
                name: "files", filename: "a \"b\";c.png", contentType: "image/png", content: .bytes(Data([0x89, 0x50]))),
        ]
        let encoded = MultipartCodec.encode(parts, boundary: "Xyz")
        #expect(String(decoding: encoded, as: UTF8.self).contains(#"name="t\"i\\t;le""#))
        #expect(MultipartCodec.parse(encoded, boundary: "Xyz") == parts)
    }

    @Test(
        "a boundary RFC 2046 does not allow is not multipart (the fuzzer's carriage return)",
        arguments: ["", "\r", "a\nb", "ends in space ", String(repeating: "x", count: 71)])
    func invalidBoundary(_ boundary: String) {
        let body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\r\n--\(boundary)--\r\n".utf8)
        #expect(MultipartCodec.parse(body, boundary: boundary) == nil)
    }
}
