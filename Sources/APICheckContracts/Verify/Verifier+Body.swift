import APICheckJSONSchema
import APICheckRecording
import WireFormat

/// A request's or a response's body, checked in four steps, each a function of its own: whether a body had to come
/// (``missingBody(declared:required:_:)``), its content type (``contentTypeFindings(_:declared:parameters:_:)``), what
/// its bytes read as (``read(_:mediaType:schema:_:)``), and its value against the schema, with the parts whose encoding
/// says JSON checked as JSON and a form's findings remapped (``checkValue(_:schema:read:jsonParts:jsonNames:_:)``).
extension Verifier {
    /// What a body's bytes read as: the value its schema checks (nil when nothing more is checked: text or bytes),
    /// whether its values are a form's strings, and what reading found.
    struct ReadBody {
        var value: JSONValue?
        var formValues = false
        var findings: [Finding] = []
    }

    /// Checks a body (`checked`: it was checked as it was read, and only its presence and content type are left) against
    /// the media types `declared` for it.
    func checkBody(
        _ body: RecordedBody?, contentType: String?, declared: [String: CompiledContract.Body], side: Finding.Part,
        operation: CompiledContract.Operation, status: Int, required: Bool, checked: Bool = false
    ) -> [Finding] {
        let place = FindingPlace(side, operation: operation.name, status: status)
        guard body != nil || checked else { return Self.missingBody(declared: declared, required: required, place) }
        if declared.isEmpty {
            // A request body the operation does not declare: the server is not said to read it (a response's is not judged).
            guard side == .request else { return [] }
            return [
                place.at("/request/body").finding(
                    .requestBodyUndeclared, "", expected: "no body (the operation declares none)",
                    found: "a body (\(contentType.map { MediaType.essence(of: $0) } ?? "no Content-Type"))")
            ]
        }
        let (key, found) = Self.contentTypeFindings(contentType, declared: declared, place)
        // A body checked as it was read (by the program of the schema chosen just as above) was valid JSON.
        guard let key, let entry = declared[key], let body else { return found }
        let mediaType = contentType.map { MediaType.essence(of: $0) } ?? ""
        let read = Self.read(body, mediaType: mediaType, schema: entry.schema, place)
        var findings = found + read.findings
        guard var value = read.value else { return findings }
        let partEncodings = entry.encodings
        if case .form(let fields, _) = body, partEncodings.values.contains(where: \.deepObject), let schema = entry.schema {
            value = Self.folded(fields, encodings: partEncodings, schema: schema)
        }
        // Parts (or fields) whose encoding says JSON are parsed and checked as JSON; their types and headers are checked.
        var jsonParts: [String: JSONValue] = [:]
        if !partEncodings.isEmpty {
            findings += checkParts(
                Self.parts(of: body), encodings: partEncodings, schema: entry.schema, into: &jsonParts, place.at("/\(side)/body"))
            if !jsonParts.isEmpty, case .object(var object) = value {
                for (name, parsed) in jsonParts { object[name] = parsed }
                value = .object(object)
            }
        }
        guard let schema = entry.schema else { return findings }
        let jsonNames = partEncodings.filter { $0.value.isJSON && schema.property($0.key) != nil }.map(\.key)
        return findings
            + checkValue(
                value, schema: schema, read: (body, read.formValues), jsonParts: jsonParts, jsonNames: jsonNames,
                keyCase: operation.keyCase,
                place)
    }

    /// A request body the recording says nothing saw: its content type is checked, and the body is reported as not
    /// checked (`request.body-unseen`), never taken for an absent one.
    func unseenBody(_ reason: String, contentType: String?, operation: CompiledContract.Operation, status: Int) -> [Finding] {
        let place = FindingPlace(.request, operation: operation.name, status: status)
        var findings = [
            place.at("/request/body").finding(
                .requestBodyUnseen, "", expected: "a body to check", found: "not seen (\(reason)): not checked")
        ]
        if !operation.requestBodies.isEmpty {
            findings +=
                Self.contentTypeFindings(contentType, declared: operation.requestBodies, place).findings
        }
        return findings
    }

