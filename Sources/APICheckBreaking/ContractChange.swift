import APICheckRecording

/// Whom a change between two versions of a contract breaks.
///
/// - ``client``: an app built against the old contract may fail against a server of the new one (a response field
///   removed or newly nullable, an enum value added to a response, a required request field added, ...).
/// - ``server``: a server built to the old contract no longer meets the new one (a request constraint loosened, a
///   response field now required, ...).
/// - ``neither``: descriptions, examples, optional additions.
public enum ChangeImpact: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case client
    case server
    case neither

    /// `client`, `server` or `neither`.
    public var description: String { rawValue }
}

/// One change between two versions of a contract (`apicheck breaking`): its rule, whom it breaks, where it is in both
/// files, and the JSON pointer of what it is about.
public struct ContractChange: Sendable, Hashable {
    /// Where a change is in one version of the contract: the file, the line (when the YAML gives it) and the pointer
    /// into the document (the schema's own place when it is reached through a `$ref`).
    public struct Location: Sendable, Hashable, CustomStringConvertible {
        /// The contract file.
        public let file: String
        /// The 1-based line, when known.
        public let line: Int?
        /// The JSON pointer into the contract document.
        public let pointer: String

        /// `file:line` (or the file alone).
        public var description: String { line.map { "\(file):\($0)" } ?? file }
    }

    /// Which part of an operation a change is in, as reports name it (``description``): `200 application/json`,
    /// `request application/json`, `query parameter page`, ...
    public enum Part: Sendable, Hashable, CustomStringConvertible {
        /// The operation as a whole (its documentation, its lifecycle, its key case), or the operation added or removed.
        case operation
        /// A parameter: where it goes (`query`, `path`, `header`, `cookie`) and its name.
        case parameter(location: String, name: String)
        /// The request body as a whole (whether it must be sent).
        case requestBody
        /// The request body of one media type (as the contract writes it).
        case request(mediaType: String)
        /// A response as a whole, by its key (`200`, `4XX`, `default`): the status itself, its headers.
        case status(String)
        /// The body of one media type of a response.
        case response(status: String, mediaType: String)

        /// `200 application/json`, `request application/json`, `query parameter page`, `request`, `200`; empty for the
        /// operation.
        public var description: String {
            switch self {
            case .operation: ""
            case .parameter(let location, let name): "\(location) parameter \(name)"
            case .requestBody: "request"
            case .request(let mediaType): "request \(mediaType)"
            case .status(let status): status
            case .response(let status, let mediaType): "\(status) \(mediaType)"
            }
        }

        /// The response's key of a response's part; nil for the operation, a parameter and the request.
        public var status: String? {
            switch self {
            case .status(let status), .response(let status, _): status
            case .operation, .parameter, .requestBody, .request: nil
            }
        }
    }

    /// The rule (`breaking.<kind>`, docs/RULES.md).
    public var rule: RuleID
    /// Whom it breaks.
    public var impact: ChangeImpact { Self.impact(of: rule) }
    /// The rule's default severity, or what `apicheck.yml` sets for it.
    public var severity: Severity
    /// The operation, `GET /api/v2/todos/{id}` (the new contract's spelling when both have it).
    public var operation: String
    /// What part of the operation.
    public var part: Part
    /// The JSON pointer of the value in the body (or parameter, or header) it is about: `/data/*/updated_at`, where
    /// `*` stands for any array item; empty for the whole part.
    public var pointer: String
    /// Where it was in the old contract (nil for an addition).
    public var old: Location?
    /// Where it is in the new contract (nil for a removal).
    public var new: Location?
    /// What changed, in words: `nullable: no -> yes`.
    public var message: String

    /// The coverage item of what the change is about, as `apicheck coverage` counts it: an operation (`[GET /todos]`),
    /// a status (`[GET /todos, 200]`) or a response field (`[GET /todos, 200, /data/*/title]`). A change to a request
    /// (a parameter, a body) is about its operation: the app uses it when it sends that request.
    public var usage: [String] {
        guard let status = part.status else { return [operation] }
        if pointer.isEmpty || pointer.hasPrefix("/headers/") { return [operation, status] }
        return [operation, status, pointer]
    }

