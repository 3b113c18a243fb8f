import APICheckContracts
import APICheckRecording
import Foundation
import Testing

/// The verifier is generic: bodies shaped like GitHub's (a top-level array, dates without fraction) and
/// Kakao's (documents + meta, millisecond dates at +09:00, errorType errors).
@Suite("Verifier on other APIs' shapes")
struct VerifierShapesTests {
    static let contractText = """
        openapi: 3.1.0
        info: {title: shapes, version: '1'}
        paths:
          /repos/{owner}/{repo}/events:
            get:
              parameters:
                - {name: owner, in: path, required: true, schema: {type: string}}
                - {name: repo, in: path, required: true, schema: {type: string}}
              responses:
                '200':
                  description: events
                  content:
                    application/json:
                      schema:
                        type: array
                        items:
                          type: object
                          required: [id, type, created_at]
                          properties:
                            id: {type: string, pattern: '^[0-9]+$'}
                            type: {type: string}
                            created_at: {type: string, format: date-time, x-apicheck-date: {fraction-digits: 0, offset: Z}}
                '304': {description: not modified}
          /v2/search/blog:
            get:
              x-apicheck-key-case: snake_case
              parameters:
                - {name: query, in: query, required: true, schema: {type: string}}
              responses:
                '200':
                  description: documents
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [documents, meta]
                        properties:
                          meta:
                            type: object
                            required: [total_count, pageable_count, is_end]
                            properties:
                              total_count: {type: integer}
                              pageable_count: {type: integer}
                              is_end: {type: boolean}
                          documents:
                            type: array
                            items:
                              type: object
                              properties:
                                title: {type: string}
                                url: {type: string, format: uri}
                                datetime: {type: string, format: date-time, x-apicheck-date: {fraction-digits: 3, offset: '+09:00'}}
                '400':
                  description: error
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [errorType, message]
                        properties:
                          errorType: {type: string, enum: [MissingParameter, InvalidArgument]}
                          message: {type: string}
        """

    static let verifier: Verifier = {
        let contract = (try? Contract.parse(contractText, path: "shapes.yaml")).map(\.compiled)
        return Verifier(contract: contract ?? CompiledContract(emptyAt: "shapes.yaml"))
    }()

    static func interaction(_ method: String, _ url: String, status: Int, body: String?) throws -> Interaction {
        Interaction(
            request: RecordedRequest(method: method, url: url),
            response: RecordedResponse(
                status: status, headers: HeaderFields([("Content-Type", "application/json; charset=utf-8")]),
                body: try body.map { .json(try JSONReader.parse($0)) }
            )
        )
    }

    static let event = #"{"id":"22249084947","type":"WatchEvent","created_at":"2022-06-09T12:47:28Z"}"#
    static let document = #"{"title":"<b>swift</b>","url":"https://blog.example/1","datetime":"2017-05-07T18:50:07.000+09:00"}"#

    @Test("bodies shaped like the real APIs verify clean, 304 without a body included")
    func cleanBodies() throws {
        #expect(
            Self.verifier.verify(try Self.interaction("GET", "/repos/a/b/events", status: 200, body: "[\(Self.event),\(Self.event)]"))
                .isEmpty)
        #expect(Self.verifier.verify(try Self.interaction("GET", "/repos/a/b/events", status: 304, body: nil)).isEmpty)
        let kakao = #"{"meta":{"total_count":1,"pageable_count":1,"is_end":true},"documents":[\#(Self.document)]}"#
        #expect(Self.verifier.verify(try Self.interaction("GET", "/v2/search/blog?query=swift", status: 200, body: kakao)).isEmpty)
        let error = #"{"errorType":"MissingParameter","message":"query parameter required"}"#
        let findings = Self.verifier.verify(try Self.interaction("GET", "/v2/search/blog", status: 400, body: error))
        // The 400 is declared, so the missing query is not reported; errorType is data, its key case is the API's.
        #expect(findings.map(\.rule.rawValue) == ["key.case"])
    }

    @Test(
        "drifts in other shapes are found",
        arguments: [
            ("/repos/a/b/events", #"[{"id":22249084947,"type":"WatchEvent","created_at":"2022-06-09T12:47:28Z"}]"#, "shape.type", "/*/id"),
            (
                "/repos/a/b/events", #"[{"id":"2","type":"WatchEvent","created_at":"2022-06-09T12:47:28.000Z"}]"#, "date.precision",
                "/*/created_at"
            ),
            ("/repos/a/b/events", #"{"id":"2","type":"WatchEvent","created_at":"2022-06-09T12:47:28Z"}"#, "shape.list-vs-single", ""),
            ("/repos/a/b/events", #"[{"id":"x2","type":"WatchEvent","created_at":"2022-06-09T12:47:28Z"}]"#, "schema.pattern", "/*/id"),
            (
                "/v2/search/blog?query=a",
                #"{"meta":{"total_count":1,"pageable_count":1,"is_end":true},"documents":[{"datetime":"2017-05-07T09:50:07.000Z"}]}"#,
                "date.offset", "/documents/*/datetime"
            ),
            (
                "/v2/search/blog?query=a",
                #"{"meta":{"total_count":1,"pageable_count":1,"is_end":true},"documents":[{"url":"not a uri"}]}"#, "schema.format",
                "/documents/*/url"
            ),
            (
                "/v2/search/blog?query=a", #"{"meta":{"totalCount":1,"pageable_count":1,"is_end":true},"documents":[]}"#, "key.case",
                "/meta/totalCount"
            ),
            (
                "/v2/search/blog?query=a",
                #"{"meta":{"total_count":1,"pageable_count":1,"is_end":true},"documents":[{"datetime":"yesterday"}]}"#, "date.format",
                "/documents/*/datetime"
            ),
        ])
    func drifts(_ url: String, _ body: String, _ rule: String, _ pointer: String) throws {
        let findings = Self.verifier.verify(try Self.interaction("GET", url, status: 200, body: body))
        #expect(findings.contains { $0.rule.rawValue == rule && $0.pointer == pointer }, "\(findings.map(\.compilerLine))")
    }

    @Test("an operation the contract does not have is an error (nothing of it is checked), lowered by severity:")
    func unmatchedOperation() throws {
        let interaction = try Self.interaction("DELETE", "/repos/a/b/events", status: 200, body: "[]")
        let findings = Self.verifier.verify(interaction)
        #expect(findings.map(\.rule.rawValue) == ["recording.unmatched-operation"])
        #expect(findings.first?.severity == .error)
        let lowered = Verifier(contract: Self.verifier.contract, options: .init(severities: [.recordingUnmatchedOperation: .warning]))
        #expect(lowered.verify(interaction).map(\.severity) == [.warning])
    }
}
