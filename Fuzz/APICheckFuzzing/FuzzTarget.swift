import APICheck
import APICheckReplay
import Foundation
import WireFormat

/// A reader of outside input and the invariants it must keep on any bytes at all.
///
/// `apicheck-fuzz` (built with `-sanitize=fuzzer`, see `Scripts/fuzz.sh`) hands libFuzzer's inputs to
/// ``run(_:)``; `swift test` hands it the committed seeds and every input a fuzz run ever crashed on
/// (`Fuzz/Regressions/<target>/`). A trap (a crash, an overflow, an index out of range) is a bug, and so is
/// a thrown ``FuzzInvariantViolation``: a parse that does not read back to the same value, or an error
/// that does not say where.
public enum FuzzTarget: String, CaseIterable, Sendable {
    case json
    case recording
    case har
    case config
    case contract
    case examples
    case coverage
    case form
    case multipart
    case date
    case matcher
    case httpRequest = "http-request"
    case httpResponse = "http-response"

    /// One line of JSON describing what the HTTP/1.1 codec reads from `bytes` (a request, or a response to
    /// `method`), for the differential test against h11 (`Scripts/http-differential.py`).
    public static func describeHTTP(_ bytes: [UInt8], response: Bool, method: String) -> String {
        HTTPTargets.describe(bytes, response: response, method: method)
    }

    /// What the target reads, for `--help` and failure messages.
    public var summary: String {
        switch self {
        case .json: "the JSON reader: parse, write compact and pretty, read back to the same value"
        case .recording: "the recording decoder: read, write, read back to the same recording"
        case .har: "HAR import: read a HAR into a recording, which writes and reads back"
        case .config: "the apicheck.yml loader (YAML, scenarios, placeholders)"
        case .contract: "contract loading and compiling (OpenAPI 3.1 YAML, x-apicheck extensions)"
        case .examples: "apicheck examples on a contract that loads: no crash, every example written verifies clean"
        case .coverage: "apicheck coverage on a contract that loads, its examples counted: no crash, no count above its total"
        case .form: "the form-urlencoded codec: decode, encode, decode to the same fields"
        case .multipart: "the multipart codec: parse, encode, parse to the same parts"
        case .date: "the ISO-8601 date codec: parse, write back byte for byte"
        case .matcher: "the replay request matcher: every recorded request finds itself"
        case .httpRequest: "the HTTP/1.1 codec, a request: read whole and in pieces alike, written back reads back"
        case .httpResponse: "the HTTP/1.1 codec, a response (first byte: GET or HEAD): the same invariants"
        }
    }

    /// Runs the target on one input.
    ///
    /// - Throws: ``FuzzInvariantViolation`` when the input breaks an invariant.
    public func run(_ bytes: [UInt8]) throws(FuzzInvariantViolation) {
        switch self {
        case .json: try Self.json(bytes)
        case .recording: try Self.recording(bytes)
        case .har: try Self.har(bytes)
        case .config: try Self.config(bytes)
        case .contract: try Self.contract(bytes)
        case .examples: try Self.examples(bytes)
        case .coverage: try Self.coverage(bytes)
        case .form: try Self.form(bytes)
        case .multipart: try Self.multipart(bytes)
        case .date: try Self.date(bytes)
        case .matcher: try Self.matcher(bytes)
        case .httpRequest: try HTTPTargets.request(bytes)
        case .httpResponse: try HTTPTargets.response(bytes)
        }
    }

    // MARK: Targets

    static func json(_ bytes: [UInt8]) throws(FuzzInvariantViolation) {
        let value: JSONValue
        do {
            value = try JSONReader.parse(bytes)
        } catch {
            try check(
                error.location.offset >= 0 && error.location.offset <= bytes.count,
                "the error's offset \(error.location.offset) is outside the input (\(bytes.count) bytes)")
            try check(error.location.line >= 1 && error.location.column >= 1, "the error's line or column is below 1: \(error)")
            return
        }
        for (form, text) in [("compact", JSONWriter.compact(value)), ("pretty", JSONWriter.pretty(value))] {
            let again: JSONValue
            do {
                again = try JSONReader.parse(text)
            } catch {
                throw FuzzInvariantViolation("the \(form) form of a parsed value does not parse: \(error)")
            }
            try check(again == value, "the \(form) form reads back as a different value")
        }
    }

