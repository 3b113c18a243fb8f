#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads `Retry-After` (RFC 9110, 10.2.3): a number of seconds, or an HTTP date such as `Wed, 21 Oct 2015 07:28:00 GMT`.
enum RetryAfter {
    /// The moment to retry at, or nil when the value is neither form.
    static func date(_ value: String, now: Date) -> Date? {
        let trimmed = value.trimmingSpaces
        if let seconds = Int(trimmed), seconds >= 0 { return now.addingTimeInterval(TimeInterval(seconds)) }
        return httpDate(trimmed)
    }

    /// IMF-fixdate only (the form RFC 9110 requires senders to write); nothing here reads the process's time zone.
    static func httpDate(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[0].hasSuffix(","), parts[5] == "GMT",
            let day = Int(parts[1]), let year = Int(parts[3]),
            let month = months.firstIndex(of: String(parts[2])).map({ $0 + 1 })
        else { return nil }
        let clock = parts[4].split(separator: ":")
        guard clock.count == 3, let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
            (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        let twoDigits = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
        let iso = "\(year)-\(twoDigits(month))-\(twoDigits(day))T\(twoDigits(hour)):\(twoDigits(minute)):\(twoDigits(min(second, 59)))Z"
        return try? Event.dateCodec.date(from: iso)
    }

    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}

extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
