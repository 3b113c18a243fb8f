#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A wall-clock date and time in one time zone, for showing a date to a person.
///
/// Convert with the zone the person is in: `2024-05-21T20:32:19.000000Z` is `2024.05.22` in
/// Asia/Seoul and `2024.05.21` in UTC. Never shift a date by a fixed number of hours instead:
/// that is wrong in every other zone and across daylight-saving changes.
public struct CivilDateTime: Hashable, Sendable {
    /// The year, such as 2024.
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// The day of the month, 1 to 31.
    public let day: Int
    /// The hour, 0 to 23.
    public let hour: Int
    /// The minute, 0 to 59.
    public let minute: Int
    /// The second, 0 to 59.
    public let second: Int
    /// The fraction of the second, in nanoseconds, as far as a `Date` holds it.
    public let nanosecond: Int

    /// The wall-clock reading of `date` in `timeZone` (its offset at that instant, daylight saving included).
    public init(_ date: Date, in timeZone: TimeZone) {
        let sinceReference = date.timeIntervalSinceReferenceDate
        let whole = sinceReference.rounded(.down)
        var nanos = Int64(((sinceReference - whole) * 1e9).rounded())
        var seconds = Int64(whole) + ISO8601Parser.referenceDateOffset
        if nanos >= 1_000_000_000 {
            nanos -= 1_000_000_000
            seconds += 1
        }
        let local = seconds + Int64(timeZone.secondsFromGMT(for: date))
        let (days, secondOfDay) = CivilCalendar.floorDivide(local, 86_400)
        let civil = CivilCalendar.civil(fromDaysSince1970: Int(days))
        year = civil.year
        month = civil.month
        day = civil.day
        hour = Int(secondOfDay) / 3600
        minute = Int(secondOfDay) % 3600 / 60
        second = Int(secondOfDay) % 60
        nanosecond = Int(nanos)
    }

    /// Formats with a small fixed pattern language: `yyyy`, `MM`, `dd`, `HH`, `mm`, `ss`; other characters are copied.
    ///
    /// For example `"yyyy.MM.dd"` gives `2024.05.22`. For localized text, use `Date.FormatStyle`
    /// with the same time zone instead.
    public func formatted(_ pattern: String = "yyyy.MM.dd") -> String {
        var out: [UInt8] = []
        let p = Array(pattern.utf8)
        var i = 0
        func token(_ t: String) -> Bool {
            let bytes = Array(t.utf8)
            guard i + bytes.count <= p.count, Array(p[i..<(i + bytes.count)]) == bytes else { return false }
            i += bytes.count
            return true
        }
        while i < p.count {
            if token("yyyy") {
                appendDigits(year, count: 4, to: &out)
            } else if token("MM") {
                appendDigits(month, count: 2, to: &out)
            } else if token("dd") {
                appendDigits(day, count: 2, to: &out)
            } else if token("HH") {
                appendDigits(hour, count: 2, to: &out)
            } else if token("mm") {
                appendDigits(minute, count: 2, to: &out)
            } else if token("ss") {
                appendDigits(second, count: 2, to: &out)
            } else {
                out.append(p[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension Date {
    /// Formats this date for a person in `timeZone`, `yyyy.MM.dd` by default (see ``CivilDateTime/formatted(_:)``).
    public func wireFormatDisplay(_ pattern: String = "yyyy.MM.dd", in timeZone: TimeZone) -> String {
        CivilDateTime(self, in: timeZone).formatted(pattern)
    }
}
