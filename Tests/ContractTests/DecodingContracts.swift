import APICheck
import APICheckTesting
import Foundation
import TestSupport
import Testing

/// What each API's decoding-contract suite checked first, written once for the four: every test recording conforms
/// to its API's contract, and there are enough recordings for the other checks to mean something. The suites of
/// each API (`TodoDecodingContracts`, `GitHubDecodingContracts`, ...) keep what is particular to their API.
@Suite("Decoding contracts of every API", timeLimit(minutes: 5))
struct DecodingContracts {
    /// An API, its test recordings and how many there must at least be.
    struct API: Sendable, CustomTestStringConvertible {
        let name: String
        let files: [URL]
        let minimum: Int
        var testDescription: String { name }
    }

    static let apis = [
        API(name: "todos", files: TodoRecordings.files, minimum: 11), API(name: "github", files: GitHubRecordings.files, minimum: 15),
        API(name: "kakao", files: KakaoRecordings.files, minimum: 9), API(name: "lslp", files: LSLPRecordings.files, minimum: 4),
    ]

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Each API's contract, compiled once for all its recordings.
    static let verifiers: [String: Verifier] = Dictionary(
        uniqueKeysWithValues: apis.compactMap { api in
            RecordingExpectations.verifier(contract: root.appendingPathComponent("contracts/\(api.name).openapi.yaml")).map {
                (api.name, $0)
            }
        })

    /// Every recording of every API, with its API's name.
    static let recordings = apis.flatMap { api in api.files.map { (api.name, $0) } }

    @Test("every recording conforms to its API's contract", arguments: recordings)
    func conformsToContract(_ api: String, _ file: URL) throws {
        let verifier = try #require(Self.verifiers[api], "contracts/\(api).openapi.yaml does not load")
        RecordingExpectations.expectConforms(file, to: verifier)
    }

    @Test("each API has recordings to check", arguments: apis)
    func recordingsExist(_ api: API) {
        let names = api.files.map { $0.deletingPathExtension().lastPathComponent }
        #expect(names.count >= api.minimum, "found \(names)")
    }
}
