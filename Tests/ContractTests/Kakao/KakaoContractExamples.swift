import APICheckTesting
import Foundation
import KakaoAPI
import TestSupport
import Testing

/// The Kakao client against every response `contracts/kakao.openapi.yaml` allows (`recordings/kakao/examples/`,
/// written by `swift run apicheck examples --api kakao`), each through the client's own request code.
@Suite("Kakao client decodes every response the contract allows", timeLimit(minutes: 5))
struct KakaoContractExamples {
    static func client(_ replay: ExampleReplay) -> KakaoClient {
        KakaoClient(session: replay.session, baseURL: replay.baseURL, key: KakaoRecordings.key)
    }

    static let request = SearchRequest(query: "스위프트 & swift", sort: .recency, page: 2, size: 50)

    @Test("every operation of the contract is checked here")
    func everyOperation() throws {
        #expect(Set(try ContractExample.operations(api: "kakao")) == ["GET /v2/search/web", "GET /v2/search/blog", "GET /v2/search/cafe"])
    }

    @Test("GET /v2/search/web", arguments: try ContractExample.load(api: "kakao", operation: "GET /v2/search/web"))
    func web(_ example: ContractExample) async {
        await example.expectDecodes(decodingFailure: Self.decodingFailure) { try await Self.client($0).web(Self.request) }
    }

    @Test("GET /v2/search/blog", arguments: try ContractExample.load(api: "kakao", operation: "GET /v2/search/blog"))
    func blog(_ example: ContractExample) async {
        await example.expectDecodes(decodingFailure: Self.decodingFailure) { try await Self.client($0).blog(Self.request) }
    }

    @Test("GET /v2/search/cafe", arguments: try ContractExample.load(api: "kakao", operation: "GET /v2/search/cafe"))
    func cafe(_ example: ContractExample) async {
        await example.expectDecodes(decodingFailure: Self.decodingFailure) { try await Self.client($0).cafe(Self.request) }
    }

    /// The client's decoding failures: ``KakaoAPIError`` of kind `decoding`, with the failing key's pointer.
    static func decodingFailure(_ error: any Error) -> ContractExample.DecodingFailure? {
        guard let error = error as? KakaoAPIError, error.kind == .decoding else { return nil }
        return ContractExample.DecodingFailure(pointer: error.keyPath, detail: error.detail ?? error.description)
    }
}
