import APICheckFuzzing
import Foundation
import Testing

/// Every fuzz target over its seeds and over every input a fuzz run ever crashed on (`Fuzz/Regressions/`):
/// the bugs libFuzzer found stay fixed, and the invariants hold for the repository's own files.
@Suite("Fuzz targets: seeds and regressions")
struct FuzzRegressionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The files `Scripts/fuzz.sh` seeds a target's corpus with, plus its regressions.
    static func inputs(for target: FuzzTarget) -> [URL] {
        func files(_ folder: String, _ suffix: String = "", recursive: Bool = false) -> [URL] {
            let url = root.appendingPathComponent(folder)
            let found: [URL]
            if recursive {
                let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)
                found = (walker?.allObjects as? [URL]) ?? []
            } else {
                found = (try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)) ?? []
            }
            return found.filter { $0.lastPathComponent.hasSuffix(suffix) && !$0.hasDirectoryPath }
        }
        var urls: [URL]
        switch target {
        case .json, .recording, .matcher: urls = files("recordings", ".json", recursive: true)
        case .har: urls = files("Tests/APICheckCommandsTests/Fixtures/har", ".har")
        case .config: urls = [root.appendingPathComponent("apicheck.yml")]
        case .contract: urls = files("contracts", ".yaml") + files("Tests/APICheckContractsTests/Fixtures/openapi30", ".json")
        case .examples, .coverage: urls = files("contracts", ".yaml") + files("Tests/APICheckContractsTests/Fixtures/generators")
        case .form, .multipart, .date, .httpRequest, .httpResponse: urls = []
        }
        urls += files("Fuzz/Seeds/\(target.rawValue)") + files("Fuzz/Regressions/\(target.rawValue)")
        return urls.sorted { $0.path < $1.path }
    }

    @Test("each target keeps its invariants on its seeds and regressions", arguments: FuzzTarget.allCases)
    func seedsAndRegressions(target: FuzzTarget) throws {
        let inputs = Self.inputs(for: target)
        #expect(!inputs.isEmpty, "\(target.rawValue) has seeds")
        for url in inputs {
            let bytes = try [UInt8](Data(contentsOf: url))
            #expect(throws: Never.self, "\(url.path)") { try target.run(bytes) }
        }
    }
}
