import APICheckContracts
import APICheckJSONSchema
import APICheckRecording

/// One version of a contract, read for comparison (`apicheck breaking`): its document in OpenAPI 3.1's form (a 3.0
/// version compares as the 3.1 document that says the same) and the file as written, which gives each change its line.
public struct ContractVersion {
    /// The file (or `REF:path` for a version read from git).
    public let path: String
    /// The contract as `apicheck verify` compiles it (the coverage of recordings is counted against it).
    public let compiled: CompiledContract
    let document: JSONValue
    /// The document with its components by name: a `$ref` to one is found without reading the hundreds before it.
    let index: DocumentIndex
    let file: ContractFile
    /// The schema resources (`$id`) and anchors, for a `$ref` such as `#node` or `node.json`.
    let resources: SchemaResources
    let locations = Locations()
    /// Where each `$ref` of a document with no `$id` leads, by its text (``resolve(_:at:)``), for this version's
    /// thread: a comparison of a vendor's versions follows the same few thousand `$ref`s hundreds of thousands of times.
    private let targets = Targets()

    init(
        path: String, compiled: CompiledContract, document: JSONValue, index: DocumentIndex, file: ContractFile, resources: SchemaResources
    ) {
        self.path = path
        self.compiled = compiled
        self.document = document
        self.index = index
        self.file = file
        self.resources = resources
    }

    /// Reads a contract version from its text. It must load as `apicheck verify` loads a contract: a contract apicheck
    /// refuses (its structure, apicheck's own words wrong) is refused here too, with its file and line, rather than
    /// compared as far as it can be; so is one with a `$ref` that leads nowhere, which leaves nothing there to compare.
    ///
    /// - Throws: ``ConfigurationError`` naming `path`.
    public static func parse(_ text: String, path: String) throws(ConfigurationError) -> ContractVersion {
        try read(Array(text.utf8), path: path)
    }

    /// Reads a contract version from its text, the files its `$ref`s name read from `files` relative to `diskPath`
    /// (for a version in a git revision, `path` names it `REF:path`).
    ///
    /// - Throws: ``ConfigurationError`` naming `path`.
    public static func parse(_ text: String, path: String, diskPath: String, files: ReferencedFiles) throws(ConfigurationError)
        -> ContractVersion
    {
        try read(Array(text.utf8), path: path, diskPath: diskPath, files: files)
    }

    static func read(_ bytes: [UInt8], path: String, diskPath: String? = nil, files: ReferencedFiles = .disk) throws(ConfigurationError)
        -> ContractVersion
    {
        // Loaded as `verify` loads it: a vendor's description is compiled where lookups reach it (the recordings'
        // operations, for ranking), its structure, own words and `$ref`s checked whole.
        let (contract, file) = try Contract.read(bytes, path: path, diskPath: diskPath, files: files, compiling: .asVerified)
        // A `$ref` that leads nowhere says nothing to compare (`verify` reports it as the contract's error and checks
        // the rest): the version is refused at its line.
        if let broken = contract.compiled.brokenReferences.first { throw broken }
        // So does an operation whose structure OpenAPI does not allow (`in: body`): verify refuses the operation.
        if let broken = contract.compiled.structureErrors.first { throw broken }
        // The contract loaded, so its resources and anchors are unique (and were found as it loaded: its `$ref`s
        // were checked).
        let resources = file.schemaResources ?? (try? SchemaResources(file.tree)) ?? SchemaResources()
        return ContractVersion(
            path: path, compiled: contract.compiled, document: file.tree, index: DocumentIndex(file.tree), file: file, resources: resources)
    }

    /// Reads the contract file at `path`.
    ///
    /// - Throws: ``ConfigurationError`` when the file cannot be read or the contract does not load.
    public static func load(_ path: String) throws(ConfigurationError) -> ContractVersion {
        try read(try Contract.bytes(at: path), path: path)
    }

    /// This version with locations and `$ref` targets of its own (for a comparison on another thread), the scans under
    /// way shared.
    func detached() -> ContractVersion {
        let copy = ContractVersion(path: path, compiled: compiled, document: document, index: index, file: file, resources: resources)
        copy.locations.locators = locations.locators
        copy.locations.pending = locations.pending
        return copy
    }

    /// Where `pointer` is in this version: the file, its line, the pointer.
    func location(_ pointer: JSONPointer) -> ContractChange.Location {
        if let pending = locations.pending {
            locations.pending = nil
            locations.locators[pending.path] = .some(pending.scan.wait())
        }
        let place = file.place(of: pointer, locators: &locations.locators)
        return ContractChange.Location(file: place.path, line: place.line, pointer: place.pointer.description)
    }

    /// Starts scanning each version's main JSON file for its lines, each on a thread of its own, for ``location(_:)``:
    /// a comparison runs on one core, and the scans of a vendor's description (megabytes each) were on its way, when a
    /// first change was located. A YAML file's nodes keep their lines.
    static func prepareLocations(_ versions: [ContractVersion]) {
        for version in versions where version.locations.pending == nil && version.locations.locators.isEmpty {
            guard let maker = version.file.bundle.main.locatorMaker() else { continue }
            version.locations.pending = (BackgroundResult { maker() }, version.file.bundle.main.path)
        }
    }

    /// The locators of this version's JSON files, made when a first change is located in each (the main file's
    /// scanned on another thread while the versions are compared): a comparison locates hundreds of changes in a
    /// vendor's description, and a parse of the file for each took seconds.
    final class Locations {
        var locators: [String: JSONLocator?] = [:]
        /// The scan of the main file under way, and the file.
        var pending: (scan: BackgroundResult<JSONLocator?>, path: String)?
    }

    /// The value at `pointer`, following local `$ref`s (`#/components/...`) to the value they name, and the pointer
    /// of where that value is written. A chain longer than 64 stops where it is.
    func resolve(_ value: JSONValue, at pointer: JSONPointer) -> (value: JSONValue, pointer: JSONPointer) {
        var value = value
        var pointer = pointer
        for _ in 0..<64 {
            guard case .string(let reference)? = value["$ref"], let target = target(of: reference, at: pointer),
                let found = index[pointer: target]
            else { break }
            // OpenAPI 3.1 allows keywords beside $ref; they apply as well (kept when the target has none of its own).
            if case .object(let object) = value, object.count > 1, case .object(var merged) = found {
                for member in object where member.key != "$ref" && merged[member.key] == nil { merged[member.key] = member.value }
                value = .object(merged)
            } else {
                value = found
            }
            pointer = target
        }
        return (value, pointer)
    }

    /// Where `reference`, written in the schema at `pointer`, leads; nil when it leads nowhere here.
    private func target(of reference: String, at pointer: JSONPointer) -> JSONPointer? {
        let anywhere = !resources.hasIdentifiers
        if anywhere, let known = targets.found[reference] { return known }
        guard case .found(let target) = resources.resolve(reference, at: pointer.appending("$ref")) else { return nil }
        if anywhere { targets.found[reference] = target }
        return target
    }

    /// The `$ref` targets found by one version's thread.
    private final class Targets {
        var found: [String: JSONPointer] = [:]
    }
}
