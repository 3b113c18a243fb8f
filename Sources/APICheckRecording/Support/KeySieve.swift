/// Tells, without hashing, that a key is none of a fixed set of keys: one bit for each class of key by its length,
/// first byte and last byte. A key whose class has no bit set is not in the set; one whose class has is looked up as
/// usual. For a check made on every key of a large document where nearly every key is outside the set (the JSON
/// Schema 2020-12 keywords a 3.0 schema may not hold), one hash a key was a tenth of reading the document.
package struct KeySieve: Sendable {
    private var words: [UInt64] = [0, 0, 0, 0]

    /// A sieve that lets every one of `keys` through.
    package init(_ keys: some Sequence<String>) {
        for key in keys {
            let slot = Self.slot(key)
            words[slot >> 6] |= 1 << UInt64(slot & 63)
        }
    }

    /// Whether `key` may be one of the keys: false only for a key that is none of them.
    @inline(__always)
    package func mayContain(_ key: String) -> Bool {
        let slot = Self.slot(key)
        return words[slot >> 6] & 1 << UInt64(slot & 63) != 0
    }

    /// The class of `key`, from 0 to 255.
    @inline(__always)
    private static func slot(_ key: String) -> Int {
        let utf8 = key.utf8
        guard let first = utf8.first, let last = utf8.last else { return 0 }
        return (utf8.count &* 37 &+ Int(first) &* 11 &+ Int(last)) & 255
    }
}
