import APICheckContracts
import APICheckRecording
import Foundation
import Testing

/// A contract compiled where lookups reach it (`Contract.Compilation.whereReached`, what `apicheck verify` does with a
/// vendor's description) checks exactly what the same contract compiled whole checks, and refuses the same broken
/// documents.
@Suite("Contracts: compiled where the recordings reach")
struct ReachedCompilationTests {
    /// Every operation compiled where reached, whatever the document's size.
    static let reached = Contract.Compilation.whereReached(beyond: 0)

    static func whole(_ text: String, path: String = "c.yaml") throws -> CompiledContract {
        try Contract.parse(text, path: path, compiling: .everything).compiled
    }

    static func lazy(_ text: String, path: String = "c.yaml") throws -> CompiledContract {
        let contract = try Contract.parse(text, path: path, compiling: reached).compiled
        #expect(contract.compilesWhereReached)
        return contract
    }

    /// A path for `template`, each parameter a value its schema is likely to take.
    static func path(for template: String) -> String {
        template.replacingOccurrences(of: "\\{[^}]*\\}", with: "1", options: .regularExpression)
    }

    /// What a lookup of `method` and `path` finds, as text: the operation and its parameters, the refusal and why, or
    /// nothing.
    static func lookup(_ contract: CompiledContract, _ method: String, _ path: String) -> String {
        if let (operation, parameters) = contract.operation(method: method, path: path) {
            return "operation \(operation.name) \(parameters.sorted { $0.key < $1.key })"
        }
        if let refusal = contract.refusal(method: method, path: path) {
            return "refused \(refusal.operation ?? "-"): \(refusal.reasonText)"
        }
        return "none"
    }

    @Test(
        "every recording of every API verifies to the same findings, as recorded and drifted, compiled whole or where reached",
        arguments: ["todos", "github", "kakao", "lslp"])
    func sameFindings(api: String) throws {
        let path = OpenAPI30ReadingTests.original(api)
        let whole = Verifier(contract: try Contract.load(path, compiling: .everything).compiled, options: .init(strict: true))
        let lazy = Verifier(contract: try Contract.load(path, compiling: Self.reached).compiled, options: .init(strict: true))
        #expect(lazy.contract.compilesWhereReached && !whole.contract.compilesWhereReached)
        var compared = 0
        for (name, recording) in try OpenAPI30ReadingTests.recordings(api) {
            for kind in -1..<4 {
                let input = kind < 0 ? recording : OpenAPI30ReadingTests.drifted(recording, kind)
                let expected = whole.verify(input, file: name).map(OpenAPI30ReadingTests.seen)
                #expect(lazy.verify(input, file: name).map(OpenAPI30ReadingTests.seen) == expected, "\(api) \(name) drift \(kind)")
                compared += expected.count
            }
        }
        #expect(compared > 100)
        // Compiled where reached, it compiled what the recordings reached, and nothing else.
        let reached = lazy.contract.reached.operations.map(\.name)
        #expect(!reached.isEmpty)
        #expect(Set(reached).isSubset(of: whole.contract.operations.map(\.name)))
        // Asked for everything, it is the contract compiled whole.
        #expect(lazy.contract.operations.map(\.name) == whole.contract.operations.map(\.name))
        #expect(lazy.contract.declaredOperationCount == whole.contract.declaredOperationCount)
    }

    @Test(
        "each operation, refused operation and unknown path is found as in the contract compiled whole; only what was looked up is compiled"
    )
    func sameLookups() throws {
        let text = OperationRefusalTests.text
        let whole = try Self.whole(text)
        let lazy = try Self.lazy(text)
        #expect(lazy.reached.operations.isEmpty && lazy.reached.refused.isEmpty)
        let templates = ["/things", "/things/{id}", "/things/special", "/other", "/nothing/here", "/things/1/2"]
        for template in templates {
            for method in ["GET", "POST", "DELETE"] {
                let path = Self.path(for: template)
                #expect(Self.lookup(lazy, method, path) == Self.lookup(whole, method, path), "\(method) \(path)")
            }
        }
        // Looking up /other compiled no other path item's operation; /things' refusals were named when reached.
        let another = try Self.lazy(text)
        _ = another.operation(method: "GET", path: "/other")
        #expect(another.reached.operations.map(\.name) == ["GET /other"])
        #expect(another.reached.refused.isEmpty)
        _ = another.operation(method: "GET", path: "/things")
        #expect(another.reached.refused.map(\.operation) == ["GET /things", "POST /things"])
        #expect(another.reached.refused.map(\.warning) == whole.refused.prefix(2).map(\.warning))
        #expect(another.declaredOperationCount == 5)
    }

