import APICheckContracts
import APICheckRecording
import Testing

@Suite("Shape comparison with the recorded step")
struct ShapeComparisonTests {
    static func interaction(_ status: Int = 200, _ body: JSONValue?, headers: [(String, String)] = [("Content-Type", "application/json")])
        -> Interaction
    {
        Interaction(
            step: "list",
            request: RecordedRequest(method: "GET", url: "/api/v2/todos"),
            response: RecordedResponse(status: status, headers: HeaderFields(headers), body: body.map { .json($0) })
        )
    }

    static let recorded: JSONValue = [
        "data": [
            ["id": 1, "title": "a", "is_done": false, "due": nil, "created_at": "2024-05-14T23:51:26.197159Z"],
            ["id": 2, "title": "b", "is_done": true, "due": "2024-06-01", "created_at": "2024-05-15T00:00:00.000001Z"],
        ],
        "meta": ["total": 2],
    ]

    func compare(_ live: JSONValue, status: Int = 200, headers: [(String, String)] = [("Content-Type", "application/json")]) -> [Finding] {
        ShapeComparison.compare(
            live: Self.interaction(status, live, headers: headers), recorded: Self.interaction(200, Self.recorded),
            operation: "GET /api/v2/todos")
    }

    @Test("other ids, titles, timestamps, counts and a null where the recording had null too are not findings")
    func sameShape() {
        let live: JSONValue = [
            "data": [
                ["id": 99, "title": "zzz", "is_done": true, "due": nil, "created_at": "2026-01-01T00:00:00.123456Z"],
                ["id": 98, "title": "", "is_done": false, "due": "2030-01-01", "created_at": "2026-01-02T00:00:00.000000Z"],
                ["id": 97, "title": "c", "is_done": false, "due": nil, "created_at": "2026-01-03T00:00:00.000000Z"],
            ],
            "meta": ["total": 3],
        ]
        #expect(compare(live).isEmpty)
    }

    @Test(
        "each change gives its rule at its pointer, once for all array items with a count",
        arguments: [
            (
                #"{"data": [{"id": "1", "title": "a", "is_done": false, "due": null, "created_at": "2024-05-14T23:51:26.197159Z"}], "meta": {"total": 1}}"#,
                "shape.type", "/data/*/id", 1
            ),
            (
                #"{"data": [{"id": 1, "is_done": false, "due": null, "created_at": "2024-05-14T23:51:26.197159Z"}, {"id": 2, "is_done": false, "due": null, "created_at": "2024-05-14T23:51:26.197159Z"}], "meta": {"total": 1}}"#,
                "field.missing", "/data/*/title", 2
            ),
            (
                #"{"data": [{"id": 1, "title": "a", "is_done": false, "due": null, "created_at": "2024-05-14T23:51:26.197159Z", "priority": "n"}], "meta": {"total": 1}}"#,
                "field.added", "/data/*/priority", 1
            ),
            (
                #"{"data": [{"id": 1, "title": null, "is_done": false, "due": null, "created_at": "2024-05-14T23:51:26.197159Z"}], "meta": {"total": 1}}"#,
                "field.became-null", "/data/*/title", 1
            ),
            (
                #"{"data": [{"id": 1, "title": "a", "is_done": false, "due": null, "created_at": "2024-05-14T23:51:26.197Z"}], "meta": {"total": 1}}"#,
                "date.precision", "/data/*/created_at", 1
            ),
            (
                #"{"data": [{"id": 1, "title": "a", "is_done": false, "due": null, "created_at": "2024-05-15T08:51:26.197159+09:00"}], "meta": {"total": 1}}"#,
                "date.offset", "/data/*/created_at", 1
            ),
            (
                #"{"data": [{"id": 1, "title": "a", "is_done": false, "due": null, "created_at": "yesterday"}], "meta": {"total": 1}}"#,
                "date.format", "/data/*/created_at", 1
            ),
            (
                #"{"data": {"id": 1, "title": "a", "is_done": false, "due": null, "created_at": "2024-05-14T23:51:26.197159Z"}, "meta": {"total": 1}}"#,
                "shape.list-vs-single", "/data", 1
            ),
            (#"{"data": []}"#, "field.missing", "/meta", 1),
        ])
    func changes(_ live: String, _ rule: String, _ pointer: String, _ count: Int) throws {
        let findings = compare(try JSONReader.parse(live))
        #expect(findings.map(\.rule.rawValue) == [rule])
        #expect(findings.first?.pointer == pointer)
        #expect(findings.first?.count == count)
        #expect(findings.first?.severity == RuleID(rule)?.defaultSeverity)
    }

    @Test("a new status is status.changed only when the contract declares it; a vanished header is header.missing")
    func statusAndHeaders() {
        let body: JSONValue = ["data": []]
        let declared = ShapeComparison.Declared(status: { $0 == 201 }, contentType: { _, _ in true })
        let changed = ShapeComparison.compare(
            live: Self.interaction(201, body), recorded: Self.interaction(200, Self.recorded), operation: "GET /x", declared: declared)
        #expect(changed.map(\.rule.rawValue) == ["status.changed"])
        #expect(changed.first?.pointer == "/status")
        let undeclared = ShapeComparison.compare(
            live: Self.interaction(418, body), recorded: Self.interaction(200, Self.recorded), operation: "GET /x", declared: declared)
        #expect(undeclared.isEmpty)

        let withHeader = Self.interaction(
            200, Self.recorded, headers: [("Content-Type", "application/json"), ("Last-Modified", "Tue, 01 Oct 2024 00:00:00 GMT")])
        let missing = ShapeComparison.compare(live: Self.interaction(200, Self.recorded), recorded: withHeader, operation: "GET /x")
        #expect(missing.map(\.rule.rawValue) == ["header.missing"])
        #expect(missing.first?.pointer == "/headers/Last-Modified")

        let html = ShapeComparison.compare(
            live: Self.interaction(200, nil, headers: [("Content-Type", "text/html")]), recorded: Self.interaction(200, Self.recorded),
            operation: "GET /x")
        #expect(html.map(\.rule.rawValue) == ["content-type.changed"])
    }

    @Test("merging keeps one finding per rule and pointer, at the higher severity")
    func merge() {
        var low = Finding(rule: .datePrecision, side: .response, operation: "GET /x", pointer: "/a", expected: "6", found: "3", count: 4)
        low.severity = .warning
        let high = Finding(
            rule: .datePrecision, side: .response, operation: "GET /x", pointer: "/a", expected: "6 digits", found: "3", count: 2)
        let other = Finding(rule: .shapeType, side: .response, operation: "GET /x", pointer: "/a", expected: "x", found: "y")
        let merged = ShapeComparison.merge([low, other, high])
        #expect(merged.count == 2)
        #expect(merged[0].severity == .error)
        #expect(merged[0].count == 4)
        #expect(merged[0].expected == "6 digits")
    }
}
