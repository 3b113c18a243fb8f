/// A path template such as `/api/v2/todos/{id}`, split once into literal segments and named parameters.
///
/// The one matcher of paths to templates: the contract's operations, `infer`'s known templates and the replay's
/// routes all use it, so a path reads as the same operation everywhere (literal segments win over parameters).
package struct PathTemplate: Sendable {
    package enum Segment: Sendable {
        case literal(String)
        case parameter(String)
    }

    package let segments: [Segment]

    package init(_ template: String) {
        segments = template.split(separator: "/", omittingEmptySubsequences: true).map { component in
            if component.hasPrefix("{") && component.hasSuffix("}") { return .parameter(String(component.dropFirst().dropLast())) }
            return .literal(String(component))
        }
    }

    /// A path's segments, split as ``match(_:)`` wants them.
    package static func parts(of path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    /// The parameters' values (percent-decoded) and how many literal segments matched, or nil when `parts` do not fit.
    package func match(_ parts: [String]) -> (parameters: [String: String], literals: Int)? {
        guard parts.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        var literals = 0
        for (segment, part) in zip(segments, parts) {
            switch segment {
            case .literal(let text):
                guard text == part else { return nil }
                literals += 1
            case .parameter(let name):
                parameters[name] = part.percentDecoded ?? part
            }
        }
        return (parameters, literals)
    }

    /// Of `templates`, the one `path` fits with the most literal segments (the first of equals), or nil.
    package static func best<T>(_ templates: [T], for path: String, template: (T) -> PathTemplate) -> (
        element: T, parameters: [String: String]
    )? {
        let parts = parts(of: path)
        var best: (element: T, parameters: [String: String], literals: Int)?
        for element in templates {
            if let (parameters, literals) = template(element).match(parts), literals > (best?.literals ?? -1) {
                best = (element, parameters, literals)
            }
        }
        return best.map { ($0.element, $0.parameters) }
    }
}
