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
        guard let rule = Self.known.first(where: { $0.id.rawValue == rawValue }) else { return nil }
        self = rule.id
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
        (.formEncoding, .error),
        (.formField, .error),
        (.bodyUnparsable, .error),
        (.bodyTooLarge, .error),
        (.expectFailed, .error),
        (.transportError, .error),
        (.secretUnredacted, .error),
        (.recordingUnmatchedOperation, .warning),
    ]

    /// The rule's default severity.
    public var defaultSeverity: Severity { Self.known.first { $0.id == self }?.severity ?? .error }

    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }
    /// The id.
    public var description: String { rawValue }
}
