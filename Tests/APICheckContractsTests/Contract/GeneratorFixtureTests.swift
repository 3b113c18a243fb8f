import APICheckBreaking
import APICheckCommands
import APICheckContracts
import APICheckRecording
import Foundation
import TestSupport
import Testing
import WireFormat

/// What generators and vendors write, each construct a minimal hand-written fixture named after who writes it
/// (Fixtures/generators): the document loads, and a capture of it is checked, not skipped.
@Suite("Contracts as generators and vendors write them")
struct GeneratorFixtureTests {
    static let folder = repositoryRoot.appendingPathComponent("Tests/APICheckContractsTests/Fixtures/generators")

    static func contract(_ name: String) throws -> CompiledContract {
        try Contract.load(folder.appendingPathComponent(name).path).compiled
    }

    static func interaction(
        _ method: String, _ url: String, status: Int = 200, json: String? = nil, contentType: String = "application/json",
        request: String? = nil
    ) throws -> Interaction {
        let requestHeaders = HeaderFields(request == nil ? [] : [("Content-Type", "application/json")])
        return Interaction(
            request: RecordedRequest(
                method: method, url: url, headers: requestHeaders, body: try request.map { .json(try JSONReader.parse($0)) }),
            response: RecordedResponse(
                status: status, headers: HeaderFields([("Content-Type", contentType)]),
                body: try json.map { .json(try JSONReader.parse($0)) }))
    }

    static let account = "AC" + String(repeating: "0", count: 32)
    static let call = "CA" + String(repeating: "a", count: 32)

    @Test("Twilio: {Sid}.json matches a path, its parameter without the literal, and the body is checked")
    func twilioLiteralBesideParameter() throws {
        let contract = try Self.contract("twilio-literal-beside-parameter.json")
        let path = "/2010-04-01/Accounts/\(Self.account)/Calls/\(Self.call).json"
        let found = try #require(contract.operation(method: "GET", path: path))
        #expect(found.operation.name == "GET /2010-04-01/Accounts/{AccountSid}/Calls/{Sid}.json")
        #expect(found.pathParameters == ["AccountSid": Self.account, "Sid": Self.call])
        // The list, one segment shorter, is its own operation.
        #expect(
            contract.operation(method: "GET", path: "/2010-04-01/Accounts/\(Self.account)/Calls.json")?.operation.name
                == "GET /2010-04-01/Accounts/{AccountSid}/Calls.json")
        // Without the literal, the path is no operation of the document.
        #expect(contract.operation(method: "GET", path: "/2010-04-01/Accounts/\(Self.account)/Calls/\(Self.call)") == nil)

