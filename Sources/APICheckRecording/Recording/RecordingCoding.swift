import Foundation
import WireFormat

// MARK: Writing

extension Recording {
    /// The recording as JSON, keys in the format's fixed order.
    public var jsonValue: JSONValue {
        .object(
            JSONObject([
                .init(key: "format", value: .string(Recording.format)),
                .init(key: "api", value: .string(api)),
                .init(key: "name", value: .string(name)),
                .init(key: "recorded_at", value: .string(recordedAt)),
                .init(key: "recorded_from", value: .string(recordedFrom)),
                .init(key: "interactions", value: .array(interactions.map(\.jsonValue))),
            ]))
    }

    /// The file's text: pretty JSON with a stable layout, ending with a newline.
    public var fileText: String { JSONWriter.pretty(jsonValue) }
}

extension Interaction {
    package var jsonValue: JSONValue {
        var members: [JSONObject.Member] = []
        if let step { members.append(.init(key: "step", value: .string(step))) }
        members.append(.init(key: "request", value: request.jsonValue))
        members.append(.init(key: "response", value: response.jsonValue))
        return .object(JSONObject(members))
    }
}

extension RecordedRequest {
    var jsonValue: JSONValue {
        var members: [JSONObject.Member] = [
            .init(key: "method", value: .string(method)),
            .init(key: "url", value: .string(url)),
        ]
        if let base { members.append(.init(key: "base", value: .string(base))) }
        members.append(.init(key: "headers", value: headers.jsonValue))
        if let body {
            members.append(.init(key: "body", value: body.jsonValue))
        } else if let unseenBody {
            members.append(.init(key: "body", value: .object(JSONObject([.init(key: "unseen", value: .string(unseenBody))]))))
        }
        return .object(JSONObject(members))
    }

    /// A request's `body`: a ``RecordedBody``, or `{"unseen": "<reason>"}` (a non-empty string, alone).
    static func body(json: JSONValue, at pointer: JSONPointer) throws(RecordingError) -> (body: RecordedBody?, unseen: String?) {
        guard let reasonValue = unseenReason(json) else { return (try RecordedBody(json: json, at: pointer), nil) }
        guard let reason = reasonValue.stringValue, !reason.isEmpty else {
            throw RecordingError(
                pointer: pointer.appending("unseen"),
                message: "expected why the body was not seen (a string), found \(reasonValue.briefDescription)")
        }
        return (nil, reason)
    }

    /// The value of `unseen` where `json` is the object `{"unseen": ...}` and nothing else, or nil.
    static func unseenReason(_ json: JSONValue) -> JSONValue? {
        guard let object = json.objectValue, object.count == 1, let member = object.first, member.key == "unseen" else { return nil }
        return member.value
    }
}

extension RecordedResponse {
    var jsonValue: JSONValue {
        var members: [JSONObject.Member] = [
            .init(key: "status", value: .number(JSONNumber(status))),
            .init(key: "headers", value: headers.jsonValue),
        ]
        if let body { members.append(.init(key: "body", value: body.jsonValue)) }
        return .object(JSONObject(members))
    }
}

extension HeaderFields {
    var jsonValue: JSONValue {
        .object(JSONObject(fields.map { .init(key: $0.name, value: .string($0.value)) }))
    }
}

extension RecordedBody {
    /// The body as the recording writes it: `{"json": ...}`, `{"form": [...], "raw": "..."}`, ...
    public var jsonValue: JSONValue {
        switch self {
        case .json(let value):
            return .object(JSONObject([.init(key: "json", value: value)]))
        case .form(let fields, let raw):
            let pairs = JSONValue.array(fields.map { .array([.string($0.name), .string($0.value)]) })
            return .object(JSONObject([.init(key: "form", value: pairs), .init(key: "raw", value: .string(raw))]))
        case .multipart(let parts):
            return .object(JSONObject([.init(key: "multipart", value: .array(parts.map(\.jsonValue)))]))
        case .text(let text):
            return .object(JSONObject([.init(key: "text", value: .string(text))]))
        case .base64(let data):
            return .object(JSONObject([.init(key: "base64", value: .string(data.base64EncodedString()))]))
        }
    }
}

extension RecordedBody.MultipartPart {
    var jsonValue: JSONValue {
        var members: [JSONObject.Member] = [.init(key: "name", value: .string(name))]
        if let filename { members.append(.init(key: "filename", value: .string(filename))) }
        if let contentType { members.append(.init(key: "content_type", value: .string(contentType))) }
        if !headers.isEmpty { members.append(.init(key: "headers", value: headers.jsonValue)) }
        switch content {
        case .text(let text): members.append(.init(key: "value", value: .string(text)))
        case .bytes(let data): members.append(.init(key: "base64", value: .string(data.base64EncodedString())))
        }
        return .object(JSONObject(members))
    }
}

// MARK: Reading

