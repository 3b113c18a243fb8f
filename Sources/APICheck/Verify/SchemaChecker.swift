import Foundation
import WireFormat

/// Checks one JSON value against a compiled schema, collecting findings with `*` for array items.
struct SchemaChecker {
    struct Raw {
        var rule: RuleID
        var pointer: String
        var concrete: String
        var expected: String
        var found: String
    }

    var findings: [Raw] = []
    /// The path to the value being checked; turned into pointers only when there is a finding.
    private var path: [Token] = []
    let keyCase: KeyCase?
    let strict: Bool
    /// Whether the body is a form (values are strings; numbers and booleans are checked as text).
    let formValues: Bool

    init(keyCase: KeyCase?, strict: Bool, formValues: Bool = false) {
        self.keyCase = keyCase
        self.strict = strict
        self.formValues = formValues
    }

    enum Token {
        case key(String)
        case index(Int)
        /// A value of a map (additionalProperties): reported as `*`, located by its key.
        case mapKey(String)
    }

    /// The base pointer the checked value sits at (a parameter's `/query/name`), before the path.
    var basePointer = ""

    mutating func add(_ rule: RuleID, expected: String, found: String, extraKey: String? = nil) {
        var pointer = basePointer
        var concrete = ""
        for token in path {
            switch token {
            case .key(let key):
                pointer += "/" + Self.escape(key)
                concrete += "/" + Self.escape(key)
            case .index(let index):
                pointer += "/*"
                concrete += "/\(index)"
            case .mapKey(let key):
                pointer += "/*"
                concrete += "/" + Self.escape(key)
            }
        }
        if let extraKey {
            pointer += "/" + Self.escape(extraKey)
            concrete += "/" + Self.escape(extraKey)
        }
        findings.append(Raw(rule: rule, pointer: pointer, concrete: concrete, expected: expected, found: found))
    }

    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return "a boolean (\(flag))"
        case .number(let number): return "\(number.isInteger ? "an integer" : "a number") (\(number.literal))"
        case .string(let text): return "a string (\"\(text.count > 40 ? String(text.prefix(40)) + "..." : text)\")"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// Whether `value` has one of the schema's types (`integer` also counts as `number`).
    func typeMatches(_ value: JSONValue, _ schema: CompiledSchema) -> Bool {
        let types = schema.mask
        if types.isEmpty { return true }
        switch value {
        case .null: return types.contains(.null)
        case .bool: return types.contains(.boolean) || (formValues && types.contains(.string))
        case .number(let number):
            return types.contains(.number) || (types.contains(.integer) && (number.isInteger || (number.doubleValue.map { $0 == $0.rounded() } ?? false)))
        case .string(let text):
            if types.contains(.string) { return true }
            // Form fields and query items are text: "3" satisfies an integer schema there.
            if formValues {
                if types.contains(.integer), Int(text) != nil { return true }
                if types.contains(.number), Double(text) != nil { return true }
                if types.contains(.boolean), text == "true" || text == "false" { return true }
            }
            return false
        case .array: return types.contains(.array)
        case .object: return types.contains(.object)
        }
    }

    mutating func check(_ value: JSONValue, _ schema: CompiledSchema, keyCase inherited: KeyCase?) {
        let keyCase = schema.keyCase ?? inherited
        if !typeMatches(value, schema) {
            if value.isNull {
                add("field.null", expected: schema.expectedDescription, found: "null")
            } else if (value.arrayValue != nil && schema.mask.contains(.object)) || (value.objectValue != nil && schema.mask.contains(.array)) {
                let expected = schema.mask.contains(.array) ? "an array (list endpoint)" : "an object (single item)"
                let found = value.arrayValue != nil ? "an array" : "an object"
                add("shape.list-vs-single", expected: expected, found: found)
            } else {
                add("shape.type", expected: schema.expectedDescription, found: Self.describe(value))
            }
            return
        }
        if let allowed = schema.allowedValues, !value.isNull, !allowed.contains(where: { $0.isEquivalent(to: value) || (formValues && $0.stringValue == value.stringValue) }) {
            let list = allowed.map { JSONWriter.compact($0) }.joined(separator: ", ")
            add("enum.value", expected: allowed.count == 1 ? JSONWriter.compact(allowed[0]) : "one of \(list)", found: Self.describe(value))
        }
        for sub in schema.allOf { check(value, sub, keyCase: keyCase) }
        if !schema.oneOf.isEmpty || !schema.anyOf.isEmpty {
            let options = schema.oneOf.isEmpty ? schema.anyOf : schema.oneOf
            var matching = 0
            for option in options {
                var probe = SchemaChecker(keyCase: keyCase, strict: strict, formValues: formValues)
                probe.check(value, option, keyCase: keyCase)
                if probe.findings.allSatisfy({ $0.rule == "field.added" }) { matching += 1 }
            }
            if matching == 0 || (!schema.oneOf.isEmpty && matching > 1) {
                add("schema.oneof", expected: "\(schema.oneOf.isEmpty ? "any" : "exactly one") of \(options.count) schemas", found: "\(matching) matching")
            }
        }
        switch value {
        case .string(let text):
            checkString(text, schema)
        case .object(let object):
            checkObject(object, schema, keyCase: keyCase)
        case .array(let items):
            if let itemSchema = schema.items {
                for (index, item) in items.enumerated() {
                    path.append(.index(index))
                    check(item, itemSchema, keyCase: keyCase)
                    path.removeLast()
                }
            } else if let keyCase {
                for (index, item) in items.enumerated() {
                    path.append(.index(index))
                    checkKeys(item, keyCase)
                    path.removeLast()
                }
            }
        default:
            break
        }
    }

