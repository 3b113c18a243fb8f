import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The app's endpoints, in the shape of a Moya `TargetType`, as Mobbie's router builds them: the base URL ends with `/`
/// and paths have none; every header is set here when the request is made, `Authorization` from the stored token of
/// that moment (as Mobbie reads `UserDefaultsHelper`).
public enum MoyaNetwork: Sendable {
    // Accounts.
    case signUp(SignUpData)
    case login(LoginData)
    case emailValidation(ValidationData)
    case withdraw
    case refreshAccessToken
    // Posts.
    case writePost(PostModel)
    case fetchPost(nextCursor: String)
    case fetchSpecificPost(postID: String)
    /// Mobbie's only edit: `content2`, the commenters' nicknames, after a comment.
    case modifyPost(postID: String, commentUsers: String)
    case deletePost(postID: String)
    // Comments.
    case writeComment(postID: String, content: String)
    case deleteComment(postID: String, commentID: String)
    // Likes.
    case liked(postID: String)
    case fetchPostUserLiked
    case fetchMyPosts(userID: String, cursor: String)

    /// Moya's `Task`, the kinds this app uses.
    public enum Task: Sendable {
        case requestPlain
        case requestJSONEncodable(any Encodable & Sendable)
        /// `URLEncoding.queryString`: the parameters in the query, sorted by name as Alamofire writes them.
        case requestParameters([String: String])
        case uploadMultipart([MultipartPart])
    }

    /// Moya's `MultipartFormData`: a text field or a file.
    public struct MultipartPart: Sendable {
        public let data: Data
        public let name: String
        public let fileName: String?
        public let mimeType: String?
    }

    /// Moya's `ValidationType`: whether a status outside 200..<300 is an error (which the interceptor may retry).
    public enum ValidationType: Sendable {
        case none
        case successCodes
    }

    /// The deployment the app talks to (its own port), as Mobbie keeps it in its key file.
    public static let baseURL = "http://lslp.sesac.kr:27812/"
    /// Mobbie's feed: its own product id, 20 posts a page.
    public static let productID = "MobbieFeed"
    public static let pageSize = "20"

    public var path: String {
        switch self {
        case .signUp: "join"
        case .login: "login"
        case .emailValidation: "validation/email"
        case .withdraw: "withdraw"
        case .refreshAccessToken: "refresh"
        case .writePost, .fetchPost: "post"
        case .fetchSpecificPost(let postID), .modifyPost(let postID, _), .deletePost(let postID): "post/\(postID)"
        case .writeComment(let postID, _): "post/\(postID)/comment"
        case .deleteComment(let postID, let commentID): "post/\(postID)/comment/\(commentID)"
        case .liked(let postID): "post/like/\(postID)"
        case .fetchPostUserLiked: "post/like/me"
        case .fetchMyPosts(let userID, _): "post/user/\(userID)"
        }
    }

    public var method: String {
        switch self {
        case .signUp, .login, .emailValidation, .writePost, .writeComment, .liked: "POST"
        case .withdraw, .refreshAccessToken, .fetchPost, .fetchSpecificPost, .fetchMyPosts, .fetchPostUserLiked: "GET"
        case .modifyPost: "PUT"
        case .deletePost, .deleteComment: "DELETE"
        }
    }

    public var task: Task {
        switch self {
        case .signUp(let model): .requestJSONEncodable(model)
        case .login(let model): .requestJSONEncodable(model)
        case .emailValidation(let model): .requestJSONEncodable(model)
        case .writePost(let model): .uploadMultipart(model.parts)
        case .modifyPost(_, let commentUsers): .uploadMultipart([MultipartPart(data: Data(commentUsers.utf8), name: "content2")])
        case .fetchPost(let cursor), .fetchMyPosts(_, let cursor):
            .requestParameters(["next": cursor, "limit": Self.pageSize, "product_id": Self.productID])
        case .writeComment(_, let content): .requestJSONEncodable(CommentModel(content: content))
        // Like sends no body: the server turns the like over.
        default: .requestPlain
        }
    }

    /// The headers of the endpoint, `Authorization` the stored access token of this moment.
    public func headers(sesacKey: String, tokens: TokenStore) -> [String: String] {
        switch self {
        case .signUp, .login, .emailValidation:
            ["Content-Type": "application/json", "SesacKey": sesacKey]
        case .refreshAccessToken:
            ["Authorization": tokens.accessToken, "SesacKey": sesacKey, "Refresh": tokens.refreshToken]
        case .writePost, .modifyPost:
            ["Authorization": tokens.accessToken, "Content-Type": "multipart/form-data", "SesacKey": sesacKey]
        case .writeComment:
            ["Authorization": tokens.accessToken, "Content-Type": "application/json", "SesacKey": sesacKey]
        default:
            ["Authorization": tokens.accessToken, "SesacKey": sesacKey]
        }
    }

    /// Account calls answer their errors as values (`.none`); the rest fail on them, and the interceptor may retry.
    public var validationType: ValidationType {
        switch self {
        case .signUp, .login, .emailValidation, .withdraw: .none
        default: .successCodes
        }
    }

    /// Moya's endpoint as a `URLRequest`, made once per call, with the app's 5-second timeout (its request closure).
    func urlRequest(sesacKey: String, tokens: TokenStore) throws -> URLRequest {
        guard let base = URL(string: Self.baseURL) else { throw URLError(.badURL) }
        var url = base.appendingPathComponent(path)
        if case .requestParameters(let parameters) = task {
            guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { throw URLError(.badURL) }
            components.percentEncodedQuery = parameters.sorted { $0.key < $1.key }.map { "\(Self.escape($0.key))=\(Self.escape($0.value))" }
                .joined(separator: "&")
            guard let withQuery = components.url else { throw URLError(.badURL) }
            url = withQuery
        }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.timeoutInterval = 5
        for (name, value) in headers(sesacKey: sesacKey, tokens: tokens) { request.setValue(value, forHTTPHeaderField: name) }
        if case .requestJSONEncodable(let body) = task {
            // Moya encodes with a plain JSONEncoder, whose key order Swift does not promise (on Linux it changes from run
            // to run): sorted here, so that a re-recording with nothing changed is the same bytes.
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            request.httpBody = try encoder.encode(body)
        }
        return request
    }

    /// Alamofire's query escaping: RFC 3986's unreserved characters and `?` and `/` stay, everything else is escaped.
    static func escape(_ text: String) -> String {
        var allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        allowed.insert(charactersIn: "?/")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

extension MoyaNetwork.MultipartPart {
    /// A text field.
    public init(data: Data, name: String) {
        self.init(data: data, name: name, fileName: nil, mimeType: nil)
    }
}