    @Test("the literal segments win and a checked operation wins a tie, across path items, as in the contract compiled whole")
    func ties() throws {
        let text = """
            openapi: 3.1.0
            info: {title: ties, version: '1'}
            paths:
              /a/{x}:
                get:
                  responses: {'200': {description: x, content: {application/json: {schema: {type: string, minLenght: 1}}}}}
              /a/{y}:
                get:
                  responses: {'200': {description: y}}
                put:
                  responses: {'200': {description: y}}
              /a/b:
                put:
                  responses: {'200': {description: b, content: {application/json: {schema: {$recursiveRef: '#'}}}}}
              /{z}/b:
                get:
                  responses: {'200': {description: z}}
            """
        let whole = try Self.whole(text)
        for (method, path) in [("GET", "/a/1"), ("PUT", "/a/1"), ("GET", "/a/b"), ("PUT", "/a/b"), ("GET", "/c/b"), ("POST", "/a/1")] {
            #expect(Self.lookup(try Self.lazy(text), method, path) == Self.lookup(whole, method, path), "\(method) \(path)")
        }
        #expect(Self.lookup(whole, "GET", "/a/1").hasPrefix("operation GET /a/{y}"))
        #expect(Self.lookup(whole, "PUT", "/a/b").hasPrefix("refused PUT /a/b"))
    }