    static func recording(_ bytes: [UInt8]) throws(FuzzInvariantViolation) {
        let recording: Recording
        do {
            recording = try Recording(bytes: bytes, file: "fuzz.json")
        } catch {
            try check(!error.message.isEmpty, "a recording error without a message")
            try check(error.file == "fuzz.json", "a recording error without the file: \(error)")
            return
        }
        try roundTrip(recording)
    }

    static func har(_ bytes: [UInt8]) throws(FuzzInvariantViolation) {
        let base = ["": URL(string: "https://api.example.com")!]
        let recording: Recording
        do {
            recording = try HAR.importRecording(
                bytes, file: "fuzz.har", api: "todos", name: "fuzz", baseURLs: base, acceptingAnyOrigin: true)
        } catch {
            try check(!error.message.isEmpty && error.file == "fuzz.har", "a HAR error without a message or the file: \(error)")
            return
        }
        try roundTrip(recording)
        _ = HAR.export(recording, baseURLs: base)
    }

    static func config(_ bytes: [UInt8]) throws(FuzzInvariantViolation) {
        guard let text = String.validatingUTF8(bytes) else { return }
        do {
            _ = try ConfigurationFile.parse(text, path: "apicheck.yml")
        } catch {
            try check(
                error.file == "apicheck.yml" && !error.message.isEmpty, "a configuration error without the file or a message: \(error)")
        }
    }

    /// The contract loader, every version (3.0, 3.1, 3.2, Swagger 2.0 refused) and both syntaxes: the bytes as a
    /// `.yaml` file (JSON when they start with `{`, YAML else) and as a `.json` file (JSON whatever they are). It loads
    /// or it is refused with the file, a message and, when it has one, a line inside the input.
    static func contract(_ bytes: [UInt8]) throws(FuzzInvariantViolation) {
        let lines = bytes.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        for path in ["contract.yaml", "contract.json"] {
            do {
                _ = try Contract.parse(bytes, path: path)
            } catch {
                try check(error.file == path && !error.message.isEmpty, "a contract error without the file or a message: \(error)")
                try check((error.line ?? 1) >= 1 && (error.line ?? 1) <= lines, "a contract error on a line outside the input: \(error)")
            }
        }
    }

    /// The contracts the bytes load as (as `.yaml` and as `.json`, as ``contract(_:)`` reads them).
    static func loaded(_ bytes: [UInt8]) -> [CompiledContract] {
        ["contract.yaml", "contract.json"].compactMap { path in try? Contract.parse(bytes, path: path).compiled }
    }

    /// `apicheck examples` on every operation of a contract the bytes load as: whatever the numbers, nesting and
    /// patterns, it writes examples that verify clean or says why it wrote none.
    static func examples(_ bytes: [UInt8]) throws(FuzzInvariantViolation) {
        for contract in loaded(bytes) {
            let output = ExampleGenerator(contract: contract).generate()
            let verifier = Verifier(contract: contract, options: .init(strict: true))
            for example in output.examples {
                let errors = verifier.verify(example.interaction).filter { $0.severity == .error }
                try check(errors.isEmpty, "an example written that does not verify: \(errors.map(\.compilerLine))")
            }
            for skipped in output.skipped { try check(!skipped.reason.isEmpty, "an example left out without a reason") }
        }
    }

    /// `apicheck coverage` of a contract the bytes load as, its own examples counted as exercising it: every measure
    /// counts no more than it has, and every operation is one item.
    static func coverage(_ bytes: [UInt8]) throws(FuzzInvariantViolation) {
        for contract in loaded(bytes) {
            var tally = CoverageTally()
            for example in ExampleGenerator(contract: contract).generate().examples { tally.add(example.interaction, contract: contract) }
            let coverage = ContractCoverage(api: "fuzz", contract: contract, tally: tally)
            for measure in coverage.measures {
                try check(measure.covered <= measure.total, "\(measure.name): \(measure.covered) of \(measure.total)")
            }
            let declared = contract.operations.count + contract.refused.count { $0.operation != nil }
            try check(coverage.measures[0].total == declared, "operations counted other than declared (checked and refused)")
        }
    }