extension Recording {
    /// Reads a recording from its JSON, checking every field; errors carry the JSON pointer.
    public init(json: JSONValue) throws(RecordingError) {
        var root = try FieldReader(json, at: .root, what: "a recording")
        let format = try root.string("format")
        guard format == Recording.format else {
            throw RecordingError(
                pointer: "/format", message: "unsupported format \"\(format)\"; this apicheck reads \"\(Recording.format)\"")
        }
        api = try root.string("api")
        name = try root.string("name")
        recordedAt = try root.string("recorded_at")
        recordedFrom = try root.string("recorded_from")
        let list = try root.array("interactions")
        var interactions: [Interaction] = []
        interactions.reserveCapacity(list.count)
        let listPointer = JSONPointer("/interactions")
        for (index, item) in list.enumerated() {
            interactions.append(try Interaction(json: item, at: listPointer.appending(index)))
        }
        self.interactions = interactions
        try root.finish()
    }

    /// Reads a recording from the bytes of a file; errors name the file, line and pointer.
    public init(bytes: [UInt8], file: String? = nil) throws(RecordingError) {
        // Straight from the bytes when the file is plainly valid; otherwise through the tree, which says what is wrong.
        if let recording = RecordingScanner.recording(bytes) {
            self = recording
            return
        }
        let json = try RecordingError.parseJSON(bytes, file: file)
        do {
            try self.init(json: json)
        } catch {
            throw error.located(in: bytes, file: file)
        }
    }

    /// Reads the recording file at `url`.
    public static func load(from url: URL) throws(RecordingError) -> Recording {
        // Errors name the file as it was given (`recordings/x.json`, not the absolute path).
        guard let bytes = FileBytes.read(url.path) else {
            throw RecordingError(file: url.relativePath, message: "cannot read the file: \(FileBytes.whyUnreadable(url.path))")
        }
        return try Recording(bytes: bytes, file: url.relativePath)
    }
}

extension Interaction {
    init(json: JSONValue, at pointer: JSONPointer) throws(RecordingError) {
        var reader = try FieldReader(json, at: pointer, what: "an interaction")
        step = try reader.optionalString("step")
        request = try RecordedRequest(json: try reader.required("request"), at: pointer.appending("request"))
        response = try RecordedResponse(json: try reader.required("response"), at: pointer.appending("response"))
        try reader.finish()
    }
}

extension RecordedRequest {
    init(json: JSONValue, at pointer: JSONPointer) throws(RecordingError) {
        var reader = try FieldReader(json, at: pointer, what: "a request")
        method = try reader.string("method")
        url = try reader.string("url")
        guard url.hasPrefix("/") else {
            throw RecordingError(
                pointer: pointer.appending("url"),
                message: "the URL must be relative to the API's base URL and start with '/', found \"\(url)\"")
        }
        base = try reader.optionalString("base")
        headers = try HeaderFields(json: try reader.required("headers"), at: pointer.appending("headers"))
        if let value = reader.optional("body") {
            (body, unseenBody) = try Self.body(json: value, at: pointer.appending("body"))
        }
        try reader.finish()
    }
}

extension RecordedResponse {
    init(json: JSONValue, at pointer: JSONPointer) throws(RecordingError) {
        var reader = try FieldReader(json, at: pointer, what: "a response")
        let statusValue = try reader.required("status")
        guard let status = statusValue.numberValue?.intValue, (100...599).contains(status) else {
            throw RecordingError(
                pointer: pointer.appending("status"),
                message: "expected an HTTP status (an integer from 100 to 599), found \(statusValue.briefDescription)")
        }
        self.status = status
        headers = try HeaderFields(json: try reader.required("headers"), at: pointer.appending("headers"))
        body = try reader.optional("body").map { value throws(RecordingError) in
            if RecordedRequest.unseenReason(value) != nil {
                throw RecordingError(
                    pointer: pointer.appending("body"), message: "only a request's body can be unseen; a response's is always read")
            }
            return try RecordedBody(json: value, at: pointer.appending("body"))
        }
        try reader.finish()
    }
}

extension HeaderFields {
    init(json: JSONValue, at pointer: JSONPointer) throws(RecordingError) {
        guard let object = json.objectValue else {
            throw RecordingError(pointer: pointer, message: "expected an object of header names to strings, found \(json.briefDescription)")
        }
        self.init()
        for member in object {
            guard let value = member.value.stringValue else {
                throw RecordingError(
                    pointer: pointer.appending(member.key),
                    message: "expected a string header value, found \(member.value.briefDescription)")
            }
            add(name: member.key, value: value)
        }
    }
}

extension RecordedBody {
    static let kinds = ["json", "form", "multipart", "text", "base64"]

