extension String {
    /// Whether the text's UTF-8 starts with `prefix`'s, byte for byte, as JSON and OpenAPI compare a key's start (`^x-`
    /// reads code points): `hasPrefix` compares characters, a few hundred instructions a call, and a vendor's
    /// description asks it of each of its keys.
    @inlinable
    package func hasBytePrefix(_ prefix: String) -> Bool {
        let own = utf8
        let start = prefix.utf8
        guard own.count >= start.count else { return false }
        let compared: Bool?? = own.withContiguousStorageIfAvailable { bytes in
            start.withContiguousStorageIfAvailable { head in
                var index = 0
                while index < head.count {
                    if bytes[index] != head[index] { return false }
                    index += 1
                }
                return true
            }
        }
        if let compared = compared ?? nil { return compared }
        return own.starts(with: start)
    }
}
