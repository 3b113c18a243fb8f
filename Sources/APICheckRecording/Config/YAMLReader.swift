import Foundation
import Yams

/// Reads a Yams node tree with positions: typed getters, and unknown keys reported with their line.
package struct YAMLReader {
    let file: String
    package let node: Node
    let keyPath: String

    package static func parse(_ text: String, file: String) throws(ConfigurationError) -> YAMLReader {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text, Self.resolver)
        } catch let error as YamlError {
            throw Self.describe(error, file: file)
        } catch {
            throw ConfigurationError(file: file, message: "not valid YAML: \(Self.brief("\(error)"))")
        }
        guard let root else { throw ConfigurationError(file: file, line: 1, column: 1, message: "the file is empty") }
        return YAMLReader(file: file, node: root, keyPath: "")
    }

    /// Yams's resolver without rules: a plain scalar's tag is `str` unless the text names another. Yams's default one
    /// resolves each by regular expressions (YAML 1.1's integers, floats, booleans, nulls and timestamps), which this
    /// reader never asks for: it reads scalars by their text and style (``json()``, ``int()``, ``bool()``). Compiling
    /// them was 2 ms of every command's start, and matching them against each key of a YAML contract (for duplicate
    /// keys) a part of its reading. With no rules, keys are told apart by their text alone, as JSON's are: `200` and
    /// `"200"` in one mapping are the same key twice.
    static let resolver = Resolver.basic

    static func describe(_ error: YamlError, file: String) -> ConfigurationError {
        switch error {
        case .duplicatedKeysInMapping(let duplicates, let context):
            let names = duplicates.map { "\"\($0)\"" }.joined(separator: ", ")
            return ConfigurationError(
                file: file, line: context.mark.line, column: context.mark.column,
                message: "the key \(names) appears twice in one mapping (first here)")
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let what = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
            return ConfigurationError(file: file, line: mark.line, column: mark.column, message: "not valid YAML: \(what)")
        case .reader(let problem, let offset, _, let yaml):
            // The reader's error carries the whole text (200 MB of it, for a file that size): never print it.
            guard let offset else { return ConfigurationError(file: file, message: "not valid YAML: \(brief(problem))") }
            var text = yaml
            let location = text.withUTF8 { TextLocation(offset: offset, in: $0) }
            return ConfigurationError(
                file: file, line: location.line, column: location.column, message: "not valid YAML: \(brief(problem))")
        default:
            return ConfigurationError(file: file, message: "not valid YAML: \(brief("\(error)"))")
        }
    }

    /// The first line of a parser's message, at most 200 characters, control characters escaped: a message
    /// about a file must never hold the file.
    static func brief(_ message: String) -> String {
        let line = message.prefix { $0 != "\n" }
        var result = ""
        for scalar in line.unicodeScalars.prefix(200) {
            result += scalar.value < 0x20 || scalar.value == 0x7F ? String(format: "\\u%04X", scalar.value) : String(scalar)
        }
        return line.unicodeScalars.count > 200 ? result + "..." : result
    }

    func fail(_ message: String) -> ConfigurationError {
        ConfigurationError(file: file, line: node.mark?.line, column: node.mark?.column, keyPath: keyPath, message: message)
    }

    func child(_ node: Node, key: String) -> YAMLReader {
        YAMLReader(file: file, node: node, keyPath: keyPath.isEmpty ? key : "\(keyPath).\(key)")
    }

    var kind: String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let scalar): return scalar.string.isEmpty ? "an empty value" : "\"\(scalar.string)\""
        case .alias: return "an alias"
        }
    }

    // MARK: Mappings

    /// The members of a mapping, in order; checks every key is one of `allowed` (nil allows any).
    func mapping(allowed: [String]?) throws(ConfigurationError) -> [(key: String, value: YAMLReader)] {
        guard case .mapping(let mapping) = node else { throw fail("expected a mapping, found \(kind)") }
        var result: [(key: String, value: YAMLReader)] = []
        var seen: Set<String> = []
        for (keyNode, valueNode) in mapping {
            guard case .scalar(let scalar) = keyNode else {
                throw YAMLReader(file: file, node: keyNode, keyPath: keyPath).fail("keys must be plain strings")
            }
            let key = scalar.string
            let keyReader = YAMLReader(file: file, node: keyNode, keyPath: keyPath)
            if let allowed, !allowed.contains(key) {
                throw keyReader.fail("unknown key \"\(key)\" (allowed: \(allowed.joined(separator: ", ")))")
            }
            if !seen.insert(key).inserted { throw keyReader.fail("the key \"\(key)\" appears twice") }
            result.append((key, child(valueNode, key: key)))
        }
        return result
    }

    /// A mapping's value for `key`, if present.
    func optional(_ key: String, in members: [(key: String, value: YAMLReader)]) -> YAMLReader? {
        members.first { $0.key == key }?.value
    }

    func required(_ key: String, in members: [(key: String, value: YAMLReader)]) throws(ConfigurationError) -> YAMLReader {
        guard let value = optional(key, in: members) else { throw fail("missing required key \"\(key)\"") }
        return value
    }

    // MARK: Scalars

    func string() throws(ConfigurationError) -> String {
        guard case .scalar(let scalar) = node else { throw fail("expected a string, found \(kind)") }
        return scalar.string
    }

    func nonEmptyString() throws(ConfigurationError) -> String {
        let value = try string()
        guard !value.trimmingCharacters(in: .whitespaces).isEmpty else { throw fail("expected a non-empty string") }
        return value
    }

    /// A boolean as YAML 1.1 spells one (`true`, `yes`, `on`, `false`, `no` or `off`, lower case, capitalized or in
    /// capitals) in a plain scalar, or one tagged `!!bool`; not a quoted one, nor one tagged `!!str`.
    func bool() throws(ConfigurationError) -> Bool {
        guard case .scalar(let scalar) = node, let value = Self.yaml11Boolean(scalar) else {
            throw fail("expected true or false, found \(kind)")
        }
        return value
    }

    static func yaml11Boolean(_ scalar: Node.Scalar) -> Bool? {
        switch scalar.tag.description {
        case Tag.Name.implicit.rawValue where scalar.style == .plain:
            switch scalar.string {
            case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON": return true
            case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF": return false
            default: return nil
            }
        case Tag.Name.bool.rawValue:
            switch scalar.string.lowercased() {
            case "true", "yes", "on": return true
            case "false", "no", "off": return false
            default: return nil
            }
        default:
            return nil
        }
    }

    /// A boolean of YAML 1.2's core schema: `true` or `false`, capitalized or in capitals.
    static func coreBoolean(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    // Numbers are read here, never with Yams's `Node.int`: it reads YAML 1.1's base-60 integers
    // (`22:222222222222:222`) with arithmetic that traps on overflow (the config fuzzer found it).

    func int() throws(ConfigurationError) -> Int {
        guard case .scalar(let scalar) = node, let value = Int(scalar.string.trimmingCharacters(in: .whitespaces)) else {
            throw fail("expected an integer, found \(kind)")
        }
        return value
    }

    /// A number (an integer or a decimal such as `1.5`), written as JSON writes one.
    func number() throws(ConfigurationError) -> Double {
        guard case .scalar(let scalar) = node,
            case .number(let number)? = try? JSONReader.parse(scalar.string.trimmingCharacters(in: .whitespaces)),
            let value = number.doubleValue, value.isFinite
        else { throw fail("expected a number, found \(kind)") }
        return value
    }

    func url() throws(ConfigurationError) -> URL {
        let text = try nonEmptyString()
        guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme.lowercased()), url.host != nil else {
            throw fail("expected an http(s) URL, found \"\(text)\"")
        }
        return url
    }

    func stringList() throws(ConfigurationError) -> [String] {
        guard case .sequence(let sequence) = node else { throw fail("expected a list of strings, found \(kind)") }
        var result: [String] = []
        for (index, item) in sequence.enumerated() {
            result.append(try child(item, key: "\(index)").string())
        }
        return result
    }

    func list() throws(ConfigurationError) -> [YAMLReader] {
        guard case .sequence(let sequence) = node else { throw fail("expected a list, found \(kind)") }
        return zip(0..., sequence).map { child($0.1, key: "\($0.0)") }
    }

    func stringMap() throws(ConfigurationError) -> [(String, String)] {
        var result: [(String, String)] = []
        for (key, value) in try mapping(allowed: nil) { result.append((key, try value.string())) }
        return result
    }

    /// Any YAML value as JSON: plain scalars by their type in YAML 1.2's core schema, as OpenAPI asks (numbers keep
    /// their spelling). Only `true` and `false` are booleans: YAML 1.1's `yes`, `no`, `on` and `off`, which Yams reads
    /// as booleans, are strings (DigitalOcean's droplet `status` is one of `new`, `active`, `off` and `archive`).
    package func json() throws(ConfigurationError) -> JSONValue {
        switch node {
        case .scalar(let scalar):
            if scalar.style != .plain { return .string(scalar.string) }
            if node.null != nil { return .null }
            if let bool = Self.coreBoolean(scalar.string) { return .bool(bool) }
            if let number = try? JSONReader.parse(scalar.string), case .number = number {
                return number
            }
            return .string(scalar.string)
        case .sequence:
            var items: [JSONValue] = []
            for item in try list() { items.append(try item.json()) }
            return .array(items)
        case .mapping:
            var members: [JSONObject.Member] = []
            for (key, value) in try mapping(allowed: nil) { members.append(.init(key: key, value: try value.json())) }
            return .object(JSONObject(members))
        case .alias:
            throw fail("YAML aliases are not supported here")
        }
    }
}
