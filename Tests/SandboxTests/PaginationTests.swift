import Foundation
import Sandbox
import TestSupport
import Testing

@Suite("Sandbox paging, sorting and filtering", timeLimit(minutes: 5))
struct PaginationTests {
    @Test(
        "meta follows Laravel's paginator",
        arguments: [
            // page, per_page, expected from, to, count
            (1, 10, 1 as Int?, 10 as Int?, 10),
            (26, 10, 251, 260, 10),
            (27, 10, nil, nil, 0),
            (3, 100, 201, 260, 60),
            (1, 7, 1, 7, 7),
        ] as [(Int, Int, Int?, Int?, Int)])
    func metaLikeLaravel(_ page: Int, _ perPage: Int, _ from: Int?, _ to: Int?, _ count: Int) async throws {
        try await withSandboxHTTP { http in
            let answer = try await http.get("/api/v2/todos?page=\(page)&per_page=\(perPage)")
            #expect(answer.status == 200)
            let meta = answer.object[object: "meta"]
            #expect(meta["current_page"] as? Int == page)
            #expect(meta["per_page"] as? Int == perPage)
            #expect(meta["total"] as? Int == 260)
            #expect(meta["last_page"] as? Int == (260 + perPage - 1) / perPage)
            #expect(meta["from"] as? Int == from)
            #expect(meta["to"] as? Int == to)
            if from == nil {
                #expect(meta["from"] is NSNull)
                #expect(meta["to"] is NSNull)
            }
            #expect(answer.object[array: "data"].count == count)
        }
    }

    @Test("keys come in Laravel's order")
    func keyOrder() async throws {
        try await withSandboxHTTP { http in
            let text = try await http.get("/api/v2/todos?per_page=1").text
            #expect(text.hasPrefix(#"{"data":[{"id":4698,"title":"#))
            #expect(text.contains(#""is_done":false,"created_at":""#) || text.contains(#""is_done":true,"created_at":""#))
            #expect(text.contains(#""meta":{"current_page":1,"from":1,"last_page":260,"per_page":1,"to":1,"total":260},"message":"성공"}"#))
        }
    }

    @Test("an empty search result still has last_page 1")
    func emptySearchHasLastPageOne() async throws {
        try await withSandboxHTTP { http in
            let meta = try await http.get("/api/v2/todos/search?query=zzzz-nothing").object[object: "meta"]
            #expect(meta["total"] as? Int == 0)
            #expect(meta["last_page"] as? Int == 1)
            #expect(meta["from"] is NSNull)
        }
    }

    @Test("order_by and filter sort by the chosen date")
    func sorting() async throws {
        try await withSandboxHTTP { http in
            for (filter, order) in [("created_at", "asc"), ("created_at", "desc"), ("updated_at", "asc"), ("updated_at", "desc")] {
                let data = try await http.get("/api/v2/todos?per_page=100&filter=\(filter)&order_by=\(order)").object[array: "data"]
                let dates = data.compactMap { $0[filter] as? String }
                #expect(dates.count == 100)
                // Same offset and digit count everywhere, so string order is instant order here.
                #expect(dates == (order == "asc" ? dates.sorted() : dates.sorted(by: >)), "\(filter) \(order)")
            }
        }
    }

    @Test("is_done filters, and accepts true/false/1/0")
    func isDoneFilter() async throws {
        try await withSandboxHTTP { http in
            let done = try await http.get("/api/v2/todos?per_page=100&is_done=true").object
            let one = try await http.get("/api/v2/todos?per_page=100&is_done=1").object
            let open = try await http.get("/api/v2/todos?per_page=100&is_done=false").object
            #expect(done[array: "data"].allSatisfy { $0["is_done"] as? Bool == true })
            #expect(open[array: "data"].allSatisfy { $0["is_done"] as? Bool == false })
            #expect(done[object: "meta"]["total"] as? Int == one[object: "meta"]["total"] as? Int)
            let doneTotal = done[object: "meta"]["total"] as? Int ?? 0
            let openTotal = open[object: "meta"]["total"] as? Int ?? 0
            #expect(doneTotal > 0 && openTotal > 0 && doneTotal + openTotal == 260)
        }
    }

    @Test(
        "bad query values are 422 with the field's error; a bad page is page 1",
        arguments: [
            ("filter=title", "filter"), ("order_by=up", "order_by"), ("per_page=0", "per_page"),
            ("per_page=abc", "per_page"), ("is_done=maybe", "is_done"),
        ])
    func invalidQueryValues(_ query: String, _ field: String) async throws {
        try await withSandboxHTTP { http in
            let answer = try await http.get("/api/v2/todos?\(query)")
            #expect(answer.status == 422)
            #expect(answer.object[object: "errors"][field] != nil)
            #expect(answer.message?.isEmpty == false)
        }
    }

    @Test("a non-numeric or negative page reads as page 1")
    func badPageIsPageOne() async throws {
        try await withSandboxHTTP { http in
            for page in ["abc", "-3", "0"] {
                let meta = try await http.get("/api/v2/todos?page=\(page)").object[object: "meta"]
                #expect(meta["current_page"] as? Int == 1, "page=\(page)")
            }
        }
    }

    @Test("search matches titles case-insensitively, Korean included")
    func search() async throws {
        try await withSandboxHTTP { http in
            let korean = try await http.get("/api/v2/todos/search?query=%EC%9A%B4%EB%8F%99&per_page=100").object[array: "data"]
            #expect(!korean.isEmpty)
            #expect(korean.allSatisfy { ($0["title"] as? String)?.contains("운동") == true })
            let english = try await http.get("/api/v2/todos/search?query=BUY+MILK&per_page=100").object[array: "data"]
            #expect(!english.isEmpty)
            #expect(english.allSatisfy { ($0["title"] as? String)?.lowercased().contains("buy milk") == true })
            let missing = try await http.get("/api/v2/todos/search")
            #expect(missing.status == 422)
            #expect(missing.object[object: "errors"]["query"] as? [String] == ["The query field is required."])
        }
    }
}
