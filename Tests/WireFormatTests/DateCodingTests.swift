import Foundation
import Testing
import WireFormat

@Suite("Dates in JSON and on screen")
struct DateCodingTests {
    struct Stamped: Codable, Equatable {
        let createdAt: Date
        enum CodingKeys: String, CodingKey { case createdAt = "created_at" }
    }

    @Test("JSONDecoder keeps microseconds and JSONEncoder writes them back")
    func jsonRoundTrip() throws {
        let json = Data(#"{"created_at":"2022-10-25T14:11:46.123456Z"}"#.utf8)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .wireFormat
        let value = try decoder.decode(Stamped.self, from: json)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .wireFormat(.microsecondsUTC)
        #expect(String(decoding: try encoder.encode(value), as: UTF8.self) == #"{"created_at":"2022-10-25T14:11:46.123456Z"}"#)
    }

    @Test("a malformed date fails at its key with the reason")
    func malformedDateNamesKeyAndReason() {
        let json = Data(#"{"created_at":"2022-10-25T14:11:46.000000"}"#.utf8)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .wireFormat
        #expect {
            _ = try decoder.decode(Stamped.self, from: json)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["created_at"]
                && context.debugDescription.contains("missing the offset")
                && context.debugDescription.contains("2022-10-25T14:11:46.000000")
        }
    }

    @Test(
        "display dates follow the viewer's time zone",
        arguments: [
            ("2024-05-21T20:32:19.000000Z", "Asia/Seoul", "2024.05.22"),
            ("2024-05-21T20:32:19.000000Z", "UTC", "2024.05.21"),
            ("2024-05-21T20:32:19.000000Z", "America/Los_Angeles", "2024.05.21"),
            ("2024-05-21T14:59:59.999999Z", "Asia/Seoul", "2024.05.21"),
            ("2024-05-21T15:00:00.000000Z", "Asia/Seoul", "2024.05.22"),
            ("2023-12-31T14:59:59.999999Z", "Asia/Seoul", "2023.12.31"),
            ("2023-12-31T15:00:00.000000Z", "Asia/Seoul", "2024.01.01"),
            ("2024-02-28T15:00:00.000000Z", "Asia/Seoul", "2024.02.29"),
            ("2024-03-01T04:59:59.000000Z", "America/New_York", "2024.02.29"),
        ])
    func displayDayInTimeZone(_ wire: String, _ zone: String, _ expected: String) throws {
        let date = try ISO8601DateCodec().date(from: wire)
        let timeZone = try #require(TimeZone(identifier: zone))
        #expect(date.wireFormatDisplay(in: timeZone) == expected)
    }

    @Test("display follows daylight saving, not a fixed shift")
    func displayFollowsDaylightSaving() throws {
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        let codec = ISO8601DateCodec()
        // UTC-5 in January, UTC-4 in July: the same UTC time of day is a different local hour.
        let winter = CivilDateTime(try codec.date(from: "2024-01-15T12:00:00.000000Z"), in: newYork)
        let summer = CivilDateTime(try codec.date(from: "2024-07-15T12:00:00.000000Z"), in: newYork)
        #expect(winter.hour == 7)
        #expect(summer.hour == 8)
        #expect(summer.formatted("yyyy-MM-dd HH:mm:ss") == "2024-07-15 08:00:00")
    }
}
