import APICheckRecording
import Foundation
import WireFormat

/// Checks one JSON value against a compiled schema, collecting findings with `*` for array items.
///
/// Key case and extra keys are judged once per object, over every schema that applied to it
/// (`allOf`, `$ref`, the branch of `oneOf` that matched, ...): a key that one `allOf` member
/// declares is not "added" because another does not.
package struct SchemaChecker {
    package struct Raw {
        package var rule: RuleID
        package var pointer: String
        package var concrete: String
        package var expected: String
        package var found: String
        /// Whether the finding makes the value invalid where a branch is chosen (`oneOf`, `not`, `if`): a key the
        /// contract does not list does not, even where `--strict` reports it as unexpected.
        var decides = true
        /// Where this finding is a branch's failure (`if`, `oneOf`, `dependentSchemas`, ...): the branch's first problem,
        /// at a place relative to this finding's value; empty otherwise.
        var cause: [Raw] = []

        /// The problem at the bottom of this finding's causes, at its own place: where a value is wrong, rather than the
        /// branch above it that failed (a document's structure error names the key that breaks it).
        package var deepest: Raw {
            guard let cause = cause.first else { return self }
            var inner = cause.deepest
            inner.pointer = pointer + inner.pointer
            inner.concrete = concrete + inner.concrete
            return inner
        }
    }

    package var findings: [Raw] = []
    /// Where the value being checked is.
    private var path = FindingPath()
    let strict: Bool
    /// Whether the body is a form or a parameter (values are strings; numbers and booleans are read from the text).
    let formValues: Bool
    /// How many schemas are being applied at once (a recursive `$ref` that never descends is stopped).
    private var depth = 0
    /// Whether this checker only decides a branch: it stops at the first finding that decides.
    private var probing = false
    /// Whether a probing checker writes the finding it stops at (to explain why a branch failed); without it, a
    /// failing branch costs no text at all.
    private var explaining = false
    /// Whether a probing checker has met its first deciding finding.
    private var stopped = false
    /// Whether an explaining probe goes on past its first deciding finding, and explains a branch's failure by the one
    /// that goes deepest into the value (``Prober/failure(_:_:keyCase:)``): a document's structure error names the key
    /// that is wrong (`/responses/2O0`), not the first keyword of the branch that failed (`default` missing).
    let thorough: Bool
    /// Whether a thorough explaining probe met a deciding finding.
    private var failed = false
    /// Whether findings that do not make a value invalid (``isSoft(_:)``: extra keys, key case) are looked for: a caller
    /// that keeps only what decides (a document's structure, a standalone schema's problems) has no object's keys
    /// judged at all.
    let judgesKeys: Bool
    static let maximumDepth = 400

    package init(strict: Bool, formValues: Bool = false, thorough: Bool = false, judgesKeys: Bool = true) {
        self.strict = strict
        self.formValues = formValues
        self.thorough = thorough
        self.judgesKeys = judgesKeys
    }

    /// The base pointer the checked value sits at (a parameter's `/query/name`), before the path.
    package var basePointer = ""

    /// What the schemas applied to one object said about its keys.
    struct ObjectEvaluation {
        /// Keys some applied schema declared (by `properties`, `patternProperties` or `additionalProperties`).
        var names: Set<String> = []
        /// Whether some applied schema listed keys (so that others count as added).
        var describesKeys = false
        /// Keys an applied schema's `required` names without declaring them (Box's shared link `accessed`): the contract
        /// names them, so they are not reported as added, though they evaluate nothing (`unevaluatedProperties`).
        var requiredNames: Set<String> = []
        /// Whether some applied schema described the array's items.
        var describesItems = false
        var keyCase: KeyCase?
        /// How many leading items of an array some applied schema evaluated (`prefixItems`; `Int.max` after `items`).
        var evaluatedPrefix = 0
        /// Items some applied `contains` matched.
        var evaluatedIndices: Set<Int> = []
        /// What the schemas applied in place gave each member that is an object or an array (each item, for an
        /// array), kept for the owner to judge together: a key that one `allOf` part's `metrics` declares is not
        /// added because another part's `metrics` does not declare it. Empty where one schema owns the value.
        var members: [String: ObjectEvaluation] = [:]
        var items: [Int: ObjectEvaluation] = [:]
        /// Whether a member's value was described by name (`properties`), not only as a map's value.
        var byName = false

        /// Adds what a subschema applied to the same value, and valid there, evaluated.
        mutating func merge(_ other: ObjectEvaluation) {
            names.formUnion(other.names)
            requiredNames.formUnion(other.requiredNames)
            describesKeys = describesKeys || other.describesKeys
            describesItems = describesItems || other.describesItems
            evaluatedPrefix = max(evaluatedPrefix, other.evaluatedPrefix)
            evaluatedIndices.formUnion(other.evaluatedIndices)
            byName = byName || other.byName
            Self.merge(other.members, into: &members)
            Self.merge(other.items, into: &items)
        }

        private static func merge<Key>(_ other: [Key: ObjectEvaluation], into children: inout [Key: ObjectEvaluation]) {
            if children.isEmpty {
                children = other
                return
            }
            for (key, child) in other {
                children[key, default: ObjectEvaluation()].mergeChild(child)
            }
        }

        /// Adds what another part said of the same member: its key case too, where this one has none in force.
        private mutating func mergeChild(_ other: ObjectEvaluation) {
            merge(other)
            if keyCase == nil { keyCase = other.keyCase }
        }
    }

    /// Findings that do not make a value invalid: they are reported, but do not decide `oneOf`, `not` or `if`.
    package static func isSoft(_ rule: RuleID) -> Bool { rule == .fieldAdded || rule == .keyCase }

    /// Adds a finding here. The texts are built only when it is kept: a branch being decided throws its first away.
    mutating func add(
        _ rule: RuleID, expected: @autoclosure () -> String, found: @autoclosure () -> String, extraKey: String? = nil,
        decides: Bool? = nil
    ) {
        let decides = decides ?? !Self.isSoft(rule)
        guard keeps(deciding: decides) else { return }
        let (pointer, concrete) = path.pointers(base: basePointer, extraKey: extraKey)
        findings.append(Raw(rule: rule, pointer: pointer, concrete: concrete, expected: expected(), found: found(), decides: decides))
    }

    /// Adds a branch's failure here: `found` is what comes before the failure's explanation, which is built (with the
    /// problem that caused it, ``Raw/cause``) only when the finding is kept.
    mutating func add(
        _ rule: RuleID, expected: @autoclosure () -> String, found: @autoclosure () -> String = "",
        failure: @autoclosure () -> Failure, extraKey: String? = nil
    ) {
        guard keeps(deciding: true) else { return }
        let (pointer, concrete) = path.pointers(base: basePointer, extraKey: extraKey)
        let failure = failure()
        findings.append(
            Raw(
                rule: rule, pointer: pointer, concrete: concrete, expected: expected(), found: found() + failure.text,
                cause: failure.problem.map { [$0] } ?? []))
    }

    /// Whether a finding is kept: a probe stops at its first finding that decides, and keeps it only when explaining.
    private mutating func keeps(deciding decides: Bool) -> Bool {
        if stopped || !(decides || judgesKeys) { return false }
        if probing, decides {
            if thorough && explaining {
                failed = true
                return true
            }
            stopped = true
            return explaining
        }
        return true
    }

    package static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return "a boolean (\(flag))"
        case .number(let number): return "\(number.isInteger ? "an integer" : "a number") (\(number.literal))"
        case .string(let text): return "a string (\"\(text.count > 40 ? String(text.prefix(40)) + "..." : text)\")"
        case .array(let items): return "an array (\(items.count) item\(items.count == 1 ? "" : "s"))"
        case .object: return "an object"
        }
    }

    // MARK: Entry

    /// Checks `value`, a value of its own (a body, a member, an item), against `schema`.
    package mutating func check(_ value: JSONValue, _ schema: CompiledSchema, keyCase inherited: KeyCase?) {
        var evaluation = ObjectEvaluation()
        apply(value, schema, keyCase: inherited, owner: true, evaluation: &evaluation)
    }

    /// What applying a branch to a value found: whether it is valid (no finding decides), what it evaluated, its
    /// findings (every one when valid, at places relative to the value), and, when explaining, the first that decides.
    struct Probe {
        var valid: Bool
        var problem: Raw?
        var evaluation: ObjectEvaluation
        var findings: [Raw]
    }

    /// Applies `schema` to `value` on a checker of its own that stops at the first finding that decides: a branch
    /// that fails costs up to its first failure (and no text unless `explaining`), and a branch that matches is
    /// applied once, its findings kept (applying it again for real made nested `oneOf`s cost 2^depth).
    func probe(_ value: JSONValue, _ schema: CompiledSchema, keyCase: KeyCase?, explaining: Bool = false) -> Probe {
        prober.probe(value, schema, keyCase: keyCase, explaining: explaining)
    }

    /// What a probe of this checker needs, apart from the checker (a finding's text, built only when kept, explains
    /// a failure with it while the checker is being changed).
    struct Prober {
        let strict: Bool
        let formValues: Bool
        let thorough: Bool
        let judgesKeys: Bool
        let depth: Int

        func probe(_ value: JSONValue, _ schema: CompiledSchema, keyCase: KeyCase?, explaining: Bool) -> Probe {
            var checker = SchemaChecker(strict: strict, formValues: formValues, thorough: thorough, judgesKeys: judgesKeys)
            checker.depth = depth
            checker.probing = true
            checker.explaining = explaining
            var evaluation = ObjectEvaluation()
            checker.apply(value, schema, keyCase: keyCase, owner: false, evaluation: &evaluation)
            let deciding = checker.findings.lazy.filter(\.decides)
            let problem = thorough && explaining ? deciding.max(by: Self.shallower) : deciding.first
            return Probe(
                valid: !checker.stopped && !checker.failed, problem: problem, evaluation: evaluation, findings: checker.findings)
        }

        /// Whether `one` explains a failure less well than `other`: its deepest problem is nearer the value's root, or
        /// as near and a key missing where the other is a key present that does not belong (the line of a key written
        /// says more than the object around a key that is not); of equals, the first.
        static func shallower(_ one: Raw, _ other: Raw) -> Bool {
            let (first, second) = (one.deepest, other.deepest)
            let (depth, otherDepth) = (
                first.concrete.utf8.count(where: { $0 == UInt8(ascii: "/") }),
                second.concrete.utf8.count(where: { $0 == UInt8(ascii: "/") })
            )
            if depth != otherDepth { return depth < otherDepth }
            return first.rule == .fieldMissing && second.rule == .fieldUnexpected
        }

        /// Why `schema` does not take `value`: its first problem, at a place relative to the value.
        func failure(_ value: JSONValue, _ schema: CompiledSchema, keyCase: KeyCase?) -> Failure {
            let problem = probe(value, schema, keyCase: keyCase, explaining: true).problem
            return Failure(text: SchemaChecker.explain(problem), problem: problem)
        }
    }

    /// Why a branch does not take a value: the explanation, and the problem it explains.
    struct Failure {
        let text: String
        let problem: Raw?
    }

    var prober: Prober { Prober(strict: strict, formValues: formValues, thorough: thorough, judgesKeys: judgesKeys, depth: depth) }

    static func explain(_ problem: Raw?) -> String {
        guard let problem else { return "it matched" }
        let at = problem.concrete.isEmpty ? "" : " at \(problem.concrete)"
        return "\(problem.found)\(at), where \(problem.expected) was expected (\(problem.rule))"
    }

    /// Applies `schema` to `value`. The `owner` (the first schema applied to a value) also judges key case
    /// and extra keys, over everything the schemas applied in place (`allOf`, `$ref`, ...) evaluated.
    mutating func apply(
        _ value: JSONValue, _ schema: CompiledSchema, keyCase inherited: KeyCase?, owner: Bool, evaluation: inout ObjectEvaluation
    ) {
        if stopped { return }
        depth += 1
        defer { depth -= 1 }
        guard depth < Self.maximumDepth else {
            add(
                .schemaRef, expected: "a schema that reaches a check within \(Self.maximumDepth) levels",
                found: "a $ref cycle at \(schema.location)")
            return
        }
        if schema.isFalse {
            add(
                .schemaFalse, expected: "nothing (the schema at \(schema.location.isEmpty ? "/" : schema.location) is false)",
                found: Self.describe(value))
            return
        }
        let keyCase = schema.keyCase ?? inherited
        if evaluation.keyCase == nil { evaluation.keyCase = schema.keyCase }
        // A form value read as another type is checked as that value; any other value is checked as it is,
        // without a copy (this runs for every value of every body).
        switch typeMatch(value, schema) {
        case .matches:
            applyMatched(value, schema, keyCase: keyCase, inherited: inherited, owner: owner, evaluation: &evaluation)
        case .matchesAs(let converted):
            applyMatched(converted, schema, keyCase: keyCase, inherited: inherited, owner: owner, evaluation: &evaluation)
        case .differs:
            reportTypeMismatch(value, schema)
        }
    }

    private mutating func reportTypeMismatch(_ value: JSONValue, _ schema: CompiledSchema) {
        if value.isNull {
            add(.fieldNull, expected: schema.expectedDescription, found: "null")
        } else if (value.arrayValue != nil && schema.mask.contains(.object)) || (value.objectValue != nil && schema.mask.contains(.array)) {
            let expected = schema.mask.contains(.array) ? "an array (list endpoint)" : "an object (single item)"
            let found = value.arrayValue != nil ? "an array" : "an object"
            add(.shapeListVsSingle, expected: expected, found: found)
        } else {
            add(.shapeType, expected: schema.expectedDescription, found: Self.describe(value))
        }
    }

    /// The checks of a value whose type the schema allows.
    private mutating func applyMatched(
        _ value: JSONValue, _ schema: CompiledSchema, keyCase: KeyCase?, inherited: KeyCase?, owner: Bool,
        evaluation: inout ObjectEvaluation
    ) {
        checkValues(value, schema)
        if case .object(let object) = value, schema.judgesUnevaluatedProperties {
            checkUnevaluatedProperties(object, schema, keyCase: keyCase, inherited: inherited, owner: owner, evaluation: &evaluation)
            return
        }
        if case .array(let items) = value, schema.judgesUnevaluatedItems {
            checkUnevaluatedItems(items, schema, keyCase: keyCase, owner: owner, evaluation: &evaluation)
            return
        }
        let inPlace = owner && schema.hasInPlaceApplicators
        switch value {
        case .string(let text):
            checkString(text, schema)
        case .number(let number):
            checkNumber(number, schema)
        case .object(let object):
            checkObject(object, schema, keyCase: keyCase, owner: owner && !inPlace, evaluation: &evaluation)
        case .array(let items):
            checkArray(items, schema, keyCase: keyCase, owner: owner && !inPlace, evaluation: &evaluation)
        default:
            break
        }
        if schema.hasInPlaceApplicators {
            applyInPlace(value, schema, keyCase: keyCase, evaluation: &evaluation)
            if owner { close(value, evaluation, keyCase: evaluation.keyCase ?? inherited) }
        }
    }

    /// `allOf`, `$ref`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else` and `dependentSchemas`: schemas applied to the same value.
    private mutating func applyInPlace(_ value: JSONValue, _ schema: CompiledSchema, keyCase: KeyCase?, evaluation: inout ObjectEvaluation)
    {
        if let reference = schema.reference {
            if let target = reference.target { apply(value, target, keyCase: keyCase, owner: false, evaluation: &evaluation) }
        }
        for sub in schema.allOf { apply(value, sub, keyCase: keyCase, owner: false, evaluation: &evaluation) }
        let nullable = schema.anyOf.count + schema.oneOf.count == 2 ? schema.nullableAlternative : nil
        if let other = nullable {
            // Null, or what `other` takes: `other` refuses null, so for any other value it alone decides.
            if !value.isNull { apply(value, other, keyCase: keyCase, owner: false, evaluation: &evaluation) }
        } else if !schema.anyOf.isEmpty {
            applyAnyOf(value, schema, keyCase: keyCase, evaluation: &evaluation)
        }
        if !schema.oneOf.isEmpty, nullable == nil { applyOneOf(value, schema, keyCase: keyCase, evaluation: &evaluation) }
        if let not = schema.not, probe(value, not, keyCase: keyCase).valid {
            add(
                .schemaNot, expected: "a value that does not match the schema at \(not.location)",
                found: Self.describe(value) + ", which matches it")
        }
        if let ifSchema = schema.ifSchema {
            let condition = probe(value, ifSchema, keyCase: keyCase)
            let branch = condition.valid ? schema.thenSchema : schema.elseSchema
            if condition.valid {
                evaluation.merge(condition.evaluation)
            }
            if let branch {
                let result = probe(value, branch, keyCase: keyCase)
                if result.valid {
                    keep(result, evaluation: &evaluation)
                } else {
                    let which = condition.valid ? "then (the if schema matched)" : "else (the if schema did not match)"
                    let prober = prober
                    add(.schemaIf, expected: "a value that matches \(which)", failure: prober.failure(value, branch, keyCase: keyCase))
                }
            }
        }
        if case .object(let object) = value {
            for (name, dependent) in schema.dependentSchemas where object[name] != nil {
                let result = probe(value, dependent, keyCase: keyCase)
                if result.valid {
                    keep(result, evaluation: &evaluation)
                } else {
                    let prober = prober
                    add(
                        .schemaDependentSchemas,
                        expected: "with \"\(name)\" present, a value that matches the schema at \(dependent.location)",
                        failure: prober.failure(value, dependent, keyCase: keyCase))
                }
            }
        }
    }

    /// A valid branch's findings and what it evaluated, as applying it in place would have added them.
    private mutating func keep(_ result: Probe, evaluation: inout ObjectEvaluation) {
        keep(result.findings)
        evaluation.merge(result.evaluation)
    }

    /// A valid branch's findings, moved from places relative to the value to where the value is.
    private mutating func keep(_ kept: [Raw]) {
        guard !kept.isEmpty, !stopped else { return }
        let (general, concrete) = path.pointers(base: basePointer)
        for var finding in kept {
            finding.pointer = general + finding.pointer
            finding.concrete = concrete + finding.concrete
            findings.append(finding)
        }
    }

    /// `anyOf`: every branch that matches adds what it evaluates; what the first reports within is reported.
    private mutating func applyAnyOf(_ value: JSONValue, _ schema: CompiledSchema, keyCase: KeyCase?, evaluation: inout ObjectEvaluation) {
        var first: Probe?
        for option in schema.anyOf {
            let result = probe(value, option, keyCase: keyCase)
            if result.valid {
                if first == nil { first = result }
                evaluation.merge(result.evaluation)
            }
        }
        if let first {
            keep(first.findings)
        } else {
            let prober = prober
            add(
                .schemaAnyOf, expected: "a value that matches at least one of \(schema.anyOf.count) schemas",
                found: "none matched; the first: ", failure: prober.failure(value, schema.anyOf[0], keyCase: keyCase))
        }
    }

    /// `oneOf`: exactly one branch matches, and it is applied.
    private mutating func applyOneOf(_ value: JSONValue, _ schema: CompiledSchema, keyCase: KeyCase?, evaluation: inout ObjectEvaluation) {
        var matching: [Int] = []
        var matched: Probe?
        for (index, option) in schema.oneOf.enumerated() {
            let result = probe(value, option, keyCase: keyCase)
            if result.valid {
                matching.append(index)
                matched = result
            }
        }
        if matching.count == 1, let matched {
            keep(matched, evaluation: &evaluation)
        } else if matching.isEmpty {
            let prober = prober
            add(
                .schemaOneOf, expected: "a value that matches exactly one of \(schema.oneOf.count) schemas",
                found: "none matched; the first: ", failure: prober.failure(value, schema.oneOf[0], keyCase: keyCase))
        } else {
            let which = matching.map { "#\($0 + 1)" }.joined(separator: ", ")
            add(
                .schemaOneOf, expected: "a value that matches exactly one of \(schema.oneOf.count) schemas",
                found: "\(matching.count) matched (\(which))\(Self.requiredByEach(matching.map { schema.oneOf[$0] }))")
        }
    }

    /// Where each of the branches that matched requires one key of its own (OpenAPI's parameter: `schema` or
    /// `content`, not both), which: `: the value has schema and content, and each of those branches requires one`.
    static func requiredByEach(_ branches: [CompiledSchema]) -> String {
        let names = branches.compactMap { $0.required.count == 1 ? $0.required[0] : nil }
        guard names.count == branches.count, Set(names).count == names.count else { return "" }
        let listed = names.dropLast().joined(separator: ", ") + (names.count > 2 ? ", and " : " and ") + (names.last ?? "")
        return ": the value has \(listed), and each of those branches requires one"
    }

    // MARK: Types and values

    enum TypeMatch {
        case matches
        /// A form field's text read as the type the schema wants.
        case matchesAs(JSONValue)
        case differs
    }

    /// Whether `value` has one of the schema's types (an integral number counts as an integer).
    /// A form field or parameter is text: when the schema wants no string, the text is read as that type.
    func typeMatch(_ value: JSONValue, _ schema: CompiledSchema) -> TypeMatch {
        let types = schema.mask
        guard formValues, case .string(let text) = value, !types.isEmpty, !types.contains(.string) else {
            return types.admits(value) ? .matches : .differs
        }
        if types.contains(.boolean), text == "true" || text == "false" {
            return .matchesAs(.bool(text == "true"))
        }
        if types.contains(.integer) || types.contains(.number), let number = try? JSONReader.parse(text), case .number(let parsed) = number
        {
            if types.contains(.number) || (parsed.exact?.isInteger ?? false) {
                return .matchesAs(number)
            }
        }
        if types.contains(.null), text.isEmpty {
            return .matchesAs(.null)
        }
        return .differs
    }

    /// `enum` and `const`: compared as JSON (numbers by value, key order ignored).
    mutating func checkValues(_ value: JSONValue, _ schema: CompiledSchema) {
        func matches(_ allowed: JSONValue) -> Bool {
            if allowed.isEquivalent(to: value) { return true }
            // A form field is text: `3` in the contract matches "3" on the wire.
            if formValues, case .string(let text) = value { return allowed.stringValue == text || JSONWriter.compact(allowed) == text }
            return false
        }
        if let allowed = schema.enumValues, !allowed.contains(where: matches) {
            add(
                .enumValue,
                expected: allowed.count == 1
                    ? JSONWriter.compact(allowed[0]) : "one of " + allowed.map { JSONWriter.compact($0) }.joined(separator: ", "),
                found: Self.describe(value))
        }
        if let constant = schema.constValue, !matches(constant) {
            add(.enumValue, expected: JSONWriter.compact(constant) + " (const)", found: Self.describe(value))
        }
    }

    mutating func checkNumber(_ number: JSONNumber, _ schema: CompiledSchema) {
        guard
            schema.minimum != nil || schema.maximum != nil || schema.exclusiveMinimum != nil || schema.exclusiveMaximum != nil
                || schema.multipleOf != nil
        else { return }
        let int = number.isInteger ? number.intValue : nil
        let exact = int == nil ? number.exact : nil
        func compare(_ bound: CompiledSchema.Bound) -> Int {
            if let int, let limit = bound.int { return int < limit ? -1 : (int == limit ? 0 : 1) }
            guard let value = exact ?? number.exact else { return 0 }
            return value.compare(bound.exact)
        }
        if let bound = schema.minimum, compare(bound) < 0 {
            add(.schemaMinimum, expected: "a number >= \(bound.literal)", found: Self.describe(.number(number)))
        }
        if let bound = schema.maximum, compare(bound) > 0 {
            add(.schemaMaximum, expected: "a number <= \(bound.literal)", found: Self.describe(.number(number)))
        }
        if let bound = schema.exclusiveMinimum, compare(bound) <= 0 {
            add(.schemaExclusiveMinimum, expected: "a number > \(bound.literal)", found: Self.describe(.number(number)))
        }
        if let bound = schema.exclusiveMaximum, compare(bound) >= 0 {
            add(.schemaExclusiveMaximum, expected: "a number < \(bound.literal)", found: Self.describe(.number(number)))
        }
        if let divisor = schema.multipleOf, let value = exact ?? number.exact, value.isMultiple(of: divisor.exact) == false {
            add(.schemaMultipleOf, expected: "a multiple of \(divisor.literal)", found: Self.describe(.number(number)))
        }
    }

    mutating func checkString(_ text: String, _ schema: CompiledSchema) {
        if schema.minLength != nil || schema.maxLength != nil {
            // Counted in code points, as JSON Schema says (not UTF-16 units, not grapheme clusters).
            let length = text.unicodeScalars.count
            if let minLength = schema.minLength, length < minLength {
                add(
                    .schemaMinLength, expected: "at least \(minLength) character\(minLength == 1 ? "" : "s")",
                    found: Self.describe(.string(text)))
            }
            if let maxLength = schema.maxLength, length > maxLength {
                add(
                    .schemaMaxLength, expected: "at most \(maxLength) character\(maxLength == 1 ? "" : "s")",
                    found: Self.describe(.string(text)) + " (\(length))")
            }
        }
        if let pattern = schema.pattern, !pattern.matches(text) {
            add(.schemaPattern, expected: "a string matching \(pattern.source)", found: Self.describe(.string(text)))
        }
        switch schema.formatKind {
        case .dateTime:
            do {
                let stamp = try ISO8601Timestamp(parsing: text)
                if let form = schema.dateForm {
                    if stamp.wireForm.fractionDigits != form.fractionDigits {
                        add(
                            .datePrecision, expected: "\(form.fractionDigits) fraction digits (\(stamp.formatted(as: form)))",
                            found: "\(stamp.wireForm.fractionDigits) (\(text))")
                    }
                    if stamp.wireForm.offset != form.offset {
                        add(.dateOffset, expected: "offset \(form.offset)", found: "\(stamp.wireForm.offset) (\(text))")
                    }
                }
            } catch {
                add(.dateFormat, expected: "an ISO-8601 date-time", found: "\"\(text)\": \(error.reason)")
            }
        case .date:
            if (try? ISO8601Timestamp(parsing: text + "T00:00:00Z")) == nil {
                add(.schemaFormat, expected: "a date (yyyy-MM-dd)", found: Self.describe(.string(text)))
            }
        case .uri:
            if !URIForm.isAbsoluteURI(text) {
                add(.schemaFormat, expected: "an absolute URI (RFC 3986)", found: Self.describe(.string(text)))
            }
        case .none, .annotation:
            break
        }
    }

    // MARK: Objects

    mutating func checkObject(
        _ object: JSONObject, _ schema: CompiledSchema, keyCase: KeyCase?, owner: Bool, evaluation: inout ObjectEvaluation
    ) {
        if probing, !explaining {
            decideQuickly(object, schema, keyCase: keyCase)
            if stopped { return }
        }
        // Which declared properties were present, found in one pass over the members.
        // A bit per declared property while there are at most 64 (no allocation per object), else an array.
        var seenBits: UInt64 = 0
        var seenMore = schema.propertyNames.count > 64 ? [Bool](repeating: false, count: schema.propertyNames.count) : []
        if schema.describesKeys { evaluation.describesKeys = true }
        for (offset, member) in object.enumerated() {
            var evaluated = false
            if let position = schema.propertyPosition(member.key, hint: offset) {
                if position < 64 { seenBits |= 1 << UInt64(position) } else { seenMore[position] = true }
                evaluated = true
                // A declared name's case was checked once, when the contract was compiled.
                if owner, let keyCase, !schema.propertyName(at: position, follows: keyCase) {
                    add(.keyCase, expected: "a \(keyCase) key", found: "\"\(member.key)\"", extraKey: member.key)
                }
                checkMember(
                    member, schema.propertySchemas[position], token: .key(member.key), keyCase: keyCase, owner: owner,
                    evaluation: &evaluation)
            } else if owner, let keyCase, !keyCase.matches(member.key) {
                add(.keyCase, expected: "a \(keyCase) key", found: "\"\(member.key)\"", extraKey: member.key)
            }
            for entry in schema.patternProperties where entry.pattern.matches(member.key) {
                evaluated = true
                checkMember(member, entry.schema, token: .key(member.key), keyCase: keyCase, owner: owner, evaluation: &evaluation)
            }
            if !evaluated {
                if let additional = schema.additionalSchema {
                    evaluated = true
                    // Keys of a map (the field names of a validation error, say) are data, not names.
                    checkMember(
                        member, additional, token: .mapKey(member.key), keyCase: keyCase, owner: owner, evaluation: &evaluation)
                } else if schema.additionalForbidden {
                    evaluated = true
                    add(
                        .fieldUnexpected, expected: "no key \"\(member.key)\" (additionalProperties is false)",
                        found: Self.describe(member.value), extraKey: member.key)
                }
            }
            if evaluated {
                if !owner { evaluation.names.insert(member.key) }
            } else {
                let named = !schema.undeclaredRequired.isEmpty && schema.undeclaredRequired.contains(member.key)
                if owner {
                    reportExtra(member, keyCase: keyCase, describesKeys: schema.describesKeys && !named)
                } else if named {
                    evaluation.requiredNames.insert(member.key)
                }
            }
        }
        for (position, name) in schema.propertyNames.enumerated()
        where schema.propertyIsRequired(position) && !(position < 64 ? seenBits & (1 << UInt64(position)) != 0 : seenMore[position]) {
            add(
                .fieldMissing, expected: "required key \"\(name)\" (\(schema.propertySchemas[position].expectedDescription))",
                found: "no such key", extraKey: name)
        }
        checkObjectKeys(object, schema)
    }

    /// The keywords about an object's keys as a whole: `required` names that are not declared properties,
    /// `minProperties`, `maxProperties`, `dependentRequired` and `propertyNames`.
    private mutating func checkObjectKeys(_ object: JSONObject, _ schema: CompiledSchema) {
        for name in schema.undeclaredRequired where object[name] == nil {
            add(.fieldMissing, expected: "required key \"\(name)\"", found: "no such key", extraKey: name)
        }
        if let minimum = schema.minProperties, object.count < minimum {
            add(.schemaMinProperties, expected: "at least \(minimum) key\(minimum == 1 ? "" : "s")", found: "\(object.count)")
        }
        if let maximum = schema.maxProperties, object.count > maximum {
            add(.schemaMaxProperties, expected: "at most \(maximum) key\(maximum == 1 ? "" : "s")", found: "\(object.count)")
        }
        for (name, requires) in schema.dependentRequired where object[name] != nil {
            for other in requires where object[other] == nil {
                add(
                    .schemaDependentRequired, expected: "the key \"\(other)\", because \"\(name)\" is present", found: "no such key",
                    extraKey: other)
            }
        }
        if let names = schema.propertyNamesSchema {
            for member in object {
                let result = probe(.string(member.key), names, keyCase: nil)
                if !result.valid {
                    let prober = prober
                    add(
                        .schemaPropertyNames, expected: "key names that match the schema at \(names.location)",
                        found: "\"\(member.key)\": ", failure: prober.failure(.string(member.key), names, keyCase: nil),
                        extraKey: member.key)
                }
            }
        }
    }

    /// Where a branch is only being decided, what fails fast is looked at first: a required key missing, a member
    /// that is no object or array (a discriminator's `const`, say) against its declared schema. Only findings that
    /// decide can come of it (which end the probe), so a branch that matches gets the same findings as without it:
    /// before it, each failing branch of a `oneOf` of objects checked every nested value ahead of its `type`.
    private mutating func decideQuickly(_ object: JSONObject, _ schema: CompiledSchema, keyCase: KeyCase?) {
        for (position, name) in schema.propertyNames.enumerated() where schema.propertyIsRequired(position) && object[name] == nil {
            add(.fieldMissing, expected: "", found: "", extraKey: name)
            return
        }
        for (offset, member) in object.enumerated() {
            switch member.value {
            case .object, .array: continue
            default: break
            }
            guard let position = schema.propertyPosition(member.key, hint: offset) else { continue }
            checkMember(member, schema.propertySchemas[position], token: .key(member.key), keyCase: keyCase)
            if stopped { return }
        }
    }

    /// Checks a member's value against the schema a keyword gives it (`false` forbids the key).
    private mutating func checkMember(_ member: JSONObject.Member, _ schema: CompiledSchema, token: FindingPath.Token, keyCase: KeyCase?) {
        if schema.isFalse {
            add(
                .fieldUnexpected, expected: "no key \"\(member.key)\" (the contract forbids it)", found: Self.describe(member.value),
                extraKey: member.key)
            return
        }
        path.push(token)
        check(member.value, schema, keyCase: keyCase)
        path.pop()
    }

    /// Checks a member's value; where this schema does not own the object (an `allOf` part, a branch), an object or
    /// array value is only evaluated, and what was evaluated kept for the object's owner to judge its keys with what
    /// the object's other schemas say of the same member (``close(_:_:keyCase:)``).
    private mutating func checkMember(
        _ member: JSONObject.Member, _ schema: CompiledSchema, token: FindingPath.Token, keyCase: KeyCase?, owner: Bool,
        evaluation: inout ObjectEvaluation
    ) {
        guard judgesKeys, !owner, !schema.isFalse, member.value.isContainer else {
            checkMember(member, schema, token: token, keyCase: keyCase)
            return
        }
        path.push(token)
        evaluateInPlace(member.value, schema, keyCase: keyCase, child: &evaluation.members[member.key, default: ObjectEvaluation()])
        path.pop()
        if case .key = token { evaluation.members[member.key]?.byName = true }
    }

    /// Applies `schema` to a member or item whose owner judges its keys later, into what the value's schemas evaluated.
    private mutating func evaluateInPlace(_ value: JSONValue, _ schema: CompiledSchema, keyCase: KeyCase?, child: inout ObjectEvaluation) {
        apply(value, schema, keyCase: keyCase, owner: false, evaluation: &child)
        if child.keyCase == nil { child.keyCase = keyCase }
    }

    /// Checks an item against the schema a keyword gives it; where this schema does not own the array, an object or
    /// array item is only evaluated, as a member is (``checkMember(_:_:token:keyCase:owner:evaluation:)``).
    private mutating func checkItem(
        _ item: JSONValue, at index: Int, _ schema: CompiledSchema, keyCase: KeyCase?, owner: Bool, evaluation: inout ObjectEvaluation
    ) {
        path.push(.index(index))
        if owner || !judgesKeys || !item.isContainer {
            check(item, schema, keyCase: keyCase)
        } else {
            evaluateInPlace(item, schema, keyCase: keyCase, child: &evaluation.items[index, default: ObjectEvaluation()])
        }
        path.pop()
    }

    /// A key no applied schema declared: added (info), or unexpected with `--strict`; its keys still follow the key case.
    private mutating func reportExtra(_ member: JSONObject.Member, keyCase: KeyCase?, describesKeys: Bool) {
        guard judgesKeys else { return }
        if describesKeys {
            add(
                strict ? .fieldUnexpected : .fieldAdded, expected: "no key \"\(member.key)\" (not in the contract)",
                found: Self.describe(member.value), extraKey: member.key, decides: false)
        }
        if let keyCase {
            path.push(.key(member.key))
            checkKeys(member.value, keyCase)
            path.pop()
        }
    }

    /// An object against a schema with `unevaluatedProperties`: its own keywords and the subschemas it applies in place
    /// evaluate what they evaluate (a branch that does not match, nothing), then each key none of them evaluated is
    /// judged by `unevaluatedProperties`. After it every key is evaluated, for whatever applied this schema.
    private mutating func checkUnevaluatedProperties(
        _ object: JSONObject, _ schema: CompiledSchema, keyCase: KeyCase?, inherited: KeyCase?, owner: Bool,
        evaluation: inout ObjectEvaluation
    ) {
        var own = ObjectEvaluation()
        own.keyCase = schema.keyCase
        checkObject(object, schema, keyCase: keyCase, owner: false, evaluation: &own)
        if schema.hasInPlaceApplicators { applyInPlace(.object(object), schema, keyCase: keyCase, evaluation: &own) }
        for member in object where !own.names.contains(member.key) {
            if let unevaluated = schema.unevaluatedPropertiesSchema {
                checkMember(member, unevaluated, token: .mapKey(member.key), keyCase: keyCase, owner: false, evaluation: &own)
            } else {
                add(
                    .fieldUnexpected, expected: "no key \"\(member.key)\" (unevaluatedProperties is false)",
                    found: Self.describe(member.value), extraKey: member.key)
            }
        }
        var all = own
        all.names = Set(object.keys)
        all.describesKeys = true
        if owner {
            closeObject(object, all, keyCase: own.keyCase ?? inherited)
        } else {
            evaluation.merge(all)
            if evaluation.keyCase == nil { evaluation.keyCase = own.keyCase }
        }
    }

    /// An array against a schema with `unevaluatedItems`: the items its own `prefixItems`, `items` and `contains`, and
    /// the subschemas it applies in place and that match, evaluated are left alone; every other item is judged by
    /// `unevaluatedItems`. After it every item is evaluated.
    private mutating func checkUnevaluatedItems(
        _ items: [JSONValue], _ schema: CompiledSchema, keyCase: KeyCase?, owner: Bool, evaluation: inout ObjectEvaluation
    ) {
        var own = ObjectEvaluation()
        own.keyCase = schema.keyCase
        checkArray(items, schema, keyCase: keyCase, owner: false, evaluation: &own)
        if schema.hasInPlaceApplicators { applyInPlace(.array(items), schema, keyCase: keyCase, evaluation: &own) }
        for (index, item) in items.enumerated() where index >= own.evaluatedPrefix && !own.evaluatedIndices.contains(index) {
            if let unevaluated = schema.unevaluatedItemsSchema {
                checkItem(item, at: index, unevaluated, keyCase: keyCase, owner: false, evaluation: &own)
            } else {
                path.push(.index(index))
                add(.schemaItems, expected: "no item \(index) (unevaluatedItems is false)", found: Self.describe(item))
                path.pop()
            }
        }
        own.describesItems = true
        own.evaluatedPrefix = Int.max
        if owner {
            closeArray(items, own, keyCase: own.keyCase ?? keyCase)
        } else {
            evaluation.merge(own)
        }
    }

    /// Key case and extra keys of a value that schemas applied in place evaluated together, and of the members and
    /// items inside it that they evaluated together.
    private mutating func close(_ value: JSONValue, _ evaluation: ObjectEvaluation, keyCase: KeyCase?) {
        guard judgesKeys else { return }
        switch value {
        case .object(let object): closeObject(object, evaluation, keyCase: keyCase)
        case .array(let items): closeArray(items, evaluation, keyCase: keyCase)
        default: break
        }
    }

    private mutating func closeArray(_ items: [JSONValue], _ evaluation: ObjectEvaluation, keyCase: KeyCase?) {
        if evaluation.items.isEmpty && (evaluation.describesItems || keyCase == nil) { return }
        for (index, item) in items.enumerated() {
            if let child = evaluation.items[index] {
                path.push(.index(index))
                close(item, child, keyCase: child.keyCase ?? keyCase)
                path.pop()
            } else if !evaluation.describesItems, let keyCase {
                path.push(.index(index))
                checkKeys(item, keyCase)
                path.pop()
            }
        }
    }

    private mutating func closeObject(_ object: JSONObject, _ evaluation: ObjectEvaluation, keyCase: KeyCase?) {
        guard judgesKeys else { return }
        for member in object {
            if let keyCase, !keyCase.matches(member.key) {
                add(.keyCase, expected: "a \(keyCase) key", found: "\"\(member.key)\"", extraKey: member.key)
            }
            if let child = evaluation.members[member.key] {
                path.push(child.byName ? .key(member.key) : .mapKey(member.key))
                close(member.value, child, keyCase: child.keyCase ?? keyCase)
                path.pop()
            } else if !evaluation.names.contains(member.key) {
                if evaluation.describesKeys && !evaluation.requiredNames.contains(member.key) {
                    add(
                        strict ? .fieldUnexpected : .fieldAdded, expected: "no key \"\(member.key)\" (not in the contract)",
                        found: Self.describe(member.value), extraKey: member.key, decides: false)
                }
                if let keyCase {
                    path.push(.key(member.key))
                    checkKeys(member.value, keyCase)
                    path.pop()
                }
            }
        }
    }

    // MARK: Arrays

    mutating func checkArray(
        _ items: [JSONValue], _ schema: CompiledSchema, keyCase: KeyCase?, owner: Bool, evaluation: inout ObjectEvaluation
    ) {
        let prefix = schema.prefixItems
        for (index, item) in items.enumerated() {
            let itemSchema = index < prefix.count ? prefix[index] : schema.items
            guard let itemSchema else {
                if owner, let keyCase, schema.items == nil {
                    path.push(.index(index))
                    checkKeys(item, keyCase)
                    path.pop()
                }
                continue
            }
            if itemSchema.isFalse {
                add(
                    .schemaItems, expected: "at most \(prefix.count) item\(prefix.count == 1 ? "" : "s") (items is false)",
                    found: "\(items.count) items")
                break
            }
            checkItem(item, at: index, itemSchema, keyCase: keyCase, owner: owner, evaluation: &evaluation)
        }
        if schema.items != nil || !prefix.isEmpty { evaluation.describesItems = true }
        evaluation.evaluatedPrefix = max(evaluation.evaluatedPrefix, schema.items != nil ? Int.max : min(prefix.count, items.count))
        if let minimum = schema.minItems, items.count < minimum {
            add(.schemaMinItems, expected: "at least \(minimum) item\(minimum == 1 ? "" : "s")", found: "\(items.count)")
        }
        if let maximum = schema.maxItems, items.count > maximum {
            add(.schemaMaxItems, expected: "at most \(maximum) item\(maximum == 1 ? "" : "s")", found: "\(items.count)")
        }
        if schema.uniqueItems, let (first, second) = Self.firstDuplicate(items) {
            add(
                .schemaUniqueItems, expected: "items that are all different",
                found: "items \(first) and \(second) are equal (\(JSONWriter.compact(items[first])))")
        }
        if let contains = schema.contains {
            var count = 0
            for (index, item) in items.enumerated() where probe(item, contains, keyCase: keyCase).valid {
                count += 1
                evaluation.evaluatedIndices.insert(index)
            }
            let minimum = schema.minContains ?? 1
            if count < minimum {
                let rule: RuleID = schema.minContains == nil ? .schemaContains : .schemaMinContains
                add(
                    rule,
                    expected:
                        """
                        at least \(minimum) item\(minimum == 1 ? "" : "s") that match\(minimum == 1 ? "es" : "") the schema at \
                        \(contains.location)
                        """,
                    found: "\(count)")
            }
            if let maximum = schema.maxContains, count > maximum {
                add(
                    .schemaMaxContains,
                    expected: "at most \(maximum) item\(maximum == 1 ? "" : "s") that match the schema at \(contains.location)",
                    found: "\(count)")
            }
        }
    }

    /// The first two equal items (as JSON: numbers by value, key order ignored).
    static func firstDuplicate(_ items: [JSONValue]) -> (Int, Int)? {
        guard items.count > 1 else { return nil }
        for second in 1..<items.count {
            for first in 0..<second where items[first].isEquivalent(to: items[second]) { return (first, second) }
        }
        return nil
    }

    /// Key case inside values the schema does not describe.
    mutating func checkKeys(_ value: JSONValue, _ keyCase: KeyCase) {
        switch value {
        case .object(let object):
            for member in object {
                if !keyCase.matches(member.key) {
                    add(.keyCase, expected: "a \(keyCase) key", found: "\"\(member.key)\"", extraKey: member.key)
                }
                path.push(.key(member.key))
                checkKeys(member.value, keyCase)
                path.pop()
            }
        case .array(let items):
            checkKeys(items: items, keyCase)
        default:
            break
        }
    }

    private mutating func checkKeys(items: [JSONValue], _ keyCase: KeyCase) {
        for (index, item) in items.enumerated() {
            path.push(.index(index))
            checkKeys(item, keyCase)
            path.pop()
        }
    }
}

extension SchemaChecker.Raw {
    /// A finding that decides a branch and has no cause (the live comparison's, made outside the engine).
    package init(rule: RuleID, pointer: String, concrete: String, expected: String, found: String) {
        self.init(rule: rule, pointer: pointer, concrete: concrete, expected: expected, found: found, decides: true)
    }
}

extension JSONValue {
    /// Whether this is an object or an array: a value with keys or items of its own.
    fileprivate var isContainer: Bool {
        switch self {
        case .object, .array: return true
        default: return false
        }
    }
}
