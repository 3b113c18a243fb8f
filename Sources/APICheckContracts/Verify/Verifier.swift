import APICheckJSONSchema
import APICheckRecording
import Foundation
import WireFormat

/// Checks recorded (or live) interactions against a compiled contract and reports findings.
///
/// Generic: nothing here knows any one API. Request-side checks are skipped when the response is a
/// declared 4xx of its operation (that request was meant to be invalid).
public struct Verifier: Sendable {
    /// How the verifier treats findings.
    public struct Options: Sendable {
        /// Extra keys are errors (`field.unexpected`) instead of info (`field.added`).
        public var strict = false
        /// Severity overrides by rule.
        public var severities: [RuleID: Severity] = [:]
        /// Findings to drop, by rule and optional operation (`GET /api/v2/todos`).
        public var ignored: [(rule: RuleID, operation: String?)] = []
        /// The severities and ignores, as the one type that applies them.
        public var policy: FindingPolicy { FindingPolicy(severities: severities, ignored: ignored) }

        /// Default options.
        public init(strict: Bool = false, severities: [RuleID: Severity] = [:], ignored: [(rule: RuleID, operation: String?)] = []) {
            self.strict = strict
            self.severities = severities
            self.ignored = ignored
        }
    }

    public let contract: CompiledContract
    public let options: Options

    /// Creates a verifier.
    public init(contract: CompiledContract, options: Options = Options()) {
        self.contract = contract
        self.options = options
    }

    /// Verifies every interaction of a recording; with `bytes`, findings get the line they point at in `file`.
    /// Each finding carries the recorded value at its place (``Finding/recordedValue``); one that holds a
    /// secret (one of `secrets`, or one the secret scanner recognises) is withheld.
    public func verify(_ recording: Recording, file: String? = nil, bytes: [UInt8]? = nil, secrets: [String] = []) -> [Finding] {
        var findings: [Finding] = []
        for (index, interaction) in recording.interactions.enumerated() {
            findings += placed(verify(interaction), of: interaction, at: index, file: file, secrets: secrets)
        }
        if let bytes { Self.addLines(to: &findings, in: bytes) }
        return findings
    }

    /// An interaction's findings placed in its recording: the recorded value at each finding's place (withheld
    /// when it holds a secret), the file, and the source pointer from the recording's root.
    package func placed(_ findings: [Finding], of interaction: Interaction, at index: Int, file: String?, secrets: [String]) -> [Finding] {
        guard !findings.isEmpty else { return [] }
        var found = findings
        Finding.attachValues(&found, recorded: interaction, live: nil, secrets: secrets)
        for i in found.indices {
            found[i].file = file
            if let concrete = found[i].sourcePointer {
                found[i].sourcePointer = "/interactions/\(index)" + concrete
            } else {
                found[i].sourcePointer = "/interactions/\(index)"
            }
        }
        return found
    }

    /// Each finding's line in the recording's `bytes` (``JSONReader/line(of:in:)``: its place, or the nearest one above
    /// it that the file has).
    package static func addLines(to findings: inout [Finding], in bytes: [UInt8]) {
        for i in findings.indices {
            findings[i].line = JSONReader.line(of: JSONPointer(findings[i].sourcePointer ?? ""), in: bytes)
        }
    }

    /// Verifies one interaction; findings' `sourcePointer`s are relative to the interaction.
    public func verify(_ interaction: Interaction) -> [Finding] {
        verify(interaction, matched: contract.operation(method: interaction.request.method, path: interaction.request.path))
    }

    /// Verifies one interaction against the operation already looked up for it (nil: none matched).
    public func verify(_ interaction: Interaction, matched: (operation: CompiledContract.Operation, pathParameters: [String: String])?)
        -> [Finding]
    {
        verify(interaction, matched: matched, responseBodyChecked: false)
    }

    /// The program that checks a response body of `operation` with `status` and `contentType` as it is read
    /// (``StreamingCheck``): the one of the schema ``checkBody`` would check the body against. Nil when there is none
    /// (no declared response or schema for the status and content type, or a schema no program can check).
    package func streamingProgram(operation: CompiledContract.Operation, status: Int, contentType: String?) -> StreamingProgram? {
        guard let (key, response) = operation.response(for: status) else { return nil }
        guard let mediaType = Self.declaredKey(response.content, contentType: contentType),
            response.content[mediaType]?.schema != nil
        else { return nil }
        return contract.program(for: operation, response: key, mediaType: mediaType)
    }

