import APICheck
import APICheckLive
import Testing

@Suite("Scenario placeholders")
struct ScenarioVariablesTests {
    @Test("text placeholders take a string as is, a number's literal, a boolean as true/false")
    func text() throws {
        var variables = ScenarioVariables([("title", "할 일")])
        variables.set("id", .number(JSONNumber(42)))
        variables.set("done", .bool(true))
        #expect(try variables.text("/todos/{{id}}?t={{ title }}&d={{done}}") == "/todos/42?t=할 일&d=true")
        #expect(try variables.text("no placeholders") == "no placeholders")
    }

    @Test("a JSON string that is one placeholder keeps the value's type; unknown names are errors")
    func json() throws {
        var variables = ScenarioVariables()
        variables.set("id", .number(JSONNumber(7)))
        #expect(try variables.json(["id": "{{id}}", "label": "todo {{id}}"]) == ["id": 7, "label": "todo 7"])
        #expect(throws: ScenarioVariables.Unresolved.self) { try variables.json(["x": "{{missing}}"]) }
        #expect(throws: ScenarioVariables.Unresolved.self) { try variables.text("/a/{{missing}}") }
    }
}
