import APICheckJSONSchema
import APICheckRecording
import WireFormat

/// Compares a live interaction with the recorded interaction of the same scenario step: for shape, not values.
///
/// A type change, a removed, added or newly null field, a date written in another form, a changed
/// status or content type and a header that disappeared are findings; different ids, titles or
/// timestamps are not. The findings reuse the verifier's rule ids (docs/RULES.md).
public enum ShapeComparison {
    /// What the contract says about the operation, so that the comparison does not repeat the verifier.
    public struct Declared: Sendable {
        /// Whether the contract declares `status` for the operation (`status.changed` needs it).
        public var status: @Sendable (Int) -> Bool
        /// Whether the contract declares the media type for the response of `status`.
        public var contentType: @Sendable (_ status: Int, _ essence: String) -> Bool

        /// Everything declared: for an API with no contract.
        public static let everything = Declared(status: { _ in true }, contentType: { _, _ in true })

        /// Creates the predicates.
        public init(status: @escaping @Sendable (Int) -> Bool, contentType: @escaping @Sendable (Int, String) -> Bool) {
            self.status = status
            self.contentType = contentType
        }

        /// What `contract` declares for `method` and `path`; everything when no operation matches.
        public init(contract: CompiledContract, method: String, path: String) {
            self.init(operation: contract.operation(method: method, path: path)?.operation)
        }

        /// What `operation` declares; everything when there is none.
        public init(operation: CompiledContract.Operation?) {
            guard let operation else {
                self = .everything
                return
            }
            status = { operation.response(for: $0) != nil }
            contentType = { status, essence in
                guard let declared = operation.response(for: status)?.response.content else { return false }
                // A type a range takes (`*/*`, `application/*`) is declared: as verify takes it.
                return declared.isEmpty || Verifier.declaredKey(declared, contentType: essence) != nil
            }
        }
    }

    /// The findings for what changed from `recorded` to `live`.
    ///
    /// Each finding's `sourcePointer` is relative to the interaction (`/response/body/data/0/id`),
    /// in the recording's terms where it can be, so that a caller can find its line in the recording file.
    public static func compare(live: Interaction, recorded: Interaction, operation: String, declared: Declared = .everything) -> [Finding] {
        var findings: [Finding] = []
        let status = live.response.status
        let place = FindingPlace(.response, operation: operation, status: status)

        if status != recorded.response.status {
            if declared.status(status) {
                findings.append(
                    place.at("/response/status").finding(
                        .statusChanged, "/status", expected: "\(recorded.response.status), as recorded", found: String(status)))
            }
            // Another status is another kind of answer: its body is not comparable.
            return findings
        }

        let liveType = live.response.headers["Content-Type"].map(MediaType.essence(of:))
        let recordedType = recorded.response.headers["Content-Type"].map(MediaType.essence(of:))
        for field in recorded.response.headers where field.name.lowercased() != "content-type" && live.response.headers[field.name] == nil {
            findings.append(
                place.at("/response/headers").finding(
                    .headerMissing, "/headers/\(field.name)", expected: "the header \(field.name), as recorded", found: "none"))
        }
        if liveType != recordedType {
            if let liveType, let recordedType, declared.contentType(status, liveType), declared.contentType(status, recordedType) {
                findings.append(
                    place.at("/response/headers").finding(
                        .contentTypeChanged, "/headers/Content-Type", expected: "\(recordedType), as recorded", found: liveType))
            }
            return findings
        }

        guard case .json(let recordedBody)? = recorded.response.body, case .json(let liveBody)? = live.response.body else {
            return findings
        }
        let shape = Shape()
        shape.add(recordedBody)
        var walker = Walker()
        walker.check(liveBody, against: shape)
        for raw in walker.findings {
            findings.append(
                place.at("/response/body" + raw.concrete).finding(raw.rule, raw.pointer, expected: raw.expected, found: raw.found))
        }
        return FindingMerger.aggregate(findings)
    }

    /// Merges findings about the same interaction: one per rule, part and pointer, at the higher severity.
    public static func merge(_ findings: [Finding]) -> [Finding] {
        FindingMerger.merge(findings)
    }

    /// The JSON kinds, for comparing types.
    enum Kind: Hashable, Comparable {
        case null, boolean, number, string, array, object

        init(_ value: JSONValue) {
            switch value {
            case .null: self = .null
            case .bool: self = .boolean
            case .number: self = .number
            case .string: self = .string
            case .array: self = .array
            case .object: self = .object
            }
        }

        var phrase: String {
            switch self {
            case .null: return "null"
            case .boolean: return "a boolean"
            case .number: return "a number"
            case .string: return "a string"
            case .array: return "an array"
            case .object: return "an object"
            }
        }
    }

