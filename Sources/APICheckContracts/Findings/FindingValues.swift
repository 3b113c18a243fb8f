import APICheckRecording

extension Finding {
    /// The longest value text a finding carries; longer ones end with `…`.
    package static let valueTextLimit = 240

    /// What a report shows instead of a value that looks like a secret.
    package static let withheldValue = "(withheld: it looks like a secret)"

    /// Sets each finding's ``recordedValue`` from `recorded` and ``liveValue`` from `live`: the value at the
    /// finding's `sourcePointer` (relative to the interaction) as compact JSON, shortened. A value, an
    /// `expected` or a `found` in which the secret scanner (or one of `secrets`, the configured values)
    /// finds a secret is withheld, so a report never shows more of a secret than the recording's own
    /// `secret.unredacted` finding does (`found a string ("ghp_…")` would print it whole).
    package static func attachValues(_ findings: inout [Finding], recorded: Interaction?, live: Interaction?, secrets: [String] = []) {
        guard !findings.isEmpty else { return }
        let recordedJSON = recorded?.jsonValue
        let liveJSON = live?.jsonValue
        for index in findings.indices {
            for keyPath in [\Finding.found, \Finding.expected]
            where !SecretScanner.scan(findings[index][keyPath: keyPath], values: secrets).isEmpty {
                findings[index][keyPath: keyPath] = withheldValue
            }
            guard let source = findings[index].sourcePointer else { continue }
            let pointer = JSONPointer(source)
            if let recordedJSON { findings[index].recordedValue = valueText(recordedJSON[pointer: pointer], secrets: secrets) }
            if let liveJSON { findings[index].liveValue = valueText(liveJSON[pointer: pointer], secrets: secrets) }
        }
    }

    /// `value` as compact JSON of at most ``valueTextLimit`` characters, or the withheld text, or nil.
    package static func valueText(_ value: JSONValue?, secrets: [String] = []) -> String? {
        guard let value else { return nil }
        let text = JSONWriter.compact(value)
        if !SecretScanner.scan(text, values: secrets).isEmpty { return withheldValue }
        return text.count > valueTextLimit ? String(text.prefix(valueTextLimit - 1)) + "…" : text
    }
}
