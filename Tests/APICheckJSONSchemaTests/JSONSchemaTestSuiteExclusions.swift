/// The cases of the JSON Schema Test Suite that apicheck answers otherwise, each with what it does instead and why.
enum JSONSchemaTestSuiteExclusions {
    struct Exclusion {
        let outcome: JSONSchemaTestSuiteTests.Outcome
        let reason: String
    }

    /// Keyed by `file/group description/test description`, or `file/group description` for every test of a group.
    static let cases: [String: Exclusion] = [
        "format/date format/invalid date string is only an annotation by default": .init(
            outcome: .wrong,
            reason:
                "apicheck asserts the formats date-time (date.format), date and uri (schema.format); the suite reads format as an annotation"
        ),
        "format/date-time format/invalid date-time string is only an annotation by default": .init(
            outcome: .wrong,
            reason:
                "apicheck asserts the formats date-time (date.format), date and uri (schema.format); the suite reads format as an annotation"
        ),
        "format/uri format/invalid uri string is only an annotation by default": .init(
            outcome: .wrong,
            reason:
                "apicheck asserts the formats date-time (date.format), date and uri (schema.format); the suite reads format as an annotation"
        ),
        "vocabulary/schema that uses custom metaschema with with no validation vocabulary": .init(
            outcome: .refused,
            reason:
                "its meta-schema leaves out the validation vocabulary, so minimum is an unknown word there; apicheck refuses it rather than check it"
        ),
    ]
}
