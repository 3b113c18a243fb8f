/// The exact form of an ISO-8601 date-time on the wire: how many fraction digits, which offset.
///
/// Each API writes one form: the todo API `2022-10-25T14:11:46.000000Z` (6 digits, `Z`), Kakao
/// `2017-05-07T18:50:07.000+09:00` (3 digits, `+09:00`), GitHub `2022-06-09T12:47:28Z` (none).
public struct DateWireForm: Hashable, Sendable, CustomStringConvertible {
    /// The number of fraction-of-second digits written, from 0 (no fraction) to 9.
    public let fractionDigits: Int
    /// The offset written; the instant is converted to it before formatting.
    public let offset: UTCOffset

    /// Creates a wire form; `fractionDigits` is clamped to 0...9.
    public init(fractionDigits: Int, offset: UTCOffset) {
        self.fractionDigits = min(max(fractionDigits, 0), 9)
        self.offset = offset
    }

    /// Six fraction digits and `Z`: Laravel's `2022-10-25T14:11:46.000000Z`.
    public static let microsecondsUTC = DateWireForm(fractionDigits: 6, offset: .zulu)
    /// Three fraction digits and `+09:00`: Kakao's `2017-05-07T18:50:07.000+09:00`.
    public static let millisecondsSeoul = DateWireForm(fractionDigits: 3, offset: UTCOffset(hours: 9))
    /// Three fraction digits and `Z`: LSLP's `2023-12-31T05:28:12.052Z`.
    public static let millisecondsUTC = DateWireForm(fractionDigits: 3, offset: .zulu)
    /// No fraction and `Z`: GitHub's `2022-06-09T12:47:28Z`.
    public static let secondsUTC = DateWireForm(fractionDigits: 0, offset: .zulu)

    /// A short description such as `6 fraction digits, Z`.
    public var description: String {
        "\(fractionDigits) fraction digit\(fractionDigits == 1 ? "" : "s"), \(offset)"
    }
}