    init(json: JSONValue, at pointer: JSONPointer) throws(RecordingError) {
        var reader = try FieldReader(json, at: pointer, what: "a body")
        // The usual body, `{"json": ...}`, is told apart without building the list of kinds.
        let kinds = reader.object.count == 1 && reader.has("json") ? ["json"] : Self.kinds.filter { reader.has($0) }
        guard kinds.count == 1, let kind = kinds.first else {
            let found = kinds.isEmpty ? "none" : kinds.joined(separator: ", ")
            throw RecordingError(
                pointer: pointer, message: "a body has exactly one of json, form (with raw), multipart, text, base64; found \(found)")
        }
        switch kind {
        case "json":
            self = .json(try reader.required("json"))
        case "form":
            let raw = try reader.string("raw")
            let pairs = try reader.array("form")
            var fields: [FormField] = []
            for (index, pair) in pairs.enumerated() {
                guard let items = pair.arrayValue, items.count == 2, let name = items[0].stringValue, let value = items[1].stringValue
                else {
                    throw RecordingError(
                        pointer: pointer.appending("form").appending(index),
                        message: "expected a [name, value] pair of strings, found \(pair.briefDescription)")
                }
                fields.append(FormField(name, value))
            }
            self = .form(fields: fields, raw: raw)
        case "multipart":
            var parts: [MultipartPart] = []
            for (index, item) in try reader.array("multipart").enumerated() {
                parts.append(try MultipartPart(json: item, at: pointer.appending("multipart").appending(index)))
            }
            self = .multipart(parts)
        case "text":
            self = .text(try reader.string("text"))
        default:
            let text = try reader.string("base64")
            guard let data = Data(base64Encoded: text) else {
                throw RecordingError(pointer: pointer.appending("base64"), message: "not valid base64")
            }
            self = .base64(data)
        }
        try reader.finish()
    }
}

extension RecordedBody.MultipartPart {
    init(json: JSONValue, at pointer: JSONPointer) throws(RecordingError) {
        var reader = try FieldReader(json, at: pointer, what: "a multipart part")
        name = try reader.string("name")
        filename = try reader.optionalString("filename")
        contentType = try reader.optionalString("content_type")
        headers =
            try reader.has("headers")
            ? HeaderFields(json: try reader.required("headers"), at: pointer.appending("headers")) : HeaderFields()
        if let text = try reader.optionalString("value") {
            guard !reader.has("base64") else {
                throw RecordingError(pointer: pointer, message: "a part has either value or base64, not both")
            }
            content = .text(text)
        } else if let encoded = try reader.optionalString("base64") {
            guard let data = Data(base64Encoded: encoded) else {
                throw RecordingError(pointer: pointer.appending("base64"), message: "not valid base64")
            }
            content = .bytes(data)
        } else {
            throw RecordingError(pointer: pointer, message: "a part needs value or base64")
        }
        try reader.finish()
    }
}

/// Reads an object's fields one by one and, at the end, rejects the ones nobody asked for.
struct FieldReader {
    let object: JSONObject
    let pointer: JSONPointer
    /// Which members were read, by position: a bit each for the first 64 (no hashing of keys; a recording's
    /// objects are small), a set beyond.
    private var seenBits: UInt64 = 0
    private var seenMore: Set<Int> = []

    init(_ json: JSONValue, at pointer: JSONPointer, what: String) throws(RecordingError) {
        guard let object = json.objectValue else {
            throw RecordingError(pointer: pointer, message: "expected \(what) (an object), found \(json.briefDescription)")
        }
        self.object = object
        self.pointer = pointer
    }

    func has(_ key: String) -> Bool { object.contains(key: key) }

    mutating func optional(_ key: String) -> JSONValue? {
        guard let position = object.position(of: key) else { return nil }
        if position < 64 { seenBits |= 1 << UInt64(position) } else { seenMore.insert(position) }
        return object.members[position].value
    }

    mutating func required(_ key: String) throws(RecordingError) -> JSONValue {
        guard let value = optional(key) else {
            throw RecordingError(pointer: pointer, message: "missing required field \"\(key)\"")
        }
        return value
    }

    mutating func string(_ key: String) throws(RecordingError) -> String {
        let value = try required(key)
        guard let string = value.stringValue else {
            throw RecordingError(pointer: pointer.appending(key), message: "expected a string, found \(value.briefDescription)")
        }
        return string
    }

    mutating func optionalString(_ key: String) throws(RecordingError) -> String? {
        guard let value = optional(key) else { return nil }
        guard let string = value.stringValue else {
            throw RecordingError(pointer: pointer.appending(key), message: "expected a string, found \(value.briefDescription)")
        }
        return string
    }

    mutating func array(_ key: String) throws(RecordingError) -> [JSONValue] {
        let value = try required(key)
        guard let items = value.arrayValue else {
            throw RecordingError(pointer: pointer.appending(key), message: "expected an array, found \(value.briefDescription)")
        }
        return items
    }

    /// Fails on the first field that was not read, naming all of them.
    func finish() throws(RecordingError) {
        let unknown = object.indices.filter { !(($0 < 64 && seenBits & (1 << UInt64($0)) != 0) || seenMore.contains($0)) }.map {
            object[$0].key
        }
        guard let first = unknown.first else { return }
        let names = unknown.map { "\"\($0)\"" }.joined(separator: ", ")
        throw RecordingError(pointer: pointer.appending(first), message: "unknown field\(unknown.count > 1 ? "s" : "") \(names)")
    }
}

extension JSONValue {
    /// A short description for messages: `a string ("abc")`, `an array`, `null`.
    public var briefDescription: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return "a boolean (\(flag))"
        case .number(let number): return "a number (\(number.literal))"
        case .string(let string): return "a string (\"\(string.count > 40 ? String(string.prefix(40)) + "..." : string)\")"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
