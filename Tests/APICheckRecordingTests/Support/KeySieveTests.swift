import Testing

@testable import APICheckRecording

/// The sieve lets every key of its set through and stops only keys outside it.
@Suite("Key sieve")
struct KeySieveTests {
    static let keywords = [
        "prefixItems", "if", "then", "else", "dependentRequired", "$id", "$defs", "const", "examples", "contentMediaType", "",
        "할 일", "😀",
    ]
    /// Keys a schema commonly has, and a few more.
    static let others = [
        "type", "description", "properties", "items", "format", "enum", "required", "example", "title", "nullable", "$ref",
        "default", "pattern", "maxLength", "minLength", "readOnly", "allOf", "oneOf", "anyOf", "x-stripe-bypass", "할", "😀😀",
    ]

    @Test("every key of the set passes")
    func membersPass() {
        let sieve = KeySieve(Self.keywords)
        for key in Self.keywords { #expect(sieve.mayContain(key), "\(key)") }
    }

    @Test("a key it stops is none of the set, and it stops most keys of other lengths and letters")
    func stopsOnlyOutsiders() {
        let sieve = KeySieve(Self.keywords)
        let stopped = Self.others.filter { !sieve.mayContain($0) }
        for key in stopped { #expect(!Self.keywords.contains(key)) }
        #expect(stopped.count >= Self.others.count / 2, "stopped only \(stopped)")
    }

    @Test("a sieve of no keys stops every key")
    func emptyStopsAll() {
        let sieve = KeySieve([String]())
        for key in Self.keywords + Self.others { #expect(!sieve.mayContain(key)) }
    }
}
