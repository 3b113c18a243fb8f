import Foundation
import TestSupport
import Testing
import WireFormat

/// One valid wire string and the instant it denotes, computed independently (Python's `datetime`).
struct ValidDate: CustomTestStringConvertible, Sendable {
    let input: String
    let secondsSince1970: Int64
    let nanoseconds: Int32
    let fractionDigits: Int
    let offset: String
    var testDescription: String { input }
}

@Suite("ISO-8601 timestamps")
struct ISO8601TimestampTests {
    static let valid: [ValidDate] = [
        .init(input: "2022-10-25T14:11:46Z", secondsSince1970: 1_666_707_106, nanoseconds: 0, fractionDigits: 0, offset: "Z"),
        .init(input: "2022-10-25T14:11:46.123Z", secondsSince1970: 1_666_707_106, nanoseconds: 123_000_000, fractionDigits: 3, offset: "Z"),
        .init(input: "2022-10-25T14:11:46.000000Z", secondsSince1970: 1_666_707_106, nanoseconds: 0, fractionDigits: 6, offset: "Z"),
        .init(
            input: "2022-10-25T14:11:46.123456Z", secondsSince1970: 1_666_707_106, nanoseconds: 123_456_000, fractionDigits: 6, offset: "Z"),
        .init(
            input: "2022-10-25T14:11:46.123456789Z", secondsSince1970: 1_666_707_106, nanoseconds: 123_456_789, fractionDigits: 9,
            offset: "Z"),
        .init(input: "2017-05-07T18:50:07.000+09:00", secondsSince1970: 1_494_150_607, nanoseconds: 0, fractionDigits: 3, offset: "+09:00"),
        .init(
            input: "2024-05-21T15:32:19.5-05:00", secondsSince1970: 1_716_323_539, nanoseconds: 500_000_000, fractionDigits: 1,
            offset: "-05:00"),
        .init(
            input: "2024-02-29T23:59:59.999999Z", secondsSince1970: 1_709_251_199, nanoseconds: 999_999_000, fractionDigits: 6, offset: "Z"),
        .init(
            input: "2024-01-01T00:00:00.000000+09:00", secondsSince1970: 1_704_034_800, nanoseconds: 0, fractionDigits: 6, offset: "+09:00"),
        .init(input: "1969-12-31T23:59:59.250000Z", secondsSince1970: -1, nanoseconds: 250_000_000, fractionDigits: 6, offset: "Z"),
        .init(input: "2000-02-29T12:00:00Z", secondsSince1970: 951_825_600, nanoseconds: 0, fractionDigits: 0, offset: "Z"),
        .init(input: "2100-03-01T09:00:00+09:00", secondsSince1970: 4_107_542_400, nanoseconds: 0, fractionDigits: 0, offset: "+09:00"),
        .init(input: "2022-10-25T14:11:46+00:00", secondsSince1970: 1_666_707_106, nanoseconds: 0, fractionDigits: 0, offset: "+00:00"),
        // RFC 3339's "UTC, local offset unknown" (the fuzzer found it written back as +00:00).
        .init(input: "2022-10-25T14:11:46-00:00", secondsSince1970: 1_666_707_106, nanoseconds: 0, fractionDigits: 0, offset: "-00:00"),
        .init(
            input: "1969-12-31T23:59:59.99990000-00:00", secondsSince1970: -1, nanoseconds: 999_900_000, fractionDigits: 8, offset: "-00:00"
        ),
    ]

    @Test("Z, +00:00 and -00:00 are one instant and three wire forms")
    func zeroOffsetsStayApart() throws {
        let forms = try ["2022-10-25T14:11:46Z", "2022-10-25T14:11:46+00:00", "2022-10-25T14:11:46-00:00"].map {
            try ISO8601Timestamp(parsing: $0)
        }
        #expect(Set(forms.map(\.secondsSince1970)).count == 1)
        #expect(Set(forms.map(\.wireForm.offset)).count == 3)
        #expect(forms[2].wireForm.offset == .unknownLocal && forms[2].wireForm.offset.isUnknownLocal)
        #expect(UTCOffset(seconds: 0) != .unknownLocal && UTCOffset(seconds: 0).description == "+00:00")
    }

    @Test("parses the instant, digits and offset", arguments: valid)
    func parsesInstantAndForm(_ case_: ValidDate) throws {
        let stamp = try ISO8601Timestamp(parsing: case_.input)
        #expect(stamp.secondsSince1970 == case_.secondsSince1970)
        #expect(stamp.nanoseconds == case_.nanoseconds)
        #expect(stamp.wireForm.fractionDigits == case_.fractionDigits)
        #expect(stamp.wireForm.offset.description == case_.offset)
    }

    @Test("formats back to the parsed string byte for byte", arguments: valid)
    func formatsBackExactly(_ case_: ValidDate) throws {
        #expect(try ISO8601Timestamp(parsing: case_.input).formatted() == case_.input)
    }

    @Test("a Date keeps up to six digits exactly", arguments: valid.filter { $0.fractionDigits <= 6 })
    func dateRoundTripsUpToMicroseconds(_ case_: ValidDate) throws {
        let stamp = try ISO8601Timestamp(parsing: case_.input)
        let codec = ISO8601DateCodec(wireForm: stamp.wireForm)
        #expect(codec.string(from: try codec.date(from: case_.input)) == case_.input)
    }

