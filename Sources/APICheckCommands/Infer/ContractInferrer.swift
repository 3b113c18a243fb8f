import APICheckRecording
import Foundation
import WireFormat

/// Infers an OpenAPI 3.1 contract from recordings: every operation, parameter, body and status seen.
///
/// A key is required when present in every sample; a type list is what was seen (`[integer, "null"]`
/// when null appeared); a string is a `date-time` when every sample parses as one, with
/// `x-apicheck-date` when they share one wire form; `uri` when every sample is an http(s) URL; the
/// document's `x-apicheck-key-case` when every key follows one case.
public struct ContractInferrer {
    final class OperationSamples {
        let method: String
        let template: String
        var query: [(name: String, present: Int, sampler: SchemaSampler)] = []
        var requestSamples = 0
        var requestBodies: [(type: String, sampler: SchemaSampler)] = []
        var responses: [(status: Int, bodies: [(type: String, sampler: SchemaSampler)])] = []

        init(method: String, template: String) {
            self.method = method
            self.template = template
        }
    }

    var operations: [OperationSamples] = []
    let title: String
    let templates: [String]

    /// Starts an inferrer; `templates` are path templates to prefer (from the hand-written contract).
    public init(title: String, templates: [String] = []) {
        self.title = title
        self.templates = templates
    }

    /// Adds every interaction of a recording.
    public mutating func add(_ recording: Recording) {
        for interaction in recording.interactions { add(interaction) }
    }

    mutating func add(_ interaction: Interaction) {
        let request = interaction.request
        let template = Self.template(for: request.path, known: templates)
        let samples: OperationSamples
        if let existing = operations.first(where: { $0.method == request.method && $0.template == template }) {
            samples = existing
        } else {
            samples = OperationSamples(method: request.method, template: template)
            operations.append(samples)
        }
        let status = interaction.response.status
        // Requests answered with a 4xx were meant to be invalid: they do not count against "required".
        if !(400..<500).contains(status) {
            samples.requestSamples += 1
            let items = request.query.flatMap { try? FormURLEncoding.decode($0) } ?? []
            for item in items where !item.name.isEmpty {
                if let index = samples.query.firstIndex(where: { $0.name == item.name }) {
                    samples.query[index].present += 1
                    samples.query[index].sampler.add(.string(item.value))
                } else {
                    let sampler = SchemaSampler()
                    sampler.add(.string(item.value))
                    samples.query.append((item.name, 1, sampler))
                }
            }
            if let body = request.body, let (type, value) = Self.bodyValue(body, contentType: request.headers["Content-Type"]) {
                Self.sample(value, type: type, into: &samples.requestBodies)
            }
        }
        if let index = samples.responses.firstIndex(where: { $0.status == status }) {
            if let body = interaction.response.body,
                let (type, value) = Self.bodyValue(body, contentType: interaction.response.headers["Content-Type"])
            {
                Self.sample(value, type: type, into: &samples.responses[index].bodies)
            }
        } else {
            var bodies: [(type: String, sampler: SchemaSampler)] = []
            if let body = interaction.response.body,
                let (type, value) = Self.bodyValue(body, contentType: interaction.response.headers["Content-Type"])
            {
                Self.sample(value, type: type, into: &bodies)
            }
            samples.responses.append((status, bodies))
        }
    }

    static func sample(_ value: JSONValue, type: String, into bodies: inout [(type: String, sampler: SchemaSampler)]) {
        if let index = bodies.firstIndex(where: { $0.type == type }) {
            bodies[index].sampler.add(value)
        } else {
            let sampler = SchemaSampler()
            sampler.add(value)
            bodies.append((type, sampler))
        }
    }

    /// A body as a JSON value to sample, with its media type; text and binary bodies are not sampled.
    static func bodyValue(_ body: RecordedBody, contentType: String?) -> (String, JSONValue)? {
        let type = contentType.map { MediaType.essence(of: $0) } ?? "application/octet-stream"
        switch body {
        case .json(let value): return (type, value)
        case .form(let fields, _): return (type, .object(JSONObject(fields.map { .init(key: $0.name, value: .string($0.value)) })))
        case .multipart(let parts):
            return (
                type,
                .object(
                    JSONObject(
                        parts.map { part in
                            switch part.content {
                            case .text(let text): return .init(key: part.name, value: .string(text))
                            case .bytes: return .init(key: part.name, value: .string("<file>"))
                            }
                        }))
            )
        case .text, .base64: return nil
        }
    }

