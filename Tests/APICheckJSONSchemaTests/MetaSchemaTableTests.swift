import Testing

@testable import APICheckJSONSchema
@testable import APICheckRecording

/// The meta-schemas of JSON Schema 2020-12, built in, and the compiler's table of keywords against them (a contract
/// that checks JSON Schemas against them is `MetaSchemaTests`, in the contract tests).
@Suite("Built-in meta-schemas and the keyword table")
struct MetaSchemaTableTests {
    static let metaSchema = "https://json-schema.org/draft/2020-12/schema"

    @Test("each built-in text is the meta-schema at its $id, and compiles on its own")
    func documents() throws {
        #expect(MetaSchemas.documents.count == 9)
        for (uri, text) in MetaSchemas.documents {
            let document = try JSONReader.parse(text)
            #expect(document["$id"] == .string(uri))
            #expect(document["$schema"] == .string(Self.metaSchema))
            let schema = try StandaloneSchema(.object(JSONObject([.init(key: "$ref", value: .string(uri))])))
            #expect(schema.isValid(.bool(true)), "\(uri)")
            #expect(!schema.isValid(.string("a schema is an object or a boolean")), "\(uri)")
        }
    }

    @Test("every keyword the 2020-12 meta-schemas declare is one the compiler reads, an annotation, or refused with why")
    func everyKeywordHasAReading() throws {
        var declared: Set<String> = []
        for (_, text) in MetaSchemas.documents {
            guard case .object(let properties)? = try JSONReader.parse(text)["properties"] else { continue }
            declared.formUnion(properties.keys)
        }
        #expect(declared.count > 50, "the vocabularies' meta-schemas declare the keywords: \(declared.sorted())")
        for keyword in declared.sorted() {
            let readings = [
                SchemaKeyword.named(keyword) != nil, SchemaVocabulary.annotations.contains(keyword),
                SchemaVocabulary.refused[keyword] != nil,
            ]
            #expect(readings.filter { $0 }.count == 1 || keyword == "contentMediaType", "\(keyword): \(readings)")
        }
        // The one keyword read as an annotation and by the compiler: it marks a value as a file's bytes.
        #expect(SchemaKeyword.named("contentMediaType") != nil && SchemaVocabulary.annotations.contains("contentMediaType"))
        #expect(SchemaVocabulary.enforced.isSubset(of: declared.union(SchemaVocabulary.extensions)))
    }
}
