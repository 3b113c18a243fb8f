import APICheckJSONSchema

/// What the coverage index knows of each schema it meets, by the schema's identity: how often responses reach it
/// (``CoverageGraph/count(_:)``) and the root node of the schema read on its own, once it is.
///
/// An open-addressing table keyed by the object's address, hashed by one multiplication: two dictionaries keyed by
/// `ObjectIdentifier` hashed every schema met with SipHash, twice at each place, a tenth of building a vendor's index.
struct SchemaMarks {
    private struct Entry {
        /// The schema's address; 0 for a free slot (no object lives at 0).
        var key: UInt = 0
        var count: Int32 = 0
        /// The root node of the schema read on its own; -1 before it is.
        var root: Int32 = -1
    }

    private var entries: [Entry]
    private var used = 0
    /// 64 minus the table's size in bits: a key's slot is the top bits of its product with the golden ratio.
    private var shift: UInt64

    /// A table for about `expected` schemas before it grows.
    init(expected: Int = 0) {
        var bits: UInt64 = 6
        while (1 << bits) < expected * 2 { bits += 1 }
        entries = Array(repeating: Entry(), count: 1 << bits)
        shift = 64 - bits
    }

    /// Counts one more reach of `schema`; true when it is the first.
    mutating func reach(_ schema: CompiledSchema) -> Bool {
        let slot = insert(UInt(bitPattern: ObjectIdentifier(schema)))
        entries[slot].count += 1
        return entries[slot].count == 1
    }

    /// How often `schema` was reached, and the root node it was read into on its own (nil before it is).
    func marks(of schema: CompiledSchema) -> (count: Int, root: Int?) {
        let entry = entries[find(UInt(bitPattern: ObjectIdentifier(schema)))]
        return (Int(entry.count), entry.root < 0 ? nil : Int(entry.root))
    }

    /// Sets the root node `schema` is read into on its own.
    mutating func setRoot(_ root: Int, of schema: CompiledSchema) {
        entries[insert(UInt(bitPattern: ObjectIdentifier(schema)))].root = Int32(root)
    }

    /// The slot of `key`, or the free slot where it would go.
    private func find(_ key: UInt) -> Int {
        let mask = entries.count - 1
        var slot = Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> shift)
        while entries[slot].key != key && entries[slot].key != 0 { slot = (slot + 1) & mask }
        return slot
    }

    /// The slot of `key`, taken if it was free (the table grown first when half full).
    private mutating func insert(_ key: UInt) -> Int {
        var slot = find(key)
        guard entries[slot].key == 0 else { return slot }
        if (used + 1) * 2 > entries.count {
            grow()
            slot = find(key)
        }
        entries[slot].key = key
        used += 1
        return slot
    }

    private mutating func grow() {
        let old = entries
        entries = Array(repeating: Entry(), count: old.count * 2)
        shift -= 1
        for entry in old where entry.key != 0 { entries[find(entry.key)] = entry }
    }
}
