import APICheckContracts
import APICheckRecording
import ContractTestSupport
import Foundation
import Testing
import WireFormat

/// Object-valued parameters (deepObject, form exploded or not, simple), parameters and headers described by
/// `content: application/json`, and multipart parts read by their encoding: each checked as strictly as a
/// body, and what OpenAPI leaves undefined refused when the contract loads.
@Suite("Parameter styles, content-described values and part encodings")
struct ParameterStyleTests {
    /// A contract of `GET /pets` with `parameters` (YAML list items, indented for the list) and a 200 whose
    /// headers are `headers`.
    static func contract(parameters: String, headers: String = "{}") -> String {
        """
        openapi: 3.1.0
        info: {title: styles, version: '1'}
        paths:
          /pets:
            get:
              parameters:
        \(parameters)
              responses:
                '200':
                  description: ok
                  headers: \(headers)
        """
    }

    static func verify(_ text: String, url: String, requestHeaders: [(String, String)] = [], responseHeaders: [(String, String)] = [])
        throws -> [Finding]
    {
        let verifier = Verifier(contract: try Contract.parse(text, path: "styles.yaml").compiled)
        return verifier.verify(
            Interaction(
                request: RecordedRequest(method: "GET", url: url, headers: HeaderFields(requestHeaders)),
                response: RecordedResponse(status: 200, headers: HeaderFields(responseHeaders), body: nil)))
    }

    static func summary(_ findings: [Finding]) -> [String] { findings.map { "\($0.rule.rawValue) \($0.pointer)" } }

    static let deepObject = """
                - name: filter
                  in: query
                  required: true
                  style: deepObject
                  explode: true
                  schema:
                    type: object
                    required: [name]
                    additionalProperties: false
                    properties:
                      name: {type: string}
                      age: {type: integer, minimum: 0}
        """

    @Test(
        "deepObject: filter[name]=...&filter[age]=... is the object, each member read as its property's type",
        arguments: [
            ("/pets?filter[name]=Rex&filter[age]=3", [String]()),
            ("/pets?filter%5Bname%5D=Rex", []),
            ("/pets?filter[name]=Rex&filter[age]=old", ["shape.type /query/filter/age"]),
            ("/pets?filter[name]=Rex&filter[age]=-1", ["schema.minimum /query/filter/age"]),
            ("/pets?filter[age]=3", ["field.missing /query/filter/name"]),
            ("/pets?filter[name]=Rex&filter[colour]=red", ["field.unexpected /query/filter/colour"]),
            ("/pets?name=Rex", ["param.missing /query/filter"]),
        ] as [(String, [String])])
    func deepObjectParameter(_ url: String, _ expected: [String]) throws {
        let found = try Self.verify(Self.contract(parameters: Self.deepObject), url: url)
        #expect(Self.summary(found) == expected, "\(found.map(\.compilerLine))")
    }

    static let exploded = """
                - name: page
                  in: query
                  schema: {type: integer}
                - name: filter
                  in: query
                  schema:
                    type: object
                    additionalProperties: false
                    properties:
                      name: {type: string}
                      tag: {type: array, items: {type: string}, maxItems: 1}
        """

    @Test(
        "form, exploded: the object's members are query items of their own; an item no parameter names belongs to it",
        arguments: [
            ("/pets?name=Rex&page=2", [String]()),
            ("/pets?page=2", []),
            ("/pets?name=Rex&tag=a&tag=b", ["schema.maxitems /query/filter/tag"]),
            ("/pets?name=Rex&colour=red", ["field.unexpected /query/filter/colour"]),
        ] as [(String, [String])])
    func explodedFormObject(_ url: String, _ expected: [String]) throws {
        let found = try Self.verify(Self.contract(parameters: Self.exploded), url: url)
        #expect(Self.summary(found) == expected, "\(found.map(\.compilerLine))")
    }