    @Test(
        "a $ref that leads nowhere is the contract's own error wherever it is, reached or not: in an operation no lookup reaches, an unused response, a webhook",
        arguments: [
            "paths: {/unreached: {get: {parameters: [{$ref: '#/components/parameters/Gone'}], responses: {'200': {description: x}}}}}",
            "paths: {/unreached: {get: {responses: {'200': {description: x, content: {application/json: {schema: {$ref: '#/components/schemas/Gone'}}}}}}}}",
            "components: {responses: {Unused: {description: x, content: {application/json: {schema: {$ref: '#/components/schemas/Gone'}}}}}}",
            "webhooks: {ping: {post: {requestBody: {$ref: '#/components/requestBodies/Gone'}, responses: {'200': {description: x}}}}}",
        ])
    func brokenReferenceAnywhere(_ part: String) throws {
        let text = """
            openapi: 3.1.0
            info: {title: broken, version: '1'}
            \(part.hasPrefix("paths") ? part.replacingOccurrences(of: "paths: {", with: "paths: {/fine: {get: {responses: {'200': {description: ok}}}}, ") : "paths: {/fine: {get: {responses: {'200': {description: ok}}}}}\n" + part)
            """
        for compilation in [Contract.Compilation.everything, Self.reached] {
            let contract = try Contract.parse(text, path: "b.yaml", compiling: compilation).compiled
            // No lookup made: the error is there all the same, at its line; the document's other operations are checked.
            let invalid = contract.invalidFindings
            #expect(
                invalid.count == 1 && invalid.allSatisfy { $0.rule == .contractInvalid }, "\(compilation): \(invalid.map(\.compilerLine))")
            #expect(invalid.first?.found.contains("points at nothing in this document") == true, "\(compilation)")
            #expect(invalid.first?.file == "b.yaml" && invalid.first?.line != nil, "\(compilation)")
            #expect(contract.operation(method: "GET", path: "/fine") != nil, "\(compilation)")
        }
    }

    @Test("a $ref in an example, an enum or an x- extension is data, not a reference: nothing is refused")
    func referencesInData() throws {
        let text = """
            openapi: 3.1.0
            info: {title: data, version: '1'}
            x-links: {$ref: '#/nowhere'}
            paths:
              /things:
                get:
                  responses:
                    '200':
                      description: x
                      content:
                        application/json:
                          schema: {type: object, enum: [{$ref: '#/gone'}], x-note: {$ref: '#/gone'}}
                          example: {$ref: '#/gone'}
            """
        for compilation in [Contract.Compilation.everything, Self.reached] {
            let contract = try Contract.parse(text, path: "d.yaml", compiling: compilation).compiled
            #expect(contract.operation(method: "GET", path: "/things") != nil)
        }
    }

    @Test("a chain of $refs that loops, in an operation reached, is a problem of the whole document, said after the run")
    func loopReached() throws {
        let text = """
            openapi: 3.1.0
            info: {title: loop, version: '1'}
            paths:
              /things:
                get:
                  parameters: [{$ref: '#/components/parameters/A'}]
                  responses: {'200': {description: x}}
              /fine:
                get:
                  responses: {'200': {description: ok}}
            components:
              parameters:
                A: {$ref: '#/components/parameters/B'}
                B: {$ref: '#/components/parameters/A'}
            """
        let whole = try #require(throws: ConfigurationError.self) { try Contract.parse(text, path: "l.yaml", compiling: .everything) }
        let lazy = try Self.lazy(text, path: "l.yaml")
        #expect(lazy.operation(method: "GET", path: "/fine") != nil)
        #expect(lazy.documentError == nil)
        #expect(lazy.operation(method: "GET", path: "/things") == nil)
        #expect(lazy.documentError?.description == whole.description)
    }

    @Test(
        "the structure of a document compiled where reached is judged whole: an operation broken is refused as in the whole, the rest broken refuses the document"
    )
    func structureInParts() throws {
        var paths = ""
        for index in 0..<40 {
            paths += "  /p\(index):\n    get:\n      responses: {'200': {description: ok}}\n"
        }
        let valid = "openapi: 3.1.0\ninfo: {title: parts, version: '1'}\npaths:\n" + paths
        #expect(try Self.lazy(valid).declaredOperationCount == 40)
        // Broken in the last path item or the first: that operation refused the same either way, the others checked.
        for (broken, path) in [
            (
                valid.replacingOccurrences(
                    of: "  /p39:\n    get:\n      responses: {'200': {description: ok}}", with: "  /p39:\n    get:\n      responses: 5"),
                "/p39"
            ),
            (valid.replacingOccurrences(of: "  /p0:\n    get:\n", with: "  /p0:\n    get:\n      parameters: 7\n"), "/p0"),
        ] {
            let whole = try Contract.parse(broken, path: "s.yaml", compiling: .everything).compiled
            let parts = try Contract.parse(broken, path: "s.yaml", compiling: Self.reached).compiled
            let reason = try #require(whole.refusal(method: "GET", path: path)?.reason)
            #expect(parts.refusal(method: "GET", path: path)?.reason.description == reason.description)
            #expect(reason.message.contains("what OpenAPI 3.1 does not allow here"), "\(reason)")
            #expect(whole.operations.count == 39 && parts.operation(method: "GET", path: path == "/p0" ? "/p1" : "/p0") != nil)
        }
        // Broken outside the operations: the document is refused, with the same error either way.
        let broken = valid + "components:\n  parameters: 5\n"
        let whole = try #require(throws: ConfigurationError.self) { try Contract.parse(broken, path: "s.yaml", compiling: .everything) }
        let parts = try #require(throws: ConfigurationError.self) { try Contract.parse(broken, path: "s.yaml", compiling: Self.reached) }
        #expect(parts.description == whole.description)
        #expect(whole.message.contains("not a valid OpenAPI"))
    }

    @Test("a document of no more operations than the limit is compiled whole")
    func smallIsWhole() throws {
        let contract = try Contract.parse(OperationRefusalTests.text, path: "r.yaml", compiling: .whereReached(beyond: 5)).compiled
        #expect(!contract.compilesWhereReached)
        #expect(contract.refused.count == 4)
    }

    @Test("two threads looking up the same paths of one contract compiled where reached find the same, each compiled once")
    func concurrentLookups() async throws {
        let lazy = try Self.lazy(OperationRefusalTests.text)
        let whole = try Self.whole(OperationRefusalTests.text)
        let paths = ["/things", "/things/1", "/things/special", "/other", "/none"]
        let expected = paths.map { Self.lookup(whole, "GET", $0) }
        let found = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<4 { group.addTask { paths.map { Self.lookup(lazy, "GET", $0) } } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(found.count == 4)
        for one in found { #expect(one == expected) }
        #expect(lazy.reached.operations.map(\.name) == ["GET /things/special", "GET /other"])
        #expect(lazy.reached.refused.map(\.operation) == ["GET /things", "POST /things", "GET /things/{id}"])
    }
}
