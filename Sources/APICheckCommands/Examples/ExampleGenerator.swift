import APICheckContracts
import APICheckJSONSchema
import APICheckRecording
import Foundation
import WireFormat

/// Responses that a contract allows, from the contract alone: for every declared status of every operation,
/// a maximal and a minimal one and one per variation (a nullable field null, each enum value, arrays empty
/// and full, strings and numbers at their bounds, dates at day, month, year and DST boundaries in the API's
/// wire form, Korean and emoji text), each with a request the contract allows.
///
/// Every example is checked by the real ``Verifier`` (strict) before it is handed out: one that does not
/// verify clean is never returned, it is listed in ``Output/skipped`` with the finding.
public struct ExampleGenerator: Sendable {
    /// One generated exchange.
    public struct Example: Sendable {
        /// `GET /api/v2/todos/{id}`.
        public let operation: String
        /// The response key of the contract: `200`, `2XX` or `default`.
        public let responseKey: String
        /// `maximal`, `minimal`, `null at /data/updated_at`, ...
        public let variant: String
        /// The request (with `step` set to the variant) and the response.
        public let interaction: Interaction
    }

    /// A variant that could not be written, and why.
    public struct Skipped: Sendable, CustomStringConvertible {
        public let operation: String
        public let responseKey: String
        public let variant: String
        public let reason: String
        public var description: String { "\(operation) \(responseKey) (\(variant)): \(reason)" }
    }

    /// What one run generated.
    public struct Output: Sendable {
        public var examples: [Example] = []
        /// The variants not written, each with why: what apicheck cannot write (a pattern it cannot sample), or what the
        /// contract allows no answer for (``ambiguities``).
        public var skipped: [Skipped] = []
        /// The `oneOf`s whose branches overlap, once each: a value written for one branch matched another too, so an
        /// answer like it fails `schema.oneof` (`GET /pets 200: oneOf at /: ...`). A warning about the contract.
        public var ambiguities: [String] = []
    }

    /// `recorded_from` of every example recording: how `infer`, `coverage` and the example loader tell them apart.
    public static let recordedFrom = Recording.fromContract
    /// `recorded_at` of every example recording: fixed, so that regenerating an unchanged contract changes no byte.
    public static let recordedAt = "2000-01-01T00:00:00Z"

    public let contract: CompiledContract
    public let seed: UInt64
    let verifier: Verifier

    /// A generator over `contract`; the same seed gives the same examples, byte for byte.
    public init(contract: CompiledContract, seed: UInt64 = 0) {
        self.contract = contract
        self.seed = seed
        verifier = Verifier(contract: contract, options: Verifier.Options(strict: true))
    }

    /// The instants every date-time takes in turn: wall times in the API's own offset (the last
    /// representable instant of a day, month and year, and the first of a day), and the instants of
    /// daylight-saving changes in the US and the EU, written in the API's offset.
    static let dateInstants: [ValueSynthesizer.Instant] = [
        .init(
            seconds: 1_716_335_999, localTime: true, endOfSecond: true,
            label: "dates at the last instant of a day (2024-05-21, in the API's offset)"),
        .init(
            seconds: 1_716_336_000, localTime: true, endOfSecond: false,
            label: "dates at the first instant of a day (2024-05-22, in the API's offset)"),
        .init(
            seconds: 1_709_251_199, localTime: true, endOfSecond: true,
            label: "dates at the end of a month (leap day 2024-02-29, in the API's offset)"),
        .init(
            seconds: 1_704_067_199, localTime: true, endOfSecond: true,
            label: "dates at the end of a year (2023-12-31, in the API's offset)"),
        .init(
            seconds: 1_704_067_200, localTime: true, endOfSecond: false,
            label: "dates at the start of a year (2024-01-01, in the API's offset)"),
        .init(seconds: 1_710_054_000, localTime: false, endOfSecond: false, label: "dates at a DST start (US, 2024-03-10T07:00:00Z)"),
        .init(seconds: 1_730_613_600, localTime: false, endOfSecond: false, label: "dates at a DST end (US, 2024-11-03T06:00:00Z)"),
        .init(seconds: 1_711_846_800, localTime: false, endOfSecond: false, label: "dates at a DST start (EU, 2024-03-31T01:00:00Z)"),
        .init(seconds: 1_729_990_800, localTime: false, endOfSecond: false, label: "dates at a DST end (EU, 2024-10-27T01:00:00Z)"),
    ]

