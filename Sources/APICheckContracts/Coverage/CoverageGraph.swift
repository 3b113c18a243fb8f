import APICheckJSONSchema
import APICheckRecording

/// The declared fields and enum values of a contract's responses, each counted once per place it is declared: the
/// coverage items of ``CoverageIndex`` and the graph of places a body is walked along.
///
/// A schema that a single place reaches (a response's own schema, or a `$ref` met once) is read into that place, and
/// its fields are named from the response: `GET /todos 200 /data/*/id`. A schema that several places reach (a `$ref`
/// two responses share, or one its own properties lead back to) is read once, named from where it is declared
/// (`#/components/schemas/Todo /id`), and every place that reaches it links to it. So the items and the graph grow
/// with the document, never with the paths through it: a vendor's description, whose hundreds of schemas refer to
/// each other, has as many fields as it declares (counting every path through them was past 600 s and 1 GB on
/// Stripe's).
struct CoverageGraph {
    /// A field or enum value item before the measures are numbered: where it is shown.
    struct Found {
        /// As ``CoverageIndex/Item``'s.
        let place: String
        let prefix: String?
        let pointer: String
        /// For an enum value, its compact JSON.
        let text: String?
        /// Where it is declared (each place merged into the item when two are read into one place).
        var declared: [Declaration]
    }

    /// Where a field or an enum value is declared, as text only when asked (``text``): a vendor's description declares
    /// thousands, and a report names none of them.
    struct Declaration: Sendable, Hashable {
        /// The schema that declares it.
        let owner: JSONPointer
        /// The field's name as a pointer token, or the enum value's compact JSON.
        let name: String
        let isField: Bool

        /// `<schema location>/properties/<name>` for a field, `<schema location>` NUL `<value>` for an enum value.
        var text: String { owner.description + (isField ? "/properties/" : "\u{0}") + name }
    }

    /// What keeps the schemas, and tells which stands for a copy (``SchemaGraph/same(_:)``).
    let schemas: SchemaGraph

    init(schemas: SchemaGraph) {
        self.schemas = schemas
    }
    private(set) var nodes: [CoverageTree.Node] = []
    private(set) var fields: [Found] = []
    private(set) var enums: [Found] = []
    /// How often each schema is reached (``count(_:)``), and the root node of each schema read on its own.
    private var marks = SchemaMarks()
    private var units: [Unit] = []
    private var work: [Work] = []

    /// How a place's items are named: by the operation and response (`GET /todos`, `200 `), or by the schema's location
    /// (`#/components/schemas/Todo`, no prefix).
    private struct Unit {
        let place: String
        let prefix: String?
    }

    private enum Work {
        /// A schema met at a node: read there, or linked to (``place(_:at:unit:pointer:)``).
        case place(CompiledSchema, node: Int, unit: Int, pointer: String)
        /// A schema read into a node.
        case read(CompiledSchema, node: Int, unit: Int, pointer: String)
        /// A property declared by the schema at `owner`, read into `parent`'s child of that name.
        case property(String, CompiledSchema, owner: JSONPointer, parent: Int, unit: Int, pointer: String)
    }

    /// A pointer longer than this reads the schema met there on its own (a chain of `$ref`s each met once would
    /// otherwise make pointers as long as the chain, one per field: quadratic).
    static let longestPointer = 512

    /// Counts how often each schema below `roots` is reached (by a property, an item, a combinator, a `$ref`, or as a
    /// root), reading each once. Each step below a schema is taken in a loop of its own (a closure called for each, from
    /// a function that lists them, cost more than the counting).
    mutating func count(_ roots: [CompiledSchema]) {
        var stack: [CompiledSchema] = []
        stack.reserveCapacity(64)
        func enter(_ reached: CompiledSchema) {
            let schema = schemas.same(reached)
            if marks.reach(schema) { stack.append(schema) }
        }
        for root in roots { enter(root) }
        while let schema = stack.popLast() {
            for next in schema.propertySchemas { enter(next) }
            for next in schema.prefixItems { enter(next) }
            if let items = schema.items { enter(items) }
            for next in schema.allOf { enter(next) }
            for next in schema.anyOf { enter(next) }
            for next in schema.oneOf { enter(next) }
            if let target = schema.reference?.target { enter(target) }
        }
    }

    /// A new response's root node, its items named `operation` and `responseKey`.
    mutating func addResponse(operation: String, responseKey: String) -> (root: Int, unit: Int) {
        units.append(Unit(place: operation, prefix: responseKey))
        return (newNode(), units.count - 1)
    }

