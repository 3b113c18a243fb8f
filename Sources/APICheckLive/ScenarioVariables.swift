import APICheckRecording
import Foundation

/// The values a scenario's `{{name}}` placeholders stand for: its `vars`, then what its steps captured.
public struct ScenarioVariables: Sendable {
    /// Values by name; captured values keep their JSON type (an id stays a number).
    public private(set) var values: [String: JSONValue] = [:]

    /// The scenario's `vars`.
    public init(_ vars: [(String, String)] = []) {
        for (name, value) in vars { values[name] = .string(value) }
    }

    /// Sets `name` (a capture).
    public mutating func set(_ name: String, _ value: JSONValue) {
        values[name] = value
    }

    /// A placeholder with no value.
    public struct Unresolved: Error, Sendable, CustomStringConvertible {
        /// The placeholder's name.
        public let name: String
        public var description: String { "{{\(name)}} has no value (not in vars and not captured by an earlier step)" }
    }

    /// `template` with every `{{name}}` replaced by its value as text (a string as is, a number's literal,
    /// `true`/`false`), passed through `transform` (a path fills each value in escaped).
    public func text(_ template: String, transform: (String) -> String = { $0 }) throws(Unresolved) -> String {
        guard template.contains("{{") else { return template }
        var result = ""
        for part in Placeholder.parts(of: template) {
            switch part {
            case .text(let text):
                result += text
            case .name(let name):
                guard let value = values[name] else { throw Unresolved(name: name) }
                result += transform(Self.text(of: value))
            }
        }
        return result
    }

    /// A JSON template: a string that is exactly one `{{name}}` becomes the value itself (keeping its
    /// type), other strings are filled in as text, arrays and objects are filled in throughout.
    public func json(_ template: JSONValue) throws(Unresolved) -> JSONValue {
        switch template {
        case .string(let text):
            if let name = Self.soleName(text) {
                guard let value = values[name] else { throw Unresolved(name: name) }
                return value
            }
            return .string(try self.text(text))
        case .array(let items):
            var result: [JSONValue] = []
            for item in items { result.append(try json(item)) }
            return .array(result)
        case .object(let object):
            var members: [JSONObject.Member] = []
            for member in object { members.append(.init(key: member.key, value: try json(member.value))) }
            return .object(JSONObject(members))
        default:
            return template
        }
    }

    /// The name when `text` is exactly `{{name}}`.
    static func soleName(_ text: String) -> String? {
        guard text.hasPrefix("{{"), text.hasSuffix("}}"), text.count > 4 else { return nil }
        let inner = text.dropFirst(2).dropLast(2)
        guard !inner.contains("{{"), !inner.contains("}}") else { return nil }
        return inner.trimmingCharacters(in: .whitespaces)
    }

    static func text(of value: JSONValue) -> String {
        switch value {
        case .string(let text): return text
        case .number(let number): return number.literal
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        default: return JSONWriter.compact(value)
        }
    }
}
