import Foundation

/// A scenario template's parts: literal text and `{{name}}` placeholders, in order.
///
/// The one reader of the placeholder syntax: the live runner fills them in, the configuration asks
/// which a scenario uses. An unclosed `{{` is literal text.
public enum Placeholder: Equatable, Sendable {
    case text(Substring)
    case name(String)

    /// The parts of `template`; a name is trimmed of spaces (`{{ id }}` is `id`).
    public static func parts(of template: String) -> [Placeholder] {
        var parts: [Placeholder] = []
        var rest = Substring(template)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            if open.lowerBound > rest.startIndex { parts.append(.text(rest[..<open.lowerBound])) }
            parts.append(.name(rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)))
            rest = rest[close.upperBound...]
        }
        if !rest.isEmpty { parts.append(.text(rest)) }
        return parts
    }
}
