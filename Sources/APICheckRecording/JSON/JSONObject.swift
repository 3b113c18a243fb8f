/// A JSON object: members in the order they were written; a key may not repeat.
public struct JSONObject: Hashable, Sendable, RandomAccessCollection {
    /// One `"key": value` member.
    public struct Member: Hashable, Sendable {
        /// The member's key.
        public var key: String
        /// The member's value.
        public var value: JSONValue

        /// Creates a member.
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The members, in order.
    public private(set) var members: [Member]

    /// Creates an object from members in order.
    public init(_ members: [Member] = []) {
        self.members = members
    }

    /// The value for `key`, or nil. Objects are small, so this is a scan.
    public subscript(key: String) -> JSONValue? {
        @inlinable get { position(of: key).map { members[$0].value } }
        set {
            if let index = position(of: key) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
            }
        }
    }

    /// Replaces the value of the member at `index`, keeping its key and place (in one step: the subscript by key
    /// looks the key up first).
    package mutating func setValue(_ value: JSONValue, at index: Int) {
        members[index].value = value
    }

    /// Where `key` is, or nil. Compares keys in place: `first(where:)` would copy (retain and release)
    /// every member it passes, which is most of the cost of reading a recording. A key of another length is passed
    /// without comparing its text (the length is kept beside it; most keys passed differ in length).
    @inlinable
    public func position(of key: String) -> Int? {
        let length = key.utf8.count
        var index = members.startIndex
        while index < members.endIndex {
            if members[index].key.utf8.count == length && members[index].key == key { return index }
            index += 1
        }
        return nil
    }

    /// Whether the object has a member named `key`.
    public func contains(key: String) -> Bool { position(of: key) != nil }

    /// The keys, in order.
    public var keys: [String] { members.map(\.key) }

    // Inlinable: other modules walk the members of every object of a document, and a call for each step was a
    // fiftieth of compiling a vendor's description.
    @inlinable public var startIndex: Int { members.startIndex }
    @inlinable public var endIndex: Int { members.endIndex }
    @inlinable public subscript(position: Int) -> Member { members[position] }
}