    static let commaSeparated = """
                - name: sort
                  in: query
                  explode: false
                  schema:
                    type: object
                    properties:
                      id: {type: integer}
                      name: {type: string, maxLength: 3}
                - name: tag
                  in: query
                  explode: false
                  schema: {type: array, items: {type: string}, maxItems: 2}
        """

    @Test(
        "form, explode false: sort=id,3,name,A and tag=a,b are split on the commas as written (%2C is a comma inside a value)",
        arguments: [
            ("/pets?sort=id,3,name,A%2CB&tag=a,b", [String]()),
            ("/pets?sort=id,3,name,ABCD", ["schema.maxlength /query/sort/name"]),
            ("/pets?sort=id,x", ["shape.type /query/sort/id"]),
            ("/pets?sort=id,3,name", ["param.unparsable /query/sort"]),
            ("/pets?tag=a,b,c", ["schema.maxitems /query/tag"]),
            ("/pets?tag=a%2Cb%2Cc", []),
        ] as [(String, [String])])
    func commaSeparatedForm(_ url: String, _ expected: [String]) throws {
        let found = try Self.verify(Self.contract(parameters: Self.commaSeparated), url: url)
        #expect(Self.summary(found) == expected, "\(found.map(\.compilerLine))")
    }

    static let jsonParameters = """
                - name: filters
                  in: query
                  content:
                    application/json:
                      schema:
                        type: array
                        items: {type: object, required: [name], properties: {name: {type: string}, limit: {type: integer}}}
                - name: X-Extra
                  in: header
                  content:
                    application/json:
                      schema: {type: object, properties: {code: {type: integer}}}
        """

    @Test(
        "a parameter described by content: application/json is JSON text, checked as JSON (\"3\" is a string there)",
        arguments: [
            ("/pets?filters=%5B%7B%22name%22%3A%22Rex%22%2C%22limit%22%3A3%7D%5D", ("X-Extra", "{\"code\":1}"), [String]()),
            ("/pets?filters=%5B%7B%22limit%22%3A3%7D%5D", ("X-Extra", "{}"), ["field.missing /query/filters/*/name"]),
            (
                "/pets?filters=%5B%7B%22name%22%3A%22Rex%22%2C%22limit%22%3A%223%22%7D%5D", ("X-Extra", "{}"),
                ["shape.type /query/filters/*/limit"]
            ),
            ("/pets?filters=not-json", ("X-Extra", "{}"), ["param.unparsable /query/filters"]),
            ("/pets", ("X-Extra", "{\"code\":\"1\"}"), ["shape.type /header/X-Extra/code"]),
            ("/pets", ("X-Extra", "{code: 1}"), ["param.unparsable /header/X-Extra"]),
        ] as [(String, (String, String), [String])])
    func jsonContent(_ url: String, _ header: (String, String), _ expected: [String]) throws {
        let found = try Self.verify(Self.contract(parameters: Self.jsonParameters), url: url, requestHeaders: [header])
        #expect(Self.summary(found) == expected, "\(found.map(\.compilerLine))")
    }

    @Test(
        "a response header described by content is JSON; a simple array header is its comma-separated list",
        arguments: [
            ([("X-Rate", "{\"left\":3}"), ("X-Tags", "a, b")], [String]()),
            ([("X-Rate", "{\"left\":\"3\"}"), ("X-Tags", "a")], ["shape.type /headers/X-Rate/left"]),
            ([("X-Rate", "three"), ("X-Tags", "a,b,c")], ["param.unparsable /headers/X-Rate", "schema.maxitems /headers/X-Tags"]),
            ([("X-Tags", "a")], ["header.missing /headers/X-Rate"]),
        ] as [([(String, String)], [String])])
    func contentHeaders(_ headers: [(String, String)], _ expected: [String]) throws {
        let text = Self.contract(
            parameters: "        []",
            headers: """

                            X-Rate:
                              required: true
                              content:
                                application/json:
                                  schema: {type: object, properties: {left: {type: integer}}}
                            X-Tags:
                              schema: {type: array, items: {type: string}, maxItems: 2}
                """)
        let found = try Self.verify(text, url: "/pets", responseHeaders: headers)
        #expect(Self.summary(found) == expected, "\(found.map(\.compilerLine))")
    }

