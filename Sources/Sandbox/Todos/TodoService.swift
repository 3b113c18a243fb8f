import Foundation

/// The todo API's routes, written from the API's documented wire format: `/api/v2/todos` and friends.
///
/// Behaviour that no public source confirmed is marked "(unconfirmed)"; the contract says the same.
struct TodoService: Sendable {
    let store: TodoStore
    let renderer: TodoRenderer

    init(drifts: Set<Drift>, deterministic: Bool) {
        store = TodoStore(deterministic: deterministic)
        renderer = TodoRenderer(drifts: drifts)
    }

    /// Whether `path` belongs to this API.
    static func handles(_ path: String) -> Bool {
        path == "/api/v2/todos" || path.hasPrefix("/api/v2/todos/") || path == "/api/v2/todos-json"
    }

    func respond(to request: ReceivedRequest) -> SandboxResponse {
        var response = route(request)
        if response.status == 200 && request.method == "GET" && renderer.has(.todosStatus201) {
            response = SandboxResponse(status: 201, content: response.content, headers: response.headers)
        }
        return response
    }

    private func route(_ request: ReceivedRequest) -> SandboxResponse {
        let path = request.path
        switch path {
        case "/api/v2/todos":
            switch request.method {
            case "GET", "HEAD": return list(request, search: nil)
            case "POST": return createFromForm(request)
            default: return methodNotAllowed(request, allowed: "GET, HEAD, POST")
            }
        case "/api/v2/todos/search":
            guard request.method == "GET" || request.method == "HEAD" else { return methodNotAllowed(request, allowed: "GET, HEAD") }
            guard let query = request.queryValue("query").map(LaravelInput.trimmed), !query.isEmpty else {
                return .validation([("query", "The query field is required.")])
            }
            return list(request, search: query)
        case "/api/v2/todos-json":
            guard request.method == "POST" else { return methodNotAllowed(request, allowed: "POST") }
            return createFromJSON(request)
        default:
            let idText = path.dropFirst("/api/v2/todos/".count)
            guard !idText.isEmpty, !idText.contains("/") else { return SandboxServerRoutes.notFound(path) }
            // Laravel's route model binding: a non-numeric or unknown id is the same 404 (unconfirmed).
            let id = Int(idText)
            switch request.method {
            case "GET", "HEAD":
                guard let id, let record = store.find(id) else { return modelNotFound(idText) }
                return SandboxResponse(status: 200, body: renderer.single(record, message: "할일 조회 성공"))
            case "PUT":
                guard let id, store.find(id) != nil else { return modelNotFound(idText) }
                return update(id, request)
            case "DELETE":
                guard let id, let record = store.delete(id) else { return modelNotFound(idText) }
                return SandboxResponse(status: 200, body: renderer.single(record, message: "할일 삭제 성공"))
            default:
                return methodNotAllowed(request, allowed: "GET, HEAD, PUT, DELETE")
            }
        }
    }

    // MARK: Lists

    private func list(_ request: ReceivedRequest, search: String?) -> SandboxResponse {
        var errors: [(String, String)] = []
        // Defaults created_at/desc, per_page 10 (at most 100) and the 422s for bad values: (unconfirmed).
        let filter = request.queryValue("filter") ?? "created_at"
        if filter != "created_at" && filter != "updated_at" { errors.append(("filter", "The selected filter is invalid.")) }
        let order = request.queryValue("order_by") ?? "desc"
        if order != "desc" && order != "asc" { errors.append(("order_by", "The selected order by is invalid.")) }
        var perPage = 10
        if let text = request.queryValue("per_page") {
            if let value = Int(text), (1...100).contains(value) {
                perPage = value
            } else {
                errors.append(("per_page", "The per page field must be an integer between 1 and 100."))
            }
        }
        var isDone: Bool?
        if let text = request.queryValue("is_done") {
            if let value = LaravelInput.boolean(text) {
                isDone = value
            } else {
                errors.append(("is_done", "The is done field must be true or false."))
            }
        }
        guard errors.isEmpty else { return .validation(errors) }
        // Laravel's paginator reads a missing or non-numeric page, or one below 1, as page 1.
        let page = request.queryValue("page").flatMap { Int($0) }.map { max($0, 1) } ?? 1

        var items = store.all
        if let isDone { items.removeAll { $0.isDone != isDone } }
        if let search {
            let needle = search.lowercased()
            items.removeAll { !$0.title.lowercased().contains(needle) }
        }
        let byUpdated = filter == "updated_at"
        let ascending = order == "asc"
        items.sort { a, b in
            let (x, y) = byUpdated ? (a.updatedAt, b.updatedAt) : (a.createdAt, b.createdAt)
            if x != y { return ascending ? x < y : x > y }
            return ascending ? a.id < b.id : a.id > b.id
        }
        let start = min((page - 1).multipliedReportingOverflow(by: perPage).overflow ? items.count : (page - 1) * perPage, items.count)
        let slice = items[start..<min(start + perPage, items.count)]
        return SandboxResponse(status: 200, body: renderer.page(slice, page: page, perPage: perPage, total: items.count))
    }

    // MARK: Writes

