import APICheckReplay
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// An app's networking written the way Mobbie (andwecrawl/Mobbie) writes it: its provider lives in a private singleton
// that builds its own session from `URLSessionConfiguration.default` (Moya's provider on Alamofire's `Session`), its
// images load through a downloader of their own on `.ephemeral` (Kingfisher's `ImageDownloader`), and a post with a
// photo goes up as an upload task (Alamofire's upload of multipart data). Nothing hands out a configuration. The one
// line apicheck asks of it is the bootstrap, first thing at launch; `ServedAppTests` launches it as a process of its
// own with a server's launch environment.

/// The course server, as the app hard-codes it.
let baseURL = URL(string: "http://lslp.sesac.kr:27812")!
/// The key the app is built with (the sandbox's documented one).
let sesacKey = "sesacSandboxKey0"

/// The app's own configuration, as written: on Apple platforms the bootstrap reaches it (`.default` carries its
/// protocol class); Linux's Foundation has no such hook, and this is the one line more a Linux app needs.
func appConfiguration(_ configuration: URLSessionConfiguration) -> URLSessionConfiguration {
    #if canImport(ObjectiveC)
        return configuration
    #else
        return ReplayBootstrap.routed(configuration)
    #endif
}

/// Moya's provider on Alamofire's session, in a private singleton: the app's one way to the server.
private final class MoyaAPIManager: @unchecked Sendable {
    static let shared = MoyaAPIManager()
    private let session: URLSession
    private let lock = NSLock()
    private var accessToken = ""

    /// The access token the app keeps (Kingfisher's request modifier reads it from the app's token store).
    var token: String {
        lock.withLock { accessToken }
    }

    private init() {
        let configuration = appConfiguration(URLSessionConfiguration.default)
        configuration.timeoutIntervalForRequest = 30
        session = URLSession(configuration: configuration)
    }

    private func request(_ path: String, method: String = "GET") -> URLRequest {
        var request = URLRequest(url: URL(string: baseURL.absoluteString + path)!)
        request.httpMethod = method
        request.setValue(sesacKey, forHTTPHeaderField: "SesacKey")
        if !token.isEmpty { request.setValue(token, forHTTPHeaderField: "Authorization") }
        return request
    }

    func json(_ path: String, method: String = "GET", body: [String: String]? = nil) async throws -> (Int, [String: Any]) {
        var request = request(path, method: method)
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
        }
        let (data, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:])
    }

    func login(email: String, password: String) async throws -> Int {
        let (status, answer) = try await json("/login", method: "POST", body: ["email": email, "password": password])
        let token = answer["token"] as? String ?? answer["accessToken"] as? String ?? ""
        lock.withLock { accessToken = token }
        return status
    }

    /// A post with a photo, as Alamofire uploads multipart data: an upload task, whose body the app hands to apicheck
    /// in its debug build (with Alamofire, one `EventMonitor`; see docs/REPLAY.md).
    func post(content: String, photo: Data) async throws -> (Int, [String: Any]) {
        let boundary = "alamofire.boundary.\(UUID().uuidString.prefix(8).lowercased())"
        var request = request("/post", method: "POST")
        request.setValue("multipart/form-data; boundary=\(boundary)", forHTTPHeaderField: "Content-Type")
        var body = Data()
        for (name, value) in [("product_id", "MobbieFeed"), ("content", content), ("content1", "다정한 코알라")] {
            body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8))
        }
        body.append(
            Data(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"1500 bytes.jpg\"\r\nContent-Type: image/jpg\r\n\r\n"
                    .utf8))
        body.append(photo)
        body.append(Data("\r\n--\(boundary)--\r\n".utf8))
        let answer: (Data?, URLResponse?, Error?) = await withCheckedContinuation { continuation in
            let task = session.uploadTask(with: request, from: body) { continuation.resume(returning: ($0, $1, $2)) }
            // The app's debug build hands the body over (in Mobbie, an Alamofire EventMonitor's didCreateTask).
            UploadBodies.register(.data(body), for: task)
            task.resume()
        }
        if let error = answer.2 { throw error }
        let object = answer.0.flatMap { try? JSONSerialization.jsonObject(with: $0) } as? [String: Any] ?? [:]
        return ((answer.1 as? HTTPURLResponse)?.statusCode ?? 0, object)
    }
}

/// Kingfisher's downloader: a session of its own on `.ephemeral`, the headers added by a request modifier.
private final class ImageDownloader: @unchecked Sendable {
    static let `default` = ImageDownloader()
    private let session = URLSession(configuration: appConfiguration(URLSessionConfiguration.ephemeral))

    func image(_ path: String, token: String) async throws -> (Int, Int) {
        var request = URLRequest(url: URL(string: baseURL.absoluteString + "/" + path)!)
        request.setValue(sesacKey, forHTTPHeaderField: "SesacKey")
        request.setValue(token, forHTTPHeaderField: "Authorization")
        let (data, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data.count)
    }
}

@main
struct MobbieFlow {
    static func main() async {
        // The one line (in the real app, inside `#if DEBUG`).
        guard ReplayBootstrap.installIfRequested() else {
            print("not launched by apicheck serve; nothing sent")
            exit(3)
        }
        do {
            let api = MoyaAPIManager.shared
            let (joined, _) = try await api.json(
                "/join", method: "POST", body: ["email": "serve@sesac.kr", "password": "Serve-Probe-1!", "nick": "serve probe"])
            print("join \(joined)")
            print("login \(try await api.login(email: "serve@sesac.kr", password: "Serve-Probe-1!"))")
            let (feedStatus, feed) = try await api.json("/post?product_id=MobbieFeed&limit=5")
            let posts = feed["data"] as? [[String: Any]] ?? []
            print("feed \(feedStatus): \(posts.count) posts")
            let photo = Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: UInt8(0x2A), count: 1496))
            let (posted, post) = try await api.post(content: "made through apicheck serve #serve", photo: photo)
            let file = (post["image"] as? [String])?.first ?? ""
            print("post \(posted): \(post["content"] as? String ?? "") with \(file.isEmpty ? "no file" : "a file")")
            let (detail, read) = try await api.json("/post/\(post["_id"] as? String ?? "")")
            print("detail \(detail): \((read["hashTags"] as? [String]) ?? [])")
            let (imageStatus, bytes) = try await ImageDownloader.default.image(file, token: api.token)
            print("image \(imageStatus): \(bytes) bytes")
        } catch {
            print("error: \(error)")
            exit(1)
        }
    }
}