    /// The key of `declared` a body of `contentType` is checked against: the most specific that takes it (OpenAPI's
    /// rule), its media type, else its `type/*`, else `*/*` (springdoc's default for every response). Nil without a
    /// `Content-Type`: `*/*` takes any media type, not none.
    package static func declaredKey<Value>(_ declared: [String: Value], contentType: String?) -> String? {
        guard let contentType else { return nil }
        let mediaType = MediaType.essence(of: contentType)
        if declared[mediaType] != nil { return mediaType }
        guard let slash = mediaType.firstIndex(of: "/"), slash > mediaType.startIndex else { return nil }
        let typeRange = String(mediaType[...slash]) + "*"
        if declared[typeRange] != nil { return typeRange }
        return declared["*/*"] != nil ? "*/*" : nil
    }

    /// Verifies one interaction; with `responseBodyChecked`, its response body (absent from `interaction`) was JSON
    /// that ``streamingProgram(operation:status:contentType:)``'s program accepted, and everything but its schema is
    /// checked.
    package func verify(
        _ interaction: Interaction, matched: (operation: CompiledContract.Operation, pathParameters: [String: String])?,
        responseBodyChecked: Bool
    ) -> [Finding] {
        let findings = verifyAgainst(interaction, matched: matched, responseBodyChecked: responseBodyChecked)
        // Operations one path keeps apart by a #fragment (Box's GET /shared_items#folders beside GET /shared_items): the
        // request does not say which answered, so the interaction is any of them, and is told against the one it fits
        // best (fewest errors, then fewest findings; the one matched first on a tie).
        guard !findings.isEmpty, !responseBodyChecked, let (operation, parameters) = matched else { return findings }
        var best = findings
        for other in contract.alternatives(to: operation) {
            let found = verifyAgainst(interaction, matched: (other, parameters), responseBodyChecked: false)
            if Self.fitsBetter(found, than: best) { best = found }
            if best.isEmpty { break }
        }
        return best
    }

    private static func fitsBetter(_ findings: [Finding], than other: [Finding]) -> Bool {
        let errors = findings.count { $0.severity == .error }
        let otherErrors = other.count { $0.severity == .error }
        return errors != otherErrors ? errors < otherErrors : findings.count < other.count
    }

    private func verifyAgainst(
        _ interaction: Interaction, matched: (operation: CompiledContract.Operation, pathParameters: [String: String])?,
        responseBodyChecked: Bool
    ) -> [Finding] {
        let request = interaction.request
        let response = interaction.response
        guard let (operation, pathValues) = matched else {
            if let refusal = contract.refusal(method: request.method, path: request.path), let name = refusal.operation {
                let place = FindingPlace(.request, operation: name, status: response.status, source: "/request/url")
                return finish([
                    place.finding(
                        .contractOperationRefused, "", expected: "an operation \(contract.path) describes in a way apicheck checks",
                        found: "its description is refused (\(refusal.reasonText)), so nothing of it is checked")
                ])
            }
            let place = FindingPlace(.request, operation: "\(request.method) \(request.path)", source: "/request/url")
            return finish([
                place.finding(
                    .recordingUnmatchedOperation, "", expected: "an operation of \(contract.path)",
                    found: "none for \(request.method) \(request.path)")
            ])
        }
        var findings: [Finding] = []
        let name = operation.name
        let status = response.status

        // Response: status, content type, headers, body.
        let declared = operation.response(for: status)
        if !operation.declaresExactly(status) && declared?.key != "default" || declared == nil {
            var finding = FindingPlace(.response, operation: name, status: status, source: "/response/status").finding(
                .statusUndeclared, "/status", expected: "one of \(operation.responses.keys.sorted().joined(separator: ", "))",
                found: String(status))
            finding.severity = (200..<300).contains(status) ? .error : .warning
            findings.append(finding)
        }
        if let (_, declaredResponse) = declared {
            findings += checkBody(
                response.body, contentType: response.headers["Content-Type"], declared: declaredResponse.content, side: .response,
                operation: operation, status: status, required: false, checked: responseBodyChecked
            )
            findings += checkHeaders(response.headers, declared: declaredResponse.headers, operation: name, status: status)
        }

        // Request: skipped when the response is a declared 4xx (the request was meant to be invalid).
        let meantInvalid = (400..<500).contains(status) && operation.declaresExactly(status)
        if !meantInvalid {
            findings += checkParameters(request, pathValues: pathValues, operation: operation, status: status)
            if let reason = request.unseenBody {
                findings += unseenBody(reason, contentType: request.headers["Content-Type"], operation: operation, status: status)
            } else {
                findings += checkBody(
                    request.body, contentType: request.headers["Content-Type"], declared: operation.requestBodies, side: .request,
                    operation: operation, status: status, required: operation.requestBodyRequired
                )
            }
        }
        return finish(findings)
    }

