/// A finding's rule id, such as `shape.list-vs-single`; public interface that CI scripts filter on.
///
/// The built-in rules are static members (`.shapeListVsSingle`), so that code cannot mistype one; an
/// id read from `apicheck.yml` goes through ``init(_:)``, which accepts only the ids of ``all``. Each states its id
/// and default severity once, where it is declared; ``all`` lists them, and a test holds ``all`` and docs/RULES.md to
/// the same rules with the same severities.
public struct RuleID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The id as written in reports and `apicheck.yml`.
    public let rawValue: String

    /// The rule's default severity, which `apicheck.yml`'s `severity:` may change.
    public let defaultSeverity: Severity

    /// A built-in rule: its id and its default severity, each written here once.
    private init(_ id: String, _ severity: Severity) {
        rawValue = id
        defaultSeverity = severity
    }

    /// The rule with this id, or nil when no rule has it.
    public init?(_ rawValue: String) {
        guard let rule = Self.byID[rawValue] else { return nil }
        self = rule
    }

    /// `shape.list-vs-single` (docs/RULES.md).
    public static let shapeListVsSingle = RuleID("shape.list-vs-single", .error)
    /// `shape.type` (docs/RULES.md).
    public static let shapeType = RuleID("shape.type", .error)
    /// `field.missing` (docs/RULES.md).
    public static let fieldMissing = RuleID("field.missing", .error)
    /// `field.null` (docs/RULES.md).
    public static let fieldNull = RuleID("field.null", .error)
    /// `field.added` (docs/RULES.md).
    public static let fieldAdded = RuleID("field.added", .info)
    /// `field.unexpected` (docs/RULES.md).
    public static let fieldUnexpected = RuleID("field.unexpected", .error)
    /// `enum.value` (docs/RULES.md).
    public static let enumValue = RuleID("enum.value", .error)
    /// `schema.pattern` (docs/RULES.md).
    public static let schemaPattern = RuleID("schema.pattern", .error)
    /// `schema.format` (docs/RULES.md).
    public static let schemaFormat = RuleID("schema.format", .error)
    /// `schema.oneof` (docs/RULES.md).
    public static let schemaOneOf = RuleID("schema.oneof", .error)
    /// `key.case` (docs/RULES.md).
    public static let keyCase = RuleID("key.case", .error)
    /// `schema.anyof` (docs/RULES.md).
    public static let schemaAnyOf = RuleID("schema.anyof", .error)
    /// `schema.not` (docs/RULES.md).
    public static let schemaNot = RuleID("schema.not", .error)
    /// `schema.if` (docs/RULES.md).
    public static let schemaIf = RuleID("schema.if", .error)
    /// `schema.false` (docs/RULES.md).
    public static let schemaFalse = RuleID("schema.false", .error)
    /// `schema.minimum` (docs/RULES.md).
    public static let schemaMinimum = RuleID("schema.minimum", .error)
    /// `schema.maximum` (docs/RULES.md).
    public static let schemaMaximum = RuleID("schema.maximum", .error)
    /// `schema.exclusiveminimum` (docs/RULES.md).
    public static let schemaExclusiveMinimum = RuleID("schema.exclusiveminimum", .error)
    /// `schema.exclusivemaximum` (docs/RULES.md).
    public static let schemaExclusiveMaximum = RuleID("schema.exclusivemaximum", .error)
    /// `schema.multipleof` (docs/RULES.md).
    public static let schemaMultipleOf = RuleID("schema.multipleof", .error)
    /// `schema.minlength` (docs/RULES.md).
    public static let schemaMinLength = RuleID("schema.minlength", .error)
    /// `schema.maxlength` (docs/RULES.md).
    public static let schemaMaxLength = RuleID("schema.maxlength", .error)
    /// `schema.minitems` (docs/RULES.md).
    public static let schemaMinItems = RuleID("schema.minitems", .error)
    /// `schema.maxitems` (docs/RULES.md).
    public static let schemaMaxItems = RuleID("schema.maxitems", .error)
    /// `schema.uniqueitems` (docs/RULES.md).
    public static let schemaUniqueItems = RuleID("schema.uniqueitems", .error)
    /// `schema.items` (docs/RULES.md).
    public static let schemaItems = RuleID("schema.items", .error)
    /// `schema.contains` (docs/RULES.md).
    public static let schemaContains = RuleID("schema.contains", .error)
    /// `schema.mincontains` (docs/RULES.md).
    public static let schemaMinContains = RuleID("schema.mincontains", .error)
    /// `schema.maxcontains` (docs/RULES.md).
    public static let schemaMaxContains = RuleID("schema.maxcontains", .error)
    /// `schema.minproperties` (docs/RULES.md).
    public static let schemaMinProperties = RuleID("schema.minproperties", .error)
    /// `schema.maxproperties` (docs/RULES.md).
    public static let schemaMaxProperties = RuleID("schema.maxproperties", .error)
    /// `schema.propertynames` (docs/RULES.md).
    public static let schemaPropertyNames = RuleID("schema.propertynames", .error)
    /// `schema.dependentrequired` (docs/RULES.md).
    public static let schemaDependentRequired = RuleID("schema.dependentrequired", .error)
    /// `schema.dependentschemas` (docs/RULES.md).
    public static let schemaDependentSchemas = RuleID("schema.dependentschemas", .error)
    /// `schema.ref` (docs/RULES.md).
    public static let schemaRef = RuleID("schema.ref", .error)
    /// `date.format` (docs/RULES.md).
    public static let dateFormat = RuleID("date.format", .error)
    /// `date.precision` (docs/RULES.md).
    public static let datePrecision = RuleID("date.precision", .error)
    /// `date.offset` (docs/RULES.md).
    public static let dateOffset = RuleID("date.offset", .error)
    /// `status.undeclared` (docs/RULES.md).
    public static let statusUndeclared = RuleID("status.undeclared", .error)
    /// `status.changed` (docs/RULES.md).
    public static let statusChanged = RuleID("status.changed", .warning)
    /// `field.became-null` (docs/RULES.md).
    public static let fieldBecameNull = RuleID("field.became-null", .warning)
    /// `content-type` (docs/RULES.md).
    public static let contentType = RuleID("content-type", .error)
    /// `content-type.changed` (docs/RULES.md).
    public static let contentTypeChanged = RuleID("content-type.changed", .warning)
    /// `header.missing` (docs/RULES.md).
    public static let headerMissing = RuleID("header.missing", .warning)
    /// `param.missing` (docs/RULES.md).
    public static let paramMissing = RuleID("param.missing", .error)
    /// `param.unparsable` (default error; docs/RULES.md): a parameter's or header's text is not what its style
    /// or media type writes (`sort=id,3,name` with a key left without a value, JSON that does not parse).
    public static let paramUnparsable = RuleID("param.unparsable", .error)
    /// `form.encoding` (docs/RULES.md).
    public static let formEncoding = RuleID("form.encoding", .error)
    /// `form.field` (docs/RULES.md).
    public static let formField = RuleID("form.field", .error)
    /// `body.unparsable` (docs/RULES.md).
    public static let bodyUnparsable = RuleID("body.unparsable", .error)
    /// `body.too-large` (docs/RULES.md).
    public static let bodyTooLarge = RuleID("body.too-large", .error)
    /// `request.body-unseen` (default info; docs/RULES.md): the recording says the request had a body nothing saw (an
    /// upload whose body no capture held), so the body is not checked.
    public static let requestBodyUnseen = RuleID("request.body-unseen", .info)
    /// `request.body-undeclared` (default warning; docs/RULES.md): a request body sent to an operation that declares none
    /// (the contract does not say the server reads it).
    public static let requestBodyUndeclared = RuleID("request.body-undeclared", .warning)
    /// `expect.failed` (docs/RULES.md).
    public static let expectFailed = RuleID("expect.failed", .error)
    /// `transport.error` (docs/RULES.md).
    public static let transportError = RuleID("transport.error", .error)
    /// `secret.unredacted` (docs/RULES.md).
    public static let secretUnredacted = RuleID("secret.unredacted", .error)
    /// `recording.unmatched-operation` (default error; docs/RULES.md): a recorded request matches no operation of its
    /// API's contract, so nothing of it is checked; `severity:` in apicheck.yml lowers it for an API described in part.
    public static let recordingUnmatchedOperation = RuleID("recording.unmatched-operation", .error)
    /// `contract.operation-refused` (default error; docs/RULES.md): a recording or live answer reaches an operation whose
    /// description the contract loader refused, so nothing of it can be checked.
    public static let contractOperationRefused = RuleID("contract.operation-refused", .error)
    /// `contract.invalid` (default error; docs/RULES.md): the contract holds a value wrong in every reading (a pattern
    /// that is no regular expression, an unknown type): the operations that reach it are refused, and the run fails
    /// whether or not a recording reaches them.
    public static let contractInvalid = RuleID("contract.invalid", .error)

    // The contract-change rules of `apicheck breaking` (docs/RULES.md, "Contract changes").
    /// `breaking.operation-removed` (docs/RULES.md, "Contract changes"): an operation (method and path) is gone.
    public static let breakingOperationRemoved = RuleID("breaking.operation-removed", .error)
    /// `breaking.operation-added` (docs/RULES.md, "Contract changes"): a new operation.
    public static let breakingOperationAdded = RuleID("breaking.operation-added", .info)
    /// `breaking.status-added` (docs/RULES.md, "Contract changes"): a response status the client may not handle (a new 4XX, a 202 beside
    /// the 200).
    public static let breakingStatusAdded = RuleID("breaking.status-added", .warning)
    /// `breaking.status-removed` (docs/RULES.md, "Contract changes"): a response status is no longer declared.
    public static let breakingStatusRemoved = RuleID("breaking.status-removed", .info)
    /// `breaking.response-content-type-added` (docs/RULES.md, "Contract changes"): a response may now come in another content type.
    public static let breakingResponseContentTypeAdded = RuleID("breaking.response-content-type-added", .warning)
    /// `breaking.response-content-type-removed` (docs/RULES.md, "Contract changes"): a response content type is no longer declared.
    public static let breakingResponseContentTypeRemoved = RuleID("breaking.response-content-type-removed", .info)
    /// `breaking.response-field-removed` (docs/RULES.md, "Contract changes"): a field of a response is gone.
    public static let breakingResponseFieldRemoved = RuleID("breaking.response-field-removed", .error)
    /// `breaking.response-field-optional` (docs/RULES.md, "Contract changes"): a required field of a response may now be absent.
    public static let breakingResponseFieldOptional = RuleID("breaking.response-field-optional", .error)
    /// `breaking.response-field-added` (docs/RULES.md, "Contract changes"): a new optional field in a response.
    public static let breakingResponseFieldAdded = RuleID("breaking.response-field-added", .info)
    /// `breaking.response-field-required` (docs/RULES.md, "Contract changes"): a response field the server must now always send (added as
    /// required, or made required).
    public static let breakingResponseFieldRequired = RuleID("breaking.response-field-required", .warning)
    /// `breaking.response-nullable` (docs/RULES.md, "Contract changes"): a response value may now be null.
    public static let breakingResponseNullable = RuleID("breaking.response-nullable", .error)
    /// `breaking.response-not-nullable` (docs/RULES.md, "Contract changes"): a response value can no longer be null.
    public static let breakingResponseNotNullable = RuleID("breaking.response-not-nullable", .info)
    /// `breaking.response-type-changed` (docs/RULES.md, "Contract changes"): a response value has a type it did not have (a string id that
    /// was a number).
    public static let breakingResponseTypeChanged = RuleID("breaking.response-type-changed", .error)
    /// `breaking.response-type-narrowed` (docs/RULES.md, "Contract changes"): a response value has fewer types than before.
    public static let breakingResponseTypeNarrowed = RuleID("breaking.response-type-narrowed", .info)
    /// `breaking.response-enum-value-added` (docs/RULES.md, "Contract changes"): a response value may be a new enum value, which a Swift
    /// enum does not decode.
    public static let breakingResponseEnumValueAdded = RuleID("breaking.response-enum-value-added", .error)
    /// `breaking.response-enum-value-removed` (docs/RULES.md, "Contract changes"): an enum value no longer comes in responses.
    public static let breakingResponseEnumValueRemoved = RuleID("breaking.response-enum-value-removed", .info)
    /// `breaking.response-constraint-loosened` (docs/RULES.md, "Contract changes"): a response value may be longer, larger or less
    /// constrained than before (maxLength, maximum, pattern, ...).
    public static let breakingResponseConstraintLoosened = RuleID("breaking.response-constraint-loosened", .error)
    /// `breaking.response-constraint-tightened` (docs/RULES.md, "Contract changes"): a response value is more constrained than before.
    public static let breakingResponseConstraintTightened = RuleID("breaking.response-constraint-tightened", .info)
    /// `breaking.response-header-removed` (docs/RULES.md, "Contract changes"): a required response header is gone or no longer required.
    public static let breakingResponseHeaderRemoved = RuleID("breaking.response-header-removed", .error)
    /// `breaking.response-header-added` (docs/RULES.md, "Contract changes"): a new response header.
    public static let breakingResponseHeaderAdded = RuleID("breaking.response-header-added", .info)
    /// `breaking.request-body-required` (docs/RULES.md, "Contract changes"): an operation now needs a body.
    public static let breakingRequestBodyRequired = RuleID("breaking.request-body-required", .error)
    /// `breaking.request-content-type-removed` (docs/RULES.md, "Contract changes"): a request content type the client may send is no longer
    /// accepted (a form PUT that must now be JSON).
    public static let breakingRequestContentTypeRemoved = RuleID("breaking.request-content-type-removed", .error)
    /// `breaking.request-content-type-added` (docs/RULES.md, "Contract changes"): the server accepts another request content type.
    public static let breakingRequestContentTypeAdded = RuleID("breaking.request-content-type-added", .info)
    /// `breaking.request-field-required` (docs/RULES.md, "Contract changes"): a request field the client must now send (added as required,
    /// or made required).
    public static let breakingRequestFieldRequired = RuleID("breaking.request-field-required", .error)
    /// `breaking.request-field-added` (docs/RULES.md, "Contract changes"): a new optional request field.
    public static let breakingRequestFieldAdded = RuleID("breaking.request-field-added", .info)
    /// `breaking.request-field-removed` (docs/RULES.md, "Contract changes"): a request field the client may send is no longer declared.
    public static let breakingRequestFieldRemoved = RuleID("breaking.request-field-removed", .warning)
    /// `breaking.request-field-optional` (docs/RULES.md, "Contract changes"): a required request field may now be absent: the server must
    /// cope.
    public static let breakingRequestFieldOptional = RuleID("breaking.request-field-optional", .warning)
    /// `breaking.request-nullable` (docs/RULES.md, "Contract changes"): a request value may now be null: the server must cope.
    public static let breakingRequestNullable = RuleID("breaking.request-nullable", .warning)
    /// `breaking.request-not-nullable` (docs/RULES.md, "Contract changes"): a request value the client may send as null must not be null.
    public static let breakingRequestNotNullable = RuleID("breaking.request-not-nullable", .error)
    /// `breaking.request-type-changed` (docs/RULES.md, "Contract changes"): a request value must have a type it did not need (or lost one
    /// the client may send).
    public static let breakingRequestTypeChanged = RuleID("breaking.request-type-changed", .error)
    /// `breaking.request-type-widened` (docs/RULES.md, "Contract changes"): a request value may have more types than before: the server
    /// must accept them.
    public static let breakingRequestTypeWidened = RuleID("breaking.request-type-widened", .warning)
    /// `breaking.request-enum-value-removed` (docs/RULES.md, "Contract changes"): a request value the client may send is no longer allowed.
    public static let breakingRequestEnumValueRemoved = RuleID("breaking.request-enum-value-removed", .error)
    /// `breaking.request-enum-value-added` (docs/RULES.md, "Contract changes"): the server must accept a new request enum value.
    public static let breakingRequestEnumValueAdded = RuleID("breaking.request-enum-value-added", .warning)
    /// `breaking.request-constraint-tightened` (docs/RULES.md, "Contract changes"): a request value is more constrained than before
    /// (maxLength, pattern, minimum, ...).
    public static let breakingRequestConstraintTightened = RuleID("breaking.request-constraint-tightened", .error)
    /// `breaking.request-constraint-loosened` (docs/RULES.md, "Contract changes"): a request value is less constrained than before: the
    /// server must accept more.
    public static let breakingRequestConstraintLoosened = RuleID("breaking.request-constraint-loosened", .warning)
    /// `breaking.parameter-required` (docs/RULES.md, "Contract changes"): a parameter the client must now send (added as required, or made
    /// required).
    public static let breakingParameterRequired = RuleID("breaking.parameter-required", .error)
    /// `breaking.parameter-added` (docs/RULES.md, "Contract changes"): a new optional parameter.
    public static let breakingParameterAdded = RuleID("breaking.parameter-added", .info)
    /// `breaking.parameter-removed` (docs/RULES.md, "Contract changes"): a parameter the client may send is no longer declared.
    public static let breakingParameterRemoved = RuleID("breaking.parameter-removed", .warning)
    /// `breaking.parameter-optional` (docs/RULES.md, "Contract changes"): a required parameter may now be absent: the server must cope.
    public static let breakingParameterOptional = RuleID("breaking.parameter-optional", .warning)
    /// `breaking.value-encoding-changed` (docs/RULES.md, "Contract changes"): a parameter or header is written another way (`style`,
    /// `explode`, or `content` instead of `schema`): `sort=id,3` became `sort[id]=3`.
    public static let breakingValueEncodingChanged = RuleID("breaking.value-encoding-changed", .error)
    /// `breaking.format-changed` (docs/RULES.md, "Contract changes"): a value's `format` changed (a uuid that became a uri, a date that
    /// became a date-time).
    public static let breakingFormatChanged = RuleID("breaking.format-changed", .error)
    /// `breaking.date-form` (docs/RULES.md, "Contract changes"): a date's wire form changed (`x-apicheck-date`: fraction digits or offset).
    public static let breakingDateForm = RuleID("breaking.date-form", .error)
    /// `breaking.key-case` (docs/RULES.md, "Contract changes"): the key case changed (`x-apicheck-key-case`: snake_case to camelCase).
    public static let breakingKeyCase = RuleID("breaking.key-case", .error)
    /// `breaking.response-constraint-changed` (docs/RULES.md, "Contract changes"): a response constraint changed with no one direction (a
    /// `pattern` replaced by another, a `not` or an `if` changed): responses may hold values the client did not expect.
    public static let breakingResponseConstraintChanged = RuleID("breaking.response-constraint-changed", .warning)
    /// `breaking.response-alternative-added` (docs/RULES.md, "Contract changes"): a response value may be a new alternative of its
    /// `oneOf`/`anyOf` (a `Dog` beside the `Cat`), which a Swift enum of the kinds does not decode.
    public static let breakingResponseAlternativeAdded = RuleID("breaking.response-alternative-added", .error)
    /// `breaking.response-alternative-removed` (docs/RULES.md, "Contract changes"): an alternative of a response's `oneOf`/`anyOf` no
    /// longer comes.
    public static let breakingResponseAlternativeRemoved = RuleID("breaking.response-alternative-removed", .info)
    /// `breaking.request-constraint-changed` (docs/RULES.md, "Contract changes"): a request constraint changed with no one direction (a
    /// `pattern` replaced by another, a `not` or an `if` changed): values the client sends may be refused.
    public static let breakingRequestConstraintChanged = RuleID("breaking.request-constraint-changed", .warning)
    /// `breaking.request-alternative-added` (docs/RULES.md, "Contract changes"): a request value may be a new alternative of its
    /// `oneOf`/`anyOf` (an id that also takes an integer): the server must accept it.
    public static let breakingRequestAlternativeAdded = RuleID("breaking.request-alternative-added", .warning)
    /// `breaking.request-alternative-removed` (docs/RULES.md, "Contract changes"): an alternative of a request's `oneOf`/`anyOf` the client
    /// may send is no longer accepted.
    public static let breakingRequestAlternativeRemoved = RuleID("breaking.request-alternative-removed", .error)
    /// `breaking.request-default-changed` (docs/RULES.md, "Contract changes"): the `default` of a request parameter or field changed: where
    /// the client sends nothing, the server now assumes another value. No request fails, but what it means changed: read it.
    public static let breakingRequestDefaultChanged = RuleID("breaking.request-default-changed", .warning)
    /// `breaking.discriminator-changed` (docs/RULES.md, "Contract changes"): a `discriminator` changed: its `propertyName`, or the schema a
    /// mapping value names, or it was added or removed.
    public static let breakingDiscriminatorChanged = RuleID("breaking.discriminator-changed", .error)
    /// `breaking.webhook-added` (docs/RULES.md, "Contract changes"): a new webhook: the API may call the app with it.
    public static let breakingWebhookAdded = RuleID("breaking.webhook-added", .info)
    /// `breaking.webhook-removed` (docs/RULES.md, "Contract changes"): a webhook is gone: the app no longer hears of those events. A
    /// webhook's request is what the API sends and the app reads, so its changes are judged as a response's, and its responses as requests.
    public static let breakingWebhookRemoved = RuleID("breaking.webhook-removed", .error)
    /// `breaking.deprecated` (docs/RULES.md, "Contract changes"): an operation, parameter or field is newly `deprecated: true` (with its
    /// sunset date, when `x-sunset` or a `Sunset` header gives one).
    public static let breakingDeprecated = RuleID("breaking.deprecated", .info)
    /// `breaking.removed-without-deprecation` (docs/RULES.md, "Contract changes"): an operation, parameter or field was removed without
    /// having been `deprecated: true` in the old version.
    public static let breakingRemovedWithoutDeprecation = RuleID("breaking.removed-without-deprecation", .error)
    /// `breaking.removed-after-deprecation` (docs/RULES.md, "Contract changes"): an operation, parameter or field was removed as its
    /// lifecycle announced: deprecated in the old version, with no sunset date or one that has passed. An app that still uses it fails: the
    /// report's "used by" names where.
    public static let breakingRemovedAfterDeprecation = RuleID("breaking.removed-after-deprecation", .warning)
    /// `breaking.removed-before-sunset` (docs/RULES.md, "Contract changes"): an operation, parameter or field was removed before the sunset
    /// date it announced (`x-sunset`, or its `Sunset` response header, RFC 8594) had passed (`--date` sets today).
    public static let breakingRemovedBeforeSunset = RuleID("breaking.removed-before-sunset", .error)
    /// `breaking.sunset-earlier` (docs/RULES.md, "Contract changes"): a sunset date was moved earlier.
    public static let breakingSunsetEarlier = RuleID("breaking.sunset-earlier", .warning)
    /// `breaking.sunset-invalid` (docs/RULES.md, "Contract changes"): a deprecated operation, parameter or field's sunset date (`x-sunset`,
    /// or its `Sunset` response header) is written in a form that is not a date.
    public static let breakingSunsetInvalid = RuleID("breaking.sunset-invalid", .warning)
    /// `breaking.success-status-removed` (docs/RULES.md, "Contract changes"): a success status (2XX) is no longer declared: the answer the
    /// client decoded now comes with another status, or not at all.
    public static let breakingSuccessStatusRemoved = RuleID("breaking.success-status-removed", .error)
    /// `breaking.optional-response-header-removed` (docs/RULES.md, "Contract changes"): an optional response header is gone: an app that
    /// reads it when it comes no longer gets it.
    public static let breakingOptionalResponseHeaderRemoved = RuleID("breaking.optional-response-header-removed", .warning)
    /// `breaking.schema-changed` (docs/RULES.md, "Contract changes"): what the schema is changed in a way apicheck cannot follow: a `$ref`
    /// to a document it does not hold, a `$dynamicRef`, or the dialect (`$schema`): read it.
    public static let breakingSchemaChanged = RuleID("breaking.schema-changed", .warning)
    /// `breaking.documentation` (docs/RULES.md, "Contract changes"): a description, summary, title or example changed.
    public static let breakingDocumentation = RuleID("breaking.documentation", .info)

    /// Every rule, in the order of `docs/RULES.md`.
    public static let all: [RuleID] = [
        .shapeListVsSingle,
        .shapeType,
        .fieldMissing,
        .fieldNull,
        .fieldAdded,
        .fieldUnexpected,
        .enumValue,
        .schemaPattern,
        .schemaFormat,
        .schemaOneOf,
        .keyCase,
        .schemaAnyOf,
        .schemaNot,
        .schemaIf,
        .schemaFalse,
        .schemaMinimum,
        .schemaMaximum,
        .schemaExclusiveMinimum,
        .schemaExclusiveMaximum,
        .schemaMultipleOf,
        .schemaMinLength,
        .schemaMaxLength,
        .schemaMinItems,
        .schemaMaxItems,
        .schemaUniqueItems,
        .schemaItems,
        .schemaContains,
        .schemaMinContains,
        .schemaMaxContains,
        .schemaMinProperties,
        .schemaMaxProperties,
        .schemaPropertyNames,
        .schemaDependentRequired,
        .schemaDependentSchemas,
        .schemaRef,
        .dateFormat,
        .datePrecision,
        .dateOffset,
        .statusUndeclared,
        .statusChanged,
        .fieldBecameNull,
        .contentType,
        .contentTypeChanged,
        .headerMissing,
        .paramMissing,
        .paramUnparsable,
        .formEncoding,
        .formField,
        .bodyUnparsable,
        .bodyTooLarge,
        .requestBodyUnseen,
        .requestBodyUndeclared,
        .expectFailed,
        .transportError,
        .secretUnredacted,
        .recordingUnmatchedOperation,
        .contractOperationRefused,
        .contractInvalid,
        .breakingOperationRemoved,
        .breakingOperationAdded,
        .breakingStatusAdded,
        .breakingStatusRemoved,
        .breakingResponseContentTypeAdded,
        .breakingResponseContentTypeRemoved,
        .breakingResponseFieldRemoved,
        .breakingResponseFieldOptional,
        .breakingResponseFieldAdded,
        .breakingResponseFieldRequired,
        .breakingResponseNullable,
        .breakingResponseNotNullable,
        .breakingResponseTypeChanged,
        .breakingResponseTypeNarrowed,
        .breakingResponseEnumValueAdded,
        .breakingResponseEnumValueRemoved,
        .breakingResponseConstraintLoosened,
        .breakingResponseConstraintTightened,
        .breakingResponseHeaderRemoved,
        .breakingResponseHeaderAdded,
        .breakingRequestBodyRequired,
        .breakingRequestContentTypeRemoved,
        .breakingRequestContentTypeAdded,
        .breakingRequestFieldRequired,
        .breakingRequestFieldAdded,
        .breakingRequestFieldRemoved,
        .breakingRequestFieldOptional,
        .breakingRequestNullable,
        .breakingRequestNotNullable,
        .breakingRequestTypeChanged,
        .breakingRequestTypeWidened,
        .breakingRequestEnumValueRemoved,
        .breakingRequestEnumValueAdded,
        .breakingRequestConstraintTightened,
        .breakingRequestConstraintLoosened,
        .breakingParameterRequired,
        .breakingParameterAdded,
        .breakingParameterRemoved,
        .breakingValueEncodingChanged,
        .breakingParameterOptional,
        .breakingFormatChanged,
        .breakingDateForm,
        .breakingKeyCase,
        .breakingResponseConstraintChanged,
        .breakingResponseAlternativeAdded,
        .breakingResponseAlternativeRemoved,
        .breakingRequestConstraintChanged,
        .breakingRequestAlternativeAdded,
        .breakingRequestAlternativeRemoved,
        .breakingRequestDefaultChanged,
        .breakingDiscriminatorChanged,
        .breakingWebhookAdded,
        .breakingWebhookRemoved,
        .breakingDeprecated,
        .breakingRemovedWithoutDeprecation,
        .breakingRemovedBeforeSunset,
        .breakingRemovedAfterDeprecation,
        .breakingSunsetEarlier,
        .breakingSunsetInvalid,
        .breakingSuccessStatusRemoved,
        .breakingOptionalResponseHeaderRemoved,
        .breakingSchemaChanged,
        .breakingDocumentation,
    ]

    /// Every rule of `docs/RULES.md`, with its default severity.
    public static let known: [(id: RuleID, severity: Severity)] = all.map { ($0, $0.defaultSeverity) }

    /// ``all`` by id: looked up once per rule read from `apicheck.yml`, not searched.
    private static let byID = Dictionary(all.map { ($0.rawValue, $0) }, uniquingKeysWith: { first, _ in first })

    /// Rules are told apart by id alone.
    public static func == (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue == rhs.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }
    /// The id.
    public var description: String { rawValue }
}
