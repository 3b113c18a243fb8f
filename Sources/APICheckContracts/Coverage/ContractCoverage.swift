import APICheckJSONSchema
import APICheckRecording
import Foundation

/// How much of a contract the recordings (or a live run) exercise: operations, declared statuses, response
/// fields and enum values, each as what is exercised and what is not.
///
/// Made from the contract alone (every item not exercised), then ``add(_:)`` marks what interactions exercise.
/// Examples written by `apicheck examples` (`recorded_from: contract`) are not counted: they exercise the contract
/// by construction, not the API.
public struct ContractCoverage: Sendable {
    /// One thing the contract declares.
    public struct Item: Sendable, Hashable {
        /// Where it is: the operation (`GET /api/v2/todos`) for an operation, a status, and a field or enum value that
        /// only that operation's response reaches; the schema's location (`#/components/schemas/Todo`) for a field or
        /// enum value of a schema that several places share (two responses, or a cycle): it is counted once there,
        /// and exercised by a body of any response that reaches it.
        public var place: String { parts.place }
        /// After the place: `200`, `200 /data/*/id`, `200 /data/*/state "open"` (for a schema: `/id`, `/state "open"`);
        /// empty for an operation. Made when asked: a report shows only the items not exercised.
        public var detail: String { parts.detail }
        /// Whether an interaction exercised it.
        public internal(set) var exercised: Bool
        /// Its parts, as the coverage index numbers it.
        let parts: CoverageIndex.Item
        var key: String { parts.key }
        /// Where a field or enum value is declared in the contract: `/components/schemas/Todo/properties/id` (for an
        /// enum value, the schema's location and the value as compact JSON, joined by a NUL); more than one when
        /// declarations at one place are read together (the branches of an `allOf`, two media types).
        package var declared: [String] { parts.declared.map(\.text) }

        /// `GET /api/v2/todos 200 /data/*/id`, `#/components/schemas/Todo /id`.
        public var name: String {
            var name: [UInt8] = []
            appendName(to: &name)
            return String(decoding: name, as: UTF8.self)
        }

        /// Appends ``name``'s UTF-8 to `bytes`.
        package func appendName(to bytes: inout [UInt8]) {
            bytes.append(contentsOf: parts.place.utf8)
            guard parts.measure > 0 else { return }
            let before = bytes.count
            bytes.append(UInt8(ascii: " "))
            parts.appendDetail(to: &bytes)
            // No detail (none is empty but an operation's): no space either.
            if bytes.count == before + 1 { bytes.removeLast() }
        }
    }

    /// One measure: `operations`, `statuses`, `fields` or `enum values`.
    public struct Measure: Sendable {
        /// The measure's name.
        public let name: String
        /// Every item, in the contract's order.
        public internal(set) var items: [Item]

        /// Items the contract declares that cannot be exercised because apicheck refused them (operations only):
        /// counted in ``total``, never in ``covered``, and not in ``items``.
        public internal(set) var refused = 0

        /// How many items are exercised.
        public var covered: Int { items.reduce(0) { $0 + ($1.exercised ? 1 : 0) } }
        /// How many there are, refused ones included: a contract whose every operation is refused covers 0 of them.
        public var total: Int { items.count + refused }
        /// Exercised, in percent; 100 when the contract declares none (nothing is left unexercised).
        public var percent: Double { total == 0 ? 100 : Double(covered) * 100 / Double(total) }
        /// The items not exercised.
        public var missing: [Item] { items.filter { !$0.exercised } }
    }

    /// The API's name.
    public let api: String
    /// The contract's file.
    public let contractPath: String
    /// The four measures, in this order: operations, statuses, fields, enum values.
    public private(set) var measures: [Measure]
    /// How many recordings and interactions were counted.
    public var recordings = 0
    public var interactions = 0
    /// The operations the contract describes that apicheck refused (not checked, so not counted above), each with why:
    /// `GET /things/{id}: contracts/x.yaml:12:5: ...`.
    public let refused: [String]
    /// How many things were refused (operations, and schemas no operation uses): ``refused`` has a line for each of
    /// their reasons.
    public let refusals: Int

    /// The names of the measures, in order.
    public static let measureNames = ["operations", "statuses", "fields", "enum values"]

    /// Every item of `contract`, none exercised yet.
    public init(api: String, contract: CompiledContract) {
        self.init(api: api, contract: contract, exercised: CoverageBits())
    }

    /// Every item of `contract`, those in `exercised` marked.
    init(api: String, contract: CompiledContract, exercised: CoverageBits) {
        self.api = api
        contractPath = contract.path
        refused = contract.refused.flatMap { refusal in
            refusal.reasons.map { reason in
                "\(refusal.operation ?? "a schema no operation uses"): \(reason.description.replacingOccurrences(of: ": error: ", with: ": "))"
            }
        }
        var measures = Self.measureNames.map { Measure(name: $0, items: []) }
        for (number, item) in contract.coverageIndex.items.enumerated() {
            measures[item.measure].items.append(Item(exercised: exercised.contains(number), parts: item))
        }
        refusals = contract.refused.count
        measures[0].refused = contract.refused.count { $0.operation != nil }
        self.measures = measures
    }

    /// The coverage `tally` gathered.
    public init(api: String, contract: CompiledContract, tally: CoverageTally) {
        self.init(api: api, contract: contract, exercised: tally.bits)
        recordings = tally.recordings
        interactions = tally.interactions
    }

