import APICheckJSONSchema
import APICheckRecording
import Locking

/// The OpenAPI version a contract is written in.
enum OpenAPIEdition: Sendable, Equatable {
    /// OpenAPI 3.0.x: its schemas are read into 3.1's form (``OpenAPI30Reader``).
    case v3_0
    /// OpenAPI 3.1.x: read as written.
    case v3_1
    /// OpenAPI 3.2.x: read as written where it says what 3.1 can; each construct new in 3.2 refuses the operation it
    /// is in, by name.
    case v3_2

    /// `3.0`, `3.1` or `3.2`.
    var name: String {
        switch self {
        case .v3_0: "3.0"
        case .v3_1: "3.1"
        case .v3_2: "3.2"
        }
    }
}

/// A contract document in the form apicheck compiles (OpenAPI 3.1's: JSON Schema 2020-12), read from the version it
/// is written in; for each place the reading moved, where it is written.
struct ContractReading {
    let edition: OpenAPIEdition
    /// The `openapi` field as written, such as `3.0.3`.
    let version: String
    /// The document in 3.1's form (a 3.0 document's `openapi` reads `3.1.0` here).
    let tree: JSONValue
    /// Pointers into `tree` that the reading moved (`from`, a prefix), and where they are written (`to`).
    let moves: [(from: JSONPointer, to: JSONPointer)]
    /// What the reading left out as the document's version says to (``OpenAPI30Reader/notices``), where it is written.
    var notices: [SchemaError] = []
    /// ``moves`` by `from` (the first of each), made when ``written(_:)`` is first asked: it looks up each place around
    /// a pointer, not every move (a vendor's description makes thousands, and `breaking` asks where each of its tens of
    /// thousands of changes is). Made when asked because a run with nothing to locate asks nothing (hashing every move's
    /// pointer was 1% of `apicheck coverage` of a vendor's description).
    private let movedTo: MovedTo

    /// ``ContractReading/moves`` by `from`, made once, by the first thread that asks.
    private final class MovedTo: Sendable {
        private let table: Locked<[JSONPointer: JSONPointer]?> = Locked(nil)
        private let moves: [(from: JSONPointer, to: JSONPointer)]

        init(_ moves: [(from: JSONPointer, to: JSONPointer)]) {
            self.moves = moves
        }

        var isEmpty: Bool { moves.isEmpty }

        /// The table, made by the first call (one lock a call: ``written(_:)`` then looks up without it).
        var byFrom: [JSONPointer: JSONPointer] {
            table.withLock { table in
                if let table { return table }
                let made = Dictionary(moves, uniquingKeysWith: { first, _ in first })
                table = made
                return made
            }
        }
    }

    init(
        edition: OpenAPIEdition, version: String, tree: JSONValue, moves: [(from: JSONPointer, to: JSONPointer)],
        notices: [SchemaError] = []
    ) {
        self.edition = edition
        self.version = version
        self.tree = tree
        self.moves = moves
        self.notices = notices
        movedTo = MovedTo(moves)
    }

    /// Reads a document as written.
    ///
    /// - Throws: ``SchemaError`` for a document that is not OpenAPI 3.0, 3.1 or 3.2 (Swagger 2.0 among them) and for a
    ///   3.1 construct in a 3.0 document, with the pointer of where it is written. (What is new in 3.2 is refused by the
    ///   compiler, operation by operation.)
    /// A 3.0 document's `components/schemas` of `schemasAsideFrom` schemas or more is read on a thread of its own
    /// (``OpenAPI30Reader/document(_:asideFrom:)``).
    static func read(_ document: JSONValue, schemasAsideFrom: Int = OpenAPI30Reader.schemasReadAside) throws(SchemaError) -> ContractReading
    {
        let (edition, version) = try Self.edition(of: document)
        guard edition == .v3_0 else { return ContractReading(edition: edition, version: version, tree: document, moves: []) }
        var reader = OpenAPI30Reader()
        let tree = try reader.document(document, asideFrom: schemasAsideFrom)
        return ContractReading(edition: edition, version: version, tree: tree, moves: reader.moves, notices: reader.notices)
    }

    /// Where `pointer` (into ``tree``) is written in the document as read.
    func written(_ pointer: JSONPointer) -> JSONPointer {
        guard !movedTo.isEmpty else { return pointer }
        let movedTo = movedTo.byFrom
        // The longest `from` that is `pointer` or lies above it.
        var from = pointer
        while true {
            if let to = movedTo[from] { return JSONPointer(tokens: to.tokens + pointer.tokens.dropFirst(from.tokenCount)) }
            if from.isRoot { return pointer }
            from = from.parent
        }
    }

    /// The edition and version a document declares in `openapi`.
    static func edition(of document: JSONValue) throws(SchemaError) -> (OpenAPIEdition, String) {
        guard case .object(let root) = document else {
            throw SchemaError(pointer: .root, message: "an OpenAPI document is a mapping (openapi, info, paths, ...)")
        }
        guard let declared = root["openapi"] else {
            if let swagger = root["swagger"] {
                throw SchemaError(
                    pointer: JSONPointer(tokens: ["swagger"]),
                    message:
                        """
                        this is a Swagger \(swagger.stringValue ?? JSONWriter.compact(swagger)) (OpenAPI 2) document; apicheck reads \
                        OpenAPI 3.0, 3.1 and 3.2: convert it first (npx swagger2openapi swagger.yaml -o openapi.yaml, or \
                        editor.swagger.io: Edit, Convert to OpenAPI 3)
                        """
                )
            }
            throw SchemaError(pointer: .root, message: "missing openapi: an OpenAPI document starts with openapi: 3.1.0 (or 3.0.x, 3.2.x)")
        }
        let at = JSONPointer(tokens: ["openapi"])
        guard case .string(let version) = declared else {
            throw SchemaError(
                pointer: at,
                message: "openapi must be a string such as \"3.1.0\" (in YAML, quote it), found \(JSONWriter.compact(declared))")
        }
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "3", parts[2].allSatisfy(\.isASCII), Int(parts[2]) != nil, !parts[2].hasPrefix("+") else {
            throw SchemaError(pointer: at, message: "openapi \(version) is not a version apicheck reads; it reads 3.0.x, 3.1.x and 3.2.x")
        }
        switch parts[1] {
        case "0": return (.v3_0, version)
        case "1": return (.v3_1, version)
        case "2": return (.v3_2, version)
        default:
            throw SchemaError(pointer: at, message: "openapi \(version) is not a version apicheck reads; it reads 3.0.x, 3.1.x and 3.2.x")
        }
    }
}
