import Foundation
import Sandbox
import TestSupport
import Testing

@Suite("Sandbox lifecycle, seed and determinism", timeLimit(minutes: 5))
struct LifecycleTests {
    @Test("starts on a free loopback port and returns the bound URL")
    func ephemeralPorts() async throws {
        let a = try await SandboxServer.start()
        let b = try await SandboxServer.start()
        #expect(a.baseURL.host == "127.0.0.1")
        #expect((a.baseURL.port ?? 0) > 0)
        #expect(a.baseURL.port != b.baseURL.port)
        await a.stop()
        await b.stop()
    }

    @Test("a port in use is a clear error, not a crash")
    func portInUse() async throws {
        let first = try await SandboxServer.start()
        let port = try #require(first.baseURL.port)
        await #expect {
            _ = try await SandboxServer.start(SandboxConfiguration(port: port))
        } throws: { error in
            (error as? SandboxError)?.description.contains("cannot listen on 127.0.0.1:\(port)") == true
        }
        await first.stop()
    }

    @Test("seed: 260 todos, Korean and English titles, microseconds not all zero")
    func seedData() async throws {
        try await withSandboxHTTP { http in
            var todos: [[String: Any]] = []
            for page in 1...3 {
                todos += try await http.get("/api/v2/todos?per_page=100&page=\(page)").object[array: "data"]
            }
            #expect(todos.count == 260)
            #expect(Set(todos.compactMap { $0["id"] as? Int }).count == 260)
            let titles = todos.compactMap { $0["title"] as? String }
            #expect(titles.contains { $0.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } })
            #expect(titles.contains { $0.range(of: "^[A-Za-z]", options: .regularExpression) != nil })
            let dates = todos.flatMap { [$0["created_at"] as? String, $0["updated_at"] as? String] }.compactMap { $0 }
            #expect(dates.count == 520)
            #expect(dates.allSatisfy { $0.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$"#, options: .regularExpression) != nil })
            #expect(dates.contains { !$0.hasSuffix(".000000Z") })
            #expect(todos.allSatisfy { ($0["updated_at"] as? String ?? "") >= ($0["created_at"] as? String ?? "~") })
        }
    }

    @Test("every start serves the same seed")
    func seedIsStable() async throws {
        let first = try await withSandboxHTTP { try await $0.get("/api/v2/todos?per_page=100&page=2").text }
        let second = try await withSandboxHTTP { try await $0.get("/api/v2/todos?per_page=100&page=2").text }
        #expect(first == second)
    }

    @Test("deterministic mode answers the same writes with the same bytes, from a fixed clock and id sequence")
    func deterministicWrites() async throws {
        func session() async throws -> [String] {
            try await withSandboxHTTP(deterministic: true) { http in
                [
                    try await http.json("POST", "/api/v2/todos-json", #"{"title":"one","is_done":"false"}"#).text,
                    try await http.form("PUT", "/api/v2/todos/4699", "title=two&is_done=true").text,
                    try await http.send("DELETE", "/api/v2/todos/4699").text,
                    try await http.json("POST", "/api/v2/todos-json", #"{"title":"three"}"#).text,
                ]
            }
        }
        let first = try await session()
        let second = try await session()
        #expect(first == second)
        #expect(first[0].contains(#""id":4699"#))
        #expect(first[0].contains(#""created_at":"2025-01-01T00:00:01.000001Z""#))
        #expect(first[1].contains(#""updated_at":"2025-01-01T00:00:02.000002Z""#))
        #expect(first[3].contains(#""id":4700"#))
    }

    @Test("outside deterministic mode, writes carry the real time")
    func realClock() async throws {
        let text = try await withSandboxHTTP { try await $0.json("POST", "/api/v2/todos-json", #"{"title":"now"}"#).text }
        let year = Calendar(identifier: .gregorian).component(.year, from: Date())
        #expect(text.contains(#""created_at":"\#(year)-"#) || text.contains(#""created_at":"\#(year + 1)-"#))
    }

    @Test("serves concurrent clients: 8 tasks, 25 requests each, writes included")
    func concurrentClients() async throws {
        try await withSandboxHTTP { http in
            let ids = try await withThrowingTaskGroup(of: [Int].self) { group in
                for worker in 0..<8 {
                    group.addTask {
                        var created: [Int] = []
                        for request in 0..<25 {
                            if request % 5 == 0 {
                                let answer = try await http.json("POST", "/api/v2/todos-json", #"{"title":"w\#(worker)-\#(request)"}"#)
                                if let id = answer.object[object: "data"]["id"] as? Int { created.append(id) }
                            } else {
                                let answer = try await http.get("/api/v2/todos?page=\(request)")
                                if answer.status != 200 { return [] }
                            }
                        }
                        return created
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(ids.count == 40)
            #expect(Set(ids).count == 40)
            let total = try await http.get("/api/v2/todos").object[object: "meta"]["total"] as? Int
            #expect(total == 300)
        }
    }

    @Test("keeps the requests it received when asked to")
    func requestJournal() async throws {
        let sandbox = try await SandboxServer.start(SandboxConfiguration(requestJournalLimit: 2))
        let http = SandboxHTTP(sandbox: sandbox)
        _ = try await http.get("/api/v2/todos?page=1")
        _ = try await http.form("PUT", "/api/v2/todos/4698", "title=a%20b")
        _ = try await http.get("/api/v2/todos/4698")
        let received = sandbox.receivedRequests()
        #expect(received.map(\.method) == ["PUT", "GET"])
        #expect(received.first?.body == Array("title=a%20b".utf8))
        #expect(received.first?.header("content-type") == "application/x-www-form-urlencoded")
        await sandbox.stop()
    }
}