    /// Counts one recording's interactions (a contract example's are not counted).
    public mutating func add(_ recording: Recording, contract: CompiledContract) {
        var tally = CoverageTally()
        tally.add(recording, contract: contract)
        // Items are numbered through the measures in order, as ``init(api:contract:exercised:)`` reads them.
        var number = 0
        for measure in measures.indices {
            for item in measures[measure].items.indices {
                if tally.bits.contains(number) { measures[measure].items[item].exercised = true }
                number += 1
            }
        }
        recordings += tally.recordings
        interactions += tally.interactions
    }

    /// The measures below their minimum (percent, by measure name; a measure not named has none).
    public func below(_ minimums: [String: Double]) -> [(measure: Measure, minimum: Double)] {
        measures.compactMap { measure in minimums[measure.name].flatMap { measure.percent < $0 ? (measure, $0) : nil } }
    }

    /// The minimums `--min` arguments give: `PERCENT` for every measure, `MEASURE=PERCENT` for one (`operations=100`,
    /// `enum-values=50`); a named measure's own minimum wins over the bare one.
    public static func minimums(_ arguments: [String]) throws(ConfigurationError) -> [String: Double] {
        var every: Double?
        var named: [String: Double] = [:]
        for argument in arguments {
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let text = parts.last ?? ""
            guard let percent = Double(text.hasSuffix("%") ? String(text.dropLast()) : text), (0...100).contains(percent) else {
                throw ConfigurationError(
                    file: "--min", message: "\"\(argument)\" is not a percentage from 0 to 100 (PERCENT or MEASURE=PERCENT)")
            }
            if parts.count == 1 {
                every = percent
                continue
            }
            let measure = parts[0].replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
            guard measureNames.contains(measure) else {
                throw ConfigurationError(
                    file: "--min",
                    message:
                        """
                        no measure \"\(parts[0])\"; the measures are \
                        \(measureNames.map { $0.replacingOccurrences(of: " ", with: "-") }.joined(separator: ", "))
                        """
                )
            }
            named[measure] = percent
        }
        var minimums: [String: Double] = [:]
        for name in measureNames { minimums[name] = named[name] ?? every }
        return minimums
    }

    /// `operations 7/10 (70.0%), statuses 12/21 (57.1%), ...`.
    public var line: String {
        measures.map { "\($0.name) \($0.covered)/\($0.total) (\(Self.percentText($0.percent)))" }.joined(separator: ", ")
    }

    /// The counts of each measure, for a verify or diff report's summary: `{"api": ..., "operations": {"covered", "total", "percent"},
    /// ...}`.
    package var summaryJSON: JSONValue {
        var members: [JSONObject.Member] = [.init(key: "api", value: .string(api))]
        for measure in measures {
            members.append(
                .init(
                    key: measure.name.replacingOccurrences(of: " ", with: "_"),
                    value: .object(
                        JSONObject([
                            .init(key: "covered", value: .number(JSONNumber(measure.covered))),
                            .init(key: "total", value: .number(JSONNumber(measure.total))),
                            .init(key: "percent", value: .number(JSONNumber(literal: String(format: "%.1f", measure.percent)))),
                        ]))))
        }
        return .object(JSONObject(members))
    }

    /// `70.0%`.
    public static func percentText(_ percent: Double) -> String {
        String(format: "%.1f%%", percent)
    }

    package static func key(parts: [String]) -> String { parts.joined(separator: "\u{0}") }

    static func escape(_ token: String) -> String {
        JSONPointer.escape(token)
    }
}

/// What interactions exercised of a contract, with how many recordings (or scenarios) and interactions were counted:
/// gathered per file or per step (on several threads), joined, then turned into a ``ContractCoverage``.
///
/// Each item exercised is a bit, numbered by the contract's ``CoverageIndex``: counting a value walks it along the
/// declared fields only, and builds no string.
public struct CoverageTally: Sendable {
    /// The keys of the items exercised (``ContractCoverage/Item``'s keys), made when asked.
    public var keys: Set<String> {
        guard let index else { return [] }
        return Set(bits.items.filter { $0 < index.items.count }.map { index.items[$0].key })
    }
    public var recordings = 0
    public internal(set) var interactions = 0
    /// The items exercised, by number.
    package var bits = CoverageBits()
    /// The numbering of ``bits`` (every compiled copy of one contract numbers its items alike).
    private var index: CoverageIndex?
    /// The operation of the last request counted (``CoverageIndex/LastOperation``).
    private var last: CoverageIndex.LastOperation?

    public init() {}

    /// Counts one interaction.
    public mutating func add(_ interaction: Interaction, contract: CompiledContract) {
        if index == nil { index = contract.coverageIndex }
        contract.coverageIndex.mark(interaction, in: contract, into: &bits, last: &last)
        interactions += 1
    }

    /// Counts one recording, unless it is a contract example (`recorded_from: contract`): those exercise the
    /// contract by construction, not the API.
    public mutating func add(_ recording: Recording, contract: CompiledContract) {
        guard !recording.isContractExample else { return }
        recordings += 1
        for interaction in recording.interactions { add(interaction, contract: contract) }
    }

    /// Adds what `other` counted.
    public mutating func formUnion(_ other: CoverageTally) {
        bits.formUnion(other.bits)
        if index == nil { index = other.index }
        recordings += other.recordings
        interactions += other.interactions
    }
}
