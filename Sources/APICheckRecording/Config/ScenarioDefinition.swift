import Foundation

/// A scenario of `apicheck.yml`: steps run in order against the live API, with captures, expectations and clean-up.
public struct ScenarioDefinition: Sendable {
    /// The scenario's name (also its recording's name).
    public var name: String
    /// Whether it creates, updates or deletes anything.
    public var writes: Bool
    /// Whether it can only succeed against the sandbox (a successful OAuth exchange needs a code a person
    /// just granted): a run against a real API skips it and says so.
    public var sandboxOnly: Bool
    /// Values for `{{name}}` placeholders.
    public var vars: [(String, String)]
    /// The steps, in order.
    public var steps: [ScenarioStep]
    /// Steps that run afterwards even when a step failed.
    public var cleanup: [ScenarioStep]

    /// Whether a step or clean-up of the scenario uses the placeholder `{{name}}`.
    public func uses(_ name: String) -> Bool {
        (steps + cleanup).contains { $0.uses(name) }
    }

    /// `bases` are the names of the API's `other_bases`: a step's `base` must be one of them.
    init(_ node: YAMLReader, bases: [String]) throws(ConfigurationError) {
        let members = try node.mapping(allowed: ["name", "writes", "sandbox_only", "vars", "steps", "cleanup"])
        name = try node.required("name", in: members).nonEmptyString()
        writes = try node.optional("writes", in: members)?.bool() ?? false
        sandboxOnly = try node.optional("sandbox_only", in: members)?.bool() ?? false
        vars = try node.optional("vars", in: members)?.stringMap() ?? []
        steps = []
        for item in try node.required("steps", in: members).list() {
            steps.append(try ScenarioStep(item, requiresName: true, bases: bases))
        }
        guard !steps.isEmpty else { throw node.fail("scenario \"\(name)\" has no steps") }
        cleanup = []
        for item in try node.optional("cleanup", in: members)?.list() ?? [] {
            cleanup.append(try ScenarioStep(item, requiresName: false, bases: bases))
        }
        var names: Set<String> = []
        for step in steps where !names.insert(step.name).inserted {
            throw node.fail("scenario \"\(name)\" has two steps named \"\(step.name)\"")
        }
        // A wait outlasts a token only where the scenario set the lifetime: the replica. Against a real API
        // it would wait for nothing and then check what it did not set up.
        if !sandboxOnly, let waiting = (steps + cleanup).first(where: { $0.wait != nil }) {
            throw node.fail(
                """
                scenario \"\(name)\": step \"\(waiting.name)\" waits, which only works against the sandbox; mark the scenario \
                sandbox_only: true
                """
            )
        }
    }
}

/// One request of a scenario.
public struct ScenarioStep: Sendable {
    /// The step's name (tags its interaction in the recording).
    public var name: String
    /// `GET`, `POST`, ...
    public var method: String
    /// The path, with `{{name}}` placeholders.
    public var path: String
    /// The name of another base URL of the API.
    public var base: String?
    /// Query items, in order.
    public var query: [(String, String)]
    /// Extra request headers.
    public var headers: [(String, String)]
    /// The request body.
    public var body: Body?
    /// Values to capture from the response: variable name to where it comes from.
    public var capture: [(String, Capture)]
    /// The status the response must have.
    public var expectedStatus: Int?
    /// Values the response body must hold: JSON pointer to value.
    public var expectations: [(JSONPointer, JSONValue)]
    /// Seconds to wait before the step is sent (sandbox-only scenarios; at most 60).
    public var wait: Double?
    /// Send again, with the captures of the last answer, until the body holds these values.
    public var repeatUntil: Repeat?

    /// `repeat: { until: { "/next_cursor": "0" }, max: 20 }`.
    public struct Repeat: Sendable {
        /// JSON pointer to the value that ends the repetition (every one must hold).
        public var until: [(JSONPointer, JSONValue)]
        /// The most times the step is sent; an answer that still does not end it is an `expect` problem.
        public var max: Int
    }

