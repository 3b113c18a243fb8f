import APICheckJSONSchema
import APICheckRecording
import Foundation
import Locking

/// A contract's coverage items numbered once, and for each declared response a tree of its declared fields, so
/// that what an interaction exercises is a walk of its body along declared keys that sets bits: no string is built
/// and no undeclared key is looked at. Strings (pointers, names) are made only when a report is printed.
///
/// Built with the compiled contract; the numbering depends only on the contract, so tallies gathered with
/// separately compiled copies of one contract (one per verify job) join bit by bit.
final class CoverageIndex: Sendable {
    /// One item: its measure (0 operations, 1 statuses, 2 fields, 3 enum values) and its parts, from which
    /// ``detail`` and ``key`` are made when asked (a vendor's description has thousands of items, and a report shows
    /// only those not exercised).
    struct Item: Sendable, Hashable {
        let measure: Int
        /// The operation (`GET /todos`), or the location of a schema several places share (`#/components/schemas/Todo`).
        let place: String
        /// The response key (`200`) of a status, and of a field or enum value read from a response; nil otherwise.
        let prefix: String?
        /// A field's or enum value's pointer in the body (`/data/*/id`; empty at the root).
        let pointer: String
        /// An enum value's compact JSON.
        let text: String?
        /// Where a field or an enum value is declared (``CoverageGraph/Found/declared``); empty for the others.
        let declared: [CoverageGraph.Declaration]

        /// An operation's item.
        static func operation(_ name: String) -> Item {
            Item(measure: 0, place: name, prefix: nil, pointer: "", text: nil, declared: [])
        }

        /// A declared status of an operation's.
        static func status(_ name: String, _ responseKey: String) -> Item {
            Item(measure: 1, place: name, prefix: responseKey, pointer: "", text: nil, declared: [])
        }

        /// After the place: `200`, `200 /data/*/id`, `200 /data/*/state "open"`, `/id`; empty for an operation.
        var detail: String {
            var detail: [UInt8] = []
            appendDetail(to: &detail)
            return String(decoding: detail, as: UTF8.self)
        }

        /// Appends ``detail``'s UTF-8 to `bytes`, piece by piece (a report writes thousands: a string made for each,
        /// then for its name, was most of writing one, and each append to a `String` cost hundreds of instructions).
        func appendDetail(to bytes: inout [UInt8]) {
            switch measure {
            case 0: return
            case 1: bytes.append(contentsOf: (prefix ?? "").utf8)
            default:
                if let prefix {
                    bytes.append(contentsOf: prefix.utf8)
                    bytes.append(UInt8(ascii: " "))
                }
                if let value = self.text {
                    if pointer.isEmpty { bytes.append(UInt8(ascii: "/")) } else { bytes.append(contentsOf: pointer.utf8) }
                    bytes.append(UInt8(ascii: " "))
                    bytes.append(contentsOf: value.utf8)
                } else {
                    bytes.append(contentsOf: pointer.utf8)
                }
            }
        }

        /// The parts joined by NULs (``ContractCoverage/key(parts:)``): the operation; the operation and the response
        /// key; then the pointer, and an enum value's text.
        var key: String {
            var parts = [place]
            if let prefix { parts.append(prefix) }
            if measure >= 2 { parts.append(pointer) }
            if let text { parts.append(text) }
            return ContractCoverage.key(parts: parts)
        }
    }

    /// Every item, in ``ContractCoverage``'s order: measure by measure, each in the contract's order.
    let items: [Item]
    let nodes: [CoverageTree.Node]
    /// Per operation (in `CompiledContract.operations` order): its item, and per response key its item and tree root.
    let operations: [(item: Int, responses: [String: (item: Int, root: Int)])]
    private let operationIndex: [String: Int]
    /// The operations, for their response schemas.
    private let compiled: [CompiledContract.Operation]
    /// Per operation (as ``operations``), per response key and media type: the body's ``StreamingProgram`` once a
    /// body of it has been checked (nil: its schema compiles to none). Made here because a program sets this index's
    /// coverage items; made when first asked for, because a vendor's description declares thousands of response
    /// bodies and a run checks a few (making all of them was a tenth of loading GitHub's).
    private let programs: Locked<[ProgramKey: StreamingProgram?]>

    /// A response body of one operation.
    private struct ProgramKey: Hashable {
        let operation: Int
        let response: String
        let mediaType: String
    }

