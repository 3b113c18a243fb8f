import APICheckJSONSchema
import APICheckRecording
import Foundation

/// A contract compiled for the verifier: operations found by method and path template, schemas compiled.
public struct CompiledContract: Sendable {
    /// One operation, such as `GET /api/v2/todos/{id}`.
    public struct Operation: Sendable {
        /// Everything an operation holds, in one object: an operation is copied on every lookup (a path matched,
        /// a tuple returned), and a copy of one reference is one retain where a copy of eleven fields was eleven.
        private final class Storage: Sendable {
            let name: String
            let method: String
            let template: String
            let path: PathTemplate
            let parameters: [Parameter]
            let requestBodies: [String: Body]
            let requestBodyRequired: Bool
            let responses: [String: Response]
            let keyCase: KeyCase?
            /// Keeps what the schemas' recursive `$ref`s lead to alive for as long as the operation is held.
            let graph: SchemaGraph

            init(
                method: String, template: String, parameters: [Parameter], requestBodies: [String: Body], requestBodyRequired: Bool,
                responses: [String: Response], keyCase: KeyCase?, graph: SchemaGraph
            ) {
                name = "\(method) \(template)"
                self.method = method
                self.template = template
                path = PathTemplate(template)
                self.parameters = parameters
                self.requestBodies = requestBodies
                self.requestBodyRequired = requestBodyRequired
                self.responses = responses
                self.keyCase = keyCase
                self.graph = graph
            }
        }

        private let storage: Storage

        /// `GET /api/v2/todos/{id}`.
        public var name: String { storage.name }
        public var method: String { storage.method }
        public var template: String { storage.template }
        /// The template, split: what a path is matched against.
        package var path: PathTemplate { storage.path }
        /// Parameters (path, query, header), each with its schema.
        public var parameters: [Parameter] { storage.parameters }
        /// Request bodies by media type (lower-case essence).
        public var requestBodies: [String: Body] { storage.requestBodies }
        public var requestBodyRequired: Bool { storage.requestBodyRequired }
        /// Responses by key: `200`, `2XX`, `default`.
        public var responses: [String: Response] { storage.responses }
        /// `x-apicheck-key-case` in force for this operation.
        public var keyCase: KeyCase? { storage.keyCase }

        init(
            method: String, template: String, parameters: [Parameter], requestBodies: [String: Body], requestBodyRequired: Bool,
            responses: [String: Response], keyCase: KeyCase?, graph: SchemaGraph
        ) {
            storage = Storage(
                method: method, template: template, parameters: parameters, requestBodies: requestBodies,
                requestBodyRequired: requestBodyRequired, responses: responses, keyCase: keyCase, graph: graph)
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
        /// Where it is sent: OpenAPI's `in`.
        public let place: Location
        public let required: Bool
        /// Whether an empty value counts as given (OpenAPI's `allowEmptyValue`, false by default).
        public let allowsEmptyValue: Bool
        public let schema: CompiledSchema?
        /// How the value is written: OpenAPI's `style` and `explode`, or the media type of `content`.
        public let encoding: ValueEncoding

        /// Where a parameter is sent: OpenAPI's `in`.
        public enum Location: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
            case path, query, header, cookie

            public var description: String { rawValue }
        }
    }

    /// How a parameter's or header's value is written on the wire.
    ///
    /// `form` (query): an array as repeated items (`explode`) or `a,b,c`; an object as its own items
    /// (`explode`: `id=3&name=A`) or `sort=id,3,name,A`. `simple` (path, header): `a,b,c`; an object as
    /// `id,3,name,A` or, exploded, `id=3,name=A`. `deepObject` (query): `filter[name]=A&filter[state]=new`.
    /// With a media type (a parameter described by `content`), the text is a JSON document, checked as
    /// JSON (`"3"` is then a string, not a number).
    public struct ValueEncoding: Sendable, Hashable {
        /// OpenAPI's `style`, of those apicheck reads.
        public enum Style: String, Sendable, Hashable {
            case form, simple, deepObject
        }
        public let style: Style
        public let explode: Bool
        /// The JSON media type of a value described by `content`; `style` and `explode` do not apply.
        public let mediaType: String?

