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
    let keyCase: KeyCase?
    let strict: Bool
    /// Whether the body is a form (values are strings; numbers and booleans are checked as text).
    let formValues: Bool

    init(keyCase: KeyCase?, strict: Bool, formValues: Bool = false) {
        self.keyCase = keyCase
        self.strict = strict
        self.formValues = formValues
    }

    mutating func add(_ rule: RuleID, _ pointer: String, _ concrete: String, expected: String, found: String) {
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

    /// Whether `value` has one of `types` (`integer` also counts as `number`).
    func typeMatches(_ value: JSONValue, _ types: Set<String>) -> Bool {
        if types.isEmpty { return true }
        switch value {
        case .null: return types.contains("null")
        case .bool: return types.contains("boolean") || (formValues && types.contains("string"))
        case .number(let number):
            return types.contains("number") || (types.contains("integer") && (number.isInteger || (number.doubleValue.map { $0 == $0.rounded() } ?? false)))
        case .string(let text):
            if types.contains("string") { return true }
            // Form fields and query items are text: "3" satisfies an integer schema there.
            if formValues {
                if types.contains("integer"), Int(text) != nil { return true }
                if types.contains("number"), Double(text) != nil { return true }
                if types.contains("boolean"), text == "true" || text == "false" { return true }
            }
            return false
        case .array: return types.contains("array")
        case .object: return types.contains("object")
        }
    }

    mutating func check(_ value: JSONValue, _ schema: CompiledSchema, pointer: String, concrete: String, keyCase inherited: KeyCase?) {
        let keyCase = schema.keyCase ?? inherited
        if !typeMatches(value, schema.types) {
            if value.isNull {
                add("field.null", pointer, concrete, expected: schema.expectedDescription, found: "null")
            } else if (value.arrayValue != nil && schema.types.contains("object")) || (value.objectValue != nil && schema.types.contains("array")) {
                let expected = schema.types.contains("array") ? "an array (list endpoint)" : "an object (single item)"
                let found = value.arrayValue != nil ? "an array" : "an object"
                add("shape.list-vs-single", pointer, concrete, expected: expected, found: found)
            } else {
                add("shape.type", pointer, concrete, expected: schema.expectedDescription, found: Self.describe(value))
            }
            return
        }
        if let allowed = schema.allowedValues, !value.isNull, !allowed.contains(where: { $0.isEquivalent(to: value) || (formValues && $0.stringValue == value.stringValue) }) {
            let list = allowed.map { JSONWriter.compact($0) }.joined(separator: ", ")
            add("enum.value", pointer, concrete, expected: allowed.count == 1 ? JSONWriter.compact(allowed[0]) : "one of \(list)", found: Self.describe(value))
        }
        for sub in schema.allOf { check(value, sub, pointer: pointer, concrete: concrete, keyCase: keyCase) }
        if !schema.oneOf.isEmpty || !schema.anyOf.isEmpty {
            let options = schema.oneOf.isEmpty ? schema.anyOf : schema.oneOf
            var matching = 0
            for option in options {
                var probe = SchemaChecker(keyCase: keyCase, strict: strict, formValues: formValues)
                probe.check(value, option, pointer: pointer, concrete: concrete, keyCase: keyCase)
                if probe.findings.allSatisfy({ $0.rule == "field.added" }) { matching += 1 }
            }
            if matching == 0 || (!schema.oneOf.isEmpty && matching > 1) {
                add("schema.oneof", pointer, concrete, expected: "\(schema.oneOf.isEmpty ? "any" : "exactly one") of \(options.count) schemas", found: "\(matching) matching")
            }
        }
        switch value {
        case .string(let text):
            checkString(text, schema, pointer: pointer, concrete: concrete)
        case .object(let object):
            checkObject(object, schema, pointer: pointer, concrete: concrete, keyCase: keyCase)
        case .array(let items):
            if let itemSchema = schema.items {
                let itemPointer = pointer + "/*"
                for (index, item) in items.enumerated() {
                    check(item, itemSchema, pointer: itemPointer, concrete: concrete + "/\(index)", keyCase: keyCase)
                }
            } else if let keyCase {
                for (index, item) in items.enumerated() { checkKeys(item, keyCase, pointer: pointer + "/*", concrete: concrete + "/\(index)") }
            }
        default:
            break
        }
    }

    mutating func checkString(_ text: String, _ schema: CompiledSchema, pointer: String, concrete: String) {
        if let minLength = schema.minLength, text.count < minLength {
            add("schema.pattern", pointer, concrete, expected: "at least \(minLength) character\(minLength == 1 ? "" : "s")", found: Self.describe(.string(text)))
        }
        if let regex = schema.regex, regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil {
            add("schema.pattern", pointer, concrete, expected: "a string matching \(schema.pattern ?? "")", found: Self.describe(.string(text)))
        }
        switch schema.format {
        case "date-time"?:
            do {
                let stamp = try ISO8601Timestamp(parsing: text)
                if let form = schema.dateForm {
                    if stamp.wireForm.fractionDigits != form.fractionDigits {
                        add("date.precision", pointer, concrete, expected: "\(form.fractionDigits) fraction digits (\(stamp.formatted(as: form)))", found: "\(stamp.wireForm.fractionDigits) (\(text))")
                    }
                    if stamp.wireForm.offset != form.offset {
                        add("date.offset", pointer, concrete, expected: "offset \(form.offset)", found: "\(stamp.wireForm.offset) (\(text))")
                    }
                }
            } catch {
                add("date.format", pointer, concrete, expected: "an ISO-8601 date-time", found: "\"\(text)\": \(error.reason)")
            }
        case "date"?:
            if (try? ISO8601Timestamp(parsing: text + "T00:00:00Z")) == nil {
                add("schema.format", pointer, concrete, expected: "a date (yyyy-MM-dd)", found: Self.describe(.string(text)))
            }
        case "uri"?:
            if URL(string: text)?.scheme == nil {
                add("schema.format", pointer, concrete, expected: "an absolute URI", found: Self.describe(.string(text)))
            }
        default:
            break
        }
    }

    mutating func checkObject(_ object: JSONObject, _ schema: CompiledSchema, pointer: String, concrete: String, keyCase: KeyCase?) {
        for name in schema.required where object[name] == nil {
            let declared = schema.property(name)
            add("field.missing", pointer + "/" + Self.escape(name), concrete + "/" + Self.escape(name), expected: "required key \"\(name)\"\(declared.map { " (\($0.expectedDescription))" } ?? "")", found: "no such key")
        }
        for member in object {
            let escaped = Self.escape(member.key)
            let childPointer = pointer + "/" + escaped
            let childConcrete = concrete + "/" + escaped
            if let keyCase, !keyCase.matches(member.key) {
                add("key.case", childPointer, childConcrete, expected: "a \(keyCase) key", found: "\"\(member.key)\"")
            }
            if let sub = schema.property(member.key) {
                check(member.value, sub, pointer: childPointer, concrete: childConcrete, keyCase: keyCase)
            } else if let additional = schema.additionalSchema {
                // Keys of a map (field names of a validation error, say) are data, not names: no key-case check inside.
                check(member.value, additional, pointer: pointer + "/*", concrete: childConcrete, keyCase: keyCase)
            } else if schema.types.contains("object") && !schema.properties.isEmpty || schema.additionalAllowed == false {
                if schema.additionalAllowed == false || strict {
                    add("field.unexpected", childPointer, childConcrete, expected: "no key \"\(member.key)\" (not in the contract)", found: Self.describe(member.value))
                } else {
                    add("field.added", childPointer, childConcrete, expected: "no key \"\(member.key)\" (not in the contract)", found: Self.describe(member.value))
                }
                if let keyCase { checkKeys(member.value, keyCase, pointer: childPointer, concrete: childConcrete) }
            }
        }
    }

    /// Key case inside values the schema does not describe.
    mutating func checkKeys(_ value: JSONValue, _ keyCase: KeyCase, pointer: String, concrete: String) {
        switch value {
        case .object(let object):
            for member in object {
                let escaped = Self.escape(member.key)
                if !keyCase.matches(member.key) {
                    add("key.case", pointer + "/" + escaped, concrete + "/" + escaped, expected: "a \(keyCase) key", found: "\"\(member.key)\"")
                }
                checkKeys(member.value, keyCase, pointer: pointer + "/" + escaped, concrete: concrete + "/" + escaped)
            }
        case .array(let items):
            for (index, item) in items.enumerated() { checkKeys(item, keyCase, pointer: pointer + "/*", concrete: concrete + "/\(index)") }
        default:
            break
        }
    }

    static func escape(_ key: String) -> String {
        key.contains("~") || key.contains("/") ? key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") : key
    }
}