    mutating func checkString(_ text: String, _ schema: CompiledSchema) {
        if let minLength = schema.minLength, text.count < minLength {
            add("schema.pattern", expected: "at least \(minLength) character\(minLength == 1 ? "" : "s")", found: Self.describe(.string(text)))
        }
        if let regex = schema.regex, regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil {
            add("schema.pattern", expected: "a string matching \(schema.pattern ?? "")", found: Self.describe(.string(text)))
        }
        switch schema.formatKind {
        case .dateTime:
            do {
                let stamp = try ISO8601Timestamp(parsing: text)
                if let form = schema.dateForm {
                    if stamp.wireForm.fractionDigits != form.fractionDigits {
                        add("date.precision", expected: "\(form.fractionDigits) fraction digits (\(stamp.formatted(as: form)))", found: "\(stamp.wireForm.fractionDigits) (\(text))")
                    }
                    if stamp.wireForm.offset != form.offset {
                        add("date.offset", expected: "offset \(form.offset)", found: "\(stamp.wireForm.offset) (\(text))")
                    }
                }
            } catch {
                add("date.format", expected: "an ISO-8601 date-time", found: "\"\(text)\": \(error.reason)")
            }
        case .date:
            if (try? ISO8601Timestamp(parsing: text + "T00:00:00Z")) == nil {
                add("schema.format", expected: "a date (yyyy-MM-dd)", found: Self.describe(.string(text)))
            }
        case .uri:
            if URL(string: text)?.scheme == nil {
                add("schema.format", expected: "an absolute URI", found: Self.describe(.string(text)))
            }
        case .none, .other:
            break
        }
    }

    mutating func checkObject(_ object: JSONObject, _ schema: CompiledSchema, keyCase: KeyCase?) {
        let closed = schema.additionalAllowed == false
        let describesKeys = schema.mask.contains(.object) && !schema.properties.isEmpty || closed
        // Which declared properties were present, found in one pass over the members.
        var seen = [Bool](repeating: false, count: schema.properties.count)
        let declaredConform: [Bool]? = keyCase == .snakeCase ? schema.propertyIsSnakeCase : keyCase == .camelCase ? schema.propertyIsCamelCase : nil
        for (offset, member) in object.enumerated() {
            if let position = schema.propertyPosition(member.key, hint: offset) {
                seen[position] = true
                // A declared name's case was checked once, when the contract was compiled.
                if let keyCase, !(declaredConform?[position] ?? keyCase.matches(member.key)) {
                    add("key.case", expected: "a \(keyCase) key", found: "\"\(member.key)\"", extraKey: member.key)
                }
                path.append(.key(member.key))
                check(member.value, schema.propertySchemas[position], keyCase: keyCase)
                path.removeLast()
                continue
            }
            if let keyCase, !keyCase.matches(member.key) {
                add("key.case", expected: "a \(keyCase) key", found: "\"\(member.key)\"", extraKey: member.key)
            }
            if let additional = schema.additionalSchema {
                // Keys of a map (the field names of a validation error, say) are data, not names.
                path.append(.mapKey(member.key))
                check(member.value, additional, keyCase: keyCase)
                path.removeLast()
            } else if describesKeys {
                if closed || strict {
                    add("field.unexpected", expected: "no key \"\(member.key)\" (not in the contract)", found: Self.describe(member.value), extraKey: member.key)
                } else {
                    add("field.added", expected: "no key \"\(member.key)\" (not in the contract)", found: Self.describe(member.value), extraKey: member.key)
                }
                if let keyCase {
                    path.append(.key(member.key))
                    checkKeys(member.value, keyCase)
                    path.removeLast()
                }
            }
        }
        for (position, property) in schema.properties.enumerated() where schema.propertyIsRequired[position] && !seen[position] {
            add("field.missing", expected: "required key \"\(property.name)\" (\(property.schema.expectedDescription))", found: "no such key", extraKey: property.name)
        }
        for name in schema.undeclaredRequired where object[name] == nil {
            add("field.missing", expected: "required key \"\(name)\"", found: "no such key", extraKey: name)
        }
    }

    /// Key case inside values the schema does not describe.
    mutating func checkKeys(_ value: JSONValue, _ keyCase: KeyCase) {
        switch value {
        case .object(let object):
            for member in object {
                if !keyCase.matches(member.key) {
                    add("key.case", expected: "a \(keyCase) key", found: "\"\(member.key)\"", extraKey: member.key)
                }
                path.append(.key(member.key))
                checkKeys(member.value, keyCase)
                path.removeLast()
            }
        case .array(let items):
            for (index, item) in items.enumerated() {
                path.append(.index(index))
                checkKeys(item, keyCase)
                path.removeLast()
            }
        default:
            break
        }
    }

    static func escape(_ key: String) -> String {
        key.contains("~") || key.contains("/") ? key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") : key
    }
}