        /// `style` and `explode` with OpenAPI's defaults filled in: `form` in a query or a cookie, `simple` elsewhere; `form`
        /// explodes unless told not to, the others do not; deepObject has one form whatever `explode` says (true).
        package static func resolved(style: String?, explode: Bool?, location: String) -> (style: String, explode: Bool) {
            let style = style ?? (location == "query" || location == "cookie" ? Style.form.rawValue : Style.simple.rawValue)
            if style == Style.deepObject.rawValue { return (style, true) }
            return (style, explode ?? (style == Style.form.rawValue))
        }

        /// The encoding a parameter or header has when the contract says nothing: `form` exploded in a
        /// query or a cookie, `simple` elsewhere.
        public static func standard(for location: Parameter.Location) -> ValueEncoding {
            location == .query || location == .cookie
                ? ValueEncoding(style: .form, explode: true, mediaType: nil) : ValueEncoding(style: .simple, explode: false, mediaType: nil)
        }
    }

    /// How one part of a multipart body (or one field of a form body) is written: OpenAPI's `encoding`
    /// entry for it, or the default OpenAPI gives its property's type.
    public struct PartEncoding: Sendable {
        /// The media types the part may have (`encoding.contentType`, a comma-separated list, `image/*`
        /// allowed), or `application/json` for an object (or array of objects) property the contract
        /// gives no encoding. Empty: text or a file, its type not checked.
        public let contentTypes: [String]
        /// Whether `contentTypes` was written in the contract (not OpenAPI's default).
        public let declared: Bool
        /// The part's declared headers by lower-case name (multipart only).
        public let headers: [String: Header]
        /// Whether a form field is written `style: deepObject` (Stripe's `metadata[key]=v`, `expand[]=a`): its fields
        /// `name[...]` are one value of the property.
        public var deepObject = false

        /// Whether the part's text is a JSON document.
        public var isJSON: Bool { !contentTypes.isEmpty && contentTypes.allSatisfy(MediaType.isJSON) }

        /// Whether `contentType` (a part's own; none is `text/plain`, RFC 7578) is one the part may have.
        public func allows(_ contentType: String?) -> Bool {
            let essence = MediaType.essence(of: contentType ?? "text/plain")
            return contentTypes.contains { MediaType.range($0, contains: essence) }
        }
    }

    /// A declared response.
    public struct Response: Sendable {
        /// Bodies by media type (lower-case essence).
        public let content: [String: Body]
        /// Declared headers by lower-case name.
        public let headers: [String: Header]

        init(content: [String: Body], headers: [String: Header]) {
            self.content = content
            self.headers = headers
        }
    }

    /// A body of one declared media type (of a request body or a response), as one value: what it must be, what its
    /// `Content-Type` must carry, and how its parts are written.
    public struct Body: Sendable {
        /// The schema a body must match; nil accepts any body of the media type.
        public let schema: CompiledSchema?
        /// Parameters the media type is declared with (`charset=UTF-8` of `application/json;charset=UTF-8`): a body's
        /// `Content-Type` must carry them.
        public let parameters: [MediaTypeParameter]
        /// How the parts of a multipart body (or the fields of a form) are written, by part name.
        public let encodings: [String: PartEncoding]

        init(schema: CompiledSchema?, parameters: [MediaTypeParameter] = [], encodings: [String: PartEncoding] = [:]) {
            self.schema = schema
            self.parameters = parameters
            self.encodings = encodings
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
        /// How the value is written (`simple`, or JSON for a header described by `content`).
        public let encoding: ValueEncoding
    }

    /// An operation the contract describes with something apicheck does not check (an unknown keyword, a construct
    /// it does not read): it is not compiled, a recording or live answer that reaches it is an error
    /// (`contract.operation-refused`), and loading names it once.
    public struct Refusal: Sendable {
        /// The operation, such as `GET /things/{id}`; nil for a schema of `components` that no operation uses.
        public let operation: String?
        /// Why, with the file, line, column and pointer of what was refused: the first reason of ``reasons``.
        public var reason: ConfigurationError { reasons[0] }
        /// Every reason, in the operation's order (its parameters, request body, responses), each with its place:
        /// never empty.
        public let reasons: [ConfigurationError]
        /// The reasons that are values wrong in every reading (a pattern that is no regular expression, an unknown
        /// type): the contract gets an error for each (`contract.invalid`), whether or not anything reaches it.
        public let invalid: [ConfigurationError]
        let method: String?
        let path: PathTemplate?

        init(method: String?, template: String?, reasons: [ConfigurationError], invalid: [ConfigurationError] = []) {
            precondition(!reasons.isEmpty, "a refusal has a reason")
            self.method = method
            path = template.map(PathTemplate.init)
            operation = method.flatMap { method in template.map { "\(method) \($0)" } }
            self.reasons = reasons
            self.invalid = invalid
        }

