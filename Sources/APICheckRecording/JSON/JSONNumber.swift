/// A JSON number kept as its literal, so `10.309712`, `1e3`, `-0` and 30-digit integers survive a round trip.
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
    /// The number exactly as written, such as `1e3`.
    public let literal: String

    /// Wraps a literal that is already valid JSON number syntax (the reader checks it).
    package init(literal: String) {
        self.literal = literal
    }

    /// A number from an integer.
    public init(_ value: Int) {
        literal = String(value)
    }

    /// A number from a double; non-finite values have no JSON form and become `0`.
    public init(_ value: Double) {
        literal = value.isFinite ? "\(value)" : "0"
    }

    /// Whether the literal has no fraction and no exponent (`42`, `-7`; not `1.0` or `1e3`).
    public var isInteger: Bool {
        !literal.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    }

    /// The value as an `Int`, when the literal is an integer that fits.
    public var intValue: Int? { isInteger ? Int(literal) : nil }

    /// The value as a `Double` (rounded, for big or long literals).
    public var doubleValue: Double? { Double(literal) }

    /// Whether both denote the same number (`1.0` and `1`, `1e3` and `1000`).
    public func isNumericallyEqual(to other: JSONNumber) -> Bool {
        if literal == other.literal { return true }
        if isInteger && other.isInteger, let a = intValue, let b = other.intValue { return a == b }
        // Exactly, on the literals: through a Double, two 20-digit ids that differ in the last digit compare equal.
        guard let a = exact, let b = other.exact else { return false }
        return a == b
    }

    /// The exact decimal value of the literal.
    package var exact: ExactDecimal? { ExactDecimal(literal) }

    /// The literal.
    public var description: String { literal }
}
