import APICheckJSONSchema
import APICheckRecording
import Foundation
import Testing

/// The official JSON Schema Test Suite (draft 2020-12), from a pinned copy under `Fixtures/JSONSchemaTestSuite`.
///
/// Every case has one of three outcomes: the verifier answers as the suite says (correct), the schema
/// is refused when it loads (refused), or the verifier answers wrongly. A wrong answer fails the test
/// unless the case is listed in ``JSONSchemaTestSuiteExclusions`` with its reason, and so does a refusal.
/// apicheck claims every file of the suite's draft 2020-12 folder.
@Suite("JSON Schema Test Suite (draft 2020-12)")
struct JSONSchemaTestSuiteTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/JSONSchemaTestSuite/draft2020-12")

    /// The keyword files whose every case must pass (exclusions aside): all of them.
    static let claimed = [
        "additionalProperties", "anchor", "allOf", "anyOf", "boolean_schema", "const", "contains", "content", "default", "defs",
        "dependentRequired", "dependentSchemas", "dynamicRef", "enum", "exclusiveMaximum", "exclusiveMinimum", "format",
        "if-then-else", "infinite-loop-detection", "items", "maxContains", "maxItems", "maxLength", "maxProperties",
        "maximum", "minContains", "minItems", "minLength", "minProperties", "minimum", "multipleOf", "not", "oneOf",
        "pattern", "patternProperties", "prefixItems", "properties", "propertyNames", "ref", "refRemote", "required", "type",
        "unevaluatedItems", "unevaluatedProperties", "uniqueItems", "vocabulary",
    ]

    /// The suite's remote documents (`Fixtures/JSONSchemaTestSuite/remotes`) by the URI the suite serves each from,
    /// `http://localhost:1234/<path>`: a `$ref` to one is read from here, never fetched.
    static let remotes: [String: JSONValue] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/JSONSchemaTestSuite/remotes")
        var found: [String: JSONValue] = [:]
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".json") {
            guard let bytes = try? Data(contentsOf: folder.appendingPathComponent(file)), let value = try? JSONReader.parse(Array(bytes))
            else {
                continue
            }
            found["http://localhost:1234/" + file] = value
        }
        return found
    }()

    enum Outcome: Equatable {
        case correct, refused, wrong
    }

    struct Tally {
        var correct = 0, refused = 0, wrong = 0, excluded = 0
    }

    @Test("every file of the pinned suite is claimed")
    func everyFileIsAccountedFor() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".json") }
            .map { String($0.dropLast(5)) }
        #expect(files.count == 46, "the pinned copy changed: \(files.count) files")
        #expect(Self.remotes.count == 22, "the remote documents: \(Self.remotes.keys.sorted())")
        #expect(Set(files) == Set(Self.claimed))
        for key in JSONSchemaTestSuiteExclusions.cases.keys {
            let file = String(key.prefix { $0 != "/" })
            #expect(Self.claimed.contains(file), "exclusion for a file that is not claimed: \(key)")
        }
    }

    @Test("claimed keyword files: every case passes or is excluded with its reason", arguments: claimed)
    func claimedFile(_ name: String) throws {
        let tally = try run(name)
        print(
            "JSON Schema Test Suite \(name).json: \(tally.correct) passed, \(tally.excluded) excluded, \(tally.wrong + tally.refused) failed"
        )
        #expect(tally.correct + tally.excluded > 0, "no case of \(name).json ran")
    }

    func run(_ name: String) throws -> Tally {
        let url = Self.folder.appendingPathComponent(name + ".json")
        let document = try JSONReader.parse(Array(try Data(contentsOf: url)))
        var tally = Tally()
        for group in document.arrayValue ?? [] {
            let groupName = group["description"]?.stringValue ?? "?"
            let schema = group["schema"] ?? .bool(true)
            let compiled: StandaloneSchema?
            var refusal = ""
            do {
                compiled = try StandaloneSchema(schema, remotes: Self.remotes)
            } catch {
                compiled = nil
                refusal = error.description
            }
            for test in group["tests"]?.arrayValue ?? [] {
                let testName = test["description"]?.stringValue ?? "?"
                let valid = test["valid"]?.boolValue ?? false
                let data = test["data"] ?? .null
                var outcome = Outcome.refused
                var problems: [String] = []
                if let compiled {
                    problems = compiled.problems(in: data)
                    // The validity-only walk (a whole description against the OpenAPI schema) says what the checker says.
                    #expect(
                        compiled.isValid(data) == problems.isEmpty,
                        "\(name)/\(groupName)/\(testName): SchemaValidity says \(!problems.isEmpty), the checker \(problems)")
                    outcome = problems.isEmpty == valid ? .correct : .wrong
                }
                let key = "\(name)/\(groupName)/\(testName)"
                let exclusion = JSONSchemaTestSuiteExclusions.cases[key] ?? JSONSchemaTestSuiteExclusions.cases["\(name)/\(groupName)"]
                switch (outcome, exclusion) {
                case (.correct, nil):
                    tally.correct += 1
                case (.correct, let exclusion?):
                    Issue.record("\(key): excluded (\(exclusion.reason)) but now answered correctly; remove the exclusion")
                case (_, let exclusion?):
                    // The exclusion says what must happen instead: the schema is refused, or a format is asserted.
                    if outcome == exclusion.outcome {
                        tally.excluded += 1
                    } else {
                        Issue.record(
                            "\(key): excluded as \(exclusion.outcome) (\(exclusion.reason)) but was \(outcome): \(refusal)\(problems.joined(separator: "; "))"
                        )
                    }
                case (.refused, nil):
                    tally.refused += 1
                    Issue.record("\(key): the schema was refused: \(refusal)")
                case (.wrong, nil):
                    tally.wrong += 1
                    let said = valid ? "invalid: \(problems.joined(separator: "; "))" : "valid"
                    Issue.record("\(key): the suite says \(valid ? "valid" : "invalid"), apicheck said \(said)")
                }
            }
        }
        return tally
    }
}