        /// Where and why, without a severity: `contracts/x.yaml:12:5: /components/schemas/Thing/$id: <why>`.
        public var reasonText: String { reason.description.replacingOccurrences(of: ": error: ", with: ": ") }

        /// Compiler style: `contracts/x.yaml:12:5: warning: GET /things/{id} is not checked (...): <why>`.
        public var warning: String {
            var head = reason.file
            if let line = reason.line { head += ":\(line)" }
            if let column = reason.column { head += ":\(column)" }
            let what =
                operation.map { "\($0) is not checked (its recordings and live answers are errors, contract.operation-refused)" }
                ?? "a schema no operation uses is refused"
            let at = reason.keyPath.isEmpty ? "" : " at \(reason.keyPath)"
            let more =
                reasons.count == 1
                ? "" : " (and \(reasons.count - 1) other reason\(reasons.count == 2 ? "" : "s"): apicheck coverage lists them)"
            return "\(head): warning: \(what)\(at): \(reason.message)\(more)"
        }
    }

    /// The file the contract came from.
    public let path: String
    /// Every `$ref` of the document that leads nowhere, each where it is written, whatever reaches it (an unused
    /// response, a webhook, an operation no lookup reached): the contract's own errors (``invalidFindings``).
    package internal(set) var brokenReferences: [ConfigurationError] = []
    /// The contract's own errors (`contract.invalid`): a value wrong in every reading, once each, at its file and line,
    /// named by the first operation it refuses (empty for a schema no operation uses). Compiled where reached, those
    /// of the operations compiled so far, and every `$ref` that leads nowhere (``brokenReferences``).
    public var invalidFindings: [Finding] {
        var seen: Set<String> = []
        var findings: [Finding] = []
        func add(_ reason: ConfigurationError, operation: String) {
            guard seen.insert("\(reason.file):\(reason.keyPath)").inserted else { return }
            var finding = Finding(
                rule: .contractInvalid, side: .contract, operation: operation, pointer: reason.keyPath,
                expected: "a value valid in the contract's own terms (JSON Schema, OpenAPI)",
                found: "\(reason.message): the operations that reach it are refused")
            finding.file = reason.file
            finding.line = reason.line
            findings.append(finding)
        }
        for refusal in reached.refused {
            for reason in refusal.invalid { add(reason, operation: refusal.operation ?? "") }
        }
        // Then the `$ref`s that lead nowhere and no operation compiled so far reached (an unused response, a webhook).
        for reason in brokenReferences { add(reason, operation: "") }
        return findings
    }

    /// What the document says that apicheck leaves out, each once with its file, line and why: a header parameter
    /// named `Authorization`, `Accept` or `Content-Type` (ignored, as OpenAPI says), a path parameter the path does not
    /// have. Loading reports them as warnings (``warnings``); nothing is refused for them.
    public internal(set) var notices: [ConfigurationError] = []
    /// The notices, compiler style: `contracts/x.yaml:12:5: warning: /paths/~1a/get/parameters/0: <why>`.
    public var warnings: [String] { notices.map(Self.warning) }
    /// Compiled where reached: the slips the schemas compiled so far were read with, as ``warnings`` (empty for a
    /// contract compiled whole, whose ``warnings`` hold them).
    package var reachedWarnings: [String] {
        switch extent {
        case .compiled: []
        case .reached(let reached): reached.schemaNotices.map(Self.warning)
        }
    }

    private static func warning(_ notice: ConfigurationError) -> String {
        notice.description.replacingOccurrences(of: ": error: ", with: ": warning: ")
    }
    /// Every operation (compiling them all first, when the contract is compiled where reached).
    public var operations: [Operation] { whole.operations }
    /// The operations (and schemas no operation uses) that were refused, each once, in the document's order.
    public var refused: [Refusal] { whole.refused }
    /// The coverage items numbered, and each response's declared fields as a tree (``CoverageIndex``).
    var coverageIndex: CoverageIndex { whole.coverageIndex }
    /// Keeps what the schemas' recursive `$ref`s lead to alive for as long as the contract is held.
    package var graph: SchemaGraph {
        switch extent {
        case .compiled(let whole): whole.graph
        case .reached(let reached): reached.graph
        }
    }