    @Test("nine digits survive a Date to within a microsecond")
    func nineDigitsThroughDate() throws {
        let codec = ISO8601DateCodec(wireForm: DateWireForm(fractionDigits: 9, offset: .zulu))
        let date = try codec.date(from: "2022-10-25T14:11:46.123456789Z")
        let written = try ISO8601Timestamp(parsing: codec.string(from: date))
        #expect(written.secondsSince1970 == 1_666_707_106)
        #expect(abs(Int(written.nanoseconds) - 123_456_789) < 1_000)
    }

    @Test(
        "the same instant written with other offsets",
        arguments: [
            ("2017-05-07T18:50:07.000+09:00", DateWireForm.microsecondsUTC, "2017-05-07T09:50:07.000000Z"),
            ("2022-10-25T14:11:46.000000Z", DateWireForm.millisecondsSeoul, "2022-10-25T23:11:46.000+09:00"),
            ("2023-12-31T15:00:00.000000Z", DateWireForm.millisecondsSeoul, "2024-01-01T00:00:00.000+09:00"),
            ("2024-05-21T20:32:19.999999Z", DateWireForm.secondsUTC, "2024-05-21T20:32:20Z"),
            ("2024-05-21T20:32:19.5Z", DateWireForm(fractionDigits: 6, offset: UTCOffset(hours: -5)), "2024-05-21T15:32:19.500000-05:00"),
            (
                "2024-03-01T04:59:59.9999996Z", DateWireForm(fractionDigits: 6, offset: UTCOffset(hours: -5)),
                "2024-03-01T00:00:00.000000-05:00"
            ),
        ])
    func rewritesInAnotherForm(_ input: String, _ form: DateWireForm, _ expected: String) throws {
        #expect(try ISO8601Timestamp(parsing: input).formatted(as: form) == expected)
        let codec = ISO8601DateCodec(wireForm: form)
        #expect(codec.string(from: try codec.date(from: input)) == expected)
    }

    @Test("instants before 1970 format on the right day")
    func beforeTheEpoch() {
        let codec = ISO8601DateCodec(wireForm: .microsecondsUTC)
        #expect(codec.string(from: Date(timeIntervalSince1970: -0.75)) == "1969-12-31T23:59:59.250000Z")
        #expect(codec.string(from: Date(timeIntervalSince1970: -86_400 * 365)) == "1969-01-01T00:00:00.000000Z")
    }

    @Test("agrees with Foundation's Gregorian calendar across four centuries")
    func agreesWithFoundationCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let codec = ISO8601DateCodec(wireForm: .secondsUTC)
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<2_000 {
            let seconds = Int64(generator.next() % 12_600_000_000) - 2_208_988_800  // 1900...2300
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let expected = String(
                format: "%04d-%02d-%02dT%02d:%02d:%02dZ",
                c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0, c.second ?? 0
            )
            let written = codec.string(from: date)
            #expect(written == expected)
            #expect(try ISO8601Timestamp(parsing: written).secondsSince1970 == seconds)
        }
    }

    @Test(
        "invalid forms are rejected with a clear reason",
        arguments: [
            ("", "the string is empty"),
            ("2022-10-25", "a date without a time"),
            ("2022-10-25 14:11:46Z", "expected 'T' between the date and the time, found ' '"),
            ("2022-13-01T00:00:00Z", "month 13 is out of range 1...12"),
            ("2023-02-29T00:00:00Z", "day 29 is out of range 1...28 for 2023-02"),
            ("2024-04-31T00:00:00Z", "day 31 is out of range 1...30 for 2024-04"),
            ("2022-10-25T24:00:00Z", "hour 24 is out of range 0...23"),
            ("2022-10-25T14:60:00Z", "minute 60 is out of range 0...59"),
            ("2022-10-25T14:11:60Z", "leap seconds are not supported"),
            ("2022-10-25T14:11:46", "missing the offset"),
            ("2022-10-25T14:11:46.Z", "expected digits after '.'"),
            ("2022-10-25T14:11:46.1234567890Z", "10 fraction digits; at most 9"),
            ("2022-10-25T14:11:46+0900", "expected an offset of the form +hh:mm"),
            ("2022-10-25T14:11:46+24:00", "offset 24:0 is out of range"),
            ("2022-10-25T14:11:46Zjunk", "unexpected 'j' after the offset"),
            ("2022-10-25T14:11:46z", "expected 'Z' or an offset such as '+09:00', found 'z'"),
            ("22-10-25T14:11:46Z", "expected a 4-digit year"),
            ("１９９９-10-25T14:11:46Z", "expected a 4-digit year"),
        ])
    func rejectsInvalidForms(_ input: String, _ reason: String) {
        #expect {
            _ = try ISO8601Timestamp(parsing: input)
        } throws: { error in
            guard let error = error as? DateFormatError else { return false }
            return error.input == input && error.reason.contains(reason) && error.description.contains("\"\(input)\"")
        }
    }
}
