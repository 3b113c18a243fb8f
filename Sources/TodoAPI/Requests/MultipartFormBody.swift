#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A `multipart/form-data` body of text fields, as the todo API's `POST /api/v2/todos` takes.
struct MultipartFormBody {
    let boundary: String
    private(set) var data = Data()

    init(boundary: String = "apicheck-" + UUID().uuidString) {
        self.boundary = boundary
    }

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    mutating func append(name: String, value: String) {
        // Quotes and line breaks in a name would break the header; our names are fixed ASCII,
        // but escape them as browsers do (WHATWG) so that the encoder is safe for any name.
        let escapedName =
            name
            .replacingOccurrences(of: "\"", with: "%22")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
        data.append(Data("--\(boundary)\r\n".utf8))
        data.append(Data("Content-Disposition: form-data; name=\"\(escapedName)\"\r\n\r\n".utf8))
        data.append(Data(value.utf8))
        data.append(Data("\r\n".utf8))
    }

    func finished() -> Data {
        data + Data("--\(boundary)--\r\n".utf8)
    }
}
