/// A JSON number literal as a sign, decimal digits and a power of ten: compared and divided exactly.
///
/// A `Double` cannot hold `0.1`, so `0.3` is not a multiple of `0.1` through one, and two 20-digit ids
/// that differ in the last digit compare equal. JSON Schema's `multipleOf`, `minimum`, `enum` and
/// `uniqueItems` are about the number written, so they are checked on the literal.
package struct ExactDecimal: Sendable, Equatable {
    package let negative: Bool
    /// Significant digits (0-9), with no leading or trailing zeros; empty for zero.
    package let digits: [UInt8]
    /// The value is `digits × 10^exponent`.
    package let exponent: Int

    /// Parses JSON number syntax (`-12.50e3`); nil for anything else.
    package init?(_ literal: String) {
        var bytes = Array(literal.utf8)[...]
        var negative = false
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            bytes = bytes.dropFirst()
        }
        var digits: [UInt8] = []
        var exponent = 0
        var sawDigit = false
        var inFraction = false
        while let byte = bytes.first {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                sawDigit = true
                digits.append(byte - UInt8(ascii: "0"))
                if inFraction { exponent -= 1 }
            } else if byte == UInt8(ascii: "."), !inFraction {
                inFraction = true
            } else {
                break
            }
            bytes = bytes.dropFirst()
        }
        guard sawDigit else { return nil }
        if let marker = bytes.first {
            guard marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") else { return nil }
            bytes = bytes.dropFirst()
            var sign = 1
            if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") {
                if bytes.first == UInt8(ascii: "-") { sign = -1 }
                bytes = bytes.dropFirst()
            }
            guard !bytes.isEmpty else { return nil }
            var value = 0
            for byte in bytes {
                guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
                // Saturate: 10^(10^15) is beyond every comparison that matters and keeps Int from overflowing.
                value = min(value * 10 + Int(byte - UInt8(ascii: "0")), 1_000_000_000_000_000)
            }
            exponent += sign * value
        }
        self.init(negative: negative, digits: digits, exponent: exponent)
    }

    /// Normalizes: strips leading and trailing zeros (moving the exponent), and the sign of zero.
    init(negative: Bool, digits: [UInt8], exponent: Int) {
        var start = digits.startIndex
        while start < digits.endIndex, digits[start] == 0 { start += 1 }
        var end = digits.endIndex
        var exponent = exponent
        while end > start, digits[end - 1] == 0 {
            end -= 1
            exponent += 1
        }
        self.digits = Array(digits[start..<end])
        self.negative = self.digits.isEmpty ? false : negative
        self.exponent = self.digits.isEmpty ? 0 : exponent
    }

    package var isZero: Bool { digits.isEmpty }

    /// Whether the value has no fractional part (`1.0` and `1e3` do; JSON Schema counts them as integers).
    package var isInteger: Bool { exponent >= 0 }

    /// -1, 0 or 1 as `self` is below, equal to or above `other`.
    package func compare(_ other: ExactDecimal) -> Int {
        if negative != other.negative { return negative ? -1 : 1 }
        let magnitude = Self.compareMagnitude(self, other)
        return negative ? -magnitude : magnitude
    }

    private static func compareMagnitude(_ a: ExactDecimal, _ b: ExactDecimal) -> Int {
        if a.isZero || b.isZero { return a.isZero ? (b.isZero ? 0 : -1) : 1 }
        // The position of the leading digit decides, then the digits one by one.
        let aTop = a.digits.count + a.exponent
        let bTop = b.digits.count + b.exponent
        if aTop != bTop { return aTop < bTop ? -1 : 1 }
        for index in 0..<max(a.digits.count, b.digits.count) {
            let x = index < a.digits.count ? a.digits[index] : 0
            let y = index < b.digits.count ? b.digits[index] : 0
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }

    /// The significant digits as a `UInt64`, when there are at most 19 of them.
    package var significand: UInt64? {
        guard digits.count <= 19 else { return nil }
        var value: UInt64 = 0
        for digit in digits {
            let (product, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            let (sum, overflow2) = product.addingReportingOverflow(UInt64(digit))
            guard !overflow2 else { return nil }
            value = sum
        }
        return value
    }

    /// Whether `self` is an integer multiple of `divisor` (positive); nil when the divisor has more than 19 digits.
    package func isMultiple(of divisor: ExactDecimal) -> Bool? {
        guard let modulus = divisor.significand, modulus > 0 else { return nil }
        if isZero { return true }
        // self / divisor = (A / B) × 10^(ea - eb). A has no trailing zeros, so with ea < eb it is never whole.
        let shift = exponent - divisor.exponent
        guard shift >= 0 else { return false }
        var remainder: UInt64 = 0
        for digit in digits {
            remainder = Self.multiplyMod(remainder, 10, modulus)
            remainder = Self.addMod(remainder, UInt64(digit) % modulus, modulus)
        }
        // × 10^shift mod B, by squaring (the shift can be large: 1e308 against 0.5).
        var power: UInt64 = 10 % modulus
        var rest = shift
        var factor: UInt64 = 1 % modulus
        while rest > 0 {
            if rest & 1 == 1 { factor = Self.multiplyMod(factor, power, modulus) }
            power = Self.multiplyMod(power, power, modulus)
            rest >>= 1
        }
        return Self.multiplyMod(remainder, factor, modulus) == 0
    }

    private static func multiplyMod(_ a: UInt64, _ b: UInt64, _ m: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return m.dividingFullWidth((product.high % m, product.low)).remainder
    }

    private static func addMod(_ a: UInt64, _ b: UInt64, _ m: UInt64) -> UInt64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        if overflow || sum >= m { return sum &- m }
        return sum
    }
}
