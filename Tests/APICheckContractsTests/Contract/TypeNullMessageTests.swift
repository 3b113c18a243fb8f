import APICheckContracts
import ContractTestSupport
import Testing

/// `type: [array, null]` in YAML lists YAML's null value, not the type named "null" (Apple's swift-openapi-generator
/// reference document has one): the refusal says so and how to write it, at the type's line.
@Suite("An unquoted null in a type list")
struct TypeNullMessageTests {
    static func contract(_ type: String) -> String {
        """
        openapi: 3.1.0
        info: {title: t, version: "1"}
        paths:
          /things:
            get:
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: \(type)
                        items: {type: string}
        """
    }

    @Test("is refused with what to write instead, and its line")
    func refused() throws {
        let error = try Contract.refusal(Self.contract("[array, null]"), path: "t.yaml")
        #expect(error.description.contains("YAML's null value (an unquoted null)"), "\(error.description)")
        #expect(error.description.contains("write \"null\" in quotes"), "\(error.description)")
        #expect(error.line == 12, "\(error.description)")
    }

    @Test("the quoted name loads")
    func quoted() throws {
        _ = try Contract.parse(Self.contract("[array, \"null\"]"), path: "t.yaml")
    }
}