    private func createFromForm(_ request: ReceivedRequest) -> SandboxResponse {
        let fields: [(String, String)]
        switch request.mediaType {
        case "multipart/form-data":
            // PHP parses the body itself; one it cannot read (no boundary, broken parts) arrives as no fields.
            let boundary = Multipart.boundary(fromContentType: request.header("Content-Type") ?? "")
            let parts = boundary.flatMap { try? Multipart.parse(request.body, boundary: $0) } ?? []
            fields = parts.filter { $0.filename == nil }.map { ($0.name, String(decoding: $0.body, as: UTF8.self)) }
        case "application/x-www-form-urlencoded":
            fields = PercentDecoding.pairs(request.body)
        default:
            // This endpoint reads a form; anything else arrives as no fields at all (unconfirmed).
            fields = []
        }
        return create(title: fields.last { $0.0 == "title" }?.1, isDone: fields.last { $0.0 == "is_done" }?.1)
    }

    private func createFromJSON(_ request: ReceivedRequest) -> SandboxResponse {
        guard request.mediaType == "application/json" || request.mediaType?.hasSuffix("+json") == true else {
            return create(title: nil, isDone: nil)
        }
        // A body that does not parse as a JSON object is read as empty input (422 for the missing title).
        let object = JSON.parseObject(request.body) ?? [:]
        // `required|string` (unconfirmed): a title that is there but not text is refused; null counts as missing.
        if let title = object["title"], !(title is NSNull), !(title is String) {
            return .validation([("title", "The title field must be a string.")])
        }
        // is_done that is there but neither text, a boolean nor a number (null, a list, an object) fails the
        // boolean rule: Laravel validates a present null unless the rule says nullable.
        if let isDone = object["is_done"], Self.string(isDone) == nil {
            return .validation([("is_done", "The is done field must be true or false.")])
        }
        return create(title: object["title"] as? String, isDone: Self.string(object["is_done"]))
    }

    private func create(title: String?, isDone: String?) -> SandboxResponse {
        var errors: [(String, String)] = []
        let title = title.map(LaravelInput.trimmed) ?? ""
        if title.isEmpty { errors.append(("title", "The title field is required.")) }
        var done = false
        if let isDone {
            if let value = LaravelInput.boolean(isDone) {
                done = value
            } else {
                errors.append(("is_done", "The is done field must be true or false."))
            }
        }
        guard errors.isEmpty else { return .validation(errors) }
        let record = store.create(title: title, isDone: done)
        return SandboxResponse(status: 200, body: renderer.single(record, message: "할일 추가 성공"))
    }

    private func update(_ id: Int, _ request: ReceivedRequest) -> SandboxResponse {
        let jsonOnly = renderer.has(.todosPutJSONOnly)
        var title: String?
        var isDone: String?
        switch request.mediaType {
        case "application/x-www-form-urlencoded":
            if jsonOnly {
                // The drift: the form is ignored and the todo comes back unchanged, with 200.
                guard let record = store.find(id) else { return modelNotFound(String(id)) }
                return SandboxResponse(status: 200, body: renderer.single(record, message: "할일 수정 성공"))
            }
            let fields = PercentDecoding.pairs(request.body)
            title = fields.last { $0.0 == "title" }?.1
            isDone = fields.last { $0.0 == "is_done" }?.1
        case "application/json" where jsonOnly:
            let object = JSON.parseObject(request.body) ?? [:]
            title = Self.string(object["title"])
            isDone = Self.string(object["is_done"])
        default:
            // The real API does not read a JSON (or multipart) PUT body: the fields are missing.
            break
        }
        var errors: [(String, String)] = []
        let trimmed = title.map(LaravelInput.trimmed) ?? ""
        if trimmed.isEmpty { errors.append(("title", "The title field is required.")) }
        var done: Bool?
        if let isDone {
            if let value = LaravelInput.boolean(isDone) {
                done = value
            } else {
                errors.append(("is_done", "The is done field must be true or false."))
            }
        }
        guard errors.isEmpty else { return .validation(errors) }
        guard let record = store.update(id, title: trimmed, isDone: done) else { return modelNotFound(String(id)) }
        return SandboxResponse(status: 200, body: renderer.single(record, message: "할일 수정 성공"))
    }

    // MARK: Helpers

    private func modelNotFound(_ id: some StringProtocol) -> SandboxResponse {
        .message(404, "No query results for model [App\\Models\\Todo] \(id)")
    }

    /// Laravel's 405: the message, and `Allow` listing the route's methods (RFC 9110; Laravel lists HEAD beside GET).
    private func methodNotAllowed(_ request: ReceivedRequest, allowed: String) -> SandboxResponse {
        var response = SandboxResponse.message(
            405, "The \(request.method) method is not supported for route \(request.path.dropFirst()). Supported methods: \(allowed).")
        response.headers = [("Allow", allowed)]
        return response
    }

    /// A JSON request value as the text Laravel would validate: strings as is, booleans and numbers spelled out.
    static func string(_ value: Any?) -> String? {
        switch value {
        case let string as String: return string
        case let bool as Bool: return bool ? "true" : "false"
        case let number as Int: return String(number)
        default: return nil
        }
    }
}
