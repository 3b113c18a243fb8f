import APICheckRecording
import Foundation
import Testing
import WireFormat

/// Expectations over recordings, for decoding-contract suites; failures point at your line and name the JSON pointer.
public enum RecordingExpectations {
    /// Loads a recording, recording an issue (with the file, line and pointer) if it does not load.
    public static func load(_ url: URL, sourceLocation: SourceLocation = #_sourceLocation) -> Recording? {
        do {
            return try Recording.load(from: url)
        } catch {
            Issue.record(Comment(rawValue: error.description), sourceLocation: sourceLocation)
            return nil
        }
    }

    /// Expects every key in `value` to follow `keyCase`; one issue per offending key.
    public static func expectKeys(
        in value: JSONValue, follow keyCase: KeyCase, context: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for violation in keyCase.violations(in: value) {
            Issue.record("\(context) \(violation.pointer): key \"\(violation.key)\" is not \(keyCase)", sourceLocation: sourceLocation)
        }
    }

    /// Expects every date-time string in `value` (any string that starts `yyyy-MM-ddT`) to be written exactly in `form`,
    /// and to format back byte for byte. Returns how many dates it checked.
    @discardableResult
    public static func expectDates(
        in value: JSONValue, writtenAs form: DateWireForm, context: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Int {
        var checked = 0
        visitStrings(value, at: .root) { pointer, text in
            guard looksLikeDateTime(text) else { return }
            checked += 1
            do {
                let stamp = try ISO8601Timestamp(parsing: text)
                if stamp.wireForm != form {
                    Issue.record(
                        "\(context) \(pointer): \"\(text)\" is written with \(stamp.wireForm), expected \(form)",
                        sourceLocation: sourceLocation)
                }
                let codec = ISO8601DateCodec(wireForm: form)
                let again = codec.string(from: try codec.date(from: text))
                if stamp.wireForm == form && again != text {
                    Issue.record("\(context) \(pointer): \"\(text)\" formats back as \"\(again)\"", sourceLocation: sourceLocation)
                }
            } catch {
                Issue.record("\(context) \(pointer): \(error)", sourceLocation: sourceLocation)
            }
        }
        return checked
    }

    /// Expects a recorded form request to carry the form content type and a `raw` equal to WireFormat's encoding of its pairs.
    public static func expectFormBody(of request: RecordedRequest, context: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard MediaType.essence(of: request.headers["Content-Type"] ?? "") == FormURLEncoding.contentType else {
            Issue.record(
                """
                \(context): Content-Type is \(request.headers["Content-Type"].map { "\"\($0)\"" } ?? "absent"), expected \
                \(FormURLEncoding.contentType)
                """,
                sourceLocation: sourceLocation)
            return
        }
        guard case .form(let fields, let raw) = request.body else {
            Issue.record("\(context): the body is \(request.body?.kind ?? "absent"), expected a form", sourceLocation: sourceLocation)
            return
        }
        let expected = FormURLEncoding.encode(fields)
        if raw != expected {
            Issue.record(
                "\(context): raw body \"\(raw)\" differs from the encoding of its pairs \"\(expected)\"", sourceLocation: sourceLocation)
        }
    }

    static func looksLikeDateTime(_ text: String) -> Bool {
        let bytes = Array(text.utf8.prefix(11))
        guard bytes.count == 11 else { return false }
        let digits = [0, 1, 2, 3, 5, 6, 8, 9]
        return digits.allSatisfy { bytes[$0] >= 48 && bytes[$0] <= 57 } && bytes[4] == 45 && bytes[7] == 45 && bytes[10] == 84
    }

    static func visitStrings(_ value: JSONValue, at pointer: JSONPointer, _ visit: (JSONPointer, String) -> Void) {
        switch value {
        case .string(let text): visit(pointer, text)
        case .array(let items): for (index, item) in items.enumerated() { visitStrings(item, at: pointer.appending(index), visit) }
        case .object(let object): for member in object { visitStrings(member.value, at: pointer.appending(member.key), visit) }
        default: break
        }
    }
}
