import APICheckRecording

/// A document's values by JSON pointer, with the members of each `components` section found by name in one step.
///
/// A `$ref` is almost always `#/components/<section>/<name>`; `JSONValue[pointer:]` finds a member of an object by
/// comparing keys one after another, so in a vendor's description (GitHub's has about 900 schemas) every reference
/// cost hundreds of string comparisons, and compiling it was dominated by them.
package struct DocumentIndex: Sendable {
    /// The member of a document's root that holds other documents bundled into it, by number (a contract split across
    /// files, gathered by ``ContractBundle``): their `$ref`s are places in this document already, and a pointer's
    /// first two tokens there say which file, not what is written.
    package static let bundledFiles = "x-apicheck-files"

    package let document: JSONValue
    private let components: [String: [String: JSONValue]]

    package init(_ document: JSONValue) {
        self.document = document
        var sections: [String: [String: JSONValue]] = [:]
        if case .object(let components)? = document["components"] {
            for section in components {
                guard case .object(let members) = section.value else { continue }
                // The first of a repeated key, as `JSONObject`'s subscript finds it (a parsed document has none).
                sections[section.key] = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            }
        }
        components = sections
    }

    /// Whether `name` is a plain-name fragment JSON Schema allows as an anchor (`^[A-Za-z_][-A-Za-z0-9._]*$`).
    static func isAnchorName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic || first == "_" else { return false }
        return name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0))
        }
    }

    /// The value at `pointer`, or nil when it leads nowhere.
    package subscript(pointer pointer: JSONPointer) -> JSONValue? {
        let tokens = pointer.tokens
        guard tokens.count >= 3, tokens[0] == "components", let value = components[tokens[1]]?[tokens[2]] else {
            // The built-in meta-schemas, where a document that refers to them holds them (``SchemaResources``).
            if tokens.first == MetaSchemas.member { return MetaSchemas.tree[pointer: JSONPointer(tokens: Array(tokens.dropFirst()))] }
            return document[pointer: pointer]
        }
        return tokens.count == 3 ? value : value[pointer: JSONPointer(tokens: Array(tokens[3...]))]
    }
}