    /// The other forms a date-time takes when its schema declares no wire form (`x-apicheck-date`): RFC 3339 lets the
    /// API send fractions and any offset, so a client must read them. The todo API's microseconds are why: the runtime of
    /// swift-openapi-generator refuses them by default.
    static let undeclaredDateForms: [(DateWireForm, String)] = [
        (.microsecondsUTC, "dates with 6 fraction digits and Z (no wire form declared: RFC 3339 allows fractions)"),
        (.millisecondsSeoul, "dates with 3 fraction digits and +09:00 (no wire form declared: RFC 3339 allows any offset)"),
    ]

    /// The operation named `name` (`GET /path`, method in any case), or nil.
    public func operation(named name: String) -> CompiledContract.Operation? {
        let parts = name.split(separator: " ", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        return contract.operations.first { $0.method == parts[0].uppercased() && $0.template == parts[1] }
    }

    /// Examples of every operation, or of `operations` only; in the contract's order, responses by key.
    public func generate(operations: [CompiledContract.Operation]? = nil) -> Output {
        var output = Output()
        for operation in operations ?? contract.operations {
            for key in operation.responses.keys.sorted() {
                generate(operation, key: key, into: &output)
            }
        }
        return output
    }

    private func generate(_ operation: CompiledContract.Operation, key: String, into output: inout Output) {
        guard let response = operation.responses[key] else { return }
        func skip(_ variant: String, _ reason: String) {
            output.skipped.append(Skipped(operation: operation.name, responseKey: key, variant: variant, reason: reason))
        }
        guard let status = Self.status(for: key, in: operation) else {
            skip("all", "no status code is left for the response key \(key)")
            return
        }
        let request: RecordedRequest
        do {
            request = try self.request(for: operation)
        } catch {
            skip("all", "cannot write a request: \(error)")
            return
        }
        var bodies: [(variant: String, body: RecordedBody?, contentType: String?, allHeaders: Bool)] = []
        do {
            bodies = try responseBodies(response)
        } catch {
            skip("all", "\(error)")
            return
        }
        // The declared headers, every one and the required ones, written once for all the variants.
        let headerSets = [true, false].map { all in
            Result { () throws(ValueSynthesizer.Failure) in try responseHeaders(response, all: all) }
        }
        var seen = Set<String>()
        for entry in bodies {
            var headers = HeaderFields()
            if let contentType = entry.contentType { headers.add(name: "Content-Type", value: contentType) }
            switch headerSets[entry.allHeaders ? 0 : 1] {
            case .success(let declared):
                for header in declared { headers.add(name: header.0, value: header.1) }
            case .failure(let error):
                skip(entry.variant, "\(error)")
                continue
            }
            let interaction = Interaction(
                step: entry.variant, request: request, response: RecordedResponse(status: status, headers: headers, body: entry.body))
            // Two variants may come out the same (a bound equal to the typical value): keep the first.
            guard seen.insert(JSONWriter.compact(interaction.jsonValue)).inserted else { continue }
            let findings = verifier.verify(interaction)
            // "2 matched (#1, #2)": the branches overlap; "none matched" is an example that would not verify (below).
            if let first = findings.first, first.rule == .schemaOneOf, first.found.contains(" matched ("), !first.found.hasPrefix("none") {
                let place = "\(operation.name) \(key): oneOf at \(first.pointer.isEmpty ? "/" : first.pointer)"
                if !output.ambiguities.contains(where: { $0.hasPrefix(place + ":") }) {
                    var value = ""
                    if case .json(let body)? = interaction.response.body, let there = body[pointer: JSONPointer(first.pointer)] {
                        value = " " + String(JSONWriter.compact(there).prefix(200))
                    }
                    output.ambiguities.append(
                        """
                        \(place): its branches overlap: the value\(value) matches more than one (\(first.found)), so an answer like \
                        it fails schema.oneof; write anyOf, or tell the branches apart (a required property, a const)
                        """)
                }
                skip(entry.variant, "its oneOf at \(first.pointer.isEmpty ? "/" : first.pointer) has overlapping branches (warned above)")
                continue
            }
            if let first = findings.first {
                skip(
                    entry.variant,
                    """
                    it would not verify: \(first.rule.rawValue) at \(first.pointer.isEmpty ? "/" : first.pointer): expected \
                    \(first.expected), found \(first.found)
                    """
                )
                continue
            }
            output.examples.append(Example(operation: operation.name, responseKey: key, variant: entry.variant, interaction: interaction))
        }
    }

    /// The status an example of `key` gets: the code itself, the first of a range that the contract does
    /// not declare on its own, or for `default` a common code that nothing else declares.
    static func status(for key: String, in operation: CompiledContract.Operation) -> Int? {
        if let code = Int(key) { return code }
        if key.count == 3, key.hasSuffix("XX"), let hundreds = Int(key.prefix(1)) {
            return (hundreds * 100..<hundreds * 100 + 100).first { operation.responses[String($0)] == nil }
        }
        if key == "default" {
            return [500, 503, 502, 400, 404, 409, 418, 451, 599].first { !operation.declaresExactly($0) }
        }
        return nil
    }

    // MARK: Responses

    private func responseBodies(_ response: CompiledContract.Response) throws(ValueSynthesizer.Failure) -> [(
        variant: String, body: RecordedBody?, contentType: String?, allHeaders: Bool
    )] {
        guard !response.content.isEmpty else {
            return [("no body, every header", nil, nil, true), ("no body, required headers", nil, nil, false)]
        }
        var result: [(variant: String, body: RecordedBody?, contentType: String?, allHeaders: Bool)] = []
        for key in response.content.keys.sorted() {
            let suffix = response.content.count > 1 ? " (\(key))" : ""
            guard let entry = response.content[key], let schema = entry.schema else {
                let essence = Self.concreteType(in: key)
                let contentType = Verifier.written(essence, response.content[key]?.parameters ?? [])
                result.append(("any body\(suffix)", Self.opaqueBody(essence), contentType, true))
                continue
            }
            let essence = Self.exampleType(of: key, in: response.content)
            let contentType = Verifier.written(essence, entry.parameters)
            guard Self.requestPreference(essence) < 3 else {
                result.append(("a \(essence) body\(suffix)", Self.opaqueBody(essence), contentType, true))
                continue
            }
            for (variant, value, all) in try jsonVariants(schema) {
                result.append(
                    (
                        variant + suffix,
                        try body(value, as: essence, schema: schema, encodings: entry.encodings),
                        contentType, all
                    ))
            }
        }
        return result
    }

    /// The media type an example of the content key `key` (which has a schema) is written in: the key, or for a range
    /// (`*/*`, springdoc's key for every response, or `application/*`) the JSON its schema describes, where that range is
    /// the key verify checks an application/json answer against (no more specific key takes it).
    static func exampleType(of key: String, in content: [String: CompiledContract.Body]) -> String {
        key.hasSuffix("/*") && Verifier.declaredKey(content, contentType: "application/json") == key ? "application/json" : key
    }

    /// A type a server can answer for the content key `key`: the key, or for a range (`image/*`, `*/*`) a common type in
    /// it (`image/png`, `application/octet-stream`), since no answer's `Content-Type` is a range.
    static func concreteType(in key: String) -> String {
        guard key.hasSuffix("/*") else { return key }
        let common = [
            "*": "application/octet-stream", "application": "application/octet-stream", "image": "image/png", "text": "text/plain",
            "audio": "audio/mpeg", "video": "video/mp4", "font": "font/woff2",
        ]
        return common[String(key.dropLast(2))] ?? key
    }

    /// A body for a media type the contract gives no schema for.
    static func opaqueBody(_ essence: String) -> RecordedBody {
        if MediaType.isJSON(essence) { return .json(.object(JSONObject())) }
        if essence.hasPrefix("text/") { return .text("example text") }
        return .base64(Data([0x61, 0x70, 0x69, 0x63, 0x68, 0x65, 0x63, 0x6b]))
    }

    /// How large (compact JSON bytes) a maximal body may be for its variants to be copies of it with one change.
    public static let focusedAbove = 16_384

    /// Every variant of a JSON body: maximal, minimal, one per variation point, dates, Unicode text.
    func jsonVariants(_ schema: CompiledSchema) throws(ValueSynthesizer.Failure) -> [(String, JSONValue, Bool)] {
        var maximal = ValueSynthesizer(mode: .init(maximal: true), seed: seed)
        let full = try maximal.value(schema, at: .root)
        var variants: [(String, JSONValue, Bool)] = [("maximal", full, true)]
        // Only the maximal value's variation points are used: the other passes do not build them.
        var minimal = ValueSynthesizer(mode: .init(maximal: false), seed: seed)
        minimal.collecting = false
        variants.append(("minimal", try minimal.value(schema, at: .root), false))
        // In a large body (a vendor's message with every optional key, 236 KB), each variant is the minimal value and
        // the keys on the way to its place: as a copy of the maximal one, a variant per place made examples grow with
        // the square of the body (1,435 variants, 339 MB, for one of Discord's operations).
        let focused = JSONWriter.compact(full).utf8.count > Self.focusedAbove
        for point in maximal.points {
            var body = full
            if focused {
                var synthesizer = ValueSynthesizer(mode: .init(maximal: false), seed: seed)
                synthesizer.collecting = false
                synthesizer.focus = point.pointer.tokens
                let reaching = try synthesizer.value(schema, at: .root)
                // The way there is built as the maximal value built it (same seeded choices), so it reaches the place.
                if reaching[pointer: point.pointer] != nil { body = reaching }
            }
            variants.append(
                (
                    "\(point.label) at \(point.pointer.description.isEmpty ? "/" : point.pointer.description)",
                    body.replacing(at: point.pointer.tokens[...], with: point.value), true
                ))
        }
        // The whole-body variants: each is written only where it changes something (a body without dates has none).
        let modes: [(ValueSynthesizer.Mode, String)] =
            Self.dateInstants.map { (.init(maximal: true, instant: $0), $0.label) }
            + Self.undeclaredDateForms.map { (.init(maximal: true, undeclaredDateForm: $0.0), $0.1) }
            + [(.init(maximal: true, unicode: true), "Korean and emoji in every free-text string")]
        for (mode, label) in modes {
            var synthesizer = ValueSynthesizer(mode: mode, seed: seed)
            synthesizer.collecting = false
            let value = try synthesizer.value(schema, at: .root)
            if value != full { variants.append((label, value, true)) }
        }
        return variants
    }

    /// Declared response headers with values their schemas allow: every one, or the required ones.
    private func responseHeaders(_ response: CompiledContract.Response, all: Bool) throws(ValueSynthesizer.Failure) -> [(String, String)] {
        var headers: [(String, String)] = []
        for key in response.headers.keys.sorted() {
            guard let header = response.headers[key], all || header.required else { continue }
            headers.append((header.name, try text(header, at: JSONPointer(tokens: ["headers", header.name]))))
        }
        return headers
    }

    /// A header's text: a value of its schema, written as its encoding says (`3`, `a,b`, JSON).
    func text(_ header: CompiledContract.Header, at pointer: JSONPointer) throws(ValueSynthesizer.Failure) -> String {
        guard let schema = header.schema else { return header.encoding.mediaType == nil ? "example" : "{}" }
        var synthesizer = ValueSynthesizer(mode: .init(maximal: false), seed: seed)
        return header.encodedText(try synthesizer.value(schema, at: pointer))
    }

    /// A scalar as text (`3`, `true`, `done`; null is empty; an array or object as JSON).
    static func text(of value: JSONValue) -> String { CompiledContract.Parameter.text(value) }

    // MARK: Requests

    /// A request the operation accepts: its path parameters filled in, required query and header
    /// parameters, and a required body in the first declared media type (JSON, then forms).
    func request(for operation: CompiledContract.Operation) throws(ValueSynthesizer.Failure) -> RecordedRequest {
        var path = ""
        for segment in operation.path.segments {
            path += "/"
            for piece in segment.pieces {
                switch piece {
                case .literal(let text):
                    path += text
                case .parameter(let name):
                    let parameter = operation.parameters.first { $0.place == .path && $0.name == name }
                    var synthesizer = ValueSynthesizer(mode: .init(maximal: false), seed: seed)
                    let pointer = JSONPointer(tokens: ["path", name])
                    let value =
                        try parameter.map { parameter throws(ValueSynthesizer.Failure) in
                            try parameter.encodedText(
                                parameter.schema.map { schema throws(ValueSynthesizer.Failure) in try synthesizer.value(schema, at: pointer)
                                }
                                    ?? .string("example"))
                        } ?? "example"
                    path += value.addingPercentEncoding(withAllowedCharacters: Self.segmentCharacters) ?? value
                }
            }
        }
        if path.isEmpty { path = "/" }
        var query: [String] = []
        var headers = HeaderFields()
        var cookies: [String] = []
        for parameter in operation.parameters where parameter.required {
            let pointer = JSONPointer(tokens: [parameter.place.rawValue, parameter.name])
            // A required object is written with its declared members (springdoc's `pageable`): exploded, an object with
            // none of its optional members would write no field at all, and the parameter would be missing.
            let isObject = parameter.schema.map { ValueSynthesizer.types(of: $0.reference?.target ?? $0).first == .object } ?? false
            var synthesizer = ValueSynthesizer(mode: .init(maximal: isObject), seed: seed)
            let value =
                try parameter.schema.map { schema throws(ValueSynthesizer.Failure) in try synthesizer.value(schema, at: pointer) }
                ?? .string("example")
            switch parameter.place {
            case .query:
                // An empty array would write no item at all: one value stands for it.
                if case .array(let items) = value, items.isEmpty, parameter.encoding.mediaType == nil {
                    query += parameter.encodedQuery(.array([.string("example")]))
                } else {
                    query += parameter.encodedQuery(value)
                }
            case .header:
                headers.add(name: parameter.name, value: parameter.encodedText(value))
            case .cookie:
                cookies.append("\(parameter.name)=\(parameter.encodedText(value))")
            case .path:
                break
            }
        }
        if !cookies.isEmpty { headers.add(name: "Cookie", value: cookies.joined(separator: "; ")) }
        let url = query.isEmpty ? path : path + "?" + query.joined(separator: "&")
        var body: RecordedBody?
        if operation.requestBodyRequired, !operation.requestBodies.isEmpty {
            let keys = operation.requestBodies.keys.sorted { Self.requestPreference($0) < Self.requestPreference($1) }
            let essence = keys[0]
            let declared = operation.requestBodies[essence]
            headers.add(name: "Content-Type", value: Verifier.written(essence, declared?.parameters ?? []))
            body = try requestBody(essence, schema: declared?.schema, encodings: declared?.encodings ?? [:])
        }
        return RecordedRequest(method: operation.method, url: url, headers: headers, body: body)
    }

    /// Characters a path segment keeps as they are.
    static let segmentCharacters: CharacterSet = {
        var set = CharacterSet.urlPathAllowed
        set.remove("/")
        return set
    }()

    static func requestPreference(_ essence: String) -> Int {
        if MediaType.isJSON(essence) { return 0 }
        if essence == FormURLEncoding.contentType { return 1 }
        if essence == "multipart/form-data" { return 2 }
        return 3
    }

    private func requestBody(
        _ essence: String, schema: CompiledSchema?, encodings: [String: CompiledContract.PartEncoding]
    ) throws(ValueSynthesizer.Failure) -> RecordedBody {
        guard let schema else { return Self.opaqueBody(essence) }
        var synthesizer = ValueSynthesizer(mode: .init(maximal: false), seed: seed)
        return try body(
            try synthesizer.value(schema, at: JSONPointer(tokens: ["request"])), as: essence, schema: schema, encodings: encodings)
    }

    /// A value written as a body of `essence`: JSON as it is; a form or multipart body from an object's
    /// members (an array member repeats its field; a `format: binary` member is a file part; a JSON part,
    /// by its `encoding` or OpenAPI's default for an object, is JSON text with its content type and the
    /// headers its encoding declares).
    func body(
        _ value: JSONValue, as essence: String, schema: CompiledSchema, encodings: [String: CompiledContract.PartEncoding]
    ) throws(ValueSynthesizer.Failure) -> RecordedBody {
        if MediaType.isJSON(essence) { return .json(value) }
        let members = value.objectValue.map(Array.init) ?? []
        if essence == FormURLEncoding.contentType {
            let required = Set(schema.required)
            let fields = members.flatMap { member -> [FormField] in
                if encodings[member.key]?.deepObject == true {
                    // `metadata[key]=v`, `expand[]=a`, as the field's encoding says (an empty object or array writes no
                    // field: one member or item stands for a required one).
                    switch member.value {
                    case .object(let object) where object.isEmpty && required.contains(member.key):
                        let property = schema.property(member.key)
                        let branch = property.flatMap { $0.isObjectOnly ? $0 : ($0.anyOf + $0.oneOf).first(where: \.isObjectOnly) }
                        return [FormField("\(member.key)[\(branch?.propertyNames.first ?? "example")]", "example")]
                    case .object(let object): return object.map { FormField("\(member.key)[\($0.key)]", Self.text(of: $0.value)) }
                    case .array(let items) where items.isEmpty && required.contains(member.key):
                        return [FormField("\(member.key)[]", "example")]
                    case .array(let items): return items.map { FormField("\(member.key)[]", Self.text(of: $0)) }
                    default: return [FormField(member.key, Self.text(of: member.value))]
                    }
                }
                if case .array(let items) = member.value, encodings[member.key]?.isJSON != true {
                    return items.map { FormField(member.key, Self.text(of: $0)) }
                }
                return [FormField(member.key, Self.text(of: member.value))]
            }
            return .form(fields: fields, raw: FormURLEncoding.encode(fields))
        }
        if essence == "multipart/form-data" {
            var parts: [RecordedBody.MultipartPart] = []
            for member in members {
                let property = schema.property(member.key)
                let encoding = encodings[member.key]
                let items: [JSONValue]
                if case .array(let values) = member.value, property?.mask == [.array] { items = values } else { items = [member.value] }
                let binary = property?.isFile == true || property?.items?.isFile == true
                // The part's type: the first its encoding names outright, else what the kind of part implies.
                let named = encoding.flatMap { $0.declared ? $0.contentTypes.first { !$0.hasSuffix("*") } : nil }
                var headers = HeaderFields()
                for key in (encoding?.headers ?? [:]).keys.sorted() {
                    guard let header = encoding?.headers[key] else { continue }
                    headers.add(name: header.name, value: try text(header, at: JSONPointer(tokens: [member.key, "headers", header.name])))
                }
                for item in items {
                    if binary {
                        parts.append(
                            .init(
                                name: member.key, filename: "example.jpg", contentType: named ?? "image/jpeg", headers: headers,
                                content: .bytes(Data([0xFF, 0xD8, 0xFF, 0xD9]))))
                    } else if encoding?.isJSON == true {
                        parts.append(
                            .init(
                                name: member.key, contentType: named ?? "application/json", headers: headers,
                                content: .text(JSONWriter.compact(item))))
                    } else {
                        parts.append(.init(name: member.key, contentType: named, headers: headers, content: .text(Self.text(of: item))))
                    }
                }
            }
            return .multipart(parts)
        }
        return .text(Self.text(of: value))
    }
}

extension JSONValue {
    /// This value with the value at `tokens` replaced (an absent place is left as it is).
    func replacing(at tokens: ArraySlice<String>, with replacement: JSONValue) -> JSONValue {
        guard let token = tokens.first else { return replacement }
        switch self {
        case .object(var object):
            guard let position = object.position(of: token) else { return self }
            object[token] = object.members[position].value.replacing(at: tokens.dropFirst(), with: replacement)
            return .object(object)
        case .array(var items):
            guard let index = JSONPointer.arrayIndex(token), index < items.count else { return self }
            items[index] = items[index].replacing(at: tokens.dropFirst(), with: replacement)
            return .array(items)
        default:
            return self
        }
    }
}
