import Testing

@testable import APICheckJSONSchema
@testable import APICheckRecording

/// The validity-only walk on objects longer than the suite's: what `unevaluatedProperties` leaves is told by each
/// member's position, past the first 64 too.
@Suite("Schema validity: unevaluated members of long objects")
struct SchemaValidityTests {
    /// Members `p1` ... `p110` evaluated by `patternProperties`, `a0` by `properties`, `q99` by an `anyOf` branch and
    /// `z120` by an `allOf` part, in that order; `extra` (when added) by nothing.
    static func object(extra: Bool = false, wrongAt: Int? = nil) -> JSONValue {
        var members: [JSONObject.Member] = [.init(key: "a0", value: .null)]
        for number in 1...110 {
            members.append(.init(key: "p\(number)", value: number == wrongAt ? .string("x") : .number(JSONNumber(number))))
        }
        members.append(.init(key: "q99", value: .null))
        members.append(.init(key: "z120", value: .null))
        if extra { members.append(.init(key: "extra", value: .null)) }
        return .object(JSONObject(members))
    }

    static let schema: JSONValue = try! JSONReader.parse(
        Array(
            """
            {"properties": {"a0": {}}, "patternProperties": {"^p": {"type": "integer"}},
             "allOf": [{"properties": {"z120": {}}}], "anyOf": [{"properties": {"q99": {}}}, {"required": ["never"]}],
             "unevaluatedProperties": false}
            """.utf8))

    @Test(
        "valid when every member is evaluated; invalid with one left over at position 113, or a wrong one at 51",
        arguments: [(false, nil, true), (true, nil, false), (false, 50, false)] as [(Bool, Int?, Bool)])
    func longObjects(extra: Bool, wrongAt: Int?, valid: Bool) throws {
        let compiled = try StandaloneSchema(Self.schema)
        let value = Self.object(extra: extra, wrongAt: wrongAt)
        #expect(compiled.isValid(value) == valid)
        #expect(compiled.problems(in: value).isEmpty == valid, "\(compiled.problems(in: value))")
    }
}
