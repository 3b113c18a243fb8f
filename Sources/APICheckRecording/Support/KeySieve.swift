/// Tells, without hashing, that a key is none of a fixed set of keys: one bit for each class of key by its length,
/// first byte and last byte. A key whose class has no bit set is not in the set; one whose class has is looked up as
/// usual. For a check made on every key of a large document where nearly every key is outside the set (the JSON
/// Schema 2020-12 keywords a 3.0 schema may not hold), one hash a key was a tenth of reading the document.
package struct KeySieve: Sendable {
    @usableFromInline var words: [UInt64] = [0, 0, 0, 0]

    /// A sieve that lets every one of `keys` through.
    package init(_ keys: some Sequence<String>) {
        for key in keys {
            let slot = Self.slot(key)
            words[slot >> 6] |= 1 << UInt64(slot & 63)
        }
    }

    /// Whether `key` may be one of the keys: false only for a key that is none of them.
    @inlinable
    package func mayContain(_ key: String) -> Bool {
        let slot = Self.slot(key)
        return words[slot >> 6] & 1 << UInt64(slot & 63) != 0
    }

    /// The class of `key`, from 0 to 255.
    @inlinable
    package static func slot(_ key: String) -> Int {
        let utf8 = key.utf8
        let count = utf8.count
        guard count > 0 else { return 0 }
        // From the key's storage: `last` of a UTF-8 view steps back through its index, a hundred instructions.
        let ends = utf8.withContiguousStorageIfAvailable { (first: $0[0], last: $0[count - 1]) }
        guard let (first, last) = ends ?? utf8.first.flatMap({ first in utf8.last.map { (first, $0) } }) else { return 0 }
        return (count &* 37 &+ Int(first) &* 11 &+ Int(last)) & 255
    }
}

/// A fixed set of keys, each found without hashing: by its class (``KeySieve/slot(_:)``), then compared with the few
/// keys of that class. For a lookup made on every key of a large document (a schema keyword's name), where hashing
/// each key cost twice the lookup.
package struct KeyTable: Sendable {
    /// The keys, ordered by class: class `n`'s are `keys[start[n]..<start[n + 1]]`.
    @usableFromInline package let keys: [String]
    @usableFromInline let start: [Int32]

    /// A table of `keys` (each once).
    package init(_ keys: some Sequence<String>) {
        let sorted = keys.map { (KeySieve.slot($0), $0) }.sorted { $0.0 < $1.0 }
        var start = [Int32](repeating: 0, count: 257)
        for (slot, _) in sorted { start[slot + 1] += 1 }
        for slot in 0..<256 { start[slot + 1] += start[slot] }
        self.keys = sorted.map(\.1)
        self.start = start
    }

    /// Where `key` is in ``keys``, or nil when it is none of them.
    @inlinable
    package func index(of key: String) -> Int? {
        let slot = KeySieve.slot(key)
        var index = Int(start[slot])
        let end = Int(start[slot + 1])
        while index < end {
            if keys[index] == key { return index }
            index += 1
        }
        return nil
    }

    /// Whether `key` is one of the keys.
    @inlinable
    package func contains(_ key: String) -> Bool { index(of: key) != nil }
}