    static func form(_ bytes: [UInt8]) throws(FuzzInvariantViolation) {
        let fields: [FormField]
        do {
            fields = try FormURLEncoding.decode(bytes)
        } catch {
            try check(error.offset >= 0 && error.offset <= bytes.count, "the error's offset \(error.offset) is outside the input")
            return
        }
        let encoded = FormURLEncoding.encode(fields)
        do {
            let again = try FormURLEncoding.decode(encoded)
            try check(again == fields, "encoded fields decode to different fields: \(fields) then \(again)")
        } catch let error as FuzzInvariantViolation {
            throw error
        } catch {
            throw FuzzInvariantViolation("encoded fields do not decode: \(error)")
        }
    }

    static func multipart(_ bytes: [UInt8]) throws(FuzzInvariantViolation) {
        // The first line is the boundary (as a Content-Type would give it), the rest the body.
        guard let newline = bytes.firstIndex(of: 0x0A) else { return }
        let boundary = String(decoding: bytes[..<newline], as: UTF8.self)
        guard !boundary.isEmpty, boundary.utf8.count <= 70 else { return }
        let body = Data(bytes[(newline + 1)...])
        guard let parts = MultipartCodec.parse(body, boundary: boundary) else { return }
        let encoded = MultipartCodec.encode(parts, boundary: boundary)
        guard let again = MultipartCodec.parse(encoded, boundary: boundary) else {
            throw FuzzInvariantViolation("encoded parts do not parse: \(parts)")
        }
        try check(again == parts, "encoded parts parse to different parts: \(parts) then \(again)")
    }

    static func date(_ bytes: [UInt8]) throws(FuzzInvariantViolation) {
        guard let text = String.validatingUTF8(bytes) else { return }
        let stamp: ISO8601Timestamp
        do {
            stamp = try ISO8601Timestamp(parsing: text)
        } catch {
            try check(error.offset >= 0 && error.offset <= text.utf8.count, "the error's offset \(error.offset) is outside the input")
            return
        }
        try check(stamp.formatted() == text, "\"\(text)\" writes back as \"\(stamp.formatted())\"")
        for form in [DateWireForm.microsecondsUTC, DateWireForm(fractionDigits: 3, offset: UTCOffset(hours: 9))] {
            let written = stamp.formatted(as: form)
            do {
                let again = try ISO8601Timestamp(parsing: written)
                try check(again.wireForm == form, "\"\(written)\" reads back in another form")
            } catch let error as FuzzInvariantViolation {
                throw error
            } catch {
                throw FuzzInvariantViolation("\"\(text)\" written as \"\(written)\" does not parse: \(error)")
            }
            let codec = ISO8601DateCodec(wireForm: form)
            _ = codec.string(from: stamp.date)
        }
    }

    static func matcher(_ bytes: [UInt8]) throws(FuzzInvariantViolation) {
        guard let recording = try? Recording(bytes: bytes) else { return }
        for rules in [MatchingRules(), MatchingRules(ignoredQueryItems: ["page"], matchedHeaders: ["accept"], matchesBody: true)] {
            let matcher = RequestMatcher(interactions: recording.interactions, rules: rules)
            for (index, interaction) in recording.interactions.enumerated() {
                let live = matcher.prepare(interaction.request)
                try check(
                    matcher.candidates(for: live).contains(index),
                    "interaction \(index) (\(interaction.request.method) \(interaction.request.url)) is not among its own candidates")
                try check(
                    matcher.matches(live: live, recordedAt: index),
                    "interaction \(index) does not match itself: \(matcher.differences(live: live, recordedAt: index))")
            }
        }
    }

    // MARK: Helpers

    static func roundTrip(_ recording: Recording) throws(FuzzInvariantViolation) {
        let written = JSONWriter.pretty(recording.jsonValue)
        do {
            let again = try Recording(bytes: Array(written.utf8))
            try check(again == recording, "the recording reads back different from what was written")
        } catch let error as FuzzInvariantViolation {
            throw error
        } catch {
            throw FuzzInvariantViolation("a written recording does not read back: \(error)")
        }
    }

    static func check(_ condition: Bool, _ message: @autoclosure () -> String) throws(FuzzInvariantViolation) {
        if !condition { throw FuzzInvariantViolation(message()) }
    }
}

/// An input that breaks an invariant of a ``FuzzTarget``.
public struct FuzzInvariantViolation: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}
