extension String {
    /// `bytes` as a string when they are valid UTF-8, nil otherwise (never repaired).
    ///
    /// The standard library's `String(validating:as:)` does this from macOS 15, iOS 18, tvOS 18 and watchOS 11; before
    /// them, ``decodedIfValidUTF8(_:)`` gives the same answer. Linux takes the first branch.
    package static func validatingUTF8(_ bytes: some Collection<UInt8>) -> String? {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
            return String(validating: bytes, as: UTF8.self)
        }
        return decodedIfValidUTF8(bytes)
    }

    /// `bytes` decoded, when decoding repaired nothing: a decode replaces each ill-formed sequence with U+FFFD, so the
    /// bytes come back unchanged exactly when they were valid UTF-8.
    package static func decodedIfValidUTF8(_ bytes: some Collection<UInt8>) -> String? {
        let decoded = String(decoding: bytes, as: UTF8.self)
        return decoded.utf8.elementsEqual(bytes) ? decoded : nil
    }
}
