import APICheck
import APICheckReplay
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A fresh temporary folder, removed by the caller.
func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-replay-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// A recording with one JSON answer per `(method, url, body)`.
func makeRecording(_ entries: [(String, String, String)], name: String = "r") throws -> Recording {
    Recording(
        api: "todos", name: name, recordedAt: "2026-01-01T00:00:00Z", recordedFrom: "sandbox",
        interactions: try entries.map { method, url, body in
            Interaction(
                request: RecordedRequest(method: method, url: url, headers: HeaderFields([("Accept", "application/json")])),
                response: RecordedResponse(
                    status: 200, headers: HeaderFields([("Content-Type", "application/json")]), body: .json(try JSONReader.parse(body)))
            )
        }
    )
}

/// Sends a plain request through a session and returns status and body text.
func fetch(_ session: URLSession, _ url: URL, method: String = "GET", headers: [String: String] = [:], body: Data? = nil) async throws -> (
    Int, String
) {
    var request = URLRequest(url: url)
    request.httpMethod = method
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    request.httpBody = body
    let (data, response) = try await session.data(for: request)
    return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
}