    /// Path, query and header parameters against their schemas (a parameter's text is read as its type: `"3"` for an
    /// integer; as its style writes it: `sort=id,3,name,A`; or as JSON, for one described by `content`).
    func checkParameters(_ request: RecordedRequest, pathValues: [String: String], operation: CompiledContract.Operation, status: Int)
        -> [Finding]
    {
        var findings: [Finding] = []
        guard !operation.parameters.isEmpty else { return findings }
        let query = QueryItems(request.query)
        var cookies: RequestCookies?
        for parameter in operation.parameters {
            let read: ReadValue
            switch parameter.place {
            case .path:
                read = parameter.encoding.readText(
                    pathValues[parameter.name], schema: parameter.schema, allowsEmpty: parameter.allowsEmptyValue, header: false)
            case .query:
                read = parameter.encoding.readQuery(
                    parameter.name, schema: parameter.schema, allowsEmpty: parameter.allowsEmptyValue, items: query,
                    others: { operation.parameters.filter { $0.place == .query && $0.name != parameter.name } })
            case .header:
                read = parameter.encoding.readText(
                    request.headers[parameter.name], schema: parameter.schema, allowsEmpty: parameter.allowsEmptyValue, header: true)
            case .cookie:
                let sent = cookies ?? RequestCookies(request.headers["Cookie"])
                cookies = sent
                guard let cookie = sent.read(parameter.name, as: parameter) else { continue }
                read = cookie
            }
            let pointer = "/\(parameter.place)/\(parameter.name)"
            let source = parameter.place == .header || parameter.place == .cookie ? "/request/headers" : "/request/url"
            findings += checkRead(
                read, schema: parameter.schema, required: parameter.required, pointer: pointer,
                FindingPlace(.request, operation: operation.name, status: status, source: source),
                missing: .paramMissing, "the required \(parameter.place) parameter \(parameter.name)",
                empty: "an empty value (allowEmptyValue is false)")
        }
        return findings
    }

    /// The cookies a request sent, as its contract's cookie parameters read them.
    struct RequestCookies {
        private let header: String?
        /// Nil when the header is not a list of `name=value` pairs.
        private let pairs: [(name: String, value: String)]?

        init(_ header: String?) {
            self.header = header
            pairs = header.map { CookieHeader.pairs($0) } ?? []
        }

        /// The cookie `name` as read: absent, malformed, or its text; nil when what was sent cannot be seen (a Cookie
        /// header redacted whole, as recordings had it before their cookies kept their names, or a redacted value).
        func read(_ name: String, as parameter: CompiledContract.Parameter) -> ReadValue? {
            if let header, RedactionRules.isPlaceholder(header) { return nil }
            guard let pairs else {
                return .malformed(expected: "name=value pairs separated by ; (RFC 6265)", found: "\"\(header ?? "")\"")
            }
            let value = pairs.first { $0.name == name }?.value
            if let value, RedactionRules.isPlaceholder(value) { return nil }
            return parameter.encoding.readText(value, schema: parameter.schema, allowsEmpty: parameter.allowsEmptyValue, header: false)
        }
    }

    /// A read parameter or header: missing when required, malformed, or its value against its schema.
    private func checkRead(
        _ read: ReadValue, schema: CompiledSchema?, required: Bool, pointer: String, _ place: FindingPlace,
        missing rule: RuleID, _ expected: @autoclosure () -> String, empty emptyText: String
    ) -> [Finding] {
        switch read {
        case .absent(let givenEmpty):
            guard required else { return [] }
            var result = place.finding(rule, pointer, expected: expected(), found: givenEmpty ? emptyText : "none")
            if rule == .headerMissing { result.severity = .error }
            return [result]
        case .malformed(let expected, let found):
            return [place.finding(.paramUnparsable, pointer, expected: expected, found: found)]
        case .value(let value, let typed):
            guard let schema else { return [] }
            var checker = SchemaChecker(strict: options.strict, formValues: !typed)
            checker.basePointer = pointer
            checker.check(value, schema, keyCase: nil)
            return checker.findings.map { place.finding($0.rule, $0.pointer, expected: $0.expected, found: $0.found) }
        }
    }

    /// Declared response headers: present when required, and their values against their schemas.
    func checkHeaders(_ headers: HeaderFields, declared: [String: CompiledContract.Header], operation: String, status: Int) -> [Finding] {
        checkHeaders(
            headers, declared: declared, base: "/headers",
            FindingPlace(.response, operation: operation, status: status, source: "/response/headers"))
    }

