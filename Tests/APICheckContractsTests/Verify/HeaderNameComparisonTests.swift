import TestSupport
import Testing

@testable import APICheckCommands
@testable import APICheckContracts
@testable import APICheckRecording

@Suite("Header names compared without lower-casing")
struct HeaderNameComparisonTests {
    /// The order `lowercased()` gives, as -1, 0 or 1.
    static func expected(_ a: String, _ b: String) -> Int {
        let (x, y) = (a.lowercased(), b.lowercased())
        return x == y ? 0 : (x < y ? -1 : 1)
    }

    @Test(
        "HeaderFields.compare orders names as their lower-cased forms do: ASCII in any case, and names that are not ASCII (U+212A KELVIN SIGN lower-cases to k)"
    )
    func sameAsLowercased() {
        let pieces = [
            "", "a", "A", "k", "K", "\u{212A}", "-", "_", "z", "Z", "é", "É", "0", "[", "`", "{", "~", "x-ratelimit", "X-RateLimit", "ſ",
            "ß",
        ]
        var generator = SeededGenerator(seed: 77)
        var names = pieces
        for _ in 0..<400 {
            names.append((0..<Int.random(in: 1...4, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        var compared = 0
        for a in names {
            for b in names.prefix(60) {
                #expect(HeaderFields.compare(a, b) == Self.expected(a, b), "\(a) vs \(b)")
                compared += 1
            }
        }
        #expect(compared > 20_000)
        // A lookup and a merge follow it.
        var headers = HeaderFields([("Kelvin", "1")])
        headers.add(name: "\u{212A}elvin", value: "2")
        #expect(headers["kelvin"] == "1, 2" && headers.fields.count == 1)
        #expect(HeaderFields([("X-A", "1"), ("x-a", "2"), ("B", "3")]).fields.map(\.name) == ["B", "X-A"])
    }
}