    /// No body came: a finding when one was required, or when the response declares a schema for it.
    static func missingBody(declared: [String: CompiledContract.Body], required: Bool, _ place: FindingPlace) -> [Finding] {
        guard required || (place.side == .response && declared.values.contains { $0.schema != nil }) else {
            return []
        }
        return [
            place.at("/\(place.side)").finding(
                .bodyUnparsable, "", expected: "a body (\(declared.keys.sorted().joined(separator: ", ")))", found: "no body")
        ]
    }

    /// The declared media type `contentType` is (nil when none is), and what its `Content-Type` broke: a media type
    /// not declared, or a parameter the declared one carries (`charset=utf-8`) missing or different.
    static func contentTypeFindings(_ contentType: String?, declared: [String: CompiledContract.Body], _ place: FindingPlace) -> (
        key: String?, findings: [Finding]
    ) {
        guard let key = declaredKey(declared, contentType: contentType), let entry = declared[key] else {
            let mediaType = contentType.map { MediaType.essence(of: $0) } ?? ""
            let expected = declared.keys.sorted().map { written($0, declared[$0]?.parameters ?? []) }.joined(separator: " or ")
            return (
                nil,
                [
                    place.at("/\(place.side)/headers").finding(
                        .contentType, "/headers/Content-Type", expected: expected, found: mediaType.isEmpty ? "none" : mediaType)
                ]
            )
        }
        let carried = entry.parameters
        guard !carried.isEmpty, let contentType, !carried.allSatisfy({ $0.isCarried(by: contentType) }) else {
            return (key, [])
        }
        return (
            key,
            [
                place.at("/\(place.side)/headers").finding(
                    .contentType, "/headers/Content-Type", expected: written(key, carried), found: contentType)
            ]
        )
    }

    /// What `body` reads as for its schema: JSON as it is; a form's fields and a multipart body's parts as an object of
    /// strings (a form whose escapes are wrong is a `form.encoding` finding). Text or bytes where the content type says
    /// JSON or a form is `body.unparsable`; other text or bytes are not checked further.
    static func read(_ body: RecordedBody, mediaType: String, schema: CompiledSchema?, _ place: FindingPlace) -> ReadBody {
        let base = "/\(place.side)"
        switch body {
        case .json(let json):
            return ReadBody(value: json)
        case .form(let fields, let raw):
            var read = ReadBody(
                value: .object(JSONObject(fields.map { .init(key: $0.name, value: .string($0.value)) })), formValues: true)
            if let problem = FormURLEncoding.encodingProblem(raw) {
                read.findings.append(
                    place.at(base + "/body/raw").finding(
                        .formEncoding, "", expected: "a form body with only A-Z a-z 0-9 * - . _ + = & and %XX escapes", found: problem))
            }
            return read
        case .multipart(let parts):
            return ReadBody(value: multipartValue(parts, schema: schema), formValues: true)
        case .text(let text):
            guard MediaType.isJSON(mediaType) || mediaType == FormURLEncoding.contentType else { return ReadBody(value: nil) }
            let preview = CompiledContract.ValueEncoding.preview(text)
            return ReadBody(
                value: nil,
                findings: [
                    place.at(base + "/body/text").finding(
                        .bodyUnparsable, "", expected: "a body of type \(mediaType)", found: "\"\(preview)\"")
                ])
        case .base64(let data):
            // Stored as bytes although the content type says JSON or a form: not UTF-8 (a recording keeps what it
            // cannot read as text as base64). Never passed as checked.
            guard MediaType.isJSON(mediaType) || mediaType == FormURLEncoding.contentType else { return ReadBody(value: nil) }
            var reason = "bytes that are not UTF-8 text"
            if MediaType.isJSON(mediaType) {
                do { _ = try JSONReader.parse([UInt8](data)) } catch { reason = "\(error)" }
            }
            return ReadBody(
                value: nil,
                findings: [
                    place.at(base + "/body/base64").finding(
                        .bodyUnparsable, "", expected: "a body of type \(mediaType)", found: reason)
                ])
        }
    }

