/// A response's declared fields as a tree of numbered nodes, made by the coverage index (`CoverageIndex`) and read by
/// the streaming program (``StreamingProgram``), which sets a body's coverage items as it checks the body. Here, with
/// the engine, so that the program needs nothing of the contract's side but the nodes.
package enum CoverageTree {
    /// A place in a response body, or in a schema several places share: the items set when a value is there, and where
    /// its members and elements lead.
    package struct Node: Sendable {
        /// Declared member names and the nodes they lead to.
        package var children: [String: Int] = [:]
        /// The node of every array element (`*`).
        package var elements: Int?
        /// The field item of this place, when it is a declared property.
        package var field: Int?
        /// Enum values declared here, as compact JSON, with their items.
        package var enums: [(text: String, item: Int)] = []
        /// The roots of the schemas several places share that apply here too (a `$ref` to one): a value here is
        /// walked along each of them as well.
        package var links: [Int] = []
        /// This node and every node its links lead to, links of links included; empty when it has no links.
        package var place: [Int] = []
        /// Every item a value here can set: its enum values, and below it the fields and enum values of its members
        /// and elements. Once all are set, a value here has nothing left to mark and is not walked (the 49 todos
        /// after the first of a page, say). Nil when a cycle is below, or too many items: such a value is walked.
        package var below: [Int]? = []

        package init() {}
    }

    /// The nodes whose declarations apply at `node`: itself and those its links lead to.
    package static func place(_ node: Int, in nodes: [Node]) -> [Int] {
        nodes[node].place.isEmpty ? [node] : nodes[node].place
    }
}

/// Which coverage items a check exercised (those a ``CoverageTree`` numbers): one bit each.
package struct CoverageBits: Sendable, Equatable {
    private(set) var words: [UInt64] = []

    package init() {}

    package mutating func set(_ item: Int) {
        let word = item >> 6
        if word >= words.count { words += Array(repeating: 0, count: word - words.count + 1) }
        words[word] |= 1 << UInt64(item & 63)
    }

    /// Whether every one of `items` is set (true for none).
    package func containsAll(_ items: [Int]) -> Bool {
        for item in items where !contains(item) { return false }
        return true
    }

    package func contains(_ item: Int) -> Bool {
        let word = item >> 6
        return word < words.count && words[word] & (1 << UInt64(item & 63)) != 0
    }

    package mutating func formUnion(_ other: CoverageBits) {
        if other.words.count > words.count { words += Array(repeating: 0, count: other.words.count - words.count) }
        for (position, word) in other.words.enumerated() { words[position] |= word }
    }

    /// The items set, in order.
    package var items: [Int] {
        var result: [Int] = []
        for (position, word) in words.enumerated() where word != 0 {
            for bit in 0..<64 where word & (1 << UInt64(bit)) != 0 { result.append(position << 6 | bit) }
        }
        return result
    }
}
