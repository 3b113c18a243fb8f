import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the feed got from GitHub.
public enum FeedUpdate: Sendable, Equatable {
    /// New events, newest first; their `Last-Modified` is saved for the next request.
    case events([Event])
    /// 304 Not Modified: nothing new since the saved `Last-Modified`.
    case nothingNew
}

public enum FeedError: Error, Sendable, Equatable {
    case network(String)
    case status(Int)
    case decoding(String)
    case noRepository
}

/// Where the feed keeps `Last-Modified` between launches: a file per repository in a folder (the caches folder).
public struct LastModifiedStore: Sendable {
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    func file(for repo: String) -> URL {
        folder.appendingPathComponent(repo.replacingOccurrences(of: "/", with: "_") + ".last-modified")
    }

    public func value(for repo: String) -> String? {
        try? String(contentsOf: file(for: repo), encoding: .utf8)
    }

    func save(_ value: String, for repo: String) {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? value.write(to: file(for: repo), atomically: true, encoding: .utf8)
    }
}

/// The feed's networking, callbacks on `URLSession.shared` as GitFeed writes it.
public final class GitFeedAPI: Sendable {
    static let baseURL = "https://api.github.com"
    let store: LastModifiedStore

    public init(store: LastModifiedStore) {
        self.store = store
    }

    /// The most starred repository of `language`.
    public func topRepository(language: String, completion: @escaping @Sendable (Result<String, FeedError>) -> Void) {
        var components = URLComponents(string: Self.baseURL + "/search/repositories")
        components?.queryItems = [
            URLQueryItem(name: "q", value: "language:\(language)"), URLQueryItem(name: "sort", value: "stars"),
            URLQueryItem(name: "per_page", value: "5"),
        ]
        guard let url = components?.url else { return completion(.failure(.noRepository)) }
        var request = URLRequest(url: url)
        request.setValue("application/vnd.github+json", forHTTPHeaderField: "Accept")
        URLSession.shared.dataTask(with: request) { data, response, error in
            if let error { return completion(.failure(.network(error.localizedDescription))) }
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            guard status == 200, let data else { return completion(.failure(.status(status))) }
            do {
                guard let first = try JSONDecoder().decode(SearchResult.self, from: data).items.first else {
                    return completion(.failure(.noRepository))
                }
                completion(.success(first.fullName))
            } catch {
                completion(.failure(.decoding("\(error)")))
            }
        }.resume()
    }

    /// The repository's newest events, sent with the saved `Last-Modified` as `If-Modified-Since`.
    public func events(of repo: String, completion: @escaping @Sendable (Result<FeedUpdate, FeedError>) -> Void) {
        guard let url = URL(string: Self.baseURL + "/repos/\(repo)/events?per_page=5") else { return completion(.failure(.noRepository)) }
        var request = URLRequest(url: url)
        request.setValue("application/vnd.github+json", forHTTPHeaderField: "Accept")
        if let saved = store.value(for: repo) { request.setValue(saved, forHTTPHeaderField: "If-Modified-Since") }
        let store = self.store
        URLSession.shared.dataTask(with: request) { data, response, error in
            if let error { return completion(.failure(.network(error.localizedDescription))) }
            guard let http = response as? HTTPURLResponse else { return completion(.failure(.status(0))) }
            // GitHub's success is 200..<400: a 304 is an answer, not an error.
            if http.statusCode == 304 { return completion(.success(.nothingNew)) }
            guard http.statusCode == 200, let data else { return completion(.failure(.status(http.statusCode))) }
            do {
                let events = try JSONDecoder().decode([Event].self, from: data)
                if let lastModified = http.value(forHTTPHeaderField: "Last-Modified") { store.save(lastModified, for: repo) }
                completion(.success(.events(events)))
            } catch {
                completion(.failure(.decoding("\(error)")))
            }
        }.resume()
    }
}