    /// Compiled whole, or where lookups reach it.
    private enum Extent: Sendable {
        case compiled(Whole)
        case reached(ReachedOperations)
    }
    private let extent: Extent

    /// A contract compiled whole: its operations and refusals, each found by method.
    private final class Whole: Sendable {
        let operations: [Operation]
        let refused: [Refusal]
        /// Operations by method, for matching.
        let byMethod: [String: [Operation]]
        /// Refused operations by method, for matching.
        let refusedByMethod: [String: [Refusal]]
        var coverageIndex: CoverageIndex { index.value }
        private let index: IndexBuild
        let graph: SchemaGraph
        /// Whether some path key has a `#fragment` (the lookup of ``alternatives(to:)`` is skipped otherwise).
        let hasFragmentKeys: Bool

        init(operations: [Operation], refused: [Refusal], graph: SchemaGraph) {
            self.operations = operations
            self.refused = refused
            self.graph = graph
            hasFragmentKeys = operations.contains { $0.template.contains("#") }
            byMethod = Dictionary(grouping: operations, by: \.method)
            refusedByMethod = Dictionary(grouping: refused.filter { $0.path != nil }) { $0.method ?? "" }
            index =
                operations.count >= Self.indexedApart
                ? .apart(BackgroundResult { CoverageIndex(operations: operations, graph: graph) })
                : .made(CoverageIndex(operations: operations, graph: graph))
        }

        /// How many operations a contract has whose coverage index is built on a thread of its own, while the
        /// compile's tables are freed (a vendor's: a tenth of `apicheck coverage`).
        static let indexedApart = 100

        /// The coverage index, made or being made.
        private enum IndexBuild {
            case made(CoverageIndex)
            case apart(BackgroundResult<CoverageIndex>)

            var value: CoverageIndex {
                switch self {
                case .made(let index): index
                case .apart(let result): result.wait()
                }
            }
        }

        deinit {
            // Whoever drops the contract has its schemas freed as it returns, not when the index's thread is done.
            _ = index.value
        }
    }

    /// The contract compiled whole: as made, or (compiled where reached) compiled now.
    private var whole: Whole {
        switch extent {
        case .compiled(let whole): whole
        case .reached(let reached): reached.whole().whole
        }
    }

    init(path: String, operations: [Operation], refused: [Refusal] = [], graph: SchemaGraph) {
        self.path = path
        extent = .compiled(Whole(operations: operations, refused: refused, graph: graph))
    }

    /// This contract with each operation of `structural` refused for its structure, its other reasons (if it was
    /// refused already) after.
    func refusing(_ structural: [StructureRefusal]) -> CompiledContract {
        guard !structural.isEmpty, case .compiled(let whole) = extent else { return self }
        let (operations, refused) = Self.refusing(structural, operations: whole.operations, refused: whole.refused)
        var contract = CompiledContract(path: path, operations: operations, refused: refused, graph: whole.graph)
        contract.brokenReferences = brokenReferences
        contract.notices = notices
        contract.structureErrors = structural.map(\.reason)
        return contract
    }

    /// Where the structure of an operation is what OpenAPI does not allow (``StructureRefusal``), each once per
    /// operation: `apicheck breaking` refuses such a version, as it does one with a `$ref` that leads nowhere.
    package internal(set) var structureErrors: [ConfigurationError] = []

    /// An operation refused for its structure (``UnreadParts/refusedOperations``), the judge's problem located.
    struct StructureRefusal: Sendable {
        let method: String
        let template: String
        let reason: ConfigurationError
    }

    /// `operations` and `refused` with each operation of `structural` refused for it: the contract's own error
    /// (`contract.invalid`), whatever the compiler made of the operation.
    static func refusing(
        _ structural: [StructureRefusal], operations: [Operation], refused: [Refusal]
    ) -> (operations: [Operation], refused: [Refusal]) {
        var reasons: [String: [ConfigurationError]] = [:]
        for refusal in structural { reasons["\(refusal.method) \(refusal.template)", default: []].append(refusal.reason) }
        var refused = refused.map { refusal in
            guard let operation = refusal.operation, let structure = reasons.removeValue(forKey: operation) else { return refusal }
            // `operation` is "METHOD template".
            return Refusal(
                method: refusal.method, template: String(operation.dropFirst((refusal.method?.count ?? 0) + 1)),
                reasons: structure + refusal.reasons, invalid: structure + refusal.invalid)
        }
        let kept = operations.filter { operation in
            guard let structure = reasons.removeValue(forKey: operation.name) else { return true }
            refused.append(Refusal(method: operation.method, template: operation.template, reasons: structure, invalid: structure))
            return false
        }
        return (kept, refused)
    }