    /// Reads `schema` (a response body of `unit`) into `root`, and whatever it leads to.
    mutating func read(_ schema: CompiledSchema, into root: Int, unit: Int) {
        work.append(.place(schema, node: root, unit: unit, pointer: ""))
        while let next = work.popLast() {
            switch next {
            case .place(let schema, let node, let unit, let pointer):
                place(schema, at: node, unit: unit, pointer: pointer)
            case .read(let schema, let node, let unit, let pointer):
                readHere(schema, at: node, unit: unit, pointer: pointer)
            case .property(let name, let schema, let owner, let parent, let unit, let pointer):
                let token = ContractCoverage.escape(name)
                let path = "\(pointer)/\(token)"
                // The child of that name, or a new node's number put there: one lookup either way.
                let fresh = nodes.count
                let child = Self.value(&nodes[parent].children[name, default: fresh])
                if child == fresh {
                    nodes.append(CoverageTree.Node())
                    nodes[child].field = fields.count
                    fields.append(found(unit: unit, pointer: path, text: nil))
                }
                if let item = nodes[child].field { fields[item].declared.append(Declaration(owner: owner, name: token, isField: true)) }
                place(schema, at: child, unit: unit, pointer: path)
            }
        }
    }

    /// The value of an `inout` access (through `Dictionary`'s `subscript(_:default:)`, which stores the default when
    /// the key is missing).
    private static func value(_ value: inout Int) -> Int { value }

    /// Reads `schema` into `node` when only this place reaches it, or links `node` to the schema read on its own.
    private mutating func place(_ reached: CompiledSchema, at node: Int, unit: Int, pointer: String) {
        let schema = schemas.same(reached)
        let (count, made) = marks.marks(of: schema)
        guard count > 1 || pointer.utf8.count > Self.longestPointer || made != nil else {
            work.append(.read(schema, node: node, unit: unit, pointer: pointer))
            return
        }
        let root: Int
        if let made {
            root = made
        } else {
            root = newNode()
            marks.setRoot(root, of: schema)
            units.append(Unit(place: "#" + schema.location, prefix: nil))
            work.append(.read(schema, node: root, unit: units.count - 1, pointer: ""))
        }
        if root != node, !nodes[node].links.contains(root) { nodes[node].links.append(root) }
    }

    /// How many enum values a node holds before a new one is looked for in a set rather than among them.
    static let fewValues = 16

    /// Reads what `schema` itself declares into `node`: its enum values, its properties, its items, and (at the same
    /// node) its combinators' branches and its `$ref`'s target.
    private mutating func readHere(_ schema: CompiledSchema, at node: Int, unit: Int, pointer: String) {
        // The node's values so far, compared one by one while they are few, then by a set: an enum of thousands of
        // values, each compared with every other, was millions of string compares, and a set made for every enum of a
        // few values was most of reading them.
        let owner = schema.pointer
        var known: Set<String> = []
        for value in schema.enumValues ?? [] {
            let text = JSONWriter.compact(value)
            if nodes[node].enums.count < Self.fewValues {
                if nodes[node].enums.contains(where: { $0.text == text }) { continue }
            } else {
                if known.isEmpty { known = Set(nodes[node].enums.map(\.text)) }
                guard known.insert(text).inserted else { continue }
            }
            nodes[node].enums.append((text, enums.count))
            var item = found(unit: unit, pointer: pointer, text: text)
            item.declared = [Declaration(owner: owner, name: text, isField: false)]
            enums.append(item)
        }
        // Pushed last first, so that they are read in the schema's order (a property's fields before the next one's):
        // the `$ref`'s target, the combinators' branches from the last, the items, then the properties from the last.
        if let target = schema.reference?.target { work.append(.place(target, node: node, unit: unit, pointer: pointer)) }
        for branch in schema.oneOf.reversed() { work.append(.place(branch, node: node, unit: unit, pointer: pointer)) }
        for branch in schema.anyOf.reversed() { work.append(.place(branch, node: node, unit: unit, pointer: pointer)) }
        for branch in schema.allOf.reversed() { work.append(.place(branch, node: node, unit: unit, pointer: pointer)) }
        if schema.items != nil || !schema.prefixItems.isEmpty {
            let elements = elementsNode(of: node)
            let inside = pointer + "/*"
            if let items = schema.items { work.append(.place(items, node: elements, unit: unit, pointer: inside)) }
            for child in schema.prefixItems.reversed() { work.append(.place(child, node: elements, unit: unit, pointer: inside)) }
        }
        if !schema.propertyNames.isEmpty {
            nodes[node].children.reserveCapacity(nodes[node].children.count + schema.propertyNames.count)
        }
        for index in schema.propertyNames.indices.reversed() {
            work.append(
                .property(
                    schema.propertyNames[index], schema.propertySchemas[index], owner: owner, parent: node, unit: unit, pointer: pointer))
        }
    }

    /// The most items a node's ``CoverageTree/Node/below`` lists; a node with more below it is always walked.
    static let largestBelow = 256

