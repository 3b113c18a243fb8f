import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Moya's `MoyaProvider` for ``MoyaNetwork``: each call makes its endpoint's request once and sends it through the
/// Alamofire-style ``Session`` (an upload task for a multipart target), validating as the target says.
public final class MoyaProvider: Sendable {
    let session: Session
    let sesacKey: String
    let tokens: TokenStore

    init(session: Session, sesacKey: String, tokens: TokenStore) {
        self.session = session
        self.sesacKey = sesacKey
        self.tokens = tokens
    }

    /// Moya's `Response`.
    public struct Response: Sendable {
        public let statusCode: Int
        public let data: Data
    }

    public func request(_ target: MoyaNetwork) async throws -> Response {
        let request = try target.urlRequest(sesacKey: sesacKey, tokens: tokens)
        let validate = target.validationType == .successCodes
        let (data, response): (Data, HTTPURLResponse)
        if case .uploadMultipart(let parts) = target.task {
            let form = MultipartFormData()
            for part in parts {
                if let fileName = part.fileName {
                    form.append(part.data, withName: part.name, fileName: fileName, mimeType: part.mimeType ?? "application/octet-stream")
                } else {
                    form.append(part.data, withName: part.name)
                }
            }
            (data, response) = try await session.upload(form, with: request, validate: validate)
        } else {
            (data, response) = try await session.request(request, validate: validate)
        }
        return Response(statusCode: response.statusCode, data: data)
    }
}