    /// A contract whose operations are compiled as lookups reach them.
    init(reached: ReachedOperations) {
        path = reached.path
        extent = .reached(reached)
    }

    /// Whether operations are compiled only as lookups reach them (a vendor-sized description, ``Contract/Compilation``).
    package var compilesWhereReached: Bool {
        if case .reached = extent { return true }
        return false
    }

    /// How many operations the document describes (checked or refused).
    package var declaredOperationCount: Int {
        switch extent {
        case .compiled(let whole): whole.operations.count + whole.refused.count(where: { $0.path != nil && $0.method != nil })
        case .reached(let reached): reached.declaredCount
        }
    }

    /// The operations compiled and refused so far, in the document's order: all of them, unless compiled where reached.
    package var reached: (operations: [Operation], refused: [Refusal]) {
        switch extent {
        case .compiled(let whole): (whole.operations, whole.refused)
        case .reached(let reached): reached.reached
        }
    }

    /// A problem of the whole document that compiling what was reached met (a chain of `$ref`s that loops): the
    /// document is refused. Always nil for a contract compiled whole (loading threw it).
    package var documentError: ConfigurationError? {
        switch extent {
        case .compiled: nil
        case .reached(let reached): reached.documentError
        }
    }

    /// The operation for `method` and `path` (no query): literal segments win over parameters. Nil when none matches,
    /// and when a refused operation matches better (``refusal(method:path:)`` says which).
    public func operation(method: String, path: String) -> (operation: Operation, pathParameters: [String: String])? {
        let method = method.uppercased()
        switch extent {
        case .compiled(let whole):
            guard let found = PathTemplate.best(whole.byMethod[method] ?? [], for: path, template: \.path) else { return nil }
            if !whole.refusedByMethod.isEmpty, refusal(method: method, path: path) != nil { return nil }
            return (found.element, found.parameters)
        case .reached(let reached):
            guard let (found, parameters) = reached.find(method: method, path: path), case .operation(let operation) = found else {
                return nil
            }
            return (operation, parameters)
        }
    }

    /// The other operations of `operation`'s method on the same path kept apart by a `#fragment` (Box's
    /// `GET /shared_items#folders` beside `GET /shared_items`): a request to the path is any of them.
    package func alternatives(to operation: Operation) -> [Operation] {
        let path = Self.withoutFragment(operation.template)
        switch extent {
        case .compiled(let whole):
            guard whole.hasFragmentKeys else { return [] }
            return (whole.byMethod[operation.method] ?? []).filter {
                $0.template != operation.template && Self.withoutFragment($0.template) == path
            }
        case .reached(let reached):
            return reached.alternatives(to: operation, path: path)
        }
    }

    /// A path key without its `#fragment`.
    static func withoutFragment(_ template: String) -> Substring {
        template.firstIndex(of: "#").map { template[..<$0] } ?? Substring(template)
    }

    /// The refused operation that `method` and `path` reach, when no operation of the contract matches them as well
    /// (literal segments win over parameters; an operation that is checked wins a tie).
    public func refusal(method: String, path: String) -> Refusal? {
        let method = method.uppercased()
        switch extent {
        case .compiled(let whole):
            guard let refusals = whole.refusedByMethod[method] else { return nil }
            let candidates = refusals.compactMap { refusal in refusal.path.map { (template: $0, refusal: Optional(refusal)) } }
            let checked = (whole.byMethod[method] ?? []).map { (template: $0.path, refusal: Refusal?.none) }
            return PathTemplate.best(checked + candidates, for: path, template: \.template)?.element.refusal
        case .reached(let reached):
            guard let (found, _) = reached.find(method: method, path: path), case .refusal(let refusal) = found else { return nil }
            return refusal
        }
    }

    /// The program that checks a response body of `operation` (its response `key`, for `mediaType`, a key of its
    /// content) as it is read, or nil (``Verifier/streamingProgram(operation:status:contentType:)``).
    func program(for operation: Operation, response key: String, mediaType: String) -> StreamingProgram? {
        switch extent {
        case .compiled(let whole): whole.coverageIndex.program(for: operation, response: key, mediaType: mediaType)
        case .reached(let reached): reached.program(for: operation, response: key, mediaType: mediaType)
        }
    }
}