    /// What the recorded values at one place looked like, merged over the items of arrays.
    final class Shape {
        var kinds: Set<Kind> = []
        /// Date forms seen, and how many strings were not dates.
        var dateForms: Set<DateWireForm> = []
        var nonDateStrings = 0
        /// Object members in first-seen order, with how many objects had each.
        var properties: [(key: String, shape: Shape, present: Int)] = []
        var propertyIndex: [String: Int] = [:]
        var objects = 0
        var items: Shape?

        func add(_ value: JSONValue) {
            kinds.insert(Kind(value))
            switch value {
            case .string(let text):
                if let stamp = try? ISO8601Timestamp(parsing: text) {
                    dateForms.insert(stamp.wireForm)
                } else {
                    nonDateStrings += 1
                }
            case .object(let object):
                objects += 1
                for member in object {
                    if let index = propertyIndex[member.key] {
                        properties[index].present += 1
                        properties[index].shape.add(member.value)
                    } else {
                        let shape = Shape()
                        shape.add(member.value)
                        propertyIndex[member.key] = properties.count
                        properties.append((member.key, shape, 1))
                    }
                }
            case .array(let elements):
                let items = self.items ?? Shape()
                self.items = items
                for element in elements { items.add(element) }
            default:
                break
            }
        }

        var expectedPhrase: String {
            kinds.subtracting([.null]).sorted().map(\.phrase).joined(separator: " or ")
        }
    }

    /// Walks a live value against a recorded shape; ``FindingMerger/aggregate(_:)`` folds array items into `*` and a count.
    struct Walker {
        var findings: [SchemaChecker.Raw] = []
        private var path = FindingPath()

        mutating func add(_ rule: RuleID, key: String? = nil, expected: String, found: String) {
            let (pointer, concrete) = path.pointers(extraKey: key)
            findings.append(.init(rule: rule, pointer: pointer, concrete: concrete, expected: expected, found: found))
        }

        mutating func check(_ value: JSONValue, against shape: Shape) {
            guard !shape.kinds.isEmpty else { return }
            let kind = Kind(value)
            if kind == .null {
                if !shape.kinds.contains(.null) {
                    add(.fieldBecameNull, expected: "\(shape.expectedPhrase), as recorded", found: "null")
                }
                return
            }
            guard shape.kinds.contains(kind) else {
                let recorded = shape.kinds.subtracting([.null])
                if (recorded == [.array] && kind == .object) || (recorded == [.object] && kind == .array) {
                    let expected = recorded == [.array] ? "an array (list endpoint), as recorded" : "an object (single item), as recorded"
                    add(.shapeListVsSingle, expected: expected, found: kind.phrase)
                } else {
                    add(
                        .shapeType, expected: "\(shape.expectedPhrase), as recorded",
                        found: "\(kind.phrase) (\(SchemaChecker.describe(value)))")
                }
                return
            }
            switch value {
            case .string(let text):
                checkDate(text, shape)
            case .object(let object):
                for property in shape.properties where property.present == shape.objects && object[property.key] == nil {
                    add(.fieldMissing, key: property.key, expected: "the key \"\(property.key)\", as recorded", found: "no such key")
                }
                for member in object {
                    guard let index = shape.propertyIndex[member.key] else {
                        add(
                            .fieldAdded, key: member.key, expected: "no key \"\(member.key)\" (not in the recording)",
                            found: SchemaChecker.describe(member.value))
                        continue
                    }
                    path.push(.key(member.key))
                    check(member.value, against: shape.properties[index].shape)
                    path.pop()
                }
            case .array(let elements):
                guard let items = shape.items else { return }
                for (index, element) in elements.enumerated() {
                    path.push(.index(index))
                    check(element, against: items)
                    path.pop()
                }
            default:
                break
            }
        }

        /// A string that was a date in every sample must still be one, in a form the recording had.
        mutating func checkDate(_ text: String, _ shape: Shape) {
            guard !shape.dateForms.isEmpty, shape.nonDateStrings == 0 else { return }
            guard let stamp = try? ISO8601Timestamp(parsing: text) else {
                add(.dateFormat, expected: "an ISO-8601 date-time, as recorded", found: "\"\(text)\"")
                return
            }
            let digits = Set(shape.dateForms.map(\.fractionDigits))
            if !digits.contains(stamp.wireForm.fractionDigits) {
                let expected = digits.sorted().map(String.init).joined(separator: " or ")
                add(
                    .datePrecision, expected: "\(expected) fraction digits, as recorded",
                    found: "\(stamp.wireForm.fractionDigits) (\(text))")
            }
            let offsets = Set(shape.dateForms.map(\.offset))
            if !offsets.contains(stamp.wireForm.offset) {
                let expected = offsets.map(\.description).sorted().joined(separator: " or ")
                add(.dateOffset, expected: "offset \(expected), as recorded", found: "\(stamp.wireForm.offset) (\(text))")
            }
        }

    }
}