    /// The path template for a recorded path: a known template that matches, else numeric segments as `{id}`.
    static func template(for path: String, known: [String]) -> String {
        if let best = PathTemplate.best(known, for: path, template: PathTemplate.init) { return best.element }
        let parts = path.split(separator: "/").map(String.init)
        return "/" + parts.map { part in part.allSatisfy(\.isNumber) ? "{id}" : part }.joined(separator: "/")
    }

    /// The inferred contract as OpenAPI 3.1 YAML.
    public func contractText() -> String {
        let responseKeys = operations.flatMap { $0.responses.flatMap { $0.bodies.flatMap { $0.sampler.allKeys() } } }
        let keyCase: KeyCase? =
            responseKeys.isEmpty ? nil : [KeyCase.snakeCase, .camelCase].first { rule in responseKeys.allSatisfy(rule.matches) }
        var paths: [JSONObject.Member] = []
        for template in Array(Set(operations.map(\.template))).sorted() {
            var methods: [JSONObject.Member] = []
            for samples in operations.filter({ $0.template == template }).sorted(by: {
                Self.methodOrder($0.method) < Self.methodOrder($1.method)
            }) {
                methods.append(.init(key: samples.method.lowercased(), value: operation(samples)))
            }
            paths.append(.init(key: template, value: .object(JSONObject(methods))))
        }
        var document: [JSONObject.Member] = [
            .init(key: "openapi", value: "3.1.0"),
            .init(
                key: "info",
                value: .object(
                    JSONObject([
                        .init(key: "title", value: .string(title)),
                        .init(key: "version", value: "inferred"),
                        .init(key: "description", value: "Inferred by apicheck infer from recordings; review before use."),
                    ]))),
        ]
        if let keyCase { document.append(.init(key: "x-apicheck-key-case", value: .string(keyCase.description))) }
        document.append(.init(key: "paths", value: .object(JSONObject(paths))))
        return "# Inferred by `apicheck infer` from recordings. Not the hand-written contract: review, then copy what is right.\n"
            + YAMLWriter.write(.object(JSONObject(document)))
    }

    static func methodOrder(_ method: String) -> Int {
        ["GET", "POST", "PUT", "PATCH", "DELETE"].firstIndex(of: method) ?? 9
    }

    func operation(_ samples: OperationSamples) -> JSONValue {
        var members: [JSONObject.Member] = []
        var parameters: [JSONValue] = samples.template.split(separator: "/").filter { $0.hasPrefix("{") }.map { segment in
            .object(
                JSONObject([
                    .init(key: "name", value: .string(String(segment.dropFirst().dropLast()))),
                    .init(key: "in", value: "path"),
                    .init(key: "required", value: true),
                    .init(key: "schema", value: ["type": "string"]),
                ]))
        }
        for item in samples.query {
            var parameter: [JSONObject.Member] = [.init(key: "name", value: .string(item.name)), .init(key: "in", value: "query")]
            if item.present == samples.requestSamples && samples.requestSamples > 0 {
                parameter.append(.init(key: "required", value: true))
            }
            parameter.append(.init(key: "schema", value: ["type": "string"]))
            parameters.append(.object(JSONObject(parameter)))
        }
        if !parameters.isEmpty { members.append(.init(key: "parameters", value: .array(parameters))) }
        if !samples.requestBodies.isEmpty {
            members.append(
                .init(
                    key: "requestBody",
                    value: .object(
                        JSONObject([
                            .init(
                                key: "content",
                                value: .object(
                                    JSONObject(
                                        samples.requestBodies.map { body in
                                            .init(
                                                key: body.type,
                                                value: .object(JSONObject([.init(key: "schema", value: body.sampler.schema())])))
                                        })))
                        ]))))
        }
        var responses: [JSONObject.Member] = []
        for response in samples.responses.sorted(by: { $0.status < $1.status }) {
            var members: [JSONObject.Member] = [.init(key: "description", value: .string("Seen with status \(response.status)"))]
            if !response.bodies.isEmpty {
                members.append(
                    .init(
                        key: "content",
                        value: .object(
                            JSONObject(
                                response.bodies.map { body in
                                    .init(key: body.type, value: .object(JSONObject([.init(key: "schema", value: body.sampler.schema())])))
                                }))))
            }
            responses.append(.init(key: String(response.status), value: .object(JSONObject(members))))
        }
        members.append(.init(key: "responses", value: .object(JSONObject(responses))))
        return .object(JSONObject(members))
    }
}
