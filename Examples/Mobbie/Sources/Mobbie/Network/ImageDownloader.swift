import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Kingfisher's downloader as Mobbie loads the photos of a post (`KingfisherHelper.fetchImage`): a session of its own,
/// the server's base URL and the path the post's `image` gives, `Authorization` and `SesacKey` set by a request
/// modifier; a status outside 200..<400 is an error, as Kingfisher's default validation says.
public final class ImageDownloader: Sendable {
    let session: URLSession
    let sesacKey: String
    let tokens: TokenStore

    /// `configuration` is Kingfisher's default (`.ephemeral`) in the app; a test hands it apicheck's.
    public init(configuration: URLSessionConfiguration, sesacKey: String, tokens: TokenStore) {
        session = URLSession(configuration: configuration)
        self.sesacKey = sesacKey
        self.tokens = tokens
    }

    /// The image's bytes, such as `uploads/posts/1704000491924.jpg`.
    public func fetchImage(imageURL: String) async throws -> Data {
        guard let url = URL(string: MoyaNetwork.baseURL + imageURL) else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        // Kingfisher's AnyModifier, as Mobbie writes it.
        request.setValue(tokens.accessToken, forHTTPHeaderField: "Authorization")
        request.setValue(sesacKey, forHTTPHeaderField: "SesacKey")
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse, (200..<400).contains(http.statusCode), !data.isEmpty else {
            throw APIError.status((response as? HTTPURLResponse)?.statusCode ?? 0, message: MoyaAPIManager.message(in: data))
        }
        return data
    }
}
