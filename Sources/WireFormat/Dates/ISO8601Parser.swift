/// The byte-level parser behind ``ISO8601Timestamp`` and ``ISO8601DateCodec``.
enum ISO8601Parser {
    /// Seconds from 1970-01-01 to 2001-01-01, the reference date of `Date`.
    static let referenceDateOffset: Int64 = 978_307_200

    static let powersOfTen: [Int64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
    ]

    /// Why a string is not a date-time, and where; the caller adds the string itself (so that the
    /// parse of a good date captures nothing).
    struct Failure: Error {
        let reason: String
        let offset: Int
    }

    static func parse(_ b: UnsafeBufferPointer<UInt8>) -> Result<ISO8601Timestamp, Failure> {
        func fail(_ reason: String, at offset: Int) -> Result<ISO8601Timestamp, Failure> {
            .failure(Failure(reason: reason, offset: offset))
        }
        func number(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= b.count else { return nil }
            var value = 0
            for i in start..<(start + count) {
                let digit = Int(b[i]) &- 48
                guard digit >= 0 && digit <= 9 else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        func expect(_ byte: UInt8, at i: Int, _ what: String) -> Bool {
            i < b.count && b[i] == byte
        }
        func describeByte(at i: Int) -> String {
            guard i < b.count else { return "the end of the string" }
            let byte = b[i]
            if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
            return "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }

        if b.isEmpty { return fail("the string is empty", at: 0) }
        guard let year = number(0, 4) else { return fail("expected a 4-digit year at offset 0", at: 0) }
        guard expect(UInt8(ascii: "-"), at: 4, "-") else { return fail("expected '-' after the year, found \(describeByte(at: 4))", at: 4) }
        guard let month = number(5, 2) else { return fail("expected a 2-digit month at offset 5", at: 5) }
        guard (1...12).contains(month) else { return fail("month \(month) is out of range 1...12", at: 5) }
        guard expect(UInt8(ascii: "-"), at: 7, "-") else {
            return fail("expected '-' after the month, found \(describeByte(at: 7))", at: 7)
        }
        guard let day = number(8, 2) else { return fail("expected a 2-digit day at offset 8", at: 8) }
        let daysInMonth = CivilCalendar.daysInMonth(year: year, month: month)
        guard (1...daysInMonth).contains(day) else {
            return fail("day \(day) is out of range 1...\(daysInMonth) for \(year)-\(month < 10 ? "0" : "")\(month)", at: 8)
        }
        guard expect(UInt8(ascii: "T"), at: 10, "T") else {
            if b.count == 10 { return fail("a date without a time; expected 'T' and a time at offset 10", at: 10) }
            return fail("expected 'T' between the date and the time, found \(describeByte(at: 10))", at: 10)
        }
        guard let hour = number(11, 2) else { return fail("expected a 2-digit hour at offset 11", at: 11) }
        guard hour <= 23 else { return fail("hour \(hour) is out of range 0...23", at: 11) }
        guard expect(UInt8(ascii: ":"), at: 13, ":") else {
            return fail("expected ':' after the hour, found \(describeByte(at: 13))", at: 13)
        }
        guard let minute = number(14, 2) else { return fail("expected 2-digit minutes at offset 14", at: 14) }
        guard minute <= 59 else { return fail("minute \(minute) is out of range 0...59", at: 14) }
        guard expect(UInt8(ascii: ":"), at: 16, ":") else {
            return fail("expected ':' after the minutes, found \(describeByte(at: 16))", at: 16)
        }
        guard let second = number(17, 2) else { return fail("expected 2-digit seconds at offset 17", at: 17) }
        guard second <= 59 else { return fail("second \(second) is out of range 0...59 (leap seconds are not supported)", at: 17) }

        var i = 19
        var nanoseconds: Int64 = 0
        var fractionDigits = 0
        if i < b.count && b[i] == UInt8(ascii: ".") {
            i += 1
            let start = i
            while i < b.count, b[i] >= UInt8(ascii: "0"), b[i] <= UInt8(ascii: "9") {
                if i - start < 9 { nanoseconds = nanoseconds * 10 + Int64(b[i] - UInt8(ascii: "0")) }
                i += 1
            }
            fractionDigits = i - start
            if fractionDigits == 0 { return fail("expected digits after '.'", at: start) }
            if fractionDigits > 9 { return fail("\(fractionDigits) fraction digits; at most 9 are supported", at: start) }
            nanoseconds *= powersOfTen[9 - fractionDigits]
        }

        let offset: UTCOffset
        guard i < b.count else { return fail("missing the offset: expected 'Z' or '+hh:mm' at the end", at: i) }
        switch b[i] {
        case UInt8(ascii: "Z"):
            offset = .zulu
            i += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let negative = b[i] == UInt8(ascii: "-")
            guard let hours = number(i + 1, 2), expect(UInt8(ascii: ":"), at: i + 3, ":"), let minutes = number(i + 4, 2) else {
                return fail("expected an offset of the form +hh:mm or -hh:mm at offset \(i)", at: i)
            }
            guard hours <= 23, minutes <= 59 else { return fail("offset \(hours):\(minutes) is out of range", at: i) }
            let seconds = (hours * 3600 + minutes * 60) * (negative ? -1 : 1)
            offset = negative && seconds == 0 ? .unknownLocal : UTCOffset(seconds: seconds)
            i += 6
        default:
            return fail("expected 'Z' or an offset such as '+09:00', found \(describeByte(at: i))", at: i)
        }
        guard i == b.count else { return fail("unexpected \(describeByte(at: i)) after the offset", at: i) }

        let days = Int64(CivilCalendar.daysSince1970(year: year, month: month, day: day))
        let local = days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return .success(
            ISO8601Timestamp(
                secondsSince1970: local - Int64(offset.seconds),
                nanoseconds: Int32(nanoseconds),
                wireForm: DateWireForm(fractionDigits: fractionDigits, offset: offset)
            )
        )
    }
}

/// The byte-level formatter behind ``ISO8601Timestamp`` and ``ISO8601DateCodec``.
enum ISO8601Formatter {
    /// Formats an instant (`seconds` since 1970 plus `fractionUnits` of 10^-digits s) in `form`.
    static func string(seconds: Int64, fractionUnits: Int64, form: DateWireForm) -> String {
        let local = seconds + Int64(form.offset.seconds)
        let (days, secondOfDay) = CivilCalendar.floorDivide(local, 86_400)
        let (year, month, day) = CivilCalendar.civil(fromDaysSince1970: Int(days))
        var bytes: [UInt8] = []
        bytes.reserveCapacity(36)
        if year < 0 || year > 9999 {
            // Outside ISO-8601's four digits; write the year as is rather than wrap it.
            bytes.append(contentsOf: Array(String(year).utf8))
        } else {
            appendDigits(year, count: 4, to: &bytes)
        }
        bytes.append(UInt8(ascii: "-"))
        appendDigits(month, count: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(day, count: 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        let s = Int(secondOfDay)
        appendDigits(s / 3600, count: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(s % 3600 / 60, count: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(s % 60, count: 2, to: &bytes)
        if form.fractionDigits > 0 {
            bytes.append(UInt8(ascii: "."))
            appendDigits(Int(fractionUnits), count: form.fractionDigits, to: &bytes)
        }
        form.offset.appendOffset(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
