import APICheck
import APICheckTesting
import Foundation
import TestSupport
import Testing
import WireFormat

@testable import TodoAPI

/// The five decoding contracts of the todo API, checked on every recording in `recordings/todos/tests/`.
@Suite("Todo decoding contracts", timeLimit(minutes: 5))
struct TodoDecodingContracts {
    /// (f) Every recording conforms to `contracts/todos.openapi.yaml`, warnings included.
    /// (a) List endpoints answer `data: [...]`, single-item endpoints `data: {...}`; the other envelope fails clearly.
    @Test("(a) list vs single: each body decodes with its envelope and fails with the other", arguments: TodoRecordings.files)
    func listVersusSingle(_ file: URL) throws {
        guard let recording = RecordingExpectations.load(file) else { return }
        for (index, interaction) in recording.interactions.enumerated() where (200..<300).contains(interaction.response.status) {
            guard case .json(let body) = interaction.response.body else {
                Issue.record("\(file.lastPathComponent) #\(index): a 2xx answer without a JSON body")
                continue
            }
            let data = Data(JSONWriter.compactBytes(body))
            let isList =
                interaction.request.method == "GET"
                && (interaction.request.path == "/api/v2/todos" || interaction.request.path == "/api/v2/todos/search")
            let decoder = TodoClient.makeDecoder()
            if isList {
                #expect(throws: Never.self) { _ = try decoder.decode(TodoPage.self, from: data) }
                #expect(body[pointer: "/meta"] != nil, "\(file.lastPathComponent) #\(index): a list without meta")
                expectShapeMismatch { _ = try decoder.decode(TodoResponse.self, from: data) }
            } else {
                #expect(throws: Never.self) { _ = try decoder.decode(TodoResponse.self, from: data) }
                expectShapeMismatch { _ = try decoder.decode(TodoPage.self, from: data) }
            }
        }
    }

    private func expectShapeMismatch(_ decode: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try decode()
            Issue.record("decoding with the other envelope succeeded", sourceLocation: sourceLocation)
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.debugDescription.hasPrefix("shape mismatch at data: expected "), sourceLocation: sourceLocation)
            #expect(context.codingPath.map(\.stringValue) == ["data"], sourceLocation: sourceLocation)
        } catch {
            Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
        }
    }

    /// (b) Every key in every recorded body, request and response, is snake_case.
    @Test("(b) every key is snake_case", arguments: TodoRecordings.files)
    func keysAreSnakeCase(_ file: URL) {
        guard let recording = RecordingExpectations.load(file) else { return }
        for (index, interaction) in recording.interactions.enumerated() {
            for (part, body) in [("request", interaction.request.body), ("response", interaction.response.body)] {
                if case .json(let json) = body {
                    RecordingExpectations.expectKeys(in: json, follow: .snakeCase, context: "\(file.lastPathComponent) #\(index) \(part)")
                }
                if case .form(let fields, _) = body {
                    for field in fields where !KeyCase.snakeCase.matches(field.name) {
                        Issue.record("\(file.lastPathComponent) #\(index) \(part): form field \"\(field.name)\" is not snake_case")
                    }
                }
            }
        }
    }

    /// (c) Every date has 6 fraction digits and `Z`, and the codec writes it back byte for byte.
    @Test("(c) dates have 6 fraction digits and Z, and round-trip", arguments: TodoRecordings.files)
    func datesAreMicrosecondsUTC(_ file: URL) {
        guard let recording = RecordingExpectations.load(file) else { return }
        var checked = 0
        for (index, interaction) in recording.interactions.enumerated() {
            if case .json(let json) = interaction.response.body {
                checked += RecordingExpectations.expectDates(
                    in: json, writtenAs: .microsecondsUTC, context: "\(file.lastPathComponent) #\(index)")
            }
        }
        let hasTodos = recording.interactions.contains {
            $0.response.body?.jsonValue[pointer: "/json/data/created_at"] != nil
                || $0.response.body?.jsonValue[pointer: "/json/data/0/created_at"] != nil
        }
        if hasTodos { #expect(checked > 0, "\(file.lastPathComponent): no dates found") }
    }

    /// (d) Every recorded PUT is form-urlencoded and its raw bytes are what WireFormat encodes for its pairs.
    @Test("(d) PUT bodies are form-urlencoded, byte for byte", arguments: TodoRecordings.files)
    func putBodiesAreForms(_ file: URL) {
        guard let recording = RecordingExpectations.load(file) else { return }
        for (index, interaction) in recording.interactions.enumerated() where interaction.request.method == "PUT" {
            RecordingExpectations.expectFormBody(of: interaction.request, context: "\(file.lastPathComponent) #\(index)")
        }
    }

    /// (e) Every recorded status is success (2xx) or maps to the right typed error.
    @Test("(e) every status is success or the right typed error", arguments: TodoRecordings.files)
    func statusesMapToErrors(_ file: URL) {
        guard let recording = RecordingExpectations.load(file) else { return }
        for (index, interaction) in recording.interactions.enumerated() {
            let status = interaction.response.status
            if (200..<300).contains(status) { continue }
            let body = interaction.response.body.map { Data($0.bytes()) } ?? Data()
            let error = TodoClient.statusError(
                status: status, body: body, request: "\(interaction.request.method) \(interaction.request.path)")
            let context = "\(file.lastPathComponent) #\(index) status \(status)"
            switch status {
            case 404: #expect(error.kind == .notFound, "\(context)")
            case 422:
                #expect(error.kind == .validationFailed, "\(context)")
                #expect(!error.fieldErrors.isEmpty, "\(context): 422 without per-field errors")
            case 401: #expect(error.kind == .unauthorized, "\(context)")
            default: #expect(error.kind == .unexpectedStatus, "\(context)")
            }
            #expect(error.message?.isEmpty == false, "\(context): the server's message was lost")
        }
    }
}
