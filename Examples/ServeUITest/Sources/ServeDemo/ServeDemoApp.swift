import APICheckReplay
import SwiftUI

// A minimal app written as REST_TODO is: its production URL hard-coded, URLSession.shared, and the one line apicheck
// asks of it, the bootstrap, first thing at launch in debug builds. Its UI tests (Tests/ServeDemoUITests) launch it
// answered by an apicheck serve started in the test's own process.

struct Todo: Decodable, Identifiable {
    let id: Int
    let title: String
}

struct TodoPage: Decodable {
    let data: [Todo]
}

@main
struct ServeDemoApp: App {
    init() {
        #if DEBUG
            ReplayBootstrap.installIfRequested()
        #endif
    }

    var body: some Scene {
        WindowGroup {
            TodoList()
        }
    }
}

struct TodoList: View {
    static let endpoint = URL(string: "https://phplaravel-574671-2962113.cloudwaysapps.com/api/v2/todos")!

    @State private var todos: [Todo] = []
    @State private var failure: String?

    var body: some View {
        List(todos) { todo in
            Text(todo.title)
        }
        .overlay {
            if let failure {
                Text(failure).accessibilityIdentifier("failure")
            }
        }
        .task {
            await load()
        }
    }

    private func load() async {
        var request = URLRequest(url: Self.endpoint)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        do {
            let (data, _) = try await URLSession.shared.data(for: request)
            todos = try JSONDecoder().decode(TodoPage.self, from: data).data
        } catch {
            failure = "\(error)"
        }
    }
}
