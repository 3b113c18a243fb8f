import APICheckCommands
import APICheckContracts
import APICheckRecording
import Foundation
import TestSupport
import Testing

@Suite("Contract examples")
struct ExampleGeneratorTests {

    static func configuration() throws -> ConfigurationFile {
        try ConfigurationFile.load(repositoryRoot.appendingPathComponent("apicheck.yml").path)
    }

    static func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-examples-\(UUID().uuidString)")
    }

    @Test(
        "every example of each API's contract is written and verifies clean through apicheck verify's own path",
        arguments: ["todos", "github", "kakao", "lslp"])
    func everyExampleVerifiesClean(api name: String) throws {
        let configuration = try Self.configuration()
        let api = try #require(configuration.api(name))
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try ExamplesRun.run(api: api, configuration: configuration, options: .init(output: folder.path))
        #expect(result.skipped.isEmpty, "\(result.skipped.map(\.description).joined(separator: "\n"))")
        #expect(result.examples > 50)
        // Every declared response of every operation has a recording.
        let contract = try Contract.load(configuration.resolve(try #require(api.contract)).path).compiled
        let expected = Set(
            contract.operations.flatMap { operation in
                operation.responses.keys.map { ExamplesRun.fileName(operation: operation.name, responseKey: $0) }
            })
        #expect(Set(result.files.map { URL(fileURLWithPath: $0.path).lastPathComponent }) == expected)

        let options = VerifyRun.Options(paths: [folder.path], api: name, strict: true, environment: [:], jobs: 2)
        let verified = try VerifyRun(configuration: configuration, options: options).run()
        #expect(verified.errors.isEmpty, "\(verified.errors)")
        #expect(
            verified.findings.isEmpty,
            "\(verified.findings.prefix(5).map { "\($0.file ?? ""): \($0.rule.rawValue) \($0.pointer) expected \($0.expected) found \($0.found)" })"
        )
        #expect(verified.interactions == result.examples)
    }

    @Test(
        "the examples in recordings/<api>/examples are what the contract writes now (run apicheck examples after a contract change)",
        arguments: ["todos", "github", "kakao", "lslp"])
    func committedExamplesAreCurrent(api name: String) throws {
        let configuration = try Self.configuration()
        let api = try #require(configuration.api(name))
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try ExamplesRun.run(api: api, configuration: configuration, options: .init(output: folder.path))
        let committed = ExamplesRun.folder(of: api, in: configuration)
        let names = Set(result.files.map { URL(fileURLWithPath: $0.path).lastPathComponent })
        let present = Set((try? FileManager.default.contentsOfDirectory(atPath: committed.path)) ?? [])
        #expect(present == names, "stale or missing examples in \(committed.path): run 'swift run apicheck examples --api \(name)'")
        for name in names.intersection(present) {
            #expect(
                try Data(contentsOf: folder.appendingPathComponent(name)) == Data(contentsOf: committed.appendingPathComponent(name)),
                "\(name) is stale: run 'swift run apicheck examples --api \(name)'")
        }
    }

    @Test("the same seed writes the same bytes; another seed other values")
    func deterministic() throws {
        let configuration = try Self.configuration()
        let api = try #require(configuration.api("kakao"))
        let first = Self.temporaryFolder()
        let second = Self.temporaryFolder()
        let third = Self.temporaryFolder()
        defer { for folder in [first, second, third] { try? FileManager.default.removeItem(at: folder) } }
        let a = try ExamplesRun.run(api: api, configuration: configuration, options: .init(output: first.path, seed: 7))
        _ = try ExamplesRun.run(api: api, configuration: configuration, options: .init(output: second.path, seed: 7))
        _ = try ExamplesRun.run(api: api, configuration: configuration, options: .init(output: third.path, seed: 8))
        var differs = false
        for file in a.files {
            let name = URL(fileURLWithPath: file.path).lastPathComponent
            let bytes = try Data(contentsOf: first.appendingPathComponent(name))
            #expect(bytes == (try Data(contentsOf: second.appendingPathComponent(name))), "\(name) differs between two runs with seed 7")
            if bytes != (try Data(contentsOf: third.appendingPathComponent(name))) { differs = true }
        }
        #expect(differs, "seed 8 wrote the same bytes as seed 7")
        // A second run into the same folder changes nothing.
        let again = try ExamplesRun.run(api: api, configuration: configuration, options: .init(output: first.path, seed: 7))
        #expect(again.files.allSatisfy { $0.outcome == .unchanged })
    }

    static let contractText = """
        openapi: 3.1.0
        info: { title: t, version: "1" }
        paths:
          /things/{id}:
            get:
              parameters:
                - { name: id, in: path, required: true, schema: { type: integer, minimum: 1 } }
                - { name: view, in: query, required: true, schema: { type: string, enum: [full, short] } }
              responses:
                "200":
                  description: ok
                  headers:
                    X-Rate-Remaining: { required: true, schema: { type: integer, minimum: 0 } }
                    X-Trace: { schema: { type: string, pattern: "^[0-9a-f]{8}$" } }
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [id, state, tags, updated_at, score]
                        properties:
                          id: { type: integer, minimum: 1, maximum: 10 }
                          state: { type: string, enum: [open, closed, archived] }
                          note: { type: [string, "null"], minLength: 2, maxLength: 5 }
                          tags: { type: array, maxItems: 4, items: { type: string } }
                          updated_at: { type: string, format: date-time, x-apicheck-date: { fraction-digits: 6, offset: "+09:00" } }
                          score: { type: number }
                "404":
                  description: missing
        """

    static func generated() throws -> [ExampleGenerator.Example] {
        let contract = try Contract.parse(contractText, path: "things.yaml").compiled
        let output = ExampleGenerator(contract: contract).generate()
        #expect(output.skipped.isEmpty, "\(output.skipped)")
        return output.examples
    }

    static func body(_ examples: [ExampleGenerator.Example], _ variant: String) throws -> JSONValue {
        let example = try #require(
            examples.first { $0.responseKey == "200" && $0.variant == variant },
            "no variant \"\(variant)\" among \(examples.map(\.variant))")
        guard case .json(let json) = try #require(example.interaction.response.body) else { throw ExampleFailure() }
        return json
    }

    struct ExampleFailure: Error {}

    @Test("variants: minimal, maximal, null, each enum value, arrays empty and at maxItems, bounds")
    func variants() throws {
        let examples = try Self.generated()
        let maximal = try Self.body(examples, "maximal")
        #expect(maximal["note"] != nil)
        let minimal = try Self.body(examples, "minimal")
        #expect(minimal["note"] == nil)
        #expect(try Self.body(examples, "null at /note")["note"] == .null)
        let states = Set(
            examples.compactMap {
                $0.responseKey == "200"
                    ? $0.interaction.response.body.flatMap { body -> String? in
                        if case .json(let json) = body { return json["state"]?.stringValue }
                        return nil
                    } : nil
            })
        #expect(states == ["open", "closed", "archived"])
        #expect(try Self.body(examples, "empty at /tags")["tags"] == .array([]))
        #expect(try Self.body(examples, "maxItems 4 at /tags")["tags"]?.arrayValue?.count == 4)
        #expect(try Self.body(examples, "minLength 2 at /note")["note"]?.stringValue?.unicodeScalars.count == 2)
        #expect(try Self.body(examples, "maxLength 5 at /note")["note"]?.stringValue?.unicodeScalars.count == 5)
        #expect(try Self.body(examples, "minimum at /id")["id"] == .number(JSONNumber(1)))
        #expect(try Self.body(examples, "maximum at /id")["id"] == .number(JSONNumber(10)))
        // The request: the path parameter filled in, the required query parameter from its enum.
        let request = try #require(examples.first).interaction.request
        #expect(request.url.hasPrefix("/things/"))
        #expect(request.url.contains("?view=full"))
        // Headers: the required one always, the optional one (with its pattern) in the maximal example.
        let maximalHeaders = try #require(examples.first { $0.variant == "maximal" }).interaction.response.headers
        #expect(maximalHeaders["X-Rate-Remaining"].flatMap(Int.init) != nil)
        #expect(maximalHeaders["X-Trace"]?.range(of: "^[0-9a-f]{8}$", options: .regularExpression) != nil)
        #expect(try #require(examples.first { $0.variant == "minimal" }).interaction.response.headers["X-Trace"] == nil)
        // A response without content still gets examples.
        #expect(
            examples.contains { $0.responseKey == "404" && $0.interaction.response.status == 404 && $0.interaction.response.body == nil })
    }

    @Test("a variant of a small body is the maximal one changed in one place; of a body past 16 KB, the minimal one and the way there")
    func focusedVariants() throws {
        func contract(_ length: Int) throws -> CompiledContract {
            let texts = (0..<24).map { "text\($0): {type: string, minLength: \(length)}" }.joined(
                separator: "\n" + String(repeating: " ", count: 18))
            return try Contract.parse(
                """
                openapi: 3.1.0
                info: {title: A vendor's wide object, version: '1'}
                paths:
                  /messages/{id}:
                    get:
                      parameters: [{name: id, in: path, required: true, schema: {type: string}}]
                      responses:
                        '200':
                          description: OK
                          content:
                            application/json:
                              schema:
                                type: object
                                required: [id]
                                properties:
                                  id: {type: integer}
                                  \(texts)
                                  thread:
                                    type: object
                                    properties:
                                      replies: {type: array, items: {type: object, required: [id], properties: {id: {type: integer}, state: {enum: [open, closed]}}}}
                """, path: "wide.yaml"
            ).compiled
        }
        func body(_ output: ExampleGenerator.Output, _ variant: String) throws -> JSONValue {
            let example = try #require(output.examples.first { $0.variant == variant }, "\(output.examples.map(\.variant))")
            guard case .json(let body)? = example.interaction.response.body else { throw ExampleFailure() }
            return body
        }
        let place = "/thread/replies/0/state"
        // 24 texts of 1,000 characters: the maximal body is past 16 KB.
        let wide = ExampleGenerator(contract: try contract(1_000)).generate()
        #expect(wide.skipped.isEmpty, "\(wide.skipped.map(\.reason))")
        let maximal = try body(wide, "maximal")
        #expect(JSONWriter.compact(maximal).utf8.count > ExampleGenerator.focusedAbove)
        let closed = try body(wide, "enum \"closed\" at \(place)")
        #expect(closed[pointer: JSONPointer(place)] == .string("closed"))
        // Only the required key and the way to the place: no text, one reply with its required id.
        #expect(closed.objectValue?.keys.sorted() == ["id", "thread"], "\(JSONWriter.compact(closed))")
        #expect(closed["thread"]?["replies"]?.arrayValue?.count == 1)
        #expect(closed["id"] == maximal["id"])
        // 24 texts of 10 characters: the variant is the maximal body with that one value changed, as before.
        let narrow = ExampleGenerator(contract: try contract(10)).generate()
        let whole = try body(narrow, "maximal")
        var expected = whole
        expected.set(.string("closed"), at: JSONPointer(place))
        #expect(try body(narrow, "enum \"closed\" at \(place)") == expected)
    }

    @Test("dates: the exact wire form, at day, month and year ends in the API's offset and at DST changes")
    func dates() throws {
        let examples = try Self.generated()
        let dates = examples.filter { $0.responseKey == "200" }.compactMap { example -> String? in
            guard case .json(let json)? = example.interaction.response.body else { return nil }
            return json["updated_at"]?.stringValue
        }
        #expect(!dates.isEmpty)
        for date in dates {
            #expect(date.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}\+09:00$"#, options: .regularExpression) != nil, "\(date)")
        }
        #expect(dates.contains("2024-05-21T23:59:59.999999+09:00"))
        #expect(dates.contains("2024-02-29T23:59:59.999999+09:00"))
        #expect(dates.contains("2023-12-31T23:59:59.999999+09:00"))
        #expect(dates.contains("2024-01-01T00:00:00.000000+09:00"))
        // 2024-03-10T07:00:00Z, the US change to daylight time, written in +09:00.
        #expect(dates.contains("2024-03-10T16:00:00.000000+09:00"))
        let unicode = try Self.body(examples, "Korean and emoji in every free-text string")
        #expect(unicode["tags"]?.arrayValue?.first?.stringValue?.contains("할 일 🚀") == true)
    }

    @Test("dates without a declared wire form: also with fractions and another offset, which RFC 3339 allows")
    func undeclaredDateForms() throws {
        let declared = try Self.generated()
        #expect(!declared.contains { $0.variant.hasPrefix("dates with ") }, "a declared form is the only one written")
        let text = Self.contractText.replacingOccurrences(
            of: #"format: date-time, x-apicheck-date: { fraction-digits: 6, offset: "+09:00" } }"#, with: "format: date-time }")
        #expect(text != Self.contractText)
        let output = ExampleGenerator(contract: try Contract.parse(text, path: "things.yaml").compiled).generate()
        #expect(output.skipped.isEmpty, "\(output.skipped)")
        let forms = [
            ("maximal", #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$"#),
            (
                "dates with 6 fraction digits and Z (no wire form declared: RFC 3339 allows fractions)",
                #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$"#
            ),
            (
                "dates with 3 fraction digits and +09:00 (no wire form declared: RFC 3339 allows any offset)",
                #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+09:00$"#
            ),
        ]
        for (variant, form) in forms {
            let date = try Self.body(output.examples, variant)["updated_at"]?.stringValue
            #expect(date?.range(of: form, options: .regularExpression) != nil, "\(variant): \(date ?? "nil")")
        }
    }

    @Test("patterns: samples match; what cannot be sampled is refused with the reason")
    func patterns() throws {
        let patterns = [
            #"\S"#, "^[0-9]+$", "^https?://", "^(https?://.*)?$", "^([0-9a-f]{24}|0)?$",
            "^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), [0-9]{2} (Jan|Feb|Mar) [0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2} GMT$",
            #"^[A-Z]{2,3}-\d{1,4}(?:\.[a-z_]+)*$"#, "^[^,\\s]+$", "a{2,}b+c*", #"^\u0041[\-+]?$"#,
            // Word boundaries write nothing; here the characters around each make it (DigitalOcean's UUIDs).
            #"^$|[0-9a-f]{8}\b-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-\b[0-9a-f]{12}"#, #"\bword\b"#, #"^a\Bb$"#,
        ]
        for source in patterns {
            let sampler = try PatternSampler(source)
            let regex = try NSRegularExpression(pattern: source)
            for variant in 0..<20 {
                for shortest in [false, true] {
                    let sample = try #require(sampler.sample(variant: variant, shortest: shortest))
                    #expect(regex.firstMatch(in: sample, range: NSRange(sample.startIndex..., in: sample)) != nil, "\(source) -> \(sample)")
                }
            }
        }
        for (source, reason) in [
            ("^(?=a)b$", "look-around"), (#"(a)\1"#, "back-references"), (#"[\B]"#, "\\B in a character class"),
            ("^[a-z", "without its ']'"),
            ("(ab", "without its ')'"),
        ] {
            #expect(throws: PatternSampler.Unsupported.self) { try PatternSampler(source) }
            do {
                _ = try PatternSampler(source)
            } catch {
                #expect(error.description.contains(reason), "\(source): \(error)")
            }
        }
    }

    @Test("a pattern that cannot be sampled: that example is not written, and says why")
    func unsupportedPatternIsReported() throws {
        let text = Self.contractText.replacingOccurrences(of: #"pattern: "^[0-9a-f]{8}$""#, with: #"pattern: "^(?=x)x$""#)
        let contract = try Contract.parse(text, path: "things.yaml").compiled
        let output = ExampleGenerator(contract: contract).generate()
        #expect(output.skipped.contains { $0.reason.contains("look-around") })
        #expect(output.skipped.contains { $0.variant == "maximal" && $0.responseKey == "200" })
        // The variants that do not need that header are still written.
        #expect(output.examples.contains { $0.variant == "minimal" && $0.responseKey == "200" })
        #expect(!output.examples.contains { $0.interaction.response.headers["X-Trace"] != nil })
    }
}
