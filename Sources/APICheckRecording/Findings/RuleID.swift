/// A finding's rule id, such as `shape.list-vs-single`; public interface that CI scripts filter on.
///
/// The built-in rules are static members (`.shapeListVsSingle`), so that code cannot mistype one; an
/// id read from `apicheck.yml` goes through ``init(_:)``, which accepts only the ids of ``known``.
public struct RuleID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The id as written in reports and `apicheck.yml`.
    public let rawValue: String

    private init(uncheckedID: String) { rawValue = uncheckedID }

    /// The rule with this id, or nil when no rule has it.
    public init?(_ rawValue: String) {
        guard let rule = Self.byID[rawValue] else { return nil }
        self = rule
    }

    /// `shape.list-vs-single` (default error; docs/RULES.md).
    public static let shapeListVsSingle = RuleID(uncheckedID: "shape.list-vs-single")
    /// `shape.type` (default error; docs/RULES.md).
    public static let shapeType = RuleID(uncheckedID: "shape.type")
    /// `field.missing` (default error; docs/RULES.md).
    public static let fieldMissing = RuleID(uncheckedID: "field.missing")
    /// `field.null` (default error; docs/RULES.md).
    public static let fieldNull = RuleID(uncheckedID: "field.null")
    /// `field.added` (default info; docs/RULES.md).
    public static let fieldAdded = RuleID(uncheckedID: "field.added")
    /// `field.unexpected` (default error; docs/RULES.md).
    public static let fieldUnexpected = RuleID(uncheckedID: "field.unexpected")
    /// `enum.value` (default error; docs/RULES.md).
    public static let enumValue = RuleID(uncheckedID: "enum.value")
    /// `schema.pattern` (default error; docs/RULES.md).
    public static let schemaPattern = RuleID(uncheckedID: "schema.pattern")
    /// `schema.format` (default error; docs/RULES.md).
    public static let schemaFormat = RuleID(uncheckedID: "schema.format")
    /// `schema.oneof` (default error; docs/RULES.md).
    public static let schemaOneOf = RuleID(uncheckedID: "schema.oneof")
    /// `key.case` (default error; docs/RULES.md).
    public static let keyCase = RuleID(uncheckedID: "key.case")
    /// `schema.anyof` (default error; docs/RULES.md).
    public static let schemaAnyOf = RuleID(uncheckedID: "schema.anyof")
    /// `schema.not` (default error; docs/RULES.md).
    public static let schemaNot = RuleID(uncheckedID: "schema.not")
    /// `schema.if` (default error; docs/RULES.md).
    public static let schemaIf = RuleID(uncheckedID: "schema.if")
    /// `schema.false` (default error; docs/RULES.md).
    public static let schemaFalse = RuleID(uncheckedID: "schema.false")
    /// `schema.minimum` (default error; docs/RULES.md).
    public static let schemaMinimum = RuleID(uncheckedID: "schema.minimum")
    /// `schema.maximum` (default error; docs/RULES.md).
    public static let schemaMaximum = RuleID(uncheckedID: "schema.maximum")
    /// `schema.exclusiveminimum` (default error; docs/RULES.md).
    public static let schemaExclusiveMinimum = RuleID(uncheckedID: "schema.exclusiveminimum")
    /// `schema.exclusivemaximum` (default error; docs/RULES.md).
    public static let schemaExclusiveMaximum = RuleID(uncheckedID: "schema.exclusivemaximum")
    /// `schema.multipleof` (default error; docs/RULES.md).
    public static let schemaMultipleOf = RuleID(uncheckedID: "schema.multipleof")
    /// `schema.minlength` (default error; docs/RULES.md).
    public static let schemaMinLength = RuleID(uncheckedID: "schema.minlength")
    /// `schema.maxlength` (default error; docs/RULES.md).
    public static let schemaMaxLength = RuleID(uncheckedID: "schema.maxlength")
    /// `schema.minitems` (default error; docs/RULES.md).
    public static let schemaMinItems = RuleID(uncheckedID: "schema.minitems")
    /// `schema.maxitems` (default error; docs/RULES.md).
    public static let schemaMaxItems = RuleID(uncheckedID: "schema.maxitems")
    /// `schema.uniqueitems` (default error; docs/RULES.md).
    public static let schemaUniqueItems = RuleID(uncheckedID: "schema.uniqueitems")
    /// `schema.items` (default error; docs/RULES.md).
    public static let schemaItems = RuleID(uncheckedID: "schema.items")
    /// `schema.contains` (default error; docs/RULES.md).
    public static let schemaContains = RuleID(uncheckedID: "schema.contains")
    /// `schema.mincontains` (default error; docs/RULES.md).
    public static let schemaMinContains = RuleID(uncheckedID: "schema.mincontains")
    /// `schema.maxcontains` (default error; docs/RULES.md).
    public static let schemaMaxContains = RuleID(uncheckedID: "schema.maxcontains")
    /// `schema.minproperties` (default error; docs/RULES.md).
    public static let schemaMinProperties = RuleID(uncheckedID: "schema.minproperties")
    /// `schema.maxproperties` (default error; docs/RULES.md).
    public static let schemaMaxProperties = RuleID(uncheckedID: "schema.maxproperties")
    /// `schema.propertynames` (default error; docs/RULES.md).
    public static let schemaPropertyNames = RuleID(uncheckedID: "schema.propertynames")
    /// `schema.dependentrequired` (default error; docs/RULES.md).
    public static let schemaDependentRequired = RuleID(uncheckedID: "schema.dependentrequired")
    /// `schema.dependentschemas` (default error; docs/RULES.md).
    public static let schemaDependentSchemas = RuleID(uncheckedID: "schema.dependentschemas")
    /// `schema.ref` (default error; docs/RULES.md).
    public static let schemaRef = RuleID(uncheckedID: "schema.ref")
    /// `date.format` (default error; docs/RULES.md).
    public static let dateFormat = RuleID(uncheckedID: "date.format")
    /// `date.precision` (default error; docs/RULES.md).
    public static let datePrecision = RuleID(uncheckedID: "date.precision")
    /// `date.offset` (default error; docs/RULES.md).
    public static let dateOffset = RuleID(uncheckedID: "date.offset")
    /// `status.undeclared` (default error; docs/RULES.md).
    public static let statusUndeclared = RuleID(uncheckedID: "status.undeclared")
    /// `status.changed` (default warning; docs/RULES.md).
    public static let statusChanged = RuleID(uncheckedID: "status.changed")
    /// `field.became-null` (default warning; docs/RULES.md).
    public static let fieldBecameNull = RuleID(uncheckedID: "field.became-null")
    /// `content-type` (default error; docs/RULES.md).
    public static let contentType = RuleID(uncheckedID: "content-type")
    /// `content-type.changed` (default warning; docs/RULES.md).
    public static let contentTypeChanged = RuleID(uncheckedID: "content-type.changed")
    /// `header.missing` (default warning; docs/RULES.md).
    public static let headerMissing = RuleID(uncheckedID: "header.missing")
    /// `param.missing` (default error; docs/RULES.md).
    public static let paramMissing = RuleID(uncheckedID: "param.missing")
    /// `param.unparsable` (default error; docs/RULES.md): a parameter's or header's text is not what its style
    /// or media type writes (`sort=id,3,name` with a key left without a value, JSON that does not parse).
    public static let paramUnparsable = RuleID(uncheckedID: "param.unparsable")
    /// `form.encoding` (default error; docs/RULES.md).
    public static let formEncoding = RuleID(uncheckedID: "form.encoding")
    /// `form.field` (default error; docs/RULES.md).
    public static let formField = RuleID(uncheckedID: "form.field")
    /// `body.unparsable` (default error; docs/RULES.md).
    public static let bodyUnparsable = RuleID(uncheckedID: "body.unparsable")
    /// `body.too-large` (default error; docs/RULES.md).
    public static let bodyTooLarge = RuleID(uncheckedID: "body.too-large")
    /// `expect.failed` (default error; docs/RULES.md).
    public static let expectFailed = RuleID(uncheckedID: "expect.failed")
    /// `transport.error` (default error; docs/RULES.md).
    public static let transportError = RuleID(uncheckedID: "transport.error")
    /// `secret.unredacted` (default error; docs/RULES.md).
    public static let secretUnredacted = RuleID(uncheckedID: "secret.unredacted")
    /// `recording.unmatched-operation` (default warning; docs/RULES.md).
    public static let recordingUnmatchedOperation = RuleID(uncheckedID: "recording.unmatched-operation")
    /// `contract.operation-refused` (default error; docs/RULES.md): a recording or live answer reaches an operation whose
    /// description the contract loader refused, so nothing of it can be checked.
    public static let contractOperationRefused = RuleID(uncheckedID: "contract.operation-refused")

    // The contract-change rules of `apicheck breaking` (docs/RULES.md, "Contract changes").
    /// `breaking.operation-removed` (default error; docs/RULES.md, "Contract changes"): an operation (method and path) is gone.
    public static let breakingOperationRemoved = RuleID(uncheckedID: "breaking.operation-removed")
    /// `breaking.operation-added` (default info; docs/RULES.md, "Contract changes"): a new operation.
    public static let breakingOperationAdded = RuleID(uncheckedID: "breaking.operation-added")
    /// `breaking.status-added` (default warning; docs/RULES.md, "Contract changes"): a response status the client may not handle (a new 4XX, a 202 beside the 200).
    public static let breakingStatusAdded = RuleID(uncheckedID: "breaking.status-added")
    /// `breaking.status-removed` (default info; docs/RULES.md, "Contract changes"): a response status is no longer declared.
    public static let breakingStatusRemoved = RuleID(uncheckedID: "breaking.status-removed")
    /// `breaking.response-content-type-added` (default warning; docs/RULES.md, "Contract changes"): a response may now come in another content type.
    public static let breakingResponseContentTypeAdded = RuleID(uncheckedID: "breaking.response-content-type-added")
    /// `breaking.response-content-type-removed` (default info; docs/RULES.md, "Contract changes"): a response content type is no longer declared.
    public static let breakingResponseContentTypeRemoved = RuleID(uncheckedID: "breaking.response-content-type-removed")
    /// `breaking.response-field-removed` (default error; docs/RULES.md, "Contract changes"): a field of a response is gone.
    public static let breakingResponseFieldRemoved = RuleID(uncheckedID: "breaking.response-field-removed")
    /// `breaking.response-field-optional` (default error; docs/RULES.md, "Contract changes"): a required field of a response may now be absent.
    public static let breakingResponseFieldOptional = RuleID(uncheckedID: "breaking.response-field-optional")
    /// `breaking.response-field-added` (default info; docs/RULES.md, "Contract changes"): a new optional field in a response.
    public static let breakingResponseFieldAdded = RuleID(uncheckedID: "breaking.response-field-added")
    /// `breaking.response-field-required` (default warning; docs/RULES.md, "Contract changes"): a response field the server must now always send (added as required, or made required).
    public static let breakingResponseFieldRequired = RuleID(uncheckedID: "breaking.response-field-required")
    /// `breaking.response-nullable` (default error; docs/RULES.md, "Contract changes"): a response value may now be null.
    public static let breakingResponseNullable = RuleID(uncheckedID: "breaking.response-nullable")
    /// `breaking.response-not-nullable` (default info; docs/RULES.md, "Contract changes"): a response value can no longer be null.
    public static let breakingResponseNotNullable = RuleID(uncheckedID: "breaking.response-not-nullable")
    /// `breaking.response-type-changed` (default error; docs/RULES.md, "Contract changes"): a response value has a type it did not have (a string id that was a number).
    public static let breakingResponseTypeChanged = RuleID(uncheckedID: "breaking.response-type-changed")
    /// `breaking.response-type-narrowed` (default info; docs/RULES.md, "Contract changes"): a response value has fewer types than before.
    public static let breakingResponseTypeNarrowed = RuleID(uncheckedID: "breaking.response-type-narrowed")
    /// `breaking.response-enum-value-added` (default error; docs/RULES.md, "Contract changes"): a response value may be a new enum value, which a Swift enum does not decode.
    public static let breakingResponseEnumValueAdded = RuleID(uncheckedID: "breaking.response-enum-value-added")
    /// `breaking.response-enum-value-removed` (default info; docs/RULES.md, "Contract changes"): an enum value no longer comes in responses.
    public static let breakingResponseEnumValueRemoved = RuleID(uncheckedID: "breaking.response-enum-value-removed")
    /// `breaking.response-constraint-loosened` (default error; docs/RULES.md, "Contract changes"): a response value may be longer, larger or less constrained than before (maxLength, maximum, pattern, ...).
    public static let breakingResponseConstraintLoosened = RuleID(uncheckedID: "breaking.response-constraint-loosened")
    /// `breaking.response-constraint-tightened` (default info; docs/RULES.md, "Contract changes"): a response value is more constrained than before.
    public static let breakingResponseConstraintTightened = RuleID(uncheckedID: "breaking.response-constraint-tightened")
    /// `breaking.response-header-removed` (default error; docs/RULES.md, "Contract changes"): a required response header is gone or no longer required.
    public static let breakingResponseHeaderRemoved = RuleID(uncheckedID: "breaking.response-header-removed")
    /// `breaking.response-header-added` (default info; docs/RULES.md, "Contract changes"): a new response header.
    public static let breakingResponseHeaderAdded = RuleID(uncheckedID: "breaking.response-header-added")
    /// `breaking.request-body-required` (default error; docs/RULES.md, "Contract changes"): an operation now needs a body.
    public static let breakingRequestBodyRequired = RuleID(uncheckedID: "breaking.request-body-required")
    /// `breaking.request-content-type-removed` (default error; docs/RULES.md, "Contract changes"): a request content type the client may send is no longer accepted (a form PUT that must now be JSON).
    public static let breakingRequestContentTypeRemoved = RuleID(uncheckedID: "breaking.request-content-type-removed")
    /// `breaking.request-content-type-added` (default info; docs/RULES.md, "Contract changes"): the server accepts another request content type.
    public static let breakingRequestContentTypeAdded = RuleID(uncheckedID: "breaking.request-content-type-added")
    /// `breaking.request-field-required` (default error; docs/RULES.md, "Contract changes"): a request field the client must now send (added as required, or made required).
    public static let breakingRequestFieldRequired = RuleID(uncheckedID: "breaking.request-field-required")
    /// `breaking.request-field-added` (default info; docs/RULES.md, "Contract changes"): a new optional request field.
    public static let breakingRequestFieldAdded = RuleID(uncheckedID: "breaking.request-field-added")
    /// `breaking.request-field-removed` (default warning; docs/RULES.md, "Contract changes"): a request field the client may send is no longer declared.
    public static let breakingRequestFieldRemoved = RuleID(uncheckedID: "breaking.request-field-removed")
    /// `breaking.request-field-optional` (default warning; docs/RULES.md, "Contract changes"): a required request field may now be absent: the server must cope.
    public static let breakingRequestFieldOptional = RuleID(uncheckedID: "breaking.request-field-optional")
    /// `breaking.request-nullable` (default warning; docs/RULES.md, "Contract changes"): a request value may now be null: the server must cope.
    public static let breakingRequestNullable = RuleID(uncheckedID: "breaking.request-nullable")
    /// `breaking.request-not-nullable` (default error; docs/RULES.md, "Contract changes"): a request value the client may send as null must not be null.
    public static let breakingRequestNotNullable = RuleID(uncheckedID: "breaking.request-not-nullable")
    /// `breaking.request-type-changed` (default error; docs/RULES.md, "Contract changes"): a request value must have a type it did not need (or lost one the client may send).
    public static let breakingRequestTypeChanged = RuleID(uncheckedID: "breaking.request-type-changed")
    /// `breaking.request-type-widened` (default warning; docs/RULES.md, "Contract changes"): a request value may have more types than before: the server must accept them.
    public static let breakingRequestTypeWidened = RuleID(uncheckedID: "breaking.request-type-widened")
    /// `breaking.request-enum-value-removed` (default error; docs/RULES.md, "Contract changes"): a request value the client may send is no longer allowed.
    public static let breakingRequestEnumValueRemoved = RuleID(uncheckedID: "breaking.request-enum-value-removed")
    /// `breaking.request-enum-value-added` (default warning; docs/RULES.md, "Contract changes"): the server must accept a new request enum value.
    public static let breakingRequestEnumValueAdded = RuleID(uncheckedID: "breaking.request-enum-value-added")
    /// `breaking.request-constraint-tightened` (default error; docs/RULES.md, "Contract changes"): a request value is more constrained than before (maxLength, pattern, minimum, ...).
    public static let breakingRequestConstraintTightened = RuleID(uncheckedID: "breaking.request-constraint-tightened")
    /// `breaking.request-constraint-loosened` (default warning; docs/RULES.md, "Contract changes"): a request value is less constrained than before: the server must accept more.
    public static let breakingRequestConstraintLoosened = RuleID(uncheckedID: "breaking.request-constraint-loosened")
    /// `breaking.parameter-required` (default error; docs/RULES.md, "Contract changes"): a parameter the client must now send (added as required, or made required).
    public static let breakingParameterRequired = RuleID(uncheckedID: "breaking.parameter-required")
    /// `breaking.parameter-added` (default info; docs/RULES.md, "Contract changes"): a new optional parameter.
    public static let breakingParameterAdded = RuleID(uncheckedID: "breaking.parameter-added")
    /// `breaking.parameter-removed` (default warning; docs/RULES.md, "Contract changes"): a parameter the client may send is no longer declared.
    public static let breakingParameterRemoved = RuleID(uncheckedID: "breaking.parameter-removed")
    /// `breaking.parameter-optional` (default warning; docs/RULES.md, "Contract changes"): a required parameter may now be absent: the server must cope.
    public static let breakingParameterOptional = RuleID(uncheckedID: "breaking.parameter-optional")
    /// `breaking.value-encoding-changed` (default error; docs/RULES.md, "Contract changes"): a parameter or header is written another way (`style`, `explode`, or `content` instead of `schema`): `sort=id,3` became `sort[id]=3`.
    public static let breakingValueEncodingChanged = RuleID(uncheckedID: "breaking.value-encoding-changed")
    /// `breaking.format-changed` (default error; docs/RULES.md, "Contract changes"): a value's `format` changed (a uuid that became a uri, a date that became a date-time).
    public static let breakingFormatChanged = RuleID(uncheckedID: "breaking.format-changed")
    /// `breaking.date-form` (default error; docs/RULES.md, "Contract changes"): a date's wire form changed (`x-apicheck-date`: fraction digits or offset).
    public static let breakingDateForm = RuleID(uncheckedID: "breaking.date-form")
    /// `breaking.key-case` (default error; docs/RULES.md, "Contract changes"): the key case changed (`x-apicheck-key-case`: snake_case to camelCase).
    public static let breakingKeyCase = RuleID(uncheckedID: "breaking.key-case")
    /// `breaking.response-constraint-changed` (default warning; docs/RULES.md, "Contract changes"): a response constraint changed with no one direction (a `pattern` replaced by another, a `not` or an `if` changed): responses may hold values the client did not expect.
    public static let breakingResponseConstraintChanged = RuleID(uncheckedID: "breaking.response-constraint-changed")
    /// `breaking.response-alternative-added` (default error; docs/RULES.md, "Contract changes"): a response value may be a new alternative of its `oneOf`/`anyOf` (a `Dog` beside the `Cat`), which a Swift enum of the kinds does not decode.
    public static let breakingResponseAlternativeAdded = RuleID(uncheckedID: "breaking.response-alternative-added")
    /// `breaking.response-alternative-removed` (default info; docs/RULES.md, "Contract changes"): an alternative of a response's `oneOf`/`anyOf` no longer comes.
    public static let breakingResponseAlternativeRemoved = RuleID(uncheckedID: "breaking.response-alternative-removed")
    /// `breaking.request-constraint-changed` (default warning; docs/RULES.md, "Contract changes"): a request constraint changed with no one direction (a `pattern` replaced by another, a `not` or an `if` changed): values the client sends may be refused.
    public static let breakingRequestConstraintChanged = RuleID(uncheckedID: "breaking.request-constraint-changed")
    /// `breaking.request-alternative-added` (default warning; docs/RULES.md, "Contract changes"): a request value may be a new alternative of its `oneOf`/`anyOf` (an id that also takes an integer): the server must accept it.
    public static let breakingRequestAlternativeAdded = RuleID(uncheckedID: "breaking.request-alternative-added")
    /// `breaking.request-alternative-removed` (default error; docs/RULES.md, "Contract changes"): an alternative of a request's `oneOf`/`anyOf` the client may send is no longer accepted.
    public static let breakingRequestAlternativeRemoved = RuleID(uncheckedID: "breaking.request-alternative-removed")
    /// `breaking.request-default-changed` (default warning; docs/RULES.md, "Contract changes"): the `default` of a request parameter or field changed: where the client sends nothing, the server now assumes another value. No request fails, but what it means changed: read it.
    public static let breakingRequestDefaultChanged = RuleID(uncheckedID: "breaking.request-default-changed")
    /// `breaking.discriminator-changed` (default error; docs/RULES.md, "Contract changes"): a `discriminator` changed: its `propertyName`, or the schema a mapping value names, or it was added or removed.
    public static let breakingDiscriminatorChanged = RuleID(uncheckedID: "breaking.discriminator-changed")
    /// `breaking.webhook-added` (default info; docs/RULES.md, "Contract changes"): a new webhook: the API may call the app with it.
    public static let breakingWebhookAdded = RuleID(uncheckedID: "breaking.webhook-added")
    /// `breaking.webhook-removed` (default error; docs/RULES.md, "Contract changes"): a webhook is gone: the app no longer hears of those events. A webhook's request is what the API sends and the app reads, so its changes are judged as a response's, and its responses as requests.
    public static let breakingWebhookRemoved = RuleID(uncheckedID: "breaking.webhook-removed")
    /// `breaking.deprecated` (default info; docs/RULES.md, "Contract changes"): an operation, parameter or field is newly `deprecated: true` (with its sunset date, when `x-sunset` or a `Sunset` header gives one).
    public static let breakingDeprecated = RuleID(uncheckedID: "breaking.deprecated")
    /// `breaking.removed-without-deprecation` (default error; docs/RULES.md, "Contract changes"): an operation, parameter or field was removed without having been `deprecated: true` in the old version.
    public static let breakingRemovedWithoutDeprecation = RuleID(uncheckedID: "breaking.removed-without-deprecation")
    /// `breaking.removed-after-deprecation` (default warning; docs/RULES.md, "Contract changes"): an operation, parameter or field was removed as its lifecycle announced: deprecated in the old version, with no sunset date or one that has passed. An app that still uses it fails: the report's "used by" names where.
    public static let breakingRemovedAfterDeprecation = RuleID(uncheckedID: "breaking.removed-after-deprecation")
    /// `breaking.removed-before-sunset` (default error; docs/RULES.md, "Contract changes"): an operation, parameter or field was removed before the sunset date it announced (`x-sunset`, or its `Sunset` response header, RFC 8594) had passed (`--date` sets today).
    public static let breakingRemovedBeforeSunset = RuleID(uncheckedID: "breaking.removed-before-sunset")
    /// `breaking.sunset-earlier` (default warning; docs/RULES.md, "Contract changes"): a sunset date was moved earlier.
    public static let breakingSunsetEarlier = RuleID(uncheckedID: "breaking.sunset-earlier")
    /// `breaking.sunset-invalid` (default warning; docs/RULES.md, "Contract changes"): a deprecated operation, parameter or field's sunset date (`x-sunset`, or its `Sunset` response header) is written in a form that is not a date.
    public static let breakingSunsetInvalid = RuleID(uncheckedID: "breaking.sunset-invalid")
    /// `breaking.success-status-removed` (default error; docs/RULES.md, "Contract changes"): a success status (2XX) is no longer declared: the answer the client decoded now comes with another status, or not at all.
    public static let breakingSuccessStatusRemoved = RuleID(uncheckedID: "breaking.success-status-removed")
    /// `breaking.optional-response-header-removed` (default warning; docs/RULES.md, "Contract changes"): an optional response header is gone: an app that reads it when it comes no longer gets it.
    public static let breakingOptionalResponseHeaderRemoved = RuleID(uncheckedID: "breaking.optional-response-header-removed")
    /// `breaking.schema-changed` (default warning; docs/RULES.md, "Contract changes"): what the schema is changed in a way apicheck cannot follow: a `$ref` to a document it does not hold, a `$dynamicRef`, or the dialect (`$schema`): read it.
    public static let breakingSchemaChanged = RuleID(uncheckedID: "breaking.schema-changed")
    /// `breaking.documentation` (default info; docs/RULES.md, "Contract changes"): a description, summary, title or example changed.
    public static let breakingDocumentation = RuleID(uncheckedID: "breaking.documentation")

    /// Every rule of `docs/RULES.md`, with its default severity.
    public static let known: [(id: RuleID, severity: Severity)] = [
        (.shapeListVsSingle, .error),
        (.shapeType, .error),
        (.fieldMissing, .error),
        (.fieldNull, .error),
        (.fieldAdded, .info),
        (.fieldUnexpected, .error),
        (.enumValue, .error),
        (.schemaPattern, .error),
        (.schemaFormat, .error),
        (.schemaOneOf, .error),
        (.keyCase, .error),
        (.schemaAnyOf, .error),
        (.schemaNot, .error),
        (.schemaIf, .error),
        (.schemaFalse, .error),
        (.schemaMinimum, .error),
        (.schemaMaximum, .error),
        (.schemaExclusiveMinimum, .error),
        (.schemaExclusiveMaximum, .error),
        (.schemaMultipleOf, .error),
        (.schemaMinLength, .error),
        (.schemaMaxLength, .error),
        (.schemaMinItems, .error),
        (.schemaMaxItems, .error),
        (.schemaUniqueItems, .error),
        (.schemaItems, .error),
        (.schemaContains, .error),
        (.schemaMinContains, .error),
        (.schemaMaxContains, .error),
        (.schemaMinProperties, .error),
        (.schemaMaxProperties, .error),
        (.schemaPropertyNames, .error),
        (.schemaDependentRequired, .error),
        (.schemaDependentSchemas, .error),
        (.schemaRef, .error),
        (.dateFormat, .error),
        (.datePrecision, .error),
        (.dateOffset, .error),
        (.statusUndeclared, .error),
        (.statusChanged, .warning),
        (.fieldBecameNull, .warning),
        (.contentType, .error),
        (.contentTypeChanged, .warning),
        (.headerMissing, .warning),
        (.paramMissing, .error),
        (.paramUnparsable, .error),
        (.formEncoding, .error),
        (.formField, .error),
        (.bodyUnparsable, .error),
        (.bodyTooLarge, .error),
        (.expectFailed, .error),
        (.transportError, .error),
        (.secretUnredacted, .error),
        (.recordingUnmatchedOperation, .warning),
        (.contractOperationRefused, .error),
        (.breakingOperationRemoved, .error),
        (.breakingOperationAdded, .info),
        (.breakingStatusAdded, .warning),
        (.breakingStatusRemoved, .info),
        (.breakingResponseContentTypeAdded, .warning),
        (.breakingResponseContentTypeRemoved, .info),
        (.breakingResponseFieldRemoved, .error),
        (.breakingResponseFieldOptional, .error),
        (.breakingResponseFieldAdded, .info),
        (.breakingResponseFieldRequired, .warning),
        (.breakingResponseNullable, .error),
        (.breakingResponseNotNullable, .info),
        (.breakingResponseTypeChanged, .error),
        (.breakingResponseTypeNarrowed, .info),
        (.breakingResponseEnumValueAdded, .error),
        (.breakingResponseEnumValueRemoved, .info),
        (.breakingResponseConstraintLoosened, .error),
        (.breakingResponseConstraintTightened, .info),
        (.breakingResponseHeaderRemoved, .error),
        (.breakingResponseHeaderAdded, .info),
        (.breakingRequestBodyRequired, .error),
        (.breakingRequestContentTypeRemoved, .error),
        (.breakingRequestContentTypeAdded, .info),
        (.breakingRequestFieldRequired, .error),
        (.breakingRequestFieldAdded, .info),
        (.breakingRequestFieldRemoved, .warning),
        (.breakingRequestFieldOptional, .warning),
        (.breakingRequestNullable, .warning),
        (.breakingRequestNotNullable, .error),
        (.breakingRequestTypeChanged, .error),
        (.breakingRequestTypeWidened, .warning),
        (.breakingRequestEnumValueRemoved, .error),
        (.breakingRequestEnumValueAdded, .warning),
        (.breakingRequestConstraintTightened, .error),
        (.breakingRequestConstraintLoosened, .warning),
        (.breakingParameterRequired, .error),
        (.breakingParameterAdded, .info),
        (.breakingParameterRemoved, .warning),
        (.breakingValueEncodingChanged, .error),
        (.breakingParameterOptional, .warning),
        (.breakingFormatChanged, .error),
        (.breakingDateForm, .error),
        (.breakingKeyCase, .error),
        (.breakingResponseConstraintChanged, .warning),
        (.breakingResponseAlternativeAdded, .error),
        (.breakingResponseAlternativeRemoved, .info),
        (.breakingRequestConstraintChanged, .warning),
        (.breakingRequestAlternativeAdded, .warning),
        (.breakingRequestAlternativeRemoved, .error),
        (.breakingRequestDefaultChanged, .warning),
        (.breakingDiscriminatorChanged, .error),
        (.breakingWebhookAdded, .info),
        (.breakingWebhookRemoved, .error),
        (.breakingDeprecated, .info),
        (.breakingRemovedWithoutDeprecation, .error),
        (.breakingRemovedBeforeSunset, .error),
        (.breakingRemovedAfterDeprecation, .warning),
        (.breakingSunsetEarlier, .warning),
        (.breakingSunsetInvalid, .warning),
        (.breakingSuccessStatusRemoved, .error),
        (.breakingOptionalResponseHeaderRemoved, .warning),
        (.breakingSchemaChanged, .warning),
        (.breakingDocumentation, .info),
    ]

    /// The rule's default severity.
    public var defaultSeverity: Severity { Self.defaults[self] ?? .error }

    /// ``known`` by id, and each rule's default severity: looked up once per finding, not searched.
    private static let byID = Dictionary(known.map { ($0.id.rawValue, $0.id) }, uniquingKeysWith: { first, _ in first })
    private static let defaults = Dictionary(known.map { ($0.id, $0.severity) }, uniquingKeysWith: { first, _ in first })

    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }
    /// The id.
    public var description: String { rawValue }
}
