/// A finding's rule id, such as `shape.list-vs-single`; public interface that CI scripts filter on.
public struct RuleID: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The id as written in reports and `apicheck.yml`.
    public let rawValue: String

    /// Wraps an id (known or not; see ``known``).
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Wraps an id written as a literal.
    public init(stringLiteral value: String) { rawValue = value }

    /// Every rule of `docs/RULES.md`, with its default severity.
    public static let known: [(id: RuleID, severity: Severity)] = ([
        ("shape.list-vs-single", .error), ("shape.type", .error),
        ("field.missing", .error), ("field.null", .error), ("field.added", .info), ("field.unexpected", .error),
        ("enum.value", .error), ("schema.pattern", .error), ("schema.format", .error), ("schema.oneof", .error),
        ("key.case", .error),
        ("schema.anyof", .error), ("schema.not", .error), ("schema.if", .error), ("schema.false", .error),
        ("schema.minimum", .error), ("schema.maximum", .error), ("schema.exclusiveminimum", .error),
        ("schema.exclusivemaximum", .error), ("schema.multipleof", .error),
        ("schema.minlength", .error), ("schema.maxlength", .error),
        ("schema.minitems", .error), ("schema.maxitems", .error), ("schema.uniqueitems", .error), ("schema.items", .error),
        ("schema.contains", .error), ("schema.mincontains", .error), ("schema.maxcontains", .error),
        ("schema.minproperties", .error), ("schema.maxproperties", .error), ("schema.propertynames", .error),
        ("schema.dependentrequired", .error), ("schema.dependentschemas", .error), ("schema.ref", .error),
        ("date.format", .error), ("date.precision", .error), ("date.offset", .error),
        ("status.undeclared", .error), ("status.changed", .warning),
        ("field.became-null", .warning),
        ("content-type", .error), ("content-type.changed", .warning),
        ("header.missing", .warning),
        ("param.missing", .error),
        ("form.encoding", .error), ("form.field", .error),
        ("body.unparsable", .error),
        ("expect.failed", .error),
        ("transport.error", .error),
        ("secret.unredacted", .error),
        ("recording.unmatched-operation", .warning),
    ] as [(String, Severity)]).map { (RuleID($0.0), $0.1) }

    /// Whether the id is one of ``known``.
    public var isKnown: Bool { Self.known.contains { $0.id == self } }

    /// The rule's default severity (`error` for an unknown id).
    public var defaultSeverity: Severity { Self.known.first { $0.id == self }?.severity ?? .error }

    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }
    /// The id.
    public var description: String { rawValue }
}