    /// One field of a multipart body: text, or a file with its name, type and bytes.
    public struct MultipartField: Sendable {
        /// The part's name.
        public var name: String
        /// The text (with placeholders), or nil for a file given as bytes.
        public var value: String
        /// The file name, for a file part.
        public var filename: String?
        /// The part's `Content-Type`, for a file part.
        public var contentType: String?
        /// The file's bytes (from `base64:`), when it is not text.
        public var bytes: Data?
    }

    /// Where a captured value comes from: the body at a JSON pointer, or a response header.
    public enum Capture: Sendable, Hashable, CustomStringConvertible {
        case pointer(JSONPointer)
        case header(String)

        public var description: String {
            switch self {
            case .pointer(let pointer): return pointer.description
            case .header(let name): return "header \(name)"
            }
        }
    }

    /// A scenario step's body.
    public enum Body: Sendable {
        case json(JSONValue)
        case form([(String, String)])
        case multipart([MultipartField])
        case text(String)
    }

    static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]

    /// Whether the path, query, headers, body or expectations use the placeholder `{{name}}`.
    public func uses(_ name: String) -> Bool {
        func mentions(_ text: String) -> Bool {
            text.contains("{{") && Placeholder.parts(of: text).contains(.name(name))
        }
        func mentions(_ value: JSONValue) -> Bool {
            switch value {
            case .string(let text): return mentions(text)
            case .array(let items): return items.contains(where: mentions)
            case .object(let object): return object.contains { mentions($0.key) || mentions($0.value) }
            default: return false
            }
        }
        if mentions(path) || query.contains(where: { mentions($0.1) }) || headers.contains(where: { mentions($0.1) }) { return true }
        if expectations.contains(where: { mentions($0.1) }) || (repeatUntil?.until.contains { mentions($0.1) } ?? false) { return true }
        switch body {
        case .json(let value)?: return mentions(value)
        case .form(let pairs)?: return pairs.contains { mentions($0.1) }
        case .multipart(let fields)?: return fields.contains { mentions($0.value) }
        case .text(let text)?: return mentions(text)
        case nil: return false
        }
    }

    /// `[[title, "..."], { name: file, filename: a.jpg, content_type: image/jpeg, base64: "/9j/" }]`.
    static func multipart(_ node: YAMLReader) throws(ConfigurationError) -> [MultipartField] {
        var fields: [MultipartField] = []
        for item in try node.list() {
            if case .mapping = item.node {
                let members = try item.mapping(allowed: ["name", "filename", "content_type", "text", "base64"])
                let name = try item.required("name", in: members).nonEmptyString()
                let filename = try item.optional("filename", in: members)?.nonEmptyString()
                let contentType = try item.optional("content_type", in: members)?.nonEmptyString()
                let text = try item.optional("text", in: members)?.string()
                let base64 = item.optional("base64", in: members)
                guard (text == nil) != (base64 == nil) else { throw item.fail("a multipart part has exactly one of text and base64") }
                var bytes: Data?
                if let base64 {
                    guard let data = Data(base64Encoded: try base64.string()) else { throw base64.fail("not valid base64") }
                    bytes = data
                }
                fields.append(MultipartField(name: name, value: text ?? "", filename: filename, contentType: contentType, bytes: bytes))
                continue
            }
            let items = try item.stringList()
            guard items.count == 2 else {
                throw item.fail("expected a [name, value] pair, or a part such as { name: file, filename: a.jpg, base64: ... }")
            }
            fields.append(MultipartField(name: items[0], value: items[1], filename: nil, contentType: nil, bytes: nil))
        }
        return fields
    }

    init(_ node: YAMLReader, requiresName: Bool, bases: [String]) throws(ConfigurationError) {
        let members = try node.mapping(allowed: [
            "name", "method", "path", "base", "query", "headers", "body", "capture", "expect", "wait", "repeat",
        ])
        let method = try node.required("method", in: members).nonEmptyString().uppercased()
        guard Self.methods.contains(method) else {
            throw (node.optional("method", in: members) ?? node).fail(
                "unknown method \"\(method)\" (allowed: \(Self.methods.joined(separator: ", ")))")
        }
        self.method = method
        path = try node.required("path", in: members).nonEmptyString()
        guard path.hasPrefix("/") else {
            throw (node.optional("path", in: members) ?? node).fail("a path starts with '/', found \"\(path)\"")
        }
        name =
            requiresName
            ? try node.required("name", in: members).nonEmptyString()
            : (try node.optional("name", in: members)?.nonEmptyString() ?? "\(method) \(path)")
        base = try node.optional("base", in: members)?.nonEmptyString()
        // A request goes only where it was told: a base that other_bases does not name is an error, not the main URL.
        if let base, !bases.contains(base) {
            let known =
                bases.isEmpty ? "this API has no other_bases" : "other_bases names \(bases.map { "\"\($0)\"" }.joined(separator: ", "))"
            throw (node.optional("base", in: members) ?? node).fail("unknown base \"\(base)\" (\(known))")
        }
        query = try node.optional("query", in: members)?.stringMap() ?? []
        headers = try node.optional("headers", in: members)?.stringMap() ?? []
        body = nil
        if let bodyNode = node.optional("body", in: members) {
            let kinds = try bodyNode.mapping(allowed: ["json", "form", "multipart", "text"])
            guard kinds.count == 1, let only = kinds.first else {
                throw bodyNode.fail("a body has exactly one of json, form, multipart, text")
            }
            let value = only.value
            switch only.key {
            case "json": body = .json(try value.json())
            case "text": body = .text(try value.string())
            case "multipart": body = .multipart(try Self.multipart(value))
            default:
                var pairs: [(String, String)] = []
                for pair in try value.list() {
                    let items = try pair.stringList()
                    guard items.count == 2 else { throw pair.fail("expected a [name, value] pair") }
                    pairs.append((items[0], items[1]))
                }
                body = .form(pairs)
            }
        }
        capture = []
        if let captureNode = node.optional("capture", in: members) {
            for (variable, sourceNode) in try captureNode.mapping(allowed: nil) {
                if case .mapping = sourceNode.node {
                    // `etag: { header: ETag }`: a response header's value.
                    let sourceMembers = try sourceNode.mapping(allowed: ["header"])
                    capture.append((variable, .header(try sourceNode.required("header", in: sourceMembers).nonEmptyString())))
                    continue
                }
                let text = try sourceNode.string()
                guard text.hasPrefix("/") else {
                    throw sourceNode.fail("expected a JSON pointer such as /data/id, or { header: NAME }, found \"\(text)\"")
                }
                capture.append((variable, .pointer(JSONPointer(text))))
            }
        }
        wait = nil
        if let waitNode = node.optional("wait", in: members) {
            let seconds = try waitNode.number()
            guard seconds > 0, seconds <= 60 else {
                throw waitNode.fail("wait is a number of seconds above 0 and at most 60, found \(seconds)")
            }
            wait = seconds
        }
        repeatUntil = nil
        if let repeatNode = node.optional("repeat", in: members) {
            let repeatMembers = try repeatNode.mapping(allowed: ["until", "max"])
            let untilNode = try repeatNode.required("until", in: repeatMembers)
            var until: [(JSONPointer, JSONValue)] = []
            for (key, value) in try untilNode.mapping(allowed: nil) {
                guard key.hasPrefix("/") else {
                    throw value.fail("repeat.until takes JSON pointers (such as /next_cursor), found \"\(key)\"")
                }
                until.append((JSONPointer(key), try value.json()))
            }
            guard !until.isEmpty else { throw untilNode.fail("repeat.until needs at least one JSON pointer and its value") }
            let maxNode = try repeatNode.required("max", in: repeatMembers)
            let max = try maxNode.int()
            guard (1...100).contains(max) else { throw maxNode.fail("repeat.max is from 1 to 100, found \(max)") }
            repeatUntil = Repeat(until: until, max: max)
        }
        expectedStatus = nil
        expectations = []
        if let expectNode = node.optional("expect", in: members) {
            for (key, value) in try expectNode.mapping(allowed: nil) {
                if key == "status" {
                    let status = try value.int()
                    guard (100...599).contains(status) else { throw value.fail("expected an HTTP status from 100 to 599") }
                    expectedStatus = status
                } else if key.hasPrefix("/") {
                    expectations.append((JSONPointer(key), try value.json()))
                } else {
                    throw value.fail("expect takes status and JSON pointers (such as /data/title), found \"\(key)\"")
                }
            }
        }
    }
}
