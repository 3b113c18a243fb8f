import APICheckCommands
import APICheckContracts
import APICheckRecording
import ContractTestSupport
import Foundation
import TestSupport
import Testing

/// A contract no one here wrote: Apple's swift-openapi-generator reference document (1.14.3, a copy with its
/// licence in Fixtures/swift-openapi-generator). As it is, the operations its two invalidities in what apicheck reads
/// reach are refused (the contract's own errors), and a third, in what it does not (a server variable), is a warning;
/// with those fixed it
/// loads (deepObject parameters, a JSON query parameter, headers described by content, typed multipart parts with
/// part headers), and every example `apicheck examples` writes of it verifies clean through `apicheck verify`'s path.
@Suite("Apple's swift-openapi-generator reference document")
struct AppleReferenceDocumentTests {
    static let folder = repositoryRoot.appendingPathComponent("Tests/APICheckContractsTests/Fixtures/swift-openapi-generator")

    static func original() throws -> String {
        try String(contentsOf: folder.appendingPathComponent("petstore.yaml"), encoding: .utf8)
    }

    /// The three fixes, each replacing exactly what the document gets wrong.
    static let fixes: [(invalid: String, valid: String, refusal: String)] = [
        // A server variable's enum lists strings (OpenAPI); 8443 is a YAML number.
        // apicheck does not read servers: a warning.
        (
            "          - 8443\n", "          - '8443'\n",
            "warning: /servers/2/variables/port/enum/1: expected a string, found an integer (8443)"
        ),
        // `parameters:` with nothing after it is null, not a list.
        ("      parameters:\n      requestBody:", "      requestBody:", "parameters"),
        // `null` unquoted in a type list is YAML's null value, not the type name.
        ("type: [array, null]", "type: [array, \"null\"]", "YAML's null value (an unquoted null)"),
    ]

    static func fixed() throws -> String {
        var text = try original()
        for fix in fixes {
            #expect(text.components(separatedBy: fix.invalid).count == 2, "expected one \(fix.invalid.debugDescription) in petstore.yaml")
            text = text.replacingOccurrences(of: fix.invalid, with: fix.valid)
        }
        // The second unquoted null sits in the same schema as the first (its items).
        return text.replacingOccurrences(of: "type: [string, null]", with: "type: [string, \"null\"]")
    }

    @Test("as published, the operations its two invalidities reach are refused, each the contract's own error at its line")
    func refusedAsPublished() throws {
        let contract = try Contract.parse(try Self.original(), path: "petstore.yaml").compiled
        let invalid = contract.invalidFindings
        #expect(invalid.count == 2 && invalid.allSatisfy { $0.rule == .contractInvalid && $0.line != nil }, "\(invalid)")
        #expect(!contract.operations.isEmpty)
    }

    @Test("each of the three invalidities alone is refused, or in what apicheck does not read, a warning")
    func eachInvalidityRefused() throws {
        let valid = try Self.fixed()
        for fix in Self.fixes {
            let broken = valid.replacingOccurrences(of: fix.valid, with: fix.invalid)
            if fix.refusal.hasPrefix("warning: ") {
                let warnings = try Contract.parse(broken, path: "petstore.yaml").compiled.warnings
                #expect(warnings.count == 1 && warnings[0].contains(fix.refusal), "\(warnings)")
            } else {
                let error = try Contract.refusal(broken, path: "petstore.yaml")
                #expect(error.description.contains(fix.refusal), "\(error.description)")
            }
        }
    }

    @Test("with the three fixed, it loads, and every example apicheck examples writes verifies clean")
    func examplesVerify() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-petstore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        try Self.fixed().write(to: work.appendingPathComponent("petstore.yaml"), atomically: true, encoding: .utf8)
        try """
        version: 1
        apis:
          petstore:
            contract: petstore.yaml
            recordings: recordings
            base_url: https://example.com/api
        """.write(to: work.appendingPathComponent("apicheck.yml"), atomically: true, encoding: .utf8)
        let configuration = try ConfigurationFile.load(work.appendingPathComponent("apicheck.yml").path)
        let api = try #require(configuration.api("petstore"))
        let output = work.appendingPathComponent("examples")
        let result = try ExamplesRun.run(api: api, configuration: configuration, options: .init(output: output.path))
        #expect(result.skipped.isEmpty, "\(result.skipped.map(\.description).joined(separator: "\n"))")

        let contract = try Contract.load(work.appendingPathComponent("petstore.yaml").path).compiled
        let expected = Set(
            contract.operations.flatMap { operation in
                operation.responses.keys.map { ExamplesRun.fileName(operation: operation.name, responseKey: $0) }
            })
        #expect(expected.count == 15)
        #expect(Set(result.files.map { URL(fileURLWithPath: $0.path).lastPathComponent }) == expected)

        let options = VerifyRun.Options(paths: [output.path], api: "petstore", strict: true, environment: [:], jobs: 2)
        let verified = try VerifyRun(configuration: configuration, options: options).run()
        #expect(verified.errors.isEmpty, "\(verified.errors)")
        #expect(verified.findings.isEmpty, "\(verified.findings.prefix(5).map(\.compilerLine))")
        #expect(verified.interactions == result.examples)

        // The constructs that used to keep the document out are in what was written and checked.
        let listPets = try Recording.load(from: output.appendingPathComponent("get-pets.200.json"))
        #expect(listPets.interactions.allSatisfy { $0.request.url.contains("filter%5Bname%5D=") })
        let typed = try Recording.load(from: output.appendingPathComponent("get-pets-multipart-typed.200.json"))
        guard case .multipart(let parts)? = typed.interactions.first?.response.body else {
            Issue.record("the typed multipart response is not multipart")
            return
        }
        #expect(parts.contains { $0.name == "metadata" && $0.contentType == "application/json" })
        #expect(parts.contains { $0.name == "log" && $0.headers["x-log-type"] != nil })
    }
}
