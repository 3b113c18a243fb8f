import Foundation
import OpenAPIRuntime
import Testing
import WireFormat
import WireFormatOpenAPI

/// WireFormat's codec as the runtime's `DateTranscoder`: every ISO-8601 form read, the chosen one written.
/// (`Examples/GeneratedClient` compares it with the runtime's own transcoders through a generated client.)
@Suite
struct WireFormatDateTranscoderTests {
    static let laravel = "2024-05-14T23:51:26.197159Z"

    @Test("the todo API's date is read with its microseconds and written back as it came")
    func microsecondsRoundTrip() throws {
        let transcoder: any DateTranscoder = .wireFormat
        let date = try transcoder.decode(Self.laravel)
        #expect(date.timeIntervalSince1970 == 1_715_730_686.197159)
        #expect(try transcoder.encode(date) == Self.laravel)
    }

    @Test(
        "every ISO-8601 form is read; the chosen form is written",
        arguments: [
            ("2024-05-14T23:51:26Z", DateWireForm.microsecondsUTC, "2024-05-14T23:51:26.000000Z"),
            ("2024-05-15T08:51:26.197+09:00", .microsecondsUTC, "2024-05-14T23:51:26.197000Z"),
            ("2024-05-14T23:51:26.197159Z", .millisecondsSeoul, "2024-05-15T08:51:26.197+09:00"),
            ("2024-05-14T23:51:26.197159123Z", .secondsUTC, "2024-05-14T23:51:26Z"),
        ])
    func formsAreReadAndWritten(input: String, form: DateWireForm, written: String) throws {
        let transcoder: any DateTranscoder = .wireFormat(form)
        #expect(try transcoder.encode(transcoder.decode(input)) == written)
    }

    @Test("a malformed date is a DecodingError that quotes it and carries the DateFormatError")
    func malformedDate() throws {
        let transcoder = WireFormatDateTranscoder()
        let error = try #require(throws: DecodingError.self) { try transcoder.decode("2024-05-14 23:51:26") }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.debugDescription.contains("2024-05-14 23:51:26"), "\(context.debugDescription)")
        #expect(context.underlyingError is DateFormatError)
    }
}