    /// Creates a change with the rule's default severity.
    public init(
        rule: RuleID, operation: String, part: Part, pointer: String, old: Location?, new: Location?, message: String,
        severity: Severity? = nil
    ) {
        self.rule = rule
        self.severity = severity ?? rule.defaultSeverity
        self.operation = operation
        self.part = part
        self.pointer = pointer
        self.old = old
        self.new = new
        self.message = message
    }

    /// Whom a rule's changes break.
    public static func impact(of rule: RuleID) -> ChangeImpact { impacts[rule] ?? .client }

    static let impacts: [RuleID: ChangeImpact] = [
        .breakingOperationRemoved: .client,
        .breakingOperationAdded: .neither,
        .breakingStatusAdded: .client,
        .breakingStatusRemoved: .neither,
        .breakingResponseContentTypeAdded: .client,
        .breakingResponseContentTypeRemoved: .neither,
        .breakingResponseFieldRemoved: .client,
        .breakingResponseFieldOptional: .client,
        .breakingResponseFieldAdded: .neither,
        .breakingResponseFieldRequired: .server,
        .breakingResponseNullable: .client,
        .breakingResponseNotNullable: .neither,
        .breakingResponseTypeChanged: .client,
        .breakingResponseTypeNarrowed: .neither,
        .breakingResponseEnumValueAdded: .client,
        .breakingResponseEnumValueRemoved: .neither,
        .breakingResponseConstraintLoosened: .client,
        .breakingResponseConstraintTightened: .neither,
        .breakingResponseHeaderRemoved: .client,
        .breakingResponseHeaderAdded: .neither,
        .breakingRequestBodyRequired: .client,
        .breakingRequestContentTypeRemoved: .client,
        .breakingRequestContentTypeAdded: .neither,
        .breakingRequestFieldRequired: .client,
        .breakingRequestFieldAdded: .neither,
        .breakingRequestFieldRemoved: .client,
        .breakingRequestFieldOptional: .server,
        .breakingRequestNullable: .server,
        .breakingRequestNotNullable: .client,
        .breakingRequestTypeChanged: .client,
        .breakingRequestTypeWidened: .server,
        .breakingRequestEnumValueRemoved: .client,
        .breakingRequestEnumValueAdded: .server,
        .breakingRequestConstraintTightened: .client,
        .breakingRequestConstraintLoosened: .server,
        .breakingParameterRequired: .client,
        .breakingParameterAdded: .neither,
        .breakingParameterRemoved: .client,
        .breakingParameterOptional: .server,
        .breakingValueEncodingChanged: .client,
        .breakingFormatChanged: .client,
        .breakingDateForm: .client,
        .breakingKeyCase: .client,
        .breakingResponseConstraintChanged: .client,
        .breakingResponseAlternativeAdded: .client,
        .breakingResponseAlternativeRemoved: .neither,
        .breakingRequestConstraintChanged: .client,
        .breakingRequestAlternativeAdded: .server,
        .breakingRequestAlternativeRemoved: .client,
        .breakingRequestDefaultChanged: .neither,
        .breakingDiscriminatorChanged: .client,
        .breakingWebhookAdded: .neither,
        .breakingWebhookRemoved: .client,
        .breakingDeprecated: .neither,
        .breakingRemovedWithoutDeprecation: .client,
        .breakingRemovedBeforeSunset: .client,
        .breakingRemovedAfterDeprecation: .neither,
        .breakingSunsetEarlier: .client,
        .breakingSunsetInvalid: .client,
        .breakingSuccessStatusRemoved: .client,
        .breakingOptionalResponseHeaderRemoved: .client,
        .breakingSchemaChanged: .client,
        .breakingDocumentation: .neither,
    ]
}
