import APICheckContracts
import APICheckRecording
import Testing

/// The one rule that gives a finding its line in a recording: the line of its place, or, when the file does not have
/// that place, of the nearest place above it that it has.
@Suite("A finding's line: its place, or the nearest above it")
struct FindingLineTests {
    static let text = """
        {
          "interactions": [
            {
              "response": {
                "status": 200,
                "body": {"json": {"data": {"id": 1}}}
              }
            }
          ]
        }
        """
    static let bytes = Array(text.utf8)

    @Test("a place the file has is found on its own line")
    func present() {
        #expect(JSONReader.line(of: JSONPointer("/interactions/0/response/status"), in: Self.bytes) == 5)
    }

    @Test("a missing key is reported on its parent's line, a missing object's key on the nearest ancestor's")
    func missing() {
        #expect(JSONReader.line(of: JSONPointer("/interactions/0/response/body/json/data/title"), in: Self.bytes) == 6)
        // No headers at all: neither the header nor its parent is in the file.
        #expect(JSONReader.line(of: JSONPointer("/interactions/0/response/headers/X-Rate"), in: Self.bytes) == 4)
    }

    @Test("the verifier places its findings by the same rule")
    func verifier() {
        var findings = [
            Finding(
                rule: .headerMissing, side: .response, operation: "GET /", status: 200, pointer: "/headers/X-Rate", expected: "", found: ""
            )
        ]
        findings[0].sourcePointer = "/interactions/0/response/headers/X-Rate"
        Verifier.addLines(to: &findings, in: Self.bytes)
        #expect(findings[0].line == 4)
    }
}