    /// Declared headers (of a response, or of a multipart part) against the headers given.
    private func checkHeaders(
        _ headers: HeaderFields, declared: [String: CompiledContract.Header], base: String, _ place: FindingPlace
    ) -> [Finding] {
        var findings: [Finding] = []
        for header in declared.values.sorted(by: { $0.name < $1.name }) {
            let read = header.encoding.readText(headers[header.name], schema: header.schema, allowsEmpty: true, header: true)
            findings += checkRead(
                read, schema: header.schema, required: header.required, pointer: "\(base)/\(header.name)", place,
                missing: .headerMissing, "the header \(header.name) (required by the contract)", empty: "none")
        }
        return findings
    }

    /// `application/json;charset=UTF-8`: a declared media type as the contract wrote it.
    package static func written(_ essence: String, _ parameters: [CompiledContract.MediaTypeParameter]) -> String {
        ([essence] + parameters.map { "\($0.name)=\($0.value)" }).joined(separator: ";")
    }

    /// A part of a multipart body, or a field of a form (no type, no headers).
    struct BodyPart {
        let name: String
        /// Nil for a file part (bytes).
        let text: String?
        let contentType: String?
        let headers: HeaderFields?
    }

    /// The parts that have an encoding: each part's content type and headers, and the JSON parts parsed (into
    /// `json`, by name: an array of the parts of a name that repeats or whose property is an array).
    func checkParts(
        _ parts: [BodyPart], encodings: [String: CompiledContract.PartEncoding], schema: CompiledSchema?,
        into json: inout [String: JSONValue],
        _ place: FindingPlace
    ) -> [Finding] {
        var findings: [Finding] = []
        var parsed: [String: [JSONValue]] = [:]
        var unparsable: Set<String> = []
        for part in parts {
            guard let encoding = encodings[part.name] else { continue }
            let pointer = JSONPointer(tokens: [part.name]).description
            if let headers = part.headers {
                if (encoding.declared || encoding.isJSON) && !encoding.allows(part.contentType) {
                    var problem = place.finding(
                        .contentType, pointer + "/headers/Content-Type", expected: encoding.contentTypes.joined(separator: " or "),
                        found: part.contentType ?? "none (text/plain)")
                    // A part sent without a type by a client that writes JSON: worth a look, not proof of a wrong body.
                    if part.contentType == nil { problem.severity = .warning }
                    findings.append(problem)
                }
                findings += checkHeaders(headers, declared: encoding.headers, base: pointer + "/headers", place)
            }
            guard encoding.isJSON else { continue }
            guard let text = part.text else {
                findings.append(
                    place.finding(
                        .bodyUnparsable, pointer, expected: "a JSON part (\(encoding.contentTypes[0]))",
                        found: "bytes that are not UTF-8 text"))
                unparsable.insert(part.name)
                continue
            }
            do {
                parsed[part.name, default: []].append(try JSONReader.parse(text))
            } catch {
                let preview = CompiledContract.ValueEncoding.preview(text)
                findings.append(
                    place.finding(
                        .bodyUnparsable, pointer, expected: "a JSON part (\(encoding.contentTypes[0])): \(error)", found: "\"\(preview)\""))
                unparsable.insert(part.name)
            }
        }
        for (name, values) in parsed where !unparsable.contains(name) {
            json[name] = CompiledContract.ValueEncoding.collapsed(values, property: schema?.property(name))
        }
        return findings
    }

    /// A multipart body as an object for its schema: a part's text (a file as `<name.jpg>`); a name that
    /// repeats, or whose property is declared an array (`file`, up to five images), is an array of its parts.
    static func multipartValue(_ parts: [RecordedBody.MultipartPart], schema: CompiledSchema?) -> JSONValue {
        CompiledContract.ValueEncoding.grouped(
            parts.map { part in
                switch part.content {
                case .text(let text): (part.name, .string(text))
                case .bytes: (part.name, .string("<\(part.filename ?? "file")>"))
                }
            }, schema: schema)
    }

    /// Applies `apicheck.yml`'s severity overrides and ignores to findings made elsewhere (the live comparison).
    public func applyingSettings(_ findings: [Finding]) -> [Finding] {
        options.policy.apply(findings)
    }

    /// Folds array items into one finding with `*` and a count, then applies severities and ignores.
    /// The contract's own errors (``CompiledContract/invalidFindings``), with the API's severities and ignores: a run
    /// reports them once, whatever its recordings reach.
    public func contractFindings() -> [Finding] {
        options.policy.apply(contract.invalidFindings)
    }

    func finish(_ findings: [Finding]) -> [Finding] {
        options.policy.apply(FindingMerger.aggregate(findings))
    }
}