    @Test("a header parameter of style simple, an object: id,3,name,A or, exploded, id=3,name=A")
    func simpleObjectHeader() throws {
        func parameters(explode: Bool) -> String {
            """
                        - name: X-Pet
                          in: header
                          explode: \(explode)
                          schema: {type: object, properties: {id: {type: integer}, name: {type: string}}}
            """
        }
        #expect(
            try Self.verify(Self.contract(parameters: parameters(explode: false)), url: "/pets", requestHeaders: [("X-Pet", "id,3,name,A")])
                .isEmpty)
        #expect(
            try Self.verify(Self.contract(parameters: parameters(explode: true)), url: "/pets", requestHeaders: [("X-Pet", "id=3,name=A")])
                .isEmpty)
        let wrong = try Self.verify(Self.contract(parameters: parameters(explode: true)), url: "/pets", requestHeaders: [("X-Pet", "id=x")])
        #expect(Self.summary(wrong) == ["shape.type /header/X-Pet/id"], "\(wrong.map(\.compilerLine))")
        let malformed = try Self.verify(
            Self.contract(parameters: parameters(explode: true)), url: "/pets", requestHeaders: [("X-Pet", "id,3")])
        #expect(Self.summary(malformed) == ["param.unparsable /header/X-Pet"], "\(malformed.map(\.compilerLine))")
    }

    // MARK: Multipart parts

    static let multipart = """
        openapi: 3.1.0
        info: {title: parts, version: '1'}
        paths:
          /upload:
            post:
              requestBody:
                required: true
                content:
                  multipart/form-data:
                    schema:
                      type: object
                      required: [log, metadata]
                      properties:
                        log: {type: string}
                        metadata:
                          type: object
                          required: [createdAt]
                          properties:
                            createdAt: {type: string, format: date-time}
                            size: {type: integer}
                        settings: {type: object}
                    encoding:
                      log:
                        headers:
                          x-log-type:
                            required: true
                            schema: {type: string, enum: [structured, unstructured]}
                      settings:
                        contentType: application/json, application/vnd.api+json
              responses:
                '202': {description: accepted}
        """

    static func verifyParts(_ parts: [RecordedBody.MultipartPart]) throws -> [Finding] {
        let verifier = Verifier(contract: try Contract.parse(Self.multipart, path: "parts.yaml").compiled)
        return verifier.verify(
            Interaction(
                request: RecordedRequest(
                    method: "POST", url: "/upload", headers: HeaderFields([("Content-Type", "multipart/form-data; boundary=b")]),
                    body: .multipart(parts)),
                response: RecordedResponse(status: 202, headers: HeaderFields(), body: nil)))
    }

    static func log(_ type: String? = "structured") -> RecordedBody.MultipartPart {
        .init(name: "log", headers: HeaderFields(type.map { [("x-log-type", $0)] } ?? []), content: .text("started"))
    }

    static func metadata(_ text: String, contentType: String? = "application/json") -> RecordedBody.MultipartPart {
        .init(name: "metadata", contentType: contentType, content: .text(text))
    }

    @Test("an object part is JSON by OpenAPI's default encoding: parsed and checked as JSON, not as a form's text")
    func jsonPart() throws {
        let clean = try Self.verifyParts([Self.log(), Self.metadata(#"{"createdAt":"2025-04-03T10:10:33Z","size":3}"#)])
        #expect(clean.isEmpty, "\(clean.map(\.compilerLine))")
        let typed = try Self.verifyParts([Self.log(), Self.metadata(#"{"createdAt":"2025-04-03T10:10:33Z","size":"3"}"#)])
        #expect(Self.summary(typed) == ["shape.type /metadata/size"], "\(typed.map(\.compilerLine))")
        let missing = try Self.verifyParts([Self.log(), Self.metadata(#"{"size":3}"#)])
        #expect(Self.summary(missing) == ["field.missing /metadata/createdAt"], "\(missing.map(\.compilerLine))")
        let broken = try Self.verifyParts([Self.log(), Self.metadata(#"{"createdAt":"#)])
        #expect(Self.summary(broken) == ["body.unparsable /metadata"], "\(broken.map(\.compilerLine))")
    }

    @Test("a part's own Content-Type must be one its encoding allows; none is text/plain (a warning where JSON is expected)")
    func partContentType() throws {
        let body = #"{"createdAt":"2025-04-03T10:10:33Z"}"#
        let wrong = try Self.verifyParts([Self.log(), Self.metadata(body, contentType: "text/plain")])
        #expect(Self.summary(wrong) == ["content-type /metadata/headers/Content-Type"], "\(wrong.map(\.compilerLine))")
        #expect(wrong.first?.severity == .error)
        let untyped = try Self.verifyParts([Self.log(), Self.metadata(body, contentType: nil)])
        #expect(Self.summary(untyped) == ["content-type /metadata/headers/Content-Type"], "\(untyped.map(\.compilerLine))")
        #expect(untyped.first?.severity == .warning)
        let listed = try Self.verifyParts([
            Self.log(), Self.metadata(body), .init(name: "settings", contentType: "application/vnd.api+json", content: .text("{}")),
        ])
        #expect(listed.isEmpty, "\(listed.map(\.compilerLine))")
    }

    @Test("headers an encoding declares for a part are checked: required, and against their schemas")
    func partHeaders() throws {
        let body = #"{"createdAt":"2025-04-03T10:10:33Z"}"#
        let missing = try Self.verifyParts([Self.log(nil), Self.metadata(body)])
        #expect(Self.summary(missing) == ["header.missing /log/headers/x-log-type"], "\(missing.map(\.compilerLine))")
        let wrong = try Self.verifyParts([Self.log("verbose"), Self.metadata(body)])
        #expect(Self.summary(wrong) == ["enum.value /log/headers/x-log-type"], "\(wrong.map(\.compilerLine))")
    }

    @Test("part headers survive the recording format and the multipart codec")
    func partHeadersRoundTrip() throws {
        let part = Self.log()
        let recording = Recording(
            api: "parts", name: "upload", recordedAt: "2026-01-01T00:00:00Z", recordedFrom: "https://example.com",
            interactions: [
                Interaction(
                    request: RecordedRequest(
                        method: "POST", url: "/upload", headers: HeaderFields([("Content-Type", "multipart/form-data; boundary=b")]),
                        body: .multipart([part])),
                    response: RecordedResponse(status: 202, headers: HeaderFields(), body: nil))
            ])
        let reread = try Recording(json: try JSONReader.parse(recording.fileText))
        #expect(reread.interactions[0].request.body == .multipart([part]))
        let wire = Data("--b\r\nContent-Disposition: form-data; name=\"log\"\r\nX-Log-Type: structured\r\n\r\nstarted\r\n--b--\r\n".utf8)
        let parsed = RecordedBody(bytes: wire, contentType: "multipart/form-data; boundary=b")
        guard case .multipart(let parts)? = parsed else {
            Issue.record("not read as multipart: \(String(describing: parsed))")
            return
        }
        #expect(parts.first?.headers["x-log-type"] == "structured")
    }

    @Test("a part's header that redaction names, or that holds a secret, is redacted before it is written")
    func partHeadersRedacted() throws {
        let rules = RedactionRules(
            requestHeaders: ["Authorization"], responseHeaders: [], jsonKeys: [], formFields: [], secretValues: ["s3cret-token"])
        let part = RecordedBody.MultipartPart(
            name: "log", headers: HeaderFields([("Authorization", "Bearer abc12345"), ("X-Trace", "id s3cret-token")]), content: .text("x"))
        let interaction = Interaction(
            request: RecordedRequest(method: "POST", url: "/upload", headers: HeaderFields(), body: .multipart([part])),
            response: RecordedResponse(status: 202))
        guard case .multipart(let parts)? = rules.redact(interaction).request.body else {
            Issue.record("not multipart after redaction")
            return
        }
        #expect(parts[0].headers["Authorization"] == RedactionRules.placeholder)
        #expect(parts[0].headers["X-Trace"] == "id \(RedactionRules.placeholder)")
    }

    @Test("a form field whose encoding is application/json is JSON text")
    func jsonFormField() throws {
        let text = """
            openapi: 3.1.0
            info: {title: form, version: '1'}
            paths:
              /pets:
                post:
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema:
                          type: object
                          properties:
                            name: {type: string}
                            owner: {type: object, properties: {id: {type: integer}}}
                        encoding:
                          owner: {contentType: application/json}
                  responses:
                    '204': {description: created}
            """
        func verify(_ raw: String) throws -> [Finding] {
            let verifier = Verifier(contract: try Contract.parse(text, path: "form.yaml").compiled)
            return verifier.verify(
                Interaction(
                    request: RecordedRequest(
                        method: "POST", url: "/pets", headers: HeaderFields([("Content-Type", "application/x-www-form-urlencoded")]),
                        body: .form(fields: try FormURLEncoding.decode(raw), raw: raw)),
                    response: RecordedResponse(status: 204, headers: HeaderFields(), body: nil)))
        }
        #expect(try verify("name=Rex&owner=%7B%22id%22%3A3%7D").isEmpty)
        #expect(Self.summary(try verify("name=Rex&owner=%7B%22id%22%3A%223%22%7D")) == ["shape.type /owner/id"])
    }

    // MARK: What OpenAPI leaves undefined is refused

    @Test(
        "constructs whose wire form OpenAPI does not define, or that apicheck does not read, are refused with the reason",
        arguments: [
            (
                "            - {name: tags, in: query, style: spaceDelimited, schema: {type: array, items: {type: string}}}",
                "style spaceDelimited is not checked"
            ),
            ("            - {name: id, in: path, required: true, style: matrix, schema: {type: string}}", "style matrix is not checked"),
            (
                "            - {name: f, in: query, style: deepObject, schema: {type: object, properties: {a: {type: object}}}}",
                "its property a is an object"
            ),
            (
                "            - {name: f, in: query, explode: false, schema: {type: object, properties: {a: {type: array}}}}",
                "its property a is an array"
            ),
            ("            - {name: f, in: query, style: deepObject, schema: {type: string}}", "style deepObject is for object values"),
            ("            - {name: f, in: query, schema: {type: [object, string]}}", "may be an object or a string"),
            ("            - {name: f, in: query, schema: {type: array, items: {type: object}}}", "an array of objects or arrays"),
            (
                "            - {name: f, in: query, content: {text/csv: {schema: {type: string}}}}",
                "content of type text/csv is not checked"
            ),
            // What OpenAPI's schema refuses: the operation, the contract's own error at the line.
            ("            - {name: f, in: query, content: {application/json: {}, application/xml: {}}}", "expected at most 1 key, found 2"),
            (
                "            - {name: f, in: query, schema: {type: string}, content: {application/json: {}}}",
                "what OpenAPI 3.1 does not allow here (expected a value that matches exactly one of 2 schemas, found 2 matched (#1, #2): the value has schema and content, and each of those branches requires one)"
            ),
            (
                "            - {name: f, in: query, style: form, content: {application/json: {}}}",
                #""style" is no key OpenAPI gives this object"#
            ),
            (
                "            - {name: a, in: query, schema: {type: object}}\n            - {name: b, in: query, schema: {type: object}}",
                "which item belongs to which"
            ),
        ] as [(String, String)])
    func refused(_ parameters: String, _ message: String) throws {
        let error = try Contract.refusal(Self.contract(parameters: parameters), path: "styles.yaml")
        #expect(error.description.contains(message), "\(error.description)")
    }

    @Test(
        "an encoding entry that names no property, or says style, or sits on a JSON body, is refused",
        arguments: [
            ("multipart/form-data", "nothing: {contentType: text/plain}", "not a property of the body's schema"),
            ("multipart/form-data", "a: {style: form}", "encoding style is not checked"),
            ("application/json", "a: {contentType: text/plain}", "encoding applies to multipart/form-data and form bodies only"),
            ("application/x-www-form-urlencoded", "a: {contentType: image/png}", "a form field's contentType is checked for"),
        ] as [(String, String, String)])
    func encodingRefused(_ mediaType: String, _ encoding: String, _ message: String) throws {
        let text = """
            openapi: 3.1.0
            info: {title: e, version: '1'}
            paths:
              /x:
                post:
                  requestBody:
                    content:
                      \(mediaType):
                        schema: {type: object, properties: {a: {type: string}}}
                        encoding:
                          \(encoding)
                  responses:
                    '204': {description: ok}
            """
        let error = try Contract.refusal(text, path: "e.yaml")
        #expect(error.description.contains(message), "\(error.description)")
    }

    // MARK: Writing what is read

    @Test("what encodedQuery writes for each style, the verifier reads back as the same value")
    func roundTrip() throws {
        let text = Self.contract(
            parameters: """
                            - {name: d, in: query, required: true, style: deepObject, schema: {type: object, properties: {a: {type: string}, n: {type: integer}}}}
                            - {name: s, in: query, required: true, explode: false, schema: {type: object, properties: {a: {type: string}, n: {type: integer}}}}
                            - {name: t, in: query, required: true, explode: false, schema: {type: array, items: {type: string}, minItems: 3, maxItems: 3}}
                            - {name: j, in: query, required: true, content: {application/json: {schema: {type: object, required: [n], properties: {n: {type: integer}}}}}}
                """)
        let contract = try Contract.parse(text, path: "styles.yaml").compiled
        let operation = try #require(contract.operations.first)
        let values: [String: JSONValue] = [
            "d": try JSONReader.parse(#"{"a":"x&y=z[1]","n":3}"#), "s": try JSONReader.parse(#"{"a":"p,q","n":4}"#),
            "t": try JSONReader.parse(#"["a,b","c d","é"]"#), "j": try JSONReader.parse(#"{"n":5}"#),
        ]
        let query = operation.parameters.flatMap { $0.encodedQuery(values[$0.name] ?? .null) }.joined(separator: "&")
        let found = try Self.verify(text, url: "/pets?" + query)
        #expect(found.isEmpty, "\(query): \(found.map(\.compilerLine))")
        // Each is read, not merely accepted: a wrong value written the same way is found.
        let wrong = query.replacingOccurrences(of: "%22n%22%3A5", with: "%22n%22%3A%225%22")
        #expect(Self.summary(try Self.verify(text, url: "/pets?" + wrong)) == ["shape.type /query/j/n"], "\(wrong)")
    }

    @Test("a default response is the one undeclared statuses are checked against")
    func defaultResponse() throws {
        let text = """
            openapi: 3.1.0
            info: {title: d, version: '1'}
            paths:
              /x:
                get:
                  responses:
                    '200': {description: ok}
                    default:
                      description: an error
                      content:
                        application/json:
                          schema: {type: object, required: [message], properties: {message: {type: string}}}
            """
        let verifier = Verifier(contract: try Contract.parse(text, path: "d.yaml").compiled)
        func verify(_ body: String) throws -> [Finding] {
            verifier.verify(
                Interaction(
                    request: RecordedRequest(method: "GET", url: "/x", headers: HeaderFields()),
                    response: RecordedResponse(
                        status: 503, headers: HeaderFields([("Content-Type", "application/json")]), body: .json(try JSONReader.parse(body)))
                ))
        }
        #expect(try verify(#"{"message":"down"}"#).isEmpty)
        let wrong = try verify(#"{"error":"down"}"#).filter { $0.severity == .error }
        #expect(Self.summary(wrong) == ["field.missing /message"], "\(wrong.map(\.compilerLine))")
    }
}
