import Foundation
import Sandbox
import Sockets
import TestSupport
import Testing

@Suite("Sandbox writes and bad input", timeLimit(minutes: 5))
struct WriteTests {
    @Test("a form PUT updates; a JSON PUT is 422 and changes nothing")
    func formPutUpdatesJSONPutDoesNot() async throws {
        try await withSandboxHTTP { http in
            let before = try await http.get("/api/v2/todos/4698").object[object: "data"]
            let json = try await http.json("PUT", "/api/v2/todos/4698", #"{"title":"from json","is_done":"true"}"#)
            #expect(json.status == 422)
            #expect(json.object[object: "errors"]["title"] as? [String] == ["The title field is required."])
            let unchanged = try await http.get("/api/v2/todos/4698").object[object: "data"]
            #expect(unchanged["title"] as? String == before["title"] as? String)
            #expect(unchanged["updated_at"] as? String == before["updated_at"] as? String)

            let form = try await http.form("PUT", "/api/v2/todos/4698", "title=a%2Bb+%26+%ED%95%A0%20%EC%9D%BC&is_done=1")
            #expect(form.status == 200)
            #expect(form.object[object: "data"]["title"] as? String == "a+b & 할 일")
            #expect(form.object[object: "data"]["is_done"] as? Bool == true)
            #expect(form.object["message"] as? String == "할일 수정 성공")
        }
    }

    @Test("multipart and JSON creation; JSON takes is_done as a string")
    func creation() async throws {
        try await withSandboxHTTP(deterministic: true) { http in
            let boundary = "XyZ"
            let multipart =
                "--XyZ\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\n새 할 일\r\n--XyZ\r\nContent-Disposition: form-data; name=\"is_done\"\r\n\r\ntrue\r\n--XyZ--\r\n"
            let created = try await http.send(
                "POST", "/api/v2/todos", body: Data(multipart.utf8), contentType: "multipart/form-data; boundary=\(boundary)")
            #expect(created.status == 200)
            #expect(created.object[object: "data"]["title"] as? String == "새 할 일")
            #expect(created.object[object: "data"]["is_done"] as? Bool == true)
            #expect(created.object[object: "data"]["id"] as? Int == 4699)

            let json = try await http.json("POST", "/api/v2/todos-json", #"{"title":"json todo","is_done":"false"}"#)
            #expect(json.status == 200)
            #expect(json.object[object: "data"]["id"] as? Int == 4700)
            #expect(json.object[object: "data"]["is_done"] as? Bool == false)
        }
    }

    @Test("delete returns the deleted todo; it is then 404")
    func deletion() async throws {
        try await withSandboxHTTP { http in
            let deleted = try await http.send("DELETE", "/api/v2/todos/4600")
            #expect(deleted.status == 200)
            #expect(deleted.object[object: "data"]["id"] as? Int == 4600)
            #expect(deleted.object["message"] as? String == "할일 삭제 성공")
            let gone = try await http.get("/api/v2/todos/4600")
            #expect(gone.status == 404)
            #expect(gone.message == "No query results for model [App\\Models\\Todo] 4600")
            let total = try await http.get("/api/v2/todos").object[object: "meta"]["total"] as? Int
            #expect(total == 259)
        }
    }

    @Test(
        "bad input gets a 4xx with a JSON message",
        arguments: [
            (
                "PUT", "/api/v2/todos/4698", "title=%20%E3%80%80&is_done=true", "application/x-www-form-urlencoded", 422,
                "The title field is required."
            ),
            ("PUT", "/api/v2/todos/4698", "is_done=true", "application/x-www-form-urlencoded", 422, "The title field is required."),
            (
                "PUT", "/api/v2/todos/4698", "title=x&is_done=maybe", "application/x-www-form-urlencoded", 422,
                "The is done field must be true or false."
            ),
            ("PUT", "/api/v2/todos/1", "title=x", "application/x-www-form-urlencoded", 404, "No query results"),
            ("POST", "/api/v2/todos", "--b\r\nno headers", "multipart/form-data; boundary=b", 422, "The title field is required."),
            ("POST", "/api/v2/todos", "title=x", "multipart/form-data", 422, "The title field is required."),
            ("POST", "/api/v2/todos-json", "{not json", "application/json", 422, "The title field is required."),
            ("POST", "/api/v2/todos-json", "\u{0}", "application/json", 422, "The title field is required."),
            ("POST", "/api/v2/todos-json", #"{"title":12}"#, "application/json", 422, "The title field must be a string."),
            (
                "POST", "/api/v2/todos-json", #"{"title":"x","is_done":{}}"#, "application/json", 422,
                "The is done field must be true or false."
            ),
            (
                "POST", "/api/v2/todos-json", #"{"title":"x","is_done":null}"#, "application/json", 422,
                "The is done field must be true or false."
            ),
            ("POST", "/api/v2/todos-json", #"{"title":"\u00a0\ufeff"}"#, "application/json", 422, "The title field is required."),
            ("POST", "/api/v2/todos-json", #"{"is_done":"false"}"#, "application/json", 422, "The title field is required."),
            ("POST", "/api/v2/todos-json", #"{"title":""}"#, "application/json", 422, "The title field is required."),
            ("GET", "/api/v2/todos/abc", "", "", 404, "No query results"),
            ("GET", "/api/v3/todos", "", "", 404, "The route api/v3/todos could not be found."),
            (
                "PATCH", "/api/v2/todos/4698", "", "", 405,
                "The PATCH method is not supported for route api/v2/todos/4698. Supported methods: GET, HEAD, PUT, DELETE."
            ),
            ("DELETE", "/api/v2/todos", "", "", 405, "Supported methods: GET, HEAD, POST"),
            ("TRACE", "/api/v2/todos-json", "", "", 405, "Supported methods: POST."),
        ])
    func badInput(_ method: String, _ path: String, _ body: String, _ contentType: String, _ status: Int, _ message: String) async throws {
        try await withSandboxHTTP { http in
            let answer = try await http.send(
                method, path, body: body.isEmpty ? nil : Data(body.utf8), contentType: contentType.isEmpty ? nil : contentType)
            #expect(answer.status == status)
            #expect(answer.contentType == "application/json")
            #expect(answer.message?.contains(message) == true, "message: \(answer.message ?? answer.text)")
            if status == 405 {
                // RFC 9110: a 405 lists the methods the route allows, as Laravel does.
                #expect(answer.headers["allow"].map { message.contains($0) } == true, "Allow: \(answer.headers["allow"] ?? "none")")
            }
        }
    }

    @Test("a malformed escape is read as written (PHP), not refused: the title keeps it")
    func malformedEscapeIsKept() async throws {
        try await withSandboxHTTP { http in
            let answer = try await http.form("PUT", "/api/v2/todos/4698", "title=100%ZZ&is_done=true")
            #expect(answer.status == 200)
            #expect(answer.object[object: "data"]["title"] as? String == "100%ZZ")
        }
    }

    @Test("HEAD answers as GET does, with no body (Laravel serves HEAD on every GET route)")
    func head() async throws {
        try await withSandboxHTTP { http in
            let get = try await http.get("/api/v2/todos/4698")
            let head = try await http.send("HEAD", "/api/v2/todos/4698")
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.headers["content-length"] == String(get.body.count))
        }
    }

    @Test("a body over 1 MiB is 413 with a JSON message; exactly 1 MiB is read")
    func bodyLimit() async throws {
        try await withSandboxHTTP { http in
            let over = try await http.form("PUT", "/api/v2/todos/4698", "title=" + String(repeating: "a", count: 1 << 20))
            #expect(over.status == 413)
            #expect(over.message?.contains("1 MiB") == true)
            let atLimit = try await http.form("PUT", "/api/v2/todos/4698", "title=" + String(repeating: "a", count: (1 << 20) - 6))
            #expect(atLimit.status == 200)
        }
    }

    @Test("a client that sends all of a body over the limit before reading gets the 413, not a reset")
    func tooLargeWhileSending() async throws {
        try await withSandboxHTTP { http in
            // Closing with the rest of the body unread would send a reset, which discards the 413 on its way.
            let body = [UInt8](repeating: UInt8(ascii: "a"), count: 4 << 20)
            let head =
                "PUT /api/v2/todos/4698 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.count + 6)\r\n\r\ntitle="
            let port = try #require(http.sandbox.baseURL.port)
            let deadline = Deadline.after(seconds: 30)
            let socket = try Socket.connect(host: "127.0.0.1", port: port, deadline: deadline)
            defer { socket.close() }
            try socket.write(Array(head.utf8) + body, deadline: deadline)
            var answer: [UInt8] = []
            while try socket.read(into: &answer, capacity: 65_536, deadline: deadline) > 0 {}
            let text = String(decoding: answer, as: UTF8.self)
            #expect(text.hasPrefix("HTTP/1.1 413 "), "\(text.prefix(200))")
            #expect(text.contains("1 MiB"))
        }
    }

    @Test("every answer is application/json")
    func contentType() async throws {
        try await withSandboxHTTP { http in
            for path in ["/api/v2/todos", "/api/v2/todos/4698", "/api/v2/todos/search", "/nowhere"] {
                let answer = try await http.get(path)
                #expect(answer.contentType == "application/json", "\(path)")
                #expect(answer.json != nil, "\(path)")
            }
        }
    }
}