        // Twilio writes type beside its enums' $refs: OpenAPI 3.0 ignores it, and so does apicheck, with one warning.
        #expect(
            contract.warnings.count == 1
                && contract.warnings[0].contains("/components/schemas/call/properties/status/type: OpenAPI 3.0 ignores type beside $ref"),
            "\(contract.warnings)")
        let verifier = Verifier(contract: contract, options: .init(strict: true))
        let clean = try Self.interaction("GET", path, json: #"{"sid": "\#(Self.call)", "status": null, "duration": null}"#)
        #expect(verifier.verify(clean).isEmpty, "\(verifier.verify(clean).map(\.compilerLine))")
        let drifted = try Self.interaction("GET", path, json: #"{"sid": "\#(Self.call)", "status": "busy"}"#)
        #expect(verifier.verify(drifted).map(\.rule) == [.enumValue])
        // The parameter's value is the segment without `.json`: a Sid that breaks its pattern is reported as such.
        let badSid = try Self.interaction(
            "GET", "/2010-04-01/Accounts/\(Self.account)/Calls/XX1.json", json: #"{"sid": "\#(Self.call)", "status": "queued"}"#)
        let paramFindings = verifier.verify(badSid)
        #expect(paramFindings.map(\.rule) == [.schemaMinLength, .schemaPattern], "\(paramFindings.map(\.compilerLine))")
        #expect(paramFindings.first?.found.contains("XX1") == true && paramFindings.first?.found.contains(".json") == false)
    }

    @Test("thumbnail.{extension}: the literal before the parameter, the parameter checked")
    func literalBeforeParameter() throws {
        let contract = try Self.contract("twilio-literal-beside-parameter.json")
        let found = try #require(contract.operation(method: "GET", path: "/v1/Services/IS1/Media/ME2/thumbnail.png"))
        #expect(found.pathParameters == ["ServiceSid": "IS1", "Sid": "ME2", "extension": "png"])
        #expect(contract.operation(method: "GET", path: "/v1/Services/IS1/Media/ME2/thumbnail.") == nil)
        #expect(contract.operation(method: "GET", path: "/v1/Services/IS1/Media/ME2/preview.png") == nil)
        let verifier = Verifier(contract: contract, options: .init(strict: true))
        let gif = Interaction(
            request: RecordedRequest(method: "GET", url: "/v1/Services/IS1/Media/ME2/thumbnail.gif"),
            response: RecordedResponse(status: 200, headers: HeaderFields([("Content-Type", "image/png")]), body: .base64(Data([1]))))
        #expect(verifier.verify(gif).map(\.rule) == [.enumValue])
    }

    @Test("#fragment keys: two operations on one path, the fragment no part of the match")
    func fragmentKeys() throws {
        let contract = try Self.contract("rpc-fragment-keys.yaml")
        #expect(contract.operation(method: "GET", path: "/rpc")?.operation.name == "GET /rpc#list")
        #expect(contract.operation(method: "POST", path: "/rpc")?.operation.name == "POST /rpc#create")
        let verifier = Verifier(contract: contract, options: .init(strict: true))
        let created = try Self.interaction("POST", "/rpc", status: 201, json: #"{"id": "7"}"#, request: #"{"name": "a"}"#)
        #expect(verifier.verify(created).map(\.rule) == [.shapeType])
    }

    @Test("a parameter takes the fewest characters that let the rest of its segment match; a literal segment wins")
    func segmentPieces() {
        let template = PathTemplate("/files/{name}.{format}")
        #expect(template.match(["files", "archive.tar.gz"])?.parameters == ["name": "archive", "format": "tar.gz"])
        #expect(template.match(["files", ".gz"]) == nil && template.match(["files", "a."]) == nil)
        #expect(PathTemplate("/{a}{b}").match(["xyz"])?.parameters == ["a": "x", "b": "yz"])
        #expect(PathTemplate("/a/{id}%2Ejson").match(["a", "7%2Ejson"])?.parameters == ["id": "7"])
        #expect(PathTemplate("/files/{name}.{format}").parameterNames == ["name", "format"])
        // Split at each slash (empty segments left out), the fragment left out, any text between them.
        #expect(PathTemplate.parts(of: "//a///b/") == ["a", "b"] && PathTemplate.parts(of: "/").isEmpty)
        #expect(PathTemplate.parts(of: "/할 일/😀/e\u{301}") == ["할 일", "😀", "e\u{301}"])
        #expect(PathTemplate("/rpc#create/x").segments.count == 1 && PathTemplate("/a/{b").segments[1].literal == "{b")
        #expect(PathTemplate("/할 일/{아이디}.json").match(["할 일", "7.json"])?.parameters == ["아이디": "7"])
        // Of two templates a path fits, the one with more literal text in the segment wins, whatever their order.
        let templates = ["/files/{name}", "/files/{name}.json"].map(PathTemplate.init)
        let best = PathTemplate.best(templates, for: "/files/a%20b.json") { $0 }
        #expect(best?.parameters == ["name": "a b"] && best?.element.segments[1].pieces.count == 2)
        #expect(PathTemplate.best(templates.reversed(), for: "/files/a.json") { $0 }?.element.segments[1].pieces.count == 2)
    }

    @Test("FastAPI's authorization header parameter: ignored as OpenAPI says, one warning at its line, the operation checked")
    func fastAPIAuthorizationHeader() throws {
        let contract = try Self.contract("fastapi-authorization-header.json")
        #expect(contract.refused.isEmpty, "\(contract.refused.map(\.reasonText))")
        let operation = try #require(contract.operation(method: "GET", path: "/items/")?.operation)
        #expect(operation.parameters.map(\.name) == ["x-token"])
        #expect(contract.warnings.count == 1, "\(contract.warnings)")
        #expect(contract.warnings.first?.contains("fastapi-authorization-header.json:10:11:") == true, "\(contract.warnings)")
        #expect(
            contract.warnings.first?.contains(
                "warning: /paths/~1items~1/get/parameters/0: a header parameter named authorization is ignored") == true)
        // A request without the header is no finding; the body is checked.
        let verifier = Verifier(contract: contract, options: .init(strict: true))
        #expect(verifier.verify(try Self.interaction("GET", "/items/", json: #"[{"name": "a", "price": 1.5}]"#)).isEmpty)
        #expect(verifier.verify(try Self.interaction("GET", "/items/", json: #"[{"name": "a"}]"#)).map(\.rule) == [.fieldMissing])
    }

    @Test(
        "springdoc: a header parameter with neither schema nor content refuses its operation and is the contract's error at its line; the others are checked"
    )
    func springdocHeaderParameterWithoutSchema() throws {
        let contract = try Self.contract("springdoc-header-parameter-without-schema.json")
        #expect(contract.refused.map(\.operation) == ["GET /greeting"], "\(contract.refused.map(\.reasonText))")
        let invalid = contract.invalidFindings
        #expect(invalid.map(\.rule) == [.contractInvalid] && invalid.map(\.operation) == ["GET /greeting"], "\(invalid)")
        #expect(invalid.first?.compilerLine.contains("springdoc-header-parameter-without-schema.json:11: error:") == true, "\(invalid)")
        #expect(invalid.first?.found.contains("parameter X-Tenant (in: header): has neither schema nor content") == true)
        let verifier = Verifier(contract: contract, options: .init(strict: true))
        #expect(verifier.verify(try Self.interaction("GET", "/farewell", json: #"{"text": "bye"}"#)).isEmpty)
        #expect(verifier.verify(try Self.interaction("GET", "/farewell", json: #"{}"#)).map(\.rule) == [.fieldMissing])
        #expect(
            verifier.verify(try Self.interaction("GET", "/greeting", json: #"{"text": "hi"}"#)).map(\.rule) == [.contractOperationRefused])
    }

    @Test("Kubernetes: a path parameter the path lacks is ignored, one warning at its line naming how many operations")
    func kubernetesPathParameterThePathLacks() throws {
        let contract = try Self.contract("kubernetes-path-parameter-the-path-lacks.yaml")
        #expect(contract.refused.isEmpty)
        #expect(contract.warnings.count == 2, "\(contract.warnings)")
        #expect(
            contract.warnings.first?.hasSuffix(
                "/paths/~1api~1v1~1nodes/get/parameters/1/uniqueItems: uniqueItems is no key of an OpenAPI parameter: apicheck does not read it; remove it or write x-uniqueItems"
            ) == true, "\(contract.warnings)")
        let warning = contract.warnings[1]
        #expect(warning.contains("kubernetes-path-parameter-the-path-lacks.yaml:36:7:"), "\(warning)")
        #expect(
            warning.hasSuffix(
                "path parameter namespace is declared, but the path has no {namespace}: it is ignored (GET /api/v1/nodes and 1 other operations)"
            ), "\(warning)")
        // A list of nodes is checked, with no path parameter missing.
        let verifier = Verifier(contract: contract, options: .init(strict: true))
        #expect(verifier.verify(try Self.interaction("GET", "/api/v1/nodes", json: #"{"items": []}"#)).isEmpty)
        #expect(
            verifier.verify(try Self.interaction("GET", "/api/v1/nodes", json: #"{"kind": "NodeList"}"#)).map(\.rule) == [.fieldMissing])
        #expect(contract.operation(method: "GET", path: "/api/v1/namespaces/default/pods")?.pathParameters == ["namespace": "default"])
    }

    @Test(
        "Dropbox Sign: a description written as a $ref to a Markdown file is that file's text, or empty when it cannot be read; a warning each"
    )
    func dropboxSignDescriptionByReference() throws {
        // Before, the document was refused whole: the tag's file could not be read, and a Markdown file is no YAML.
        let contract = try Self.contract("dropbox-sign-description-by-reference.yaml")
        #expect(contract.refused.isEmpty)
        #expect(contract.warnings.count == 2, "\(contract.warnings)")
        #expect(
            contract.warnings.contains {
                $0.contains(":10:15:")
                    && $0.hasSuffix(
                        "description is a $ref to a file: read as that file's text, as bundlers read it (OpenAPI writes the text itself)")
            }, "\(contract.warnings)")
        #expect(
            contract.warnings.contains {
                $0.contains(":23:13:")
                    && $0.hasSuffix(
                        #"description is a $ref to "./markdown/en/tags/account-tag-description.md", which cannot be read (no such file): left empty; apicheck reads no description"#
                    )
            }, "\(contract.warnings)")
        let verifier = Verifier(contract: contract, options: .init(strict: true))
        #expect(verifier.verify(try Self.interaction("GET", "/account", json: #"{"account": {"account_id": "a"}}"#)).isEmpty)
        #expect(
            verifier.verify(try Self.interaction("GET", "/account", json: #"{"account": {"id": "a"}}"#)).map(\.rule) == [.fieldUnexpected])
    }

    @Test("OpenAI: 3.0 forms in a 3.1 document read as their authors meant, each with a warning that says what to write")
    func openAI30FormsIn31() throws {
        let contract = try Self.contract("openai-3.0-forms-in-3.1.yaml")
        #expect(contract.refused.isEmpty, "\(contract.refused.map(\.reasonText))")
        let warnings = contract.warnings.map { $0.components(separatedBy: ": warning: ").last ?? $0 }
        let expected = [
            "/components/schemas/CreateChatCompletionRequest/required: required lists \"model\" more than once; read once: list each name once",
            "/components/schemas/CreateChatCompletionRequest/properties/messages/min_items: min_items is no keyword of JSON Schema; read as minItems, as its author meant: write minItems",
            "/components/schemas/CreateChatCompletionRequest/properties/max_completion_tokens/nullable: nullable is OpenAPI 3.0; read as type: [\"null\", integer], as OpenAPI 3.1 writes it",
            "/components/schemas/CreateChatCompletionRequest/properties/temperature/exclusiveMinimum: the boolean exclusiveMinimum is OpenAPI 3.0's; read as exclusiveMinimum: 0 in place of minimum, as OpenAPI 3.1 writes it",
            "/components/schemas/CreateChatCompletionRequest/properties/temperature/nullable: nullable is OpenAPI 3.0; read as type: [\"null\", number], as OpenAPI 3.1 writes it",
            "/components/schemas/CreateChatCompletionRequest/properties/audio/nullable: nullable is OpenAPI 3.0; read as anyOf: [<this schema>, {type: \"null\"}], as OpenAPI 3.1 writes it",
            "/components/schemas/CreateChatCompletionRequest/properties/stop/nullable: nullable is OpenAPI 3.0; read as anyOf: [<this schema>, {type: \"null\"}], as OpenAPI 3.1 writes it",
            "/components/schemas/CreateChatCompletionRequest/properties/store/nullable: nullable is OpenAPI 3.0; nullable: false says nothing in OpenAPI 3.1: remove it",
            "/components/schemas/CreateChatCompletionResponse/properties/service_tier/nullable: nullable is OpenAPI 3.0, and its enum leaves null out, so null is refused: remove nullable",
        ]
        #expect(warnings == expected, "\(warnings)")
        let verifier = Verifier(contract: contract, options: .init(strict: true))
        func findings(_ request: String) throws -> [String] {
            let interaction = try Self.interaction(
                "POST", "/chat/completions", json: #"{"id": "c", "choices": []}"#, request: request)
            return verifier.verify(interaction).map { "\($0.rule) \($0.pointer)" }
        }
        // null where nullable says so, the values as before.
        #expect(
            try findings(
                #"{"model": "m", "messages": [{}], "max_completion_tokens": null, "temperature": null, "audio": null, "stop": null}"#) == []
        )
        #expect(try findings(#"{"model": "m", "messages": [{}], "audio": {"voice": "alloy"}, "stop": ["x"], "temperature": 0.5}"#) == [])
        // What each slip means is checked: minItems, the exclusive bound, the $ref beside nullable, null where not nullable.
        #expect(try findings(#"{"model": "m", "messages": []}"#) == ["schema.minitems /messages"])
        #expect(try findings(#"{"model": "m", "messages": [{}], "temperature": 0}"#) == ["schema.exclusiveminimum /temperature"])
        #expect(try findings(#"{"model": "m", "messages": [{}], "audio": {}}"#) == ["schema.anyof /audio"])
        #expect(try findings(#"{"model": "m", "messages": [{}], "store": null}"#) == ["field.null /store"])
    }

    @Test("breaking reads the 3.0 forms of a 3.1 document as the verifier does: nullable dropped breaks, the same meaning is no change")
    func openAI30FormsInBreaking() throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent("openai-3.0-forms-in-3.1.yaml"), encoding: .utf8)
        let old = try ContractVersion.parse(text, path: "old.yaml")
        func changes(_ edits: [(String, String)]) throws -> [String] {
            var edited = text
            for (from, to) in edits {
                #expect(edited.contains(from), "\(from)")
                edited = edited.replacingOccurrences(of: from, with: to)
            }
            return ContractDiff.compare(old, try ContractVersion.parse(edited, path: "new.yaml")).map { "\($0.rule) \($0.pointer)" }
        }
        #expect(try changes([]) == [])
        #expect(
            try changes([("          type: integer\n          nullable: true\n", "          type: integer\n")])
                == ["breaking.request-not-nullable /max_completion_tokens"])
        // The slip and what it means are one schema.
        #expect(
            try changes([
                ("          minimum: 0\n          exclusiveMinimum: true\n", "          exclusiveMinimum: 0\n"),
                ("          min_items: 1\n", "          minItems: 1\n"),
            ]) == [])
        #expect(
            try changes([("          min_items: 1\n", "          min_items: 2\n")]) == ["breaking.request-constraint-tightened /messages"])
    }

    @Test(
        "what apicheck does not read never refuses a document: one warning at its line (none where OpenAPI allows it), the operation checked",
        arguments: [
            (
                "nestjs-produces-leftover.yaml", "GET", "/cats", #"[{"name": "Tom", "age": 3}]"#,
                "7:17: warning: /paths/~1cats/get/produces: produces is no key of an OpenAPI operation (a Swagger 2.0 leftover)"
            ),
            (
                "l5-swagger-undeclared-security-scheme.yaml", "GET", "/api/user", #"{"id": 1}"#,
                "17:21: warning: /paths/~1api~1user/get/security/0/passport: the security scheme passport is not among components/securitySchemes"
            ),
            (
                // A server URL is any string to OpenAPI's schema, and apicheck reads none (apicheck.yml's base_url is the API's).
                "scribe-unrendered-server-url.yaml", "GET", "/api/user", #"{"message": "Unauthenticated."}"#, ""
            ),
        ])
    func unreadParts(_ file: String, _ method: String, _ path: String, _ body: String, _ warning: String) throws {
        let contract = try Self.contract(file)
        #expect(contract.refused.isEmpty)
        if warning.isEmpty {
            #expect(contract.warnings.isEmpty, "\(contract.warnings)")
        } else {
            #expect(contract.warnings.count == 1 && contract.warnings[0].contains("\(file):\(warning)"), "\(contract.warnings)")
        }
        let verifier = Verifier(contract: contract, options: .init(strict: true))
        let status = file.hasPrefix("scribe") ? 401 : 200
        #expect(verifier.verify(try Self.interaction(method, path, status: status, json: body)).isEmpty)
        #expect(!verifier.verify(try Self.interaction(method, path, status: status, json: "[1]")).isEmpty)
    }

    /// The Stripe fixture, none of it refused, and the findings of a GET of `path` with `query` answered with `json`.
    static func stripe(_ path: String, json: String) throws -> (contract: CompiledContract, findings: (String) throws -> [String]) {
        let contract = try Self.contract("stripe-deepobject-expand.json")
        #expect(contract.refused.isEmpty, "\(contract.refused.map(\.reasonText))")
        let verifier = Verifier(contract: contract, options: .init(strict: true))
        return (
            contract,
            { query in
                verifier.verify(try Self.interaction("GET", path + "?" + query, json: json)).map { "\($0.rule) \($0.pointer)" }
            }
        )
    }

    @Test("Stripe: a deepObject parameter whose schema is an array, sent as expand[]=a&expand[]=b or expand[0]=a, is checked")
    func stripeDeepObjectArray() throws {
        let (contract, findings) = try Self.stripe("/v1/customers/cus_1", json: #"{"id": "cus_1", "object": "customer"}"#)
        #expect(try findings("expand%5B%5D=default_source&expand%5B%5D=invoice_settings.default_payment_method") == [])
        #expect(try findings("expand[0]=default_source&expand[1]=sources&limits[]=3") == [])
        #expect(try findings("limits[]=3&limits[]=101") == ["schema.maximum /query/limits/*"])
        #expect(try findings("limits[]=x") == ["shape.type /query/limits/*"])
        #expect(try findings("expand[source]=x") == ["param.unparsable /query/expand"])
        // What examples write reads back.
        let operation = try #require(contract.operation(method: "GET", path: "/v1/customers/c")?.operation)
        let expand = try #require(operation.parameters.first { $0.name == "expand" })
        #expect(expand.encodedQuery(.array([.string("a"), .string("b")])) == ["expand%5B%5D=a", "expand%5B%5D=b"])
    }

    @Test("Stripe: created, a deepObject of an object of bounds or an integer, is checked written either way")
    func stripeDeepObjectAnyOf() throws {
        let (contract, findings) = try Self.stripe("/v1/customers", json: #"{"data": []}"#)
        #expect(try findings("created%5Bgte%5D=1700000000&created%5Blt%5D=1800000000&expand%5B%5D=data.default_source") == [])
        #expect(try findings("created=1700000000") == [])
        #expect(try findings("created[gte]=soon") == ["schema.anyof /query/created"])
        #expect(try findings("created=yesterday") == ["schema.anyof /query/created"])
        // A bound the object does not declare: strict, as for any object.
        #expect(try findings("created[after]=1") == ["field.unexpected /query/created/after"])
        // What examples write reads back clean.
        let output = ExampleGenerator(contract: contract).generate()
        #expect(output.skipped.isEmpty, "\(output.skipped)")
        #expect(output.examples.contains { $0.operation == "GET /v1/customers" })
    }

    @Test("Discord: a type beside a oneOf of titled consts is written as one of them; ids of a uniqueItems array differ")
    func discordTitledConstants() throws {
        let text = """
            openapi: 3.1.0
            info: {title: Written as Discord writes an enum with a title per value, version: '10'}
            paths:
              /channels/{id}:
                get:
                  parameters: [{name: id, in: path, required: true, schema: {type: string}}]
                  responses:
                    '200':
                      description: OK
                      content:
                        application/json:
                          schema:
                            type: object
                            required: [type, mention_roles]
                            properties:
                              type:
                                type: integer
                                oneOf: [{title: GUILD_TEXT, const: 0}, {title: DM, const: 1}, {title: NAMED, const: "x"}]
                              mention_roles:
                                type: array
                                uniqueItems: true
                                minItems: 3
                                items: {type: string, pattern: '^(0|[1-9][0-9]*)$', format: snowflake}
                              flags:
                                type: array
                                uniqueItems: true
                                items: {type: integer, enum: [1, 2, 4]}
            """
        let output = ExampleGenerator(contract: try Contract.parse(text, path: "discord.yaml").compiled).generate()
        // Every example written (each verified by the generator): before, the type was a number no branch takes, and
        // every role id the same well-known "123456".
        #expect(output.skipped.isEmpty, "\(output.skipped.map(\.reason))")
        #expect(output.ambiguities.isEmpty, "\(output.ambiguities)")
        let bodies = output.examples.compactMap { example -> (String, JSONValue)? in
            guard case .json(let body)? = example.interaction.response.body else { return nil }
            return (example.variant, body)
        }
        let maximal = try #require(bodies.first { $0.0 == "maximal" }?.1)
        #expect(maximal["type"] == .number(JSONNumber(0)), "\(JSONWriter.compact(maximal))")
        let roles = try #require(maximal["mention_roles"]?.arrayValue)
        #expect(roles.count == 3 && Set(roles.compactMap(\.stringValue)).count == 3, "\(roles)")
        // The other constant of the integer's type is a variant of its own; the string constant is not the type's.
        #expect(bodies.contains { $0.0 == "enum 1 at /type" && $0.1["type"] == .number(JSONNumber(1)) }, "\(bodies.map(\.0))")
        #expect(!bodies.contains { $0.1["type"]?.stringValue != nil })
        // The first flag's other values that the second flag has are no variant (they would repeat it).
        let flags = try #require(maximal["flags"]?.arrayValue)
        #expect(flags.count == 2 && flags[0] != flags[1], "\(flags)")
        #expect(!bodies.contains { $0.0 == "enum \(JSONWriter.compact(flags[1])) at /flags/0" }, "\(bodies.map(\.0))")
    }

    @Test(
        "Box: a key that required names and no properties declare is in the contract, even --strict; nullable parts and branches are written"
    )
    func boxRequiredWithoutProperty() throws {
        let contract = try Self.contract("box-required-without-property.yaml")
        let verifier = Verifier(contract: contract, options: .init(strict: true))
        func findings(_ link: String) throws -> [String] {
            let interaction = try Self.interaction("GET", "/folders/1", json: #"{"id": "1", "shared_link": \#(link)}"#)
            return verifier.verify(interaction).map { "\($0.rule.rawValue) \($0.pointer)" }
        }
        #expect(try findings(#"{"url": "https://box.com/s/1", "accessed": "2024-05-21"}"#) == [])
        #expect(try findings(#"{"url": "https://box.com/s/1"}"#) == ["field.missing /shared_link/accessed"])
        #expect(try findings(#"{"url": "u", "accessed": 1, "colour": "red"}"#) == ["field.unexpected /shared_link/colour"])
        // What examples write (accessed as any value) verifies, so every one is written; a file's id and type come
        // from its nullable base, through the allOf parts (before, no part's properties were seen past the null).
        let output = ExampleGenerator(contract: contract).generate()
        #expect(output.skipped.isEmpty, "\(output.skipped.map(\.reason))")
        let file = try #require(output.examples.first { $0.operation == "GET /files/{file_id}" && $0.variant == "minimal" })
        guard case .json(let body)? = file.interaction.response.body else { throw Failure("no JSON body") }
        #expect(body.objectValue?.keys.sorted() == ["id", "type"], "\(JSONWriter.compact(body))")
        // A resource, an object of branches, is written as its first branch (before: an object with no keys at all).
        let token = try #require(output.examples.first { $0.operation == "POST /oauth2/token" && $0.variant == "maximal" })
        guard case .json(let tokenBody)? = token.interaction.response.body else { throw Failure("no JSON body") }
        #expect(tokenBody["restricted_to"]?[0]?["object"]?["type"] == .string("folder"), "\(JSONWriter.compact(tokenBody))")
        #expect(output.examples.contains { $0.operation == "POST /oauth2/token" && $0.variant.hasPrefix("oneOf branch 2") })
        // The same resource as the one part of an allOf that says something, nullable (a collaboration's item).
        let collaboration = try #require(
            output.examples.first { $0.operation == "GET /collaborations/{collaboration_id}" && $0.variant == "maximal" })
        guard case .json(let item)? = collaboration.interaction.response.body else { throw Failure("no JSON body") }
        #expect(item["item"]?["type"] == .string("folder"), "\(JSONWriter.compact(item))")
    }

    @Test(
        "DigitalOcean: a member that two allOf parts declare (metrics, with cpu in one and requests in the other) takes the keys of both, even --strict"
    )
    func digitalOceanMemberInTwoAllOfParts() throws {
        let contract = try Self.contract("digitalocean-member-in-two-allof-parts.yaml")
        func findings(_ json: String, strict: Bool = true) throws -> [String] {
            let verifier = Verifier(contract: contract, options: .init(strict: strict))
            return verifier.verify(try Self.interaction("GET", "/v2/apps/1/autoscaling", json: json)).map {
                "\($0.rule.rawValue) \($0.pointer)"
            }
        }
        let metrics =
            #"{"cpu": {"percent": 75}, "requests_per_second": {"per_instance": 100}, "request_duration": {"p95_milliseconds": 500}}"#
        #expect(try findings(#"{"autoscaling": {"min_instance_count": 2, "metrics": \#(metrics)}}"#) == [])
        // Before, each part's metrics judged the keys alone: cpu was unexpected in one, the requests in the other.
        #expect(try findings(#"{"autoscaling": {"metrics": {"cpu": {"percent": 75}}}}"#) == [])
        // A key neither part declares, at each depth, is still not in the contract; each part's checks still apply.
        #expect(
            try findings(#"{"autoscaling": {"metrics": {"cpu": {"percent": 101, "window": 1}, "memory": {}}}}"#) == [
                "schema.maximum /autoscaling/metrics/cpu/percent", "field.unexpected /autoscaling/metrics/cpu/window",
                "field.unexpected /autoscaling/metrics/memory",
            ])
        #expect(
            try findings(#"{"autoscaling": {"metrics": {"memory": {}}}}"#, strict: false) == ["field.added /autoscaling/metrics/memory"])
        // Items that two parts' items describe: the keys of both, once each.
        #expect(try findings(#"{"history": [{"at": "t", "instances": 2}]}"#) == [])
        #expect(try findings(#"{"history": [{"at": "t", "by": "x"}, {"by": "y"}]}"#) == ["field.unexpected /history/*/by"])
        // A property nullable in one part and not in the other takes no null, and examples write no null variant of it.
        #expect(try findings(#"{"action": {"resource_id": null}}"#) == ["field.null /action/resource_id"])
        let output = ExampleGenerator(contract: contract).generate()
        #expect(output.skipped.isEmpty, "\(output.skipped.map(\.reason))")
        #expect(!output.examples.contains { $0.variant.contains("/action/resource_id") }, "\(output.examples.map(\.variant))")
    }

    @Test("DigitalOcean: off in a string enum is the string \"off\", as YAML 1.2 reads it; true and TRUE are still booleans")
    func digitalOceanOffInAnEnum() throws {
        let contract = try Self.contract("digitalocean-off-in-an-enum.yaml")
        let verifier = Verifier(contract: contract)
        func findings(_ droplet: String) throws -> [String] {
            let interaction = try Self.interaction("GET", "/v2/droplets/1", json: #"{"droplet": \#(droplet)}"#)
            return verifier.verify(interaction).map { "\($0.rule.rawValue) \($0.pointer)" }
        }
        #expect(try findings(#"{"status": "off", "country": "NO", "locked": false}"#) == [])
        #expect(try findings(#"{"status": false}"#) == ["shape.type /droplet/status"])
        #expect(try findings(#"{"status": "of"}"#) == ["enum.value /droplet/status"])
        // The examples write each value of the enum as the string it is, and all of them verify.
        let output = ExampleGenerator(contract: contract).generate()
        #expect(output.skipped.isEmpty, "\(output.skipped.map(\.reason))")
        let variants = output.examples.map(\.variant)
        #expect(variants.contains(#"enum "off" at /droplet/status"#) && variants.contains(#"enum "NO" at /droplet/country"#), "\(variants)")
    }

    @Test(
        "PagerDuty and Plaid: a property declared again by an allOf part, and a type beside allOf parts that bound it: examples write a value every declaration takes"
    )
    func examplesTakenByEveryDeclaration() throws {
        for name in ["pagerduty-type-narrowed-by-allof.json", "plaid-string-bounded-by-allof.yaml"] {
            // Before, the first declaration's value was written (a type "type 1"; a 9-character IBAN), and refused.
            let output = ExampleGenerator(contract: try Self.contract(name)).generate()
            #expect(output.skipped.isEmpty, "\(name): \(output.skipped.map(\.reason))")
            #expect(output.examples.count > 2, "\(name): \(output.examples.map(\.variant))")
        }
        let service = try #require(
            ExampleGenerator(contract: try Self.contract("pagerduty-type-narrowed-by-allof.json")).generate().examples.first {
                $0.variant == "maximal"
            })
        guard case .json(let body)? = service.interaction.response.body else { throw Failure("no JSON body") }
        #expect(body["service"]?["type"] == .string("service"), "\(JSONWriter.compact(body))")
    }

    @Test(
        "drf-spectacular: examples of a oneOf with a discriminator write the value that names each branch: the mapping's, or the schema's name"
    )
    func polymorphicDiscriminator() throws {
        let output = ExampleGenerator(contract: try Self.contract("drf-spectacular-polymorphic-discriminator.yaml")).generate()
        #expect(output.skipped.isEmpty, "\(output.skipped.map(\.reason))")
        func written(_ operation: String, _ variant: String, _ key: String) throws -> JSONValue? {
            let example = try #require(output.examples.first { $0.operation == operation && $0.variant.hasPrefix(variant) }, "\(variant)")
            guard case .json(let body)? = example.interaction.response.body else { throw Failure("no JSON body") }
            return body[key]
        }
        // Before, resourcetype was a string like any other ("resourcetype 621"), which no generated client decodes.
        #expect(try written("GET /persons/{id}/", "maximal", "resourcetype") == .string("legal"))
        #expect(try written("GET /persons/{id}/", "oneOf branch 2", "resourcetype") == .string("natural"))
        #expect(try written("GET /pets/{id}/", "maximal", "pet_type") == .string("Cat"))
        #expect(try written("GET /pets/{id}/", "oneOf branch 2", "pet_type") == .string("Dog"))
    }

    @Test("Plaid: an enum that lists values its own type refuses (numbers and booleans beside type: string) is a warning at the enum")
    func plaidNumbersInAStringEnum() throws {
        let contract = try Self.contract("plaid-numbers-in-a-string-enum.yaml")
        let warnings = contract.warnings
        #expect(warnings.count == 3, "\(warnings)")
        #expect(
            warnings.contains {
                $0.contains(":25:9:")
                    && $0.hasSuffix(
                        "enum lists 3, which its type (null, string) refuses (quoted, they would be strings): only the others can be valid")
            }, "\(warnings)")
        #expect(
            warnings.contains {
                $0.contains(":17:46:")
                    && $0.hasSuffix(
                        "enum lists 4.1, which its type (string) refuses (quoted, they would be strings): only the others can be valid")
            }, "\(warnings)")
        #expect(
            warnings.contains { $0.contains(":18:68:") && $0.hasSuffix("refuses (quoted, they would be strings): no value is valid here") },
            "\(warnings)")
        // Checked as written: the string "3" is not the number 3.
        let verifier = Verifier(contract: contract)
        func findings(_ json: String) throws -> [String] {
            verifier.verify(try Self.interaction("POST", "/cra/check_report/cashflow_insights/get", json: json)).map {
                "\($0.rule.rawValue) \($0.pointer)"
            }
        }
        #expect(try findings(#"{"version": null, "tier": "4"}"#) == [])
        #expect(try findings(#"{"version": "3"}"#) == ["enum.value /version"])
        #expect(try findings(#"{"retirement": "true"}"#) == ["enum.value /retirement"])
    }

    @Test("Box: an answer at a path that a #fragment keeps apart (GET /shared_items#folders) is told against the operation it fits")
    func boxFragmentAlternatives() throws {
        let path = Self.folder.appendingPathComponent("box-required-without-property.yaml").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for compiling in [Contract.Compilation.everything, .whereReached(beyond: 0)] {
            let contract = try Contract.parse(text, path: path, compiling: compiling).compiled
            let verifier = Verifier(contract: contract, options: .init(strict: true))
            func findings(_ json: String) throws -> [String] {
                try verifier.verify(Self.interaction("GET", "/shared_items", json: json)).map {
                    "\($0.operation) \($0.rule.rawValue) \($0.pointer)"
                }
            }
            // A folder and a file are each a shared item; before, a folder was an error against the file's schema.
            let folder = try findings(#"{"id": "1", "type": "folder", "name": "Docs"}"#)
            #expect(folder == [], "\(compiling): \(folder)")
            let file = try findings(#"{"id": "1", "type": "file", "size": 3}"#)
            #expect(file == [], "\(compiling): \(file)")
            // An answer neither takes is told against the one it is nearest to: a folder with a wrong name.
            let wrong = try findings(#"{"id": "1", "type": "folder", "name": 7}"#)
            #expect(wrong == ["GET /shared_items#folders shape.type /name"], "\(compiling): \(wrong)")
        }
        let output = ExampleGenerator(contract: try Self.contract("box-required-without-property.yaml")).generate()
        #expect(!output.skipped.contains { $0.operation.hasPrefix("GET /shared_items") }, "\(output.skipped.map(\.reason))")
    }

    @Test("springdoc: examples write the pageable object exploded, merge required beside allOf, and warn once of a sealed oneOf")
    func springdocExamples() throws {
        let contract = try Self.contract("springdoc-pageable-and-sealed-oneof.yaml")
        let output = ExampleGenerator(contract: contract).generate()
        // Every example written verifies (the generator checks), and the owner's are written: id an integer, name a string.
        let owner = try #require(output.examples.first { $0.operation == "GET /owners/{id}" && $0.variant == "minimal" })
        guard case .json(let body)? = owner.interaction.response.body else { throw Failure("no JSON body") }
        #expect(body["id"]?.numberValue != nil && body["name"]?.stringValue != nil, "\(JSONWriter.compact(body))")
        // The overlapping oneOf: one warning with the value that matches both, and its variants not written.
        #expect(output.ambiguities.count == 1, "\(output.ambiguities)")
        #expect(output.ambiguities.first?.contains(#"GET /pets 200: oneOf at /: its branches overlap: the value {"name":"#) == true)
        #expect(output.skipped.allSatisfy { $0.operation == "GET /pets" && $0.reason.contains("overlapping branches") })
        // The request's pageable, exploded as OpenAPI says for a query object: the examples of the list carry it, and
        // verified clean (the generator checks every one it writes).
        let list = try #require(output.examples.first { $0.operation == "GET /owners" && $0.variant == "minimal" })
        #expect(list.interaction.request.url.hasPrefix("/owners?page="), "\(list.interaction.request.url)")
        #expect(Verifier(contract: contract, options: .init(strict: true)).verify(list.interaction).isEmpty)
    }

    @Test(
        "swagger-php: a base schema whose oneOf lists schemas that allOf it back refuses what reaches it, with the fix; examples end"
    )
    func polymorphismCycle() throws {
        let contract = try Self.contract("swagger-php-polymorphism-oneof-allof-cycle.yaml")
        #expect(contract.refused.map(\.operation) == ["GET /test"])
        let reason = try #require(contract.refused.first?.reason)
        #expect(reason.message.contains("applies itself to the same value again"), "\(reason)")
        #expect(reason.message.contains("move the oneOf to a schema of its own"), "\(reason)")
        #expect(reason.line != nil)
        // The other operation is checked, and examples are written for it (before, examples never ended on this one).
        let output = ExampleGenerator(contract: contract).generate()
        #expect(output.examples.contains { $0.operation == "GET /plain" })
        #expect(!output.examples.contains { $0.operation == "GET /test" })
    }

    @Test("drf-spectacular: a map with minProperties (a DictField's min_length) is written with as many keys, and verifies")
    func dictMinLength() throws {
        let contract = try Self.contract("drf-spectacular-dict-min-length.yaml")
        let output = ExampleGenerator(contract: contract).generate()
        #expect(output.skipped.isEmpty, "\(output.skipped.map(\.reason))")
        let minimal = try #require(output.examples.first { $0.variant == "minimal" })
        guard case .json(let body)? = minimal.interaction.response.body else { throw Failure("no JSON body") }
        #expect(
            body["dict_min_length"]?.objectValue?.count == 100 && body["scores"]?.objectValue?.count == 2, "\(JSONWriter.compact(body))")
        #expect(Verifier(contract: contract, options: .init(strict: true)).verify(minimal.interaction).isEmpty)
    }

    @Test("Stripe: a form body whose encoding makes fields deepObject (metadata[key]=v, expand[]=a, address[city]=x) is checked")
    func stripeFormDeepObject() throws {
        let contract = try Self.contract("stripe-deepobject-expand.json")
        #expect(contract.refused.isEmpty, "\(contract.refused.map(\.reasonText))")
        let verifier = Verifier(contract: contract, options: .init(strict: true))
        func findings(_ raw: String) throws -> [String] {
            let fields = try FormURLEncoding.decode(raw)
            let interaction = Interaction(
                request: RecordedRequest(
                    method: "POST", url: "/v1/customers", headers: HeaderFields([("Content-Type", "application/x-www-form-urlencoded")]),
                    body: .form(fields: fields, raw: raw)),
                response: RecordedResponse(
                    status: 200, headers: HeaderFields([("Content-Type", "application/json")]),
                    body: .json(try JSONReader.parse(#"{"id": "cus_1", "object": "customer"}"#))))
            return verifier.verify(interaction).map { "\($0.rule) \($0.pointer)" }
        }
        #expect(
            try findings("description=x&metadata%5Border_id%5D=6735&expand%5B%5D=sources&expand%5B%5D=tax&address%5Bcity%5D=Seoul") == [])
        #expect(try findings("metadata=&address=") == [], "Stripe's empty string unsets a field")
        #expect(try findings("address%5Bzip%5D=1") == ["field.unexpected /address/zip"])
        #expect(try findings("expand%5Bx%5D=y") == ["form.field /expand"])
        #expect(try findings("colour=red") == ["field.unexpected /colour"])
        // What examples write reads back clean.
        let output = ExampleGenerator(contract: contract).generate()
        #expect(output.skipped.isEmpty, "\(output.skipped)")
        #expect(output.examples.contains { $0.operation == "POST /v1/customers" && $0.variant == "maximal" })
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
