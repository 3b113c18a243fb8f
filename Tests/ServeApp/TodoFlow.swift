import APICheckReplay
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// An app's own networking, written the way REST_TODO writes it: its production URL hard-coded, `URLSession.shared`,
// its own models and form encoding. The one line apicheck asks of it is the bootstrap, first thing at launch. It is
// launched by `ServedAppTests` as a process of its own, with the server's launch environment, as a UI test launches
// an app.

struct Todo: Decodable {
    let id: Int
    let title: String
    let isDone: Bool

    enum CodingKeys: String, CodingKey {
        case id, title
        case isDone = "is_done"
    }
}

struct TodoPage: Decodable {
    let data: [Todo]
}

struct TodoAnswer: Decodable {
    let data: Todo
}

enum TodoService {
    static let baseURL = URL(string: "https://phplaravel-574671-2962113.cloudwaysapps.com/api/v2")!

    static func get(_ path: String) async throws -> (Data, Int) {
        var request = URLRequest(url: URL(string: baseURL.absoluteString + path)!)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (data, response) = try await URLSession.shared.data(for: request)
        return (data, (response as? HTTPURLResponse)?.statusCode ?? 0)
    }

    static func update(_ id: Int, title: String, isDone: Bool) async throws -> Int {
        var request = URLRequest(url: baseURL.appendingPathComponent("todos/\(id)"))
        request.httpMethod = "PUT"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let encoded = title.addingPercentEncoding(withAllowedCharacters: allowed) ?? title
        request.httpBody = Data("title=\(encoded)&is_done=\(isDone)".utf8)
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }
}

@main
struct TodoFlow {
    static func main() async {
        // The one line (in a real app, inside `#if DEBUG`).
        guard ReplayBootstrap.installIfRequested() else {
            // Launched without a server: this example never reaches the real API.
            print("not launched by apicheck serve; nothing sent")
            exit(3)
        }
        do {
            let (list, listStatus) = try await TodoService.get("/todos")
            let page = try JSONDecoder().decode(TodoPage.self, from: list)
            print("list \(listStatus): \(page.data.count) todos")
            let (first, _) = try await TodoService.get("/todos?per_page=1")
            let todo = try JSONDecoder().decode(TodoPage.self, from: first).data[0]
            print("first: \(todo.id) \(todo.title)")
            let updated = try await TodoService.update(todo.id, title: "Don't open a+b & 할 일 #1/2? 100% =", isDone: true)
            print("update \(updated)")
            let (detail, _) = try await TodoService.get("/todos/\(todo.id)")
            let read = try JSONDecoder().decode(TodoAnswer.self, from: detail).data
            print("detail: \(read.id) done \(read.isDone)")
            // A screen the recordings do not cover.
            let (_, missing) = try await TodoService.get("/todos/424242")
            print("missing \(missing)")
        } catch {
            print("error: \(error)")
            exit(1)
        }
    }
}
