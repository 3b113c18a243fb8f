import APICheckCommands
import APICheckContracts
import APICheckRecording
import Foundation
import Testing

/// A content map keyed by a media range (`*/*`, as springdoc writes every response, or `application/*`) takes the
/// media types in it, and a body is checked against the schema of the most specific key that takes its type.
@Suite("Verifier: media ranges in a content map")
struct MediaRangeTests {
    /// The 200 of `GET /search` with the content map `entries` (MediaTypeParameterTests' contract), and one answer of
    /// `contentType` (nil: no header) with `body`.
    static func findings(_ entries: String, contentType: String?, body: String) throws -> [Finding] {
        let contract = try Contract.parse(MediaTypeParameterTests.contractText(entries), path: "ranges.yaml").compiled
        let headers = contentType.map { HeaderFields([("Content-Type", $0)]) } ?? HeaderFields()
        let interaction = Interaction(
            request: RecordedRequest(method: "GET", url: "/search", headers: HeaderFields()),
            response: RecordedResponse(status: 200, headers: headers, body: .json(try JSONReader.parse(body))))
        return Verifier(contract: contract).verify(interaction)
    }

    static let anything = #""*/*": {schema: {type: object, required: [id]}}"#

    @Test(
        "*/* takes any media type, and its schema is checked",
        arguments: ["application/json", "application/json;charset=UTF-8", "application/problem+json", "text/plain"])
    func anyType(_ contentType: String) throws {
        let clean = try Self.findings(Self.anything, contentType: contentType, body: #"{"id": 1}"#)
        #expect(clean.isEmpty, "\(clean.map(\.compilerLine))")
        let missing = try Self.findings(Self.anything, contentType: contentType, body: "{}")
        #expect(missing.map(\.rule) == [.fieldMissing], "\(missing.map(\.compilerLine))")
    }

    @Test("*/* does not take an answer without a Content-Type: it is still a content-type finding")
    func noContentType() throws {
        let found = try Self.findings(Self.anything, contentType: nil, body: #"{"id": 1}"#)
        #expect(found.map(\.rule) == [.contentType])
        #expect(found.first?.expected == "*/*")
        #expect(found.first?.found == "none")
    }

    @Test(
        "the most specific key wins: the type, then type/*, then */*",
        arguments: [
            ("application/json", "a"), ("application/problem+json", "b"), ("text/plain", "c"), ("image/png", "c"),
        ])
    func mostSpecific(_ contentType: String, _ property: String) throws {
        let entries = """
            application/json: {schema: {type: object, required: [a]}}
                        application/*: {schema: {type: object, required: [b]}}
                        "*/*": {schema: {type: object, required: [c]}}
            """
        let clean = try Self.findings(entries, contentType: contentType, body: #"{"\#(property)": 1}"#)
        #expect(clean.isEmpty, "\(contentType): \(clean.map(\.compilerLine))")
        // The other keys' properties do not satisfy it: the schema checked is that key's alone.
        let other = ["a", "b", "c"].filter { $0 != property }.map { #""\#($0)": 1"# }.joined(separator: ", ")
        let wrong = try Self.findings(entries, contentType: contentType, body: "{\(other)}")
        #expect(wrong.map(\.rule) == [.fieldMissing], "\(contentType): \(wrong.map(\.compilerLine))")
    }

    @Test("without */*, a type no key takes is a content-type finding naming every key")
    func notTaken() throws {
        let found = try Self.findings(
            "application/*: {schema: {type: object}}", contentType: "text/plain", body: "{}")
        #expect(found.map(\.rule) == [.contentType])
        #expect(found.first?.expected == "application/*")
    }
}

extension MediaRangeTests {
    @Test(
        "apicheck examples answers a range without a schema in a type of the range (no answer's Content-Type is a range)",
        arguments: [
            ("image/*: {}", "image/png"), (#""*/*": {}"#, "application/octet-stream"), ("text/*: {}", "text/plain"),
            ("application/*: {}", "application/octet-stream"), ("image/gif: {}", "image/gif"),
        ])
    func examplesOfOpaqueRanges(_ entry: String, _ type: String) throws {
        let contract = try Contract.parse(MediaTypeParameterTests.contractText(entry), path: "ranges.yaml").compiled
        let output = ExampleGenerator(contract: contract).generate()
        let written = Set(output.examples.compactMap { $0.interaction.response.headers["Content-Type"] })
        #expect(written == [type])
        let verifier = Verifier(contract: contract)
        for example in output.examples {
            #expect(verifier.verify(example.interaction).isEmpty, "\(type)")
        }
    }

    @Test(
        "apicheck examples answers a range with a schema as application/json, and every example verifies clean",
        arguments: [
            (#""*/*": {schema: {type: object, required: [c], properties: {c: {type: integer}}}}"#, ["application/json"]),
            (#"application/*: {schema: {type: object, required: [b], properties: {b: {type: integer}}}}"#, ["application/json"]),
            (
                """
                application/json: {schema: {type: object, required: [a], properties: {a: {type: integer}}}}
                            "*/*": {schema: {type: object, required: [c], properties: {c: {type: integer}}}}
                """,
                ["*/*", "application/json"]
            ),
        ])
    func examples(_ entries: String, _ types: [String]) throws {
        let contract = try Contract.parse(MediaTypeParameterTests.contractText(entries), path: "ranges.yaml").compiled
        let output = ExampleGenerator(contract: contract).generate()
        #expect(output.skipped.isEmpty)
        let written = Set(output.examples.compactMap { $0.interaction.response.headers["Content-Type"] })
        #expect(written == Set(types))
        let verifier = Verifier(contract: contract)
        for example in output.examples {
            let found = verifier.verify(example.interaction)
            #expect(found.isEmpty, "\(example.interaction.response.headers["Content-Type"] ?? ""): \(found.map(\.compilerLine))")
        }
        // The JSON examples carry the schema's required property: they are bodies of the schema, not opaque bytes.
        let json = output.examples.filter { $0.interaction.response.headers["Content-Type"] == "application/json" }
        #expect(!json.isEmpty && json.allSatisfy { if case .json(.object) = $0.interaction.response.body { true } else { false } })
    }
}

extension MediaRangeTests {
    @Test(
        "diff --live: a content type changed to another that a declared range takes is content-type.changed, not passed over",
        arguments: [
            #""*/*": {schema: {type: object}}"#, "text/*: {schema: {type: object}}\n            application/json: {schema: {type: object}}",
        ])
    func liveChange(_ entries: String) throws {
        let contract = try Contract.parse(MediaTypeParameterTests.contractText(entries), path: "ranges.yaml").compiled
        let operation = try #require(contract.operation(method: "GET", path: "/search")?.operation)
        func answer(_ contentType: String) -> Interaction {
            Interaction(
                request: RecordedRequest(method: "GET", url: "/search", headers: HeaderFields()),
                response: RecordedResponse(status: 200, headers: HeaderFields([("Content-Type", contentType)]), body: .text("x")))
        }
        let found = ShapeComparison.compare(
            live: answer("text/html"), recorded: answer("application/json"), operation: "GET /search",
            declared: ShapeComparison.Declared(operation: operation))
        #expect(found.map(\.rule) == [.contentTypeChanged], "\(found.map(\.compilerLine))")
        // A type no key takes is the contract's finding (content-type), not the comparison's.
        let undeclared = ShapeComparison.compare(
            live: answer("image/png"), recorded: answer("application/json"), operation: "GET /search",
            declared: ShapeComparison.Declared(operation: operation))
        #expect(undeclared.isEmpty == !entries.contains("*/*"), "\(undeclared.map(\.compilerLine))")
    }
}
