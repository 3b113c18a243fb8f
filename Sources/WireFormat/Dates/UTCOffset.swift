/// An offset from UTC as written at the end of an ISO-8601 date-time: `Z`, `+09:00` or `-05:00`.
///
/// `Z`, `+00:00` and `-00:00` are the same offset but different wire forms, so the type keeps them apart
/// (RFC 3339 gives `-00:00` a meaning of its own: the time is UTC and the local offset is unknown).
public struct UTCOffset: Hashable, Sendable, CustomStringConvertible {
    /// The offset in seconds east of UTC (`+09:00` is 32,400).
    public let seconds: Int
    /// Whether the offset is written as `Z` rather than `+hh:mm`.
    public let isZulu: Bool
    /// Whether the offset is RFC 3339's `-00:00`: UTC, with the local offset unknown.
    public let isUnknownLocal: Bool

    /// UTC, written as `Z`.
    public static let zulu = UTCOffset(seconds: 0, isZulu: true)
    /// UTC with an unknown local offset, written as `-00:00` (RFC 3339, section 4.3).
    public static let unknownLocal = UTCOffset(seconds: 0, isZulu: false, isUnknownLocal: true)

    /// Creates a numeric offset such as `+09:00`; pass negative hours for offsets west of UTC.
    ///
    /// - Parameters:
    ///   - hours: Whole hours east of UTC, from -23 to 23.
    ///   - minutes: Minutes added in the direction of `hours`, from 0 to 59.
    public init(hours: Int, minutes: Int = 0) {
        let sign = hours < 0 ? -1 : 1
        self.init(seconds: hours * 3600 + sign * minutes * 60, isZulu: false)
    }

    /// Creates an offset from seconds east of UTC; `isZulu` writes it as `Z` (only valid for 0).
    public init(seconds: Int, isZulu: Bool = false) {
        self.init(seconds: seconds, isZulu: isZulu, isUnknownLocal: false)
    }

    private init(seconds: Int, isZulu: Bool, isUnknownLocal: Bool) {
        self.seconds = seconds
        self.isZulu = isZulu && seconds == 0
        self.isUnknownLocal = isUnknownLocal && seconds == 0 && !isZulu
    }

    /// The offset as written on the wire: `Z`, `+09:00`, `-05:00`.
    public var description: String {
        if isZulu { return "Z" }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(6)
        appendOffset(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    func appendOffset(to bytes: inout [UInt8]) {
        if isZulu {
            bytes.append(UInt8(ascii: "Z"))
            return
        }
        let magnitude = abs(seconds)
        bytes.append(seconds < 0 || isUnknownLocal ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        appendDigits(magnitude / 3600, count: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(magnitude % 3600 / 60, count: 2, to: &bytes)
    }
}

/// Appends `value` as exactly `count` decimal digits, padded with leading zeros.
@inline(__always)
func appendDigits(_ value: Int, count: Int, to bytes: inout [UInt8]) {
    var divisor = 1
    for _ in 1..<max(count, 1) { divisor *= 10 }
    var rest = value
    while divisor > 0 {
        bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest / divisor % 10))
        rest %= divisor
        divisor /= 10
    }
}
