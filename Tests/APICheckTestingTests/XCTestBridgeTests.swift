import APICheck
import APICheckTesting
import Foundation
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The XCTest form of the replaying trait, on a committed todo recording.
final class XCTestBridgeTests: XCTestCase {
    func testReplayingHandsOutASessionThatAnswersFromTheRecording() async throws {
        try await replaying("single", api: "todos") { session, baseURL in
            var request = URLRequest(url: baseURL.appendingPathComponent("api/v2/todos").appending(queryItems: [URLQueryItem(name: "per_page", value: "1")]))
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            let (data, response) = try await session.data(for: request)
            XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200)
            XCTAssertEqual(try JSONReader.parse(data)[pointer: "/meta/per_page"]?.numberValue?.intValue, 1)
            var single = URLRequest(url: baseURL.appendingPathComponent("api/v2/todos/4698"))
            single.setValue("application/json", forHTTPHeaderField: "Accept")
            let (body, _) = try await session.data(for: single)
            XCTAssertEqual(try JSONReader.parse(body)[pointer: "/data/id"]?.numberValue?.intValue, 4698)
        }
    }
}
