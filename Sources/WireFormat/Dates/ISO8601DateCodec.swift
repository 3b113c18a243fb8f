#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Parses any ISO-8601 date-time into a `Date` and writes dates in one chosen wire form.
///
/// Parsing accepts 0 to 9 fraction digits and `Z` or a numeric offset, whatever `wireForm` is:
/// a client should read what the server sends. Formatting always writes `wireForm`, so
/// `46.123456Z` read with the todo API's form writes back as exactly `46.123456Z`.
/// Nothing here reads the process's time zone.
public struct ISO8601DateCodec: Hashable, Sendable {
    /// The form that ``string(from:)`` writes.
    public let wireForm: DateWireForm

    /// Creates a codec that writes `wireForm` (the todo API's microseconds and `Z` by default).
    public init(wireForm: DateWireForm = .microsecondsUTC) {
        self.wireForm = wireForm
    }

    /// Parses an ISO-8601 date-time.
    ///
    /// - Throws: ``DateFormatError`` quoting the string and saying what is wrong with it.
    public func date(from string: String) throws(DateFormatError) -> Date {
        try ISO8601Timestamp(parsing: string).date
    }

    /// Writes `date` in ``wireForm``, rounding to its fraction digits.
    public func string(from date: Date) -> String {
        let sinceReference = date.timeIntervalSinceReferenceDate
        let whole = sinceReference.rounded(.down)
        // `sinceReference - whole` is exact in floating point; only the scaling rounds.
        let fraction = sinceReference - whole
        let unitsPerSecond = ISO8601Parser.powersOfTen[wireForm.fractionDigits]
        var units = Int64((fraction * Double(unitsPerSecond)).rounded())
        var seconds = Int64(whole) + ISO8601Parser.referenceDateOffset
        if units >= unitsPerSecond {
            units -= unitsPerSecond
            seconds += 1
        }
        return ISO8601Formatter.string(seconds: seconds, fractionUnits: units, form: wireForm)
    }
}

extension JSONDecoder.DateDecodingStrategy {
    /// Decodes ISO-8601 date-times with 0 to 9 fraction digits and any offset, keeping microseconds.
    ///
    /// A malformed date throws `DecodingError.dataCorrupted` at the date's coding path, with a
    /// message that quotes the string and says what is wrong with it.
    public static var wireFormat: JSONDecoder.DateDecodingStrategy {
        .custom { decoder in
            let container = try decoder.singleValueContainer()
            let string = try container.decode(String.self)
            do throws(DateFormatError) {
                return try ISO8601Timestamp(parsing: string).date
            } catch {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
            }
        }
    }
}

extension JSONEncoder.DateEncodingStrategy {
    /// Encodes dates as ISO-8601 strings in `form`, such as the todo API's `2022-10-25T14:11:46.000000Z`.
    public static func wireFormat(_ form: DateWireForm) -> JSONEncoder.DateEncodingStrategy {
        let codec = ISO8601DateCodec(wireForm: form)
        return .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(codec.string(from: date))
        }
    }
}

extension KeyedDecodingContainer {
    /// Decodes an ISO-8601 date-time string at `key`, whatever the decoder's date strategy.
    ///
    /// Use it in a model's `init(from:)` so that the model reads the API's dates correctly with
    /// any `JSONDecoder`; it is also faster than a `.custom` date strategy. A malformed date
    /// throws `DecodingError.dataCorrupted` at the key, quoting the string and saying why.
    public func decodeWireDate(forKey key: Key) throws -> Date {
        let string = try decode(String.self, forKey: key)
        do throws(DateFormatError) {
            return try ISO8601Timestamp(parsing: string).date
        } catch {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: error.description)
        }
    }
}
