import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Alamofire's `Request`, as an `EventMonitor` is told about it: the request the session sends.
public class Request: @unchecked Sendable {
    /// The request as sent (after the interceptor adapted it).
    public let urlRequest: URLRequest

    init(urlRequest: URLRequest) {
        self.urlRequest = urlRequest
    }
}

/// Alamofire's `UploadRequest`: a request whose body goes through an upload task, from bytes, a file or a stream.
public final class UploadRequest: Request, @unchecked Sendable {
    /// Alamofire's `UploadRequest.Uploadable`.
    public enum Uploadable {
        case data(Data)
        case file(URL, shouldRemove: Bool)
        case stream(InputStream)
    }

    /// What the upload task sends.
    public let uploadable: Uploadable?

    init(urlRequest: URLRequest, uploadable: Uploadable) {
        self.uploadable = uploadable
        super.init(urlRequest: urlRequest)
    }
}

/// Alamofire's `EventMonitor`, with the one event this app's tests use: a task was created for a request (before it
/// resumes).
public protocol EventMonitor: Sendable {
    func request(_ request: Request, didCreateTask task: URLSessionTask)
}

/// Alamofire's `MultipartFormData`: parts appended one by one, encoded with a random boundary.
public final class MultipartFormData {
    /// `alamofire.boundary.` and 16 random hex digits, as Alamofire makes it.
    public let boundary = "alamofire.boundary." + String(format: "%016llx", UInt64.random(in: 0...UInt64.max))
    private var body = Data()

    public init() {}

    /// `multipart/form-data; boundary=...`.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// A text field.
    public func append(_ data: Data, withName name: String) {
        appendPart(headers: "Content-Disposition: form-data; name=\"\(name)\"\r\n", data: data)
    }

    /// A file field.
    public func append(_ data: Data, withName name: String, fileName: String, mimeType: String) {
        appendPart(
            headers: "Content-Disposition: form-data; name=\"\(name)\"; filename=\"\(fileName)\"\r\nContent-Type: \(mimeType)\r\n",
            data: data)
    }

    private func appendPart(headers: String, data: Data) {
        body.append(Data("--\(boundary)\r\n\(headers)\r\n".utf8))
        body.append(data)
        body.append(Data("\r\n".utf8))
    }

    /// The whole body, closed with the final boundary.
    public func encode() -> Data {
        body + Data("--\(boundary)--\r\n".utf8)
    }
}