    /// The nodes, done: their items numbered from `fieldOffset` and `enumOffset` (where the measures put them), each
    /// node's ``CoverageTree/Node/place`` and ``CoverageTree/Node/below`` filled in.
    mutating func finish(fieldOffset: Int, enumOffset: Int) -> [CoverageTree.Node] {
        // The nodes a node's place has taken, marked with that node's number plus one (a set made for each node with
        // links was a tenth of finishing a vendor's index).
        var taken = [Int32](repeating: 0, count: nodes.count)
        for index in nodes.indices {
            if let field = nodes[index].field { nodes[index].field = fieldOffset + field }
            if !nodes[index].enums.isEmpty {
                for position in nodes[index].enums.indices { nodes[index].enums[position].item += enumOffset }
            }
            guard !nodes[index].links.isEmpty else { continue }
            let mark = Int32(index + 1)
            var place = [index]
            taken[index] = mark
            var next = 0
            while next < place.count {
                for link in nodes[place[next]].links where taken[link] != mark {
                    taken[link] = mark
                    place.append(link)
                }
                next += 1
            }
            nodes[index].place = place
        }
        fillBelow(items: enumOffset + enums.count)
        return nodes
    }

    /// Every node's ``CoverageTree/Node/below``, bottom-up: nil where a cycle is below (a value there is always
    /// walked) or more than ``largestBelow`` items.
    ///
    /// The successors of every node (its children, its elements, its links) are listed once, in one flat list: a list
    /// of its own made for each node each time it was entered and left was a tenth of a vendor's coverage index.
    private mutating func fillBelow(items: Int) {
        enum State { case new, open, done }
        let (successors, start) = successorLists()
        var gathered = Gathered(items: items)
        var state = Array(repeating: State.new, count: nodes.count)
        // A node entered and the next of its successors to look at (counting down from its end), and whether one of them
        // is still open: a cycle.
        var frames: [(node: Int, next: Int, cyclic: Bool)] = []
        for root in nodes.indices where state[root] == .new {
            frames.append((root, start[root + 1], false))
            state[root] = .open
            while let top = frames.last {
                if top.next > start[top.node] {
                    let successor = successors[top.next - 1]
                    frames[frames.count - 1].next -= 1
                    switch state[successor] {
                    case .open: frames[frames.count - 1].cyclic = true
                    case .done: break
                    case .new:
                        state[successor] = .open
                        frames.append((successor, start[successor + 1], false))
                    }
                    continue
                }
                frames.removeLast()
                state[top.node] = .done
                nodes[top.node].below =
                    top.cyclic
                    ? nil : below(of: top.node, successors: successors[start[top.node]..<start[top.node + 1]], into: &gathered)
            }
        }
    }

    /// Every node's successors in one list: node `n`'s are `successors[start[n]..<start[n + 1]]`.
    private func successorLists() -> (successors: [Int], start: [Int]) {
        var successors: [Int] = []
        var start: [Int] = []
        start.reserveCapacity(nodes.count + 1)
        for node in nodes {
            start.append(successors.count)
            successors.append(contentsOf: node.children.values)
            if let elements = node.elements { successors.append(elements) }
            successors.append(contentsOf: node.links)
        }
        start.append(successors.count)
        return (successors, start)
    }

    /// What `node` can set: its enum values, and each successor's field and what is below it (nil when one is nil, or
    /// when more than ``largestBelow``).
    private func below(of node: Int, successors: ArraySlice<Int>, into gathered: inout Gathered) -> [Int]? {
        gathered.start(node)
        for entry in nodes[node].enums { gathered.add(entry.item) }
        for successor in successors {
            guard let below = nodes[successor].below else { return nil }
            if let field = nodes[successor].field { gathered.add(field) }
            for item in below { gathered.add(item) }
            if gathered.items.count > Self.largestBelow { return nil }
        }
        return gathered.items.sorted()
    }

    /// The items gathered for one node's ``CoverageTree/Node/below``, each once: an item is marked with the node's
    /// number plus one as it is taken (a set made for each node was most of ``below(of:successors:into:)``).
    private struct Gathered {
        private var taken: [Int32]
        private var mark: Int32 = 0
        private(set) var items: [Int] = []

        init(items count: Int) {
            taken = Array(repeating: 0, count: count)
            items.reserveCapacity(CoverageGraph.largestBelow + 1)
        }

        mutating func start(_ node: Int) {
            mark = Int32(node + 1)
            items.removeAll(keepingCapacity: true)
        }

        mutating func add(_ item: Int) {
            guard taken[item] != mark else { return }
            taken[item] = mark
            items.append(item)
        }
    }

    private mutating func newNode() -> Int {
        nodes.append(CoverageTree.Node())
        return nodes.count - 1
    }

    /// The node of `node`'s array elements, made when first asked for.
    private mutating func elementsNode(of node: Int) -> Int {
        if let made = nodes[node].elements { return made }
        let made = newNode()
        nodes[node].elements = made
        return made
    }

    /// An item of `unit` at `pointer` (an enum value when `text` is given), not yet declared anywhere.
    private func found(unit: Int, pointer: String, text: String?) -> Found {
        let owner = units[unit]
        return Found(place: owner.place, prefix: owner.prefix, pointer: pointer, text: text, declared: [])
    }
}
