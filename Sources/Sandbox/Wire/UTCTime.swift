import Foundation

/// A moment's calendar fields in UTC, from the sandbox's own formatter (gmtime_r), independent of the
/// clients' WireFormat code: the replicas write their dates with it.
struct UTCTime {
    let year: Int
    let month: Int
    let day: Int
    let hour: Int
    let minute: Int
    let second: Int
    /// 0 is Sunday.
    let weekday: Int

    init(_ seconds: Int64) {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        year = Int(parts.tm_year) + 1900
        month = Int(parts.tm_mon) + 1
        day = Int(parts.tm_mday)
        hour = Int(parts.tm_hour)
        minute = Int(parts.tm_min)
        second = Int(parts.tm_sec)
        weekday = Int(parts.tm_wday)
    }

    /// `2023-09-16T18:07:38`: the date and time, without fraction or offset.
    var dateTime: String {
        String(year).leftPadded(to: 4) + "-" + String(month).leftPadded(to: 2) + "-" + String(day).leftPadded(to: 2) + "T"
            + String(hour).leftPadded(to: 2) + ":" + String(minute).leftPadded(to: 2) + ":" + String(second).leftPadded(to: 2)
    }
}

extension String {
    /// The text with `0`s in front up to `width` characters (`"7".leftPadded(to: 2)` is `"07"`).
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
