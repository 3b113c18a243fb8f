#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An ISO-8601 date-time exactly as written on the wire: the instant to the nanosecond, plus its form.
///
/// A `Date` is a `Double` and holds about a tenth of a microsecond near the present, which is
/// enough for 6 digits but not for 9. Keep an `ISO8601Timestamp` when the exact string matters:
/// `formatted()` gives back the parsed string byte for byte.
public struct ISO8601Timestamp: Hashable, Sendable, CustomStringConvertible {
    /// Whole seconds since 1970-01-01T00:00:00Z (the instant, whatever the offset).
    public let secondsSince1970: Int64
    /// The fraction of the second, in nanoseconds (0 ..< 1,000,000,000).
    public let nanoseconds: Int32
    /// The form it was written in: its fraction digits and offset.
    public let wireForm: DateWireForm

    /// Creates a timestamp from an instant and the form to write it in.
    public init(secondsSince1970: Int64, nanoseconds: Int32, wireForm: DateWireForm) {
        let carry = CivilCalendar.floorDivide(Int64(nanoseconds), 1_000_000_000)
        self.secondsSince1970 = secondsSince1970 + carry.quotient
        self.nanoseconds = Int32(carry.remainder)
        self.wireForm = wireForm
    }

    /// Parses an ISO-8601 date-time with 0 to 9 fraction digits and `Z` or a `+hh:mm`/`-hh:mm` offset.
    ///
    /// - Throws: ``DateFormatError`` naming the input and what is wrong with it.
    public init(parsing string: String) throws(DateFormatError) {
        let parsed =
            string.utf8.withContiguousStorageIfAvailable(ISO8601Parser.parse)
            ?? {
                var copy = string
                return copy.withUTF8(ISO8601Parser.parse)
            }()
        switch parsed {
        case .success(let stamp): self = stamp
        case .failure(let failure): throw DateFormatError(input: string, reason: failure.reason, offset: failure.offset)
        }
    }

    /// Parses a date-time from its UTF-8 bytes as ``init(parsing:)`` does; nil where that throws. For readers that
    /// check text without making a `String` of it (apicheck's streaming body check).
    package static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> ISO8601Timestamp? {
        if case .success(let stamp) = ISO8601Parser.parse(bytes) { return stamp }
        return nil
    }

    /// The instant as a `Date`, rounded to what a `Double` can hold.
    public var date: Date {
        let sinceReference = secondsSince1970 - ISO8601Parser.referenceDateOffset
        return Date(timeIntervalSinceReferenceDate: Double(sinceReference) + Double(nanoseconds) / 1e9)
    }

    /// Writes the timestamp in its own wire form: the parsed string, byte for byte.
    public func formatted() -> String {
        formatted(as: wireForm)
    }

    /// Writes the same instant in another wire form, rounding the fraction to its digits.
    public func formatted(as form: DateWireForm) -> String {
        let scale = ISO8601Parser.powersOfTen[9 - form.fractionDigits]
        var seconds = secondsSince1970
        var units = (Int64(nanoseconds) + scale / 2) / scale
        let unitsPerSecond = ISO8601Parser.powersOfTen[form.fractionDigits]
        if units >= unitsPerSecond {
            units -= unitsPerSecond
            seconds += 1
        }
        return ISO8601Formatter.string(seconds: seconds, fractionUnits: units, form: form)
    }

    /// The same as `formatted()`.
    public var description: String { formatted() }
}