    /// A form's fields as an object, each field of a deepObject property (`metadata[key]=v`, `expand[]=a`) folded into
    /// that property's value where its first field is; the other fields as they are.
    static func folded(_ fields: [FormField], encodings: [String: CompiledContract.PartEncoding], schema: CompiledSchema) -> JSONValue {
        var members: [(name: String, value: JSONValue?)] = []
        var deep: [String: [(String, String)]] = [:]
        for field in fields {
            if let open = field.name.firstIndex(of: "["), field.name.hasSuffix("]"),
                encodings[String(field.name[..<open])]?.deepObject == true
            {
                let name = String(field.name[..<open])
                if deep[name] == nil { members.append((name, nil)) }
                deep[name, default: []].append((String(field.name[field.name.index(after: open)...].dropLast()), field.value))
            } else {
                members.append((field.name, .string(field.value)))
            }
        }
        return .object(
            JSONObject(
                members.map { member in
                    if let value = member.value { return .init(key: member.name, value: value) }
                    return .init(
                        key: member.name,
                        value: CompiledContract.ValueEncoding.deepObjectValue(deep[member.name] ?? [], schema: schema.property(member.name))
                    )
                }))
    }

    /// A form's fields or a multipart body's parts, for their encodings (no parts for any other body).
    static func parts(of body: RecordedBody) -> [BodyPart] {
        switch body {
        case .form(let fields, _): return fields.map { BodyPart(name: $0.name, text: $0.value, contentType: nil, headers: nil) }
        case .multipart(let multipart):
            return multipart.map { part in
                var text: String?
                if case .text(let content) = part.content { text = content }
                return BodyPart(name: part.name, text: text, contentType: part.contentType, headers: part.headers)
            }
        default: return []
        }
    }

    /// `value` against `schema`. The parts named `jsonNames` (whose encoding says JSON) were read as text by the whole
    /// check; their findings there are dropped and each is checked as JSON on its own, from `jsonParts` (one that does
    /// not parse is a `body.unparsable` finding already). In a form, what breaks a field's schema is `form.field`.
    func checkValue(
        _ value: JSONValue, schema: CompiledSchema, read: (body: RecordedBody, formValues: Bool), jsonParts: [String: JSONValue],
        jsonNames: [String], keyCase: KeyCase?, _ place: FindingPlace
    ) -> [Finding] {
        let base = "/\(place.side)"
        var findings: [Finding] = []
        var checker = SchemaChecker(strict: options.strict, formValues: read.formValues)
        checker.check(value, schema, keyCase: keyCase)
        if !jsonNames.isEmpty {
            let prefixes = jsonNames.map { JSONPointer(tokens: [$0]).description }
            checker.findings.removeAll { raw in prefixes.contains { raw.pointer == $0 || raw.pointer.hasPrefix($0 + "/") } }
            for (name, parsed) in jsonParts.sorted(by: { $0.key < $1.key }) {
                guard let property = schema.property(name) else { continue }
                var strict = SchemaChecker(strict: options.strict, formValues: false)
                strict.basePointer = JSONPointer(tokens: [name]).description
                strict.check(parsed, property, keyCase: keyCase)
                for raw in strict.findings {
                    findings.append(place.at(base + "/body").finding(raw.rule, raw.pointer, expected: raw.expected, found: raw.found))
                }
            }
        }
        let bodyPrefix: String
        switch read.body {
        case .json: bodyPrefix = base + "/body/json"
        case .form: bodyPrefix = base + "/body/form"
        default: bodyPrefix = base + "/body/multipart"
        }
        for raw in checker.findings {
            // Key case and extra keys keep their rules in a form.
            let rule = read.formValues && ![RuleID.keyCase, .fieldAdded, .fieldUnexpected].contains(raw.rule) ? RuleID.formField : raw.rule
            let source = read.formValues ? bodyPrefix : bodyPrefix + raw.concrete
            findings.append(place.at(source).finding(rule, raw.pointer, expected: raw.expected, found: raw.found))
        }
        return findings
    }
}
