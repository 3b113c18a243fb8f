import APICheckBreaking
import APICheckContracts
import APICheckRecording
import Testing

/// The five kinds of change that issue 57 found `breaking` missing when it ran oasdiff's own test pairs
/// (`data/checker/` of github.com/oasdiff/oasdiff), each as a minimal pair written here: the change is reported, with
/// the rule and place oasdiff's verdict names (a webhook's request is judged as the app reads it: docs/RULES.md).
@Suite("breaking: the changes oasdiff's test pairs found missed")
struct BreakingOasdiffPairsTests {
    /// A 3.1 document whose `POST /test` request body has `content` (indented as a media type map), and `webhooks`.
    static func document(_ content: String, webhooks: String = "") -> String {
        """
        openapi: 3.1.0
        info: {title: t, version: "1"}
        paths:
          /test:
            post:
              requestBody:
                content:
        \(content)
              responses:
                "200": {description: OK}
        \(webhooks)
        """
    }

    static let orderSchema = """
                  application/json:
                    schema: {type: object, properties: {order_id: {type: string}}}
        """

    /// A JSON body, and an XML one that is an `anyOf` of `alternatives`.
    static func secondMediaType(anyOf alternatives: [String]) -> String {
        """
                  application/json:
                    schema: {type: object}
                  application/xml:
                    schema:
                      anyOf:
        \(alternatives.map { "                - \($0)" }.joined(separator: "\n"))
        """
    }

    static func webhook(required: Bool) -> String {
        """
        webhooks:
          orderCreated:
            post:
              requestBody:
                required: \(required)
                content:
                  application/json:
                    schema: {type: object, properties: {order_id: {type: string}}}
              responses:
                "200": {description: OK}
        """
    }

    static let cases: [(name: String, old: String, new: String, expected: String)] = [
        (
            "a pattern added to a request property",
            document("          application/json:\n            schema: {type: object, properties: {name: {type: string}}}"),
            document(
                "          application/json:\n            schema: {type: object, properties: {name: {type: string, pattern: '^\\w+$'}}}"),
            "breaking.request-constraint-tightened POST /test /name"
        ),
        (
            "an allOf part added to a request body",
            document(
                "          application/json:\n            schema:\n              allOf:\n                - {type: object, properties: {name: {type: string}}}"
            ),
            document(
                """
                          application/json:
                            schema:
                              allOf:
                                - {type: object, properties: {name: {type: string}}}
                                - {type: object, required: [age], properties: {age: {type: integer}}}
                """),
            "breaking.request-field-required POST /test /age"
        ),
        (
            "anyOf alternatives added to a request body in a second media type",
            document(secondMediaType(anyOf: ["{type: object, properties: {name: {type: string}}}"])),
            document(secondMediaType(anyOf: ["{type: object, properties: {name: {type: string}}}", "{type: string}", "{type: integer}"])),
            "breaking.request-alternative-added POST /test "
        ),
        (
            "a webhook's request body made required",
            document(orderSchema, webhooks: webhook(required: false)), document(orderSchema, webhooks: webhook(required: true)),
            "breaking.response-field-required POST webhook orderCreated "
        ),
        (
            "an enum value removed from a request property whose type is a list",
            document(
                "          application/json:\n            schema: {type: object, properties: {kind: {type: [string, 'null'], enum: [a, b, c]}}}"
            ),
            document(
                "          application/json:\n            schema: {type: object, properties: {kind: {type: [string, 'null'], enum: [a, b]}}}"
            ),
            "breaking.request-enum-value-removed POST /test /kind"
        ),
    ]

    @Test("each is reported, with oasdiff's rule and place", arguments: 0..<cases.count)
    func reported(index: Int) throws {
        let (name, old, new, expected) = Self.cases[index]
        let changes = ContractDiff.compare(
            try ContractVersion.parse(old, path: "old.yaml"), try ContractVersion.parse(new, path: "new.yaml"))
        let found = changes.map { "\($0.rule.rawValue) \($0.operation) \($0.pointer)" }
        #expect(found.contains(expected), "\(name): \(found)")
    }
}