    /// The index of `compiled`, whose schemas `graph` keeps (and tells apart: ``SchemaGraph/same(_:)``).
    init(operations compiled: [CompiledContract.Operation], graph schemas: SchemaGraph) {
        var graph = CoverageGraph(schemas: schemas)
        // Each operation's responses by key, and each one's bodies by media type, sorted once.
        let responses = compiled.map { operation in
            operation.responses.keys.sorted().map { key in
                (key: key, schemas: (operation.responses[key]?.content ?? [:]).sorted { $0.key < $1.key }.compactMap(\.value.schema))
            }
        }
        graph.count(responses.flatMap { $0.flatMap(\.schemas) })
        var operationItems: [Item] = []
        operationItems.reserveCapacity(compiled.count)
        var statusItems: [Item] = []
        var operations: [(item: Int, responses: [String: (item: Int, root: Int)])] = []
        operations.reserveCapacity(compiled.count)
        for (operation, declared) in zip(compiled, responses) {
            let name = operation.name
            operationItems.append(.operation(name))
            var byKey: [String: (item: Int, root: Int)] = Dictionary(minimumCapacity: declared.count)
            for (responseKey, bodies) in declared {
                let item = compiled.count + statusItems.count
                statusItems.append(.status(name, responseKey))
                let (root, unit) = graph.addResponse(operation: name, responseKey: responseKey)
                byKey[responseKey] = (item, root)
                for schema in bodies { graph.read(schema, into: root, unit: unit) }
            }
            operations.append((operationItems.count - 1, byKey))
        }
        let fieldOffset = operationItems.count + statusItems.count
        let enumOffset = fieldOffset + graph.fields.count
        nodes = graph.finish(fieldOffset: fieldOffset, enumOffset: enumOffset)
        // One list, built in place: a sum of four lists copied every item (five references each) three times.
        var items = operationItems
        items.reserveCapacity(enumOffset + graph.enums.count)
        items.append(contentsOf: statusItems)
        for field in graph.fields {
            items.append(
                Item(measure: 2, place: field.place, prefix: field.prefix, pointer: field.pointer, text: nil, declared: field.declared))
        }
        for value in graph.enums {
            items.append(
                Item(
                    measure: 3, place: value.place, prefix: value.prefix, pointer: value.pointer, text: value.text, declared: value.declared
                ))
        }
        self.items = items
        self.operations = operations
        var operationIndex: [String: Int] = [:]
        for (position, operation) in compiled.enumerated() where operationIndex[operation.name] == nil {
            operationIndex[operation.name] = position
        }
        self.operationIndex = operationIndex
        self.compiled = compiled
        programs = Locked([:])
    }

    /// The program of `operation`'s response `key` for `mediaType` (a key of its content), or nil.
    func program(for operation: CompiledContract.Operation, response key: String, mediaType: String) -> StreamingProgram? {
        guard let position = operationIndex[operation.name] else { return nil }
        let programKey = ProgramKey(operation: position, response: key, mediaType: mediaType)
        if let made = programs.withLock({ $0[programKey] }) { return made }
        // Made outside the lock (two jobs may both make one; the first stored is kept, and both are the same).
        let entry = compiled[position]
        guard let schema = entry.responses[key]?.content[mediaType]?.schema else { return nil }
        let program = StreamingProgram(
            schema: schema, keyCase: entry.keyCase, coverage: nodes, root: operations[position].responses[key]?.root)
        return programs.withLock { made in
            if let stored = made[programKey] { return stored }
            made[programKey] = program
            return program
        }
    }

    /// The operation a request was last found to be, by method and path: the pages of one list, the steps of one
    /// scenario, share it, and a string comparison is cheaper than matching path templates again.
    struct LastOperation: Sendable {
        let method: String
        let path: String
        let operation: CompiledContract.Operation?
        let position: Int?
    }

    /// Sets the bits of what `interaction` exercises: its operation, its declared status, and the declared fields
    /// and enum values its body holds.
    func mark(_ interaction: Interaction, in contract: CompiledContract, into bits: inout CoverageBits, last: inout LastOperation?) {
        let method = interaction.request.method
        let url = interaction.request.url
        let found: LastOperation
        if let last, last.method == method, Self.url(url, hasPath: last.path) {
            found = last
        } else {
            let path = interaction.request.path
            let operation = contract.operation(method: method, path: path)?.operation
            found = LastOperation(method: method, path: path, operation: operation, position: operation.flatMap { operationIndex[$0.name] })
            last = found
        }
        guard let operation = found.operation, let position = found.position else { return }
        let entry = operations[position]
        bits.set(entry.item)
        guard let (responseKey, _) = operation.response(for: interaction.response.status), let response = entry.responses[responseKey]
        else { return }
        bits.set(response.item)
        switch interaction.response.body {
        case .json(let value):
            mark(value, at: response.root, into: &bits)
        case .form(let fields, _):
            for root in CoverageTree.place(response.root, in: nodes) {
                for field in fields {
                    guard let child = nodes[root].children[field.name] else { continue }
                    if let item = nodes[child].field { bits.set(item) }
                    mark(.string(field.value), at: child, into: &bits)
                }
            }
        default:
            break
        }
    }

    /// Whether `url`'s path part (before any `?`) is `path`, compared byte by byte without building a string.
    static func url(_ url: String, hasPath path: String) -> Bool {
        var urlBytes = url.utf8.makeIterator()
        for byte in path.utf8 where urlBytes.next() != byte { return false }
        guard let next = urlBytes.next() else { return true }
        return next == UInt8(ascii: "?")
    }

    private func mark(_ value: JSONValue, at index: Int, into bits: inout CoverageBits) {
        if let below = nodes[index].below, bits.containsAll(below) { return }
        if nodes[index].place.isEmpty {
            markHere(value, at: index, into: &bits)
        } else {
            for node in nodes[index].place { markHere(value, at: node, into: &bits) }
        }
    }

    /// What `value` sets along `index`'s own children, elements and enum values (not its links').
    private func markHere(_ value: JSONValue, at index: Int, into bits: inout CoverageBits) {
        let node = nodes[index]
        switch value {
        case .object(let object):
            guard !node.children.isEmpty else { return }
            for member in object {
                guard let child = node.children[member.key] else { continue }
                if let item = nodes[child].field { bits.set(item) }
                mark(member.value, at: child, into: &bits)
            }
        case .array(let elements):
            guard let next = node.elements else { return }
            let below = nodes[next].below
            for element in elements {
                // Once the elements have set everything they can, the rest of a page is not walked.
                if let below, bits.containsAll(below) { return }
                mark(element, at: next, into: &bits)
            }
        default:
            // A scalar: an enum value declared here is exercised when the body holds it, written the same way.
            guard !node.enums.isEmpty else { return }
            let text = JSONWriter.compact(value)
            for entry in node.enums where entry.text == text { bits.set(entry.item) }
        }
    }
}
