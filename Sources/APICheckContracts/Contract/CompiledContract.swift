import APICheckRecording
import Foundation

/// A contract compiled for the verifier: operations found by method and path template, schemas compiled.
public struct CompiledContract: Sendable {
    /// One operation, such as `GET /api/v2/todos/{id}`.
    public struct Operation: Sendable {
        /// `GET /api/v2/todos/{id}`.
        public let name: String
        public let method: String
        public let template: String
        /// The template, split: what a path is matched against.
        package let path: PathTemplate
        /// Parameters (path, query, header), each with its schema.
        public let parameters: [Parameter]
        /// Request bodies by media type (lower-case essence).
        public let requestBodies: [String: CompiledSchema?]
        /// Parameters a declared request media type carries (`charset=UTF-8`), by essence.
        public let requestBodyParameters: [String: [MediaTypeParameter]]
        public let requestBodyRequired: Bool
        /// Responses by key: `200`, `2XX`, `default`.
        public let responses: [String: Response]
        /// `x-apicheck-key-case` in force for this operation.
        public let keyCase: KeyCase?

        init(
            method: String, template: String, parameters: [Parameter], requestBodies: [String: CompiledSchema?],
            requestBodyParameters: [String: [MediaTypeParameter]] = [:], requestBodyRequired: Bool, responses: [String: Response],
            keyCase: KeyCase?
        ) {
            name = "\(method) \(template)"
            self.method = method
            self.template = template
            path = PathTemplate(template)
            self.parameters = parameters
            self.requestBodies = requestBodies
            self.requestBodyParameters = requestBodyParameters
            self.requestBodyRequired = requestBodyRequired
            self.responses = responses
            self.keyCase = keyCase
        }

        /// The declared response for `status`: exact code, then range, then `default`.
        public func response(for status: Int) -> (key: String, response: Response)? {
            if let exact = responses[String(status)] { return (String(status), exact) }
            let range = "\(status / 100)XX"
            if let ranged = responses[range] { return (range, ranged) }
            if let fallback = responses["default"] { return ("default", fallback) }
            return nil
        }

        /// Whether `status` is declared by an exact code or a range (not only by `default`).
        public func declaresExactly(_ status: Int) -> Bool {
            responses[String(status)] != nil || responses["\(status / 100)XX"] != nil
        }
    }

    /// A parameter of an operation.
    public struct Parameter: Sendable {
        public let name: String
        /// `path`, `query`, `header` or `cookie`.
        public let location: String
        public let required: Bool
        /// Whether an empty value counts as given (OpenAPI's `allowEmptyValue`, false by default).
        public let allowsEmptyValue: Bool
        public let schema: CompiledSchema?
    }

    /// A declared response.
    public struct Response: Sendable {
        /// Bodies by media type (lower-case essence); a nil schema accepts any body of that type.
        public let content: [String: CompiledSchema?]
        /// Parameters a declared media type carries (`charset=UTF-8` of `application/json;charset=UTF-8`), by essence.
        public let contentParameters: [String: [MediaTypeParameter]]
        /// Declared headers by lower-case name.
        public let headers: [String: Header]

        init(content: [String: CompiledSchema?], contentParameters: [String: [MediaTypeParameter]] = [:], headers: [String: Header]) {
            self.content = content
            self.contentParameters = contentParameters
            self.headers = headers
        }
    }

    /// A parameter written in a content map's media type (`charset=UTF-8`): a body of that type must
    /// carry it with the same value (`charset` compared ignoring case, as RFC 9110 says).
    public struct MediaTypeParameter: Sendable, Hashable {
        /// Lower-case name, such as `charset`.
        public let name: String
        public let value: String

        /// Whether `contentType` carries this parameter with this value.
        public func isCarried(by contentType: String) -> Bool {
            guard let actual = MediaType.parameter(name, in: contentType) else { return false }
            return name == "charset" ? actual.lowercased() == value.lowercased() : actual == value
        }
    }

    /// A declared response header.
    public struct Header: Sendable {
        /// The name as the contract writes it.
        public let name: String
        public let required: Bool
        public let schema: CompiledSchema?
    }

    /// The file the contract came from.
    public let path: String
    /// Every operation.
    public let operations: [Operation]
    /// Operations by method, for matching.
    private let byMethod: [String: [Operation]]
    /// The coverage items numbered, and each response's declared fields as a tree (``CoverageIndex``).
    let coverageIndex: CoverageIndex

    /// The compiled form of a loaded contract.
    public init(_ contract: Contract) {
        self = contract.compiled
    }

    init(path: String, operations: [Operation]) {
        self.path = path
        self.operations = operations
        byMethod = Dictionary(grouping: operations, by: \.method)
        coverageIndex = CoverageIndex(operations: operations)
    }

    /// The operation for `method` and `path` (no query): literal segments win over parameters.
    public func operation(method: String, path: String) -> (operation: Operation, pathParameters: [String: String])? {
        PathTemplate.best(byMethod[method.uppercased()] ?? [], for: path, template: \.path).map { ($0.element, $0.parameters) }
    }
}
