import Foundation

#if canImport(Combine)
    import Combine
#else
    import OpenCombine
    import OpenCombineFoundation
#endif
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What can go wrong, as the app tells it apart.
public enum ApiError: Error, Sendable {
    case badURL
    case badStatus(Int, message: String?)
    case decoding(any Error)
    case network(any Error)
}

/// The app's networking: one generic request over `URLSession.shared`, and an endpoint function per screen.
public enum TodosAPI {
    /// `URLSession.shared.dataTaskPublisher(for:)`: Combine's on Apple platforms, OpenCombine's on Linux.
    static func dataTaskPublisher(for request: URLRequest) -> AnyPublisher<(data: Data, response: URLResponse), URLError> {
        #if canImport(Combine)
            URLSession.shared.dataTaskPublisher(for: request).eraseToAnyPublisher()
        #else
            URLSession.shared.ocombine.dataTaskPublisher(for: request).eraseToAnyPublisher()
        #endif
    }

    /// Sends `request` and decodes `T`; a status outside 200...299 is an error carrying the server's message.
    public static func request<T: Decodable>(_ request: URLRequest, as type: T.Type = T.self) -> AnyPublisher<T, ApiError> {
        dataTaskPublisher(for: request)
            .mapError { ApiError.network($0) }
            .tryMap { data, response -> Data in
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                guard (200...299).contains(status) else {
                    let message = (try? JSONDecoder().decode(ErrorBody.self, from: data))?.message
                    throw ApiError.badStatus(status, message: message)
                }
                return data
            }
            .tryMap { data in
                do {
                    return try JSONDecoder().decode(T.self, from: data)
                } catch {
                    throw ApiError.decoding(error)
                }
            }
            .mapError { $0 as? ApiError ?? .network($0) }
            .eraseToAnyPublisher()
    }

    struct ErrorBody: Decodable {
        let message: String?
    }

    static func url(_ path: String, _ query: [URLQueryItem] = []) -> URL? {
        var components = URLComponents(string: Constants.BASE_URL + path)
        if !query.isEmpty { components?.queryItems = query }
        return components?.url
    }

    static func jsonRequest(_ url: URL, method: String = "GET") -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        return request
    }

    static func fail<T>(_ error: ApiError) -> AnyPublisher<T, ApiError> {
        Fail(error: error).eraseToAnyPublisher()
    }

    /// A page of todos.
    public static func fetchTodos(page: Int = 1) -> AnyPublisher<ToDos, ApiError> {
        guard let url = url("/todos", [URLQueryItem(name: "page", value: "\(page)")]) else { return fail(.badURL) }
        return request(jsonRequest(url))
    }

    /// One todo.
    public static func fetchATodo(id: Int) -> AnyPublisher<ToDoData, ApiError> {
        guard let url = url("/todos/\(id)") else { return fail(.badURL) }
        return request(jsonRequest(url))
    }

    /// Adds a todo with a multipart form, as the app's add screen does.
    public static func addATodo(title: String, isDone: Bool = false) -> AnyPublisher<ToDoData, ApiError> {
        guard let url = url("/todos") else { return fail(.badURL) }
        let boundary = "Boundary-\(UUID().uuidString)"
        var request = jsonRequest(url, method: "POST")
        request.setValue("multipart/form-data; boundary=\(boundary)", forHTTPHeaderField: "Content-Type")
        var body = Data()
        for (name, value) in [("title", title), ("is_done", isDone ? "true" : "false")] {
            body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        request.httpBody = body
        return self.request(request)
    }

    /// Edits a todo: the server reads a PUT only as `application/x-www-form-urlencoded`.
    public static func editATodo(id: Int, title: String, isDone: Bool) -> AnyPublisher<ToDoData, ApiError> {
        guard let url = url("/todos/\(id)") else { return fail(.badURL) }
        var request = jsonRequest(url, method: "PUT")
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data("title=\(formEscape(title))&is_done=\(isDone)".utf8)
        return self.request(request)
    }

    /// Deletes a todo; the server answers with what it deleted.
    public static func deleteATodo(id: Int) -> AnyPublisher<ToDoData, ApiError> {
        guard let url = url("/todos/\(id)") else { return fail(.badURL) }
        return request(jsonRequest(url, method: "DELETE"))
    }

    /// Form-encodes a value: only unreserved bytes stay as they are (`+`, `&`, `'` and Korean are escaped).
    static func formEscape(_ value: String) -> String {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._*")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }
}

extension Publisher {
    /// The first value, for async callers (the app's view models use `sink`).
    public func firstValue() async throws -> Output where Output: Sendable {
        let box = CancellableBox()
        return try await withCheckedThrowingContinuation { continuation in
            let once = Once()
            box.cancellable = first().sink(
                receiveCompletion: { completion in
                    if case .failure(let error) = completion, once.claim() { continuation.resume(throwing: error) }
                    if case .finished = completion, once.claim() { continuation.resume(throwing: CancellationError()) }
                },
                receiveValue: { value in
                    if once.claim() { continuation.resume(returning: value) }
                }
            )
        }
    }
}

final class CancellableBox: @unchecked Sendable {
    var cancellable: AnyCancellable?
}

final class Once: @unchecked Sendable {
    private let lock = NSLock()
    private var claimed = false
    func claim() -> Bool {
        lock.withLock {
            defer { claimed = true }
            return !claimed
        }
    }
}
