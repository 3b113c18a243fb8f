import APICheckJSONSchema
import APICheckRecording
import Foundation
import Locking
import Yams

/// An OpenAPI contract (3.0, 3.1 or 3.2; YAML or JSON): its structure judged against the OpenAPI Initiative's schema of
/// its version (``OpenAPIStructure``), and compiled for the verifier from its own tree.
///
/// Loading fails (with the file, line and what to do) for anything the verifier would not enforce:
/// an unknown schema keyword, an unsupported one (`$recursiveRef`, ...), an
/// unknown or malformed `x-apicheck-*` extension; an operation is refused for a pattern that does not compile or a
/// `$ref` that leads nowhere, which are the contract's own errors too (``CompiledContract/invalidFindings``).
/// A 3.0 document is read into the 3.1 form that says the same (``OpenAPI30Reader``); what is new in 3.2 is refused
/// by name until it is checked.
public struct Contract: Sendable {
    /// The file it was read from.
    public let path: String
    /// The operations and schemas, compiled.
    public let compiled: CompiledContract

    /// Reads and compiles the contract at `path`.
    ///
    /// - Throws: ``ConfigurationError`` with the file and, where it can be found, the line of what is wrong.
    public static func load(_ path: String) throws(ConfigurationError) -> Contract {
        try load(path, compiling: .everything)
    }

    /// How much of a contract loading compiles.
    package enum Compilation: Sendable, Equatable {
        /// Every operation, at load: each refused one is named at once, and coverage can be measured.
        case everything
        /// Only the operations that lookups reach, when the document describes more than `operations` (a vendor's
        /// description); every operation of a smaller one. What the document says as a whole is checked either way.
        case whereReached(beyond: Int)

        /// What `verify` and `breaking` compile: where reached, past ``Contract/compiledWhereReached`` operations.
        package static let asVerified = Compilation.whereReached(beyond: Contract.compiledWhereReached)
    }

    /// A contract describing more operations than this (a vendor's description) is compiled only where lookups reach
    /// it by `verify` and `breaking`; `coverage` compiles it whole.
    package static let compiledWhereReached = 200

    /// Reads the contract at `path`, compiling as `compilation` says.
    ///
    /// - Throws: ``ConfigurationError`` with the file and, where it can be found, the line of what is wrong.
    package static func load(_ path: String, compiling compilation: Compilation) throws(ConfigurationError) -> Contract {
        let (contract, file) = try read(try bytes(at: path), path: path, compiling: compilation, textOnDisk: true)
        ReleasedApart.release(file)
        return contract
    }

    /// The bytes of the contract file at `path`.
    ///
    /// - Throws: ``ConfigurationError`` when it cannot be read.
    package static func bytes(at path: String) throws(ConfigurationError) -> [UInt8] {
        guard let bytes = FileBytes.read(path) else {
            throw ConfigurationError(file: path, message: "cannot read the contract: \(FileBytes.whyUnreadable(path))")
        }
        return bytes
    }

    /// Parses contract text; `path` is used in errors (and a name ending in `.json` makes it JSON), and the files its
    /// `$ref`s name are read relative to it.
    public static func parse(_ text: String, path: String) throws(ConfigurationError) -> Contract {
        try read(Array(text.utf8), path: path).contract
    }

    /// Parses contract text as ``parse(_:path:)`` does, compiling as `compilation` says.
    package static func parse(_ text: String, path: String, compiling compilation: Compilation) throws(ConfigurationError) -> Contract {
        try read(Array(text.utf8), path: path, compiling: compilation).contract
    }

    /// Parses a contract's bytes (for the fuzz target: bytes that are not UTF-8 reach the JSON reader as they are; a
    /// `$ref` to another file reads none).
    package static func parse(_ bytes: [UInt8], path: String) throws(ConfigurationError) -> Contract {
        try read(bytes, path: path, files: .none).contract
    }

    /// Reads and compiles a contract's bytes, also returning the file as read (for `apicheck breaking`, which
    /// compares documents and reports lines: the text is parsed once). The files its `$ref`s name are read from
    /// `files`, relative to `diskPath` (where the contract is; `path`, its name in messages, when nil). With
    /// `textOnDisk`, `files` reads the contract's own text again, so a large JSON text is freed once parsed and read
    /// again only to find a line (``ContractSource/rereadFrom``).
    package static func read(
        _ bytes: consuming [UInt8], path: String, diskPath: String? = nil, files: ReferencedFiles = .disk,
        compiling compilation: Compilation = .everything, textOnDisk: Bool = false
    ) throws(ConfigurationError) -> (contract: Contract, file: ContractFile) {
        // The OpenAPI schema that judges the structure compiles (once a process) while the text is parsed.
        _ = BackgroundResult(aside: true) { OpenAPIStructure.prepare() }
        var file = try readFile(consume bytes, path: path, diskPath: diskPath, files: files, textOnDisk: textOnDisk)
        let tree = file.tree
        let compiler = ContractCompiler(document: tree)
        compiler.schemas.deepestTarget = file.source.deepestReference
        let reachedOnly: Bool
        if case .whereReached(let beyond) = compilation { reachedOnly = compiler.operationCount > beyond } else { reachedOnly = false }
        // The document's structure is judged (``OpenAPIStructure``) on a second thread while this one compiles (schemas
        // are the compiler's to judge): a contract loads in the longer of the two. The structure's verdict comes first.
        let edition = file.reading?.edition ?? .v3_1
        let judge = { BackgroundResult(aside: true) { OpenAPIStructure.problem(in: tree, edition: edition) } }
        // Compiled whole, or (where reached) what the document says as a whole checked, while the structure is judged.
        let compiled: Result<Compiled, SchemaError>
        let structure: BackgroundResult<SchemaError?>
        if reachedOnly {
            structure = judge()
            compiled = Result { () throws(SchemaError) in
                let whole = try compiler.checkWhole()
                return .reached(keyCase: whole.keyCase, brokenReferences: whole.brokenReferences)
            }
        } else {
            let mayDeclareResources = file.source.mayDeclareResources
            (compiled, structure) = LargeStack.run {
                // The judge and the walk of the `$ref`s start from the compiling thread once it runs: started before it,
                // they held both cores (a thread starts at the usual priority and then lowers its own) while it waited
                // for one, 1 to 2 ms of a vendor's `apicheck coverage`.
                let structure = judge()
                let references = mayDeclareResources ? nil : ContractCompiler.ReferencesApart(of: compiler)
                let compiled = Result { () throws(SchemaError) -> Compiled in
                    .whole(try compiler.compile(path: path, references: references) { located($0, in: file) })
                }
                return (compiled, structure)
            }
        }
        // What the parameters say that apicheck leaves out, also found while the structure is judged.
        let parameterNotices = compiler.notices()
        // What apicheck never reads and the judge refuses the document for (a leftover key, a security requirement
        // naming no scheme, a server variable's enum of numbers) is said once, and the document judged again without
        // it; a document the judge takes as written (nearly all) is not walked for it.
        // An operation whose structure is wrong where apicheck reads it is refused (the contract's own error), and the
        // others are checked.
        var unread: [SchemaError] = []
        var structural: [CompiledContract.StructureRefusal] = []
        if structure.wait() != nil {
            let parts = UnreadParts(tree, edition: edition)
            unread = parts.notices
            if let error = parts.problem { throw located(error, in: file) }
            structural = parts.refusedOperations.map {
                CompiledContract.StructureRefusal(method: $0.method, template: $0.template, reason: located($0.error, in: file))
            }
        }
        var contract: CompiledContract
        switch compiled {
        case .success(.whole(let whole)):
            contract = whole.refusing(structural)
        case .success(.reached(let keyCase, let brokenReferences)):
            let reached = ReachedOperations(
                path: path, compiler: compiler, keyCase: keyCase, refusing: structural, locate: { located($0, in: file) })
            contract = CompiledContract(reached: reached)
            contract.brokenReferences = brokenReferences.map { located($0, in: file) }
            contract.structureErrors = structural.map(\.reason)
        case .failure(let error):
            throw located(error, in: file)
        }
        // And the slips the schemas were read with (compiled where reached, those are told as lookups reach them:
        // CompiledContract.reachedWarnings).
        let read = file.reading?.notices ?? []
        contract.notices = (read + unread + parameterNotices + (reachedOnly ? [] : compiler.schemas.notices)).map { located($0, in: file) }
        file.schemaResources = compiler.schemas.foundResources
        ReleasedApart.release(compiler)
        return (Contract(path: path, compiled: contract), file)
    }

    /// What loading compiled while the structure was judged.
    private enum Compiled {
        /// Every operation.
        case whole(CompiledContract)
        /// Nothing yet: the document's own words and `$ref`s were checked; its key case is this, and these `$ref`s lead
        /// nowhere.
        case reached(keyCase: KeyCase?, brokenReferences: [SchemaError])
    }

    /// Parses a contract's bytes, reads the files it names and the version it is written in. The file returned keeps
    /// the document in the form that is compiled and, of the text as written, only what finds a line: a 3.0 document's
    /// tree as written is gone once it is read (a vendor's description is tens of megabytes of tree).
    private static func readFile(
        _ bytes: consuming [UInt8], path: String, diskPath: String?, files: ReferencedFiles, textOnDisk: Bool
    ) throws(ConfigurationError) -> ContractFile {
        // The parser first: a syntax error gets its line from it.
        let disk = diskPath ?? path
        var reread: (@Sendable () -> [UInt8]?)?
        if textOnDisk {
            reread = {
                guard case .success(let bytes) = files.read(disk) else { return nil }
                return bytes
            }
        }
        let source = try ContractSource.parse(consume bytes, path: path, reread: reread)
        do {
            // What the document is first (Swagger 2.0 is named before any file it names is read).
            _ = try ContractReading.edition(of: source.tree)
        } catch {
            throw located(error, in: ContractFile(bundle: ContractBundle(main: source, files: [], tree: source.tree), reading: nil))
        }
        let bundle = try ContractBundle.gather(source, at: diskPath ?? path, from: files)
        do {
            var reading = try ContractReading.read(bundle.tree)
            reading.notices = bundle.notices + reading.notices
            let file = ContractFile(bundle: bundle.forLocating, reading: reading)
            // The tree as written: what the reading rewrote of it (a 3.0 description's schemas) is freed off the path.
            ReleasedApart.release(consume bundle)
            return file
        } catch {
            throw located(error, in: ContractFile(bundle: bundle, reading: nil))
        }
    }

    /// A problem found in the document as an error at its line in the file as written.
    static func located(_ error: SchemaError, in file: ContractFile) -> ConfigurationError {
        let place = file.place(of: error.pointer)
        return ConfigurationError(
            file: place.path, line: place.line, column: place.column,
            keyPath: place.pointer.description.isEmpty ? "/" : place.pointer.description, message: error.message
        )
    }

    /// The contract's text (YAML or JSON) as a JSON value, as loading reads it (for tools of the package: the
    /// benchmark's peer validates against the contract's own schemas).
    package static func document(_ text: String, path: String) throws(ConfigurationError) -> JSONValue {
        try ContractSource.parse(Array(text.utf8), path: path).tree
    }
}

/// A contract file as read: its text and the files it names, parsed (for lines), and its reading (the 3.1 form that
/// is compiled).
package struct ContractFile {
    package let bundle: ContractBundle
    /// Nil while the document's version is not yet known.
    let reading: ContractReading?
    /// The schema resources (`$id`) and anchors of ``tree``, as loading found them (nil before, or where nothing
    /// needed them): a comparison looks `$ref`s up in them too, and a vendor's description is a walk of megabytes.
    package var schemaResources: SchemaResources?

    /// The contract's own file.
    var source: ContractSource { bundle.main }

    /// The document compiled: the reading's tree.
    package var tree: JSONValue { reading?.tree ?? bundle.tree }

    /// The file `pointer` (into ``tree``) is written in (the contract's, or one its `$ref`s name), the pointer there,
    /// and its line and column.
    func place(of pointer: JSONPointer) -> (path: String, pointer: JSONPointer, line: Int?, column: Int?) {
        let (source, inFile) = bundle.place(of: reading?.written(pointer) ?? pointer)
        let location = source.location(of: inFile)
        return (source.path, inFile, location?.line, location?.column)
    }

    /// ``place(of:)``, for many pointers: each JSON file is scanned once, into `locators` (by path), and each pointer
    /// is found from there.
    package func place(of pointer: JSONPointer, locators: inout [String: JSONLocator?]) -> (path: String, pointer: JSONPointer, line: Int?)
    {
        let (source, inFile) = bundle.place(of: reading?.written(pointer) ?? pointer)
        if locators[source.path] == nil { locators[source.path] = .some(source.locator()) }
        let location = source.location(of: inFile, locator: locators[source.path] ?? nil)
        return (source.path, inFile, location?.line)
    }
}

extension Node {
    /// The position of the node at `pointer`, or of the deepest node on the way that exists.
    func mark(at pointer: JSONPointer) -> Mark? {
        var node = self
        var mark = self.mark
        for key in pointer.tokens {
            if let index = Int(key), case .sequence(let sequence) = node, sequence.indices.contains(index) {
                node = sequence[index]
            } else if case .mapping(let mapping) = node, let value = mapping.first(where: { $0.key.scalar?.string == key })?.value {
                // By the key's text: `"200"` (quoted, a string) and `200` (an integer) are different Nodes.
                node = value
            } else {
                break
            }
            mark = node.mark ?? mark
        }
        return mark
    }
}

/// Runs work that recurses as deep as a document nests (compiling schemas: a level of `properties` or of a `$ref`
/// first met is a few frames) on a thread with a stack of its own, and waits for it. The caller's may be a thread of
/// Swift's cooperative pool (half a megabyte) or a verify job's; this one's is large enough for
/// ``SchemaCompiler/maximumDepth`` levels in a debug or sanitized build, and is only reserved, not used, until reached.
package enum LargeStack {
    /// 64 MiB: a level is under 2 KB in a debug build, about three times that under a sanitizer.
    static let size = 64 << 20

    /// `work`'s result, computed on a thread with a stack of ``size``.
    package static func run<Value>(_ work: () -> Value) -> Value {
        withoutActuallyEscaping(work) { work in
            // The caller waits for the thread: `work` and the result are never touched by two threads at once.
            let box = Box(work: work)
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                ThreadArena.reserve()
                ThreadArena.adviseHugePagesForStack()
                box.value = box.work?()
                // Let go of `work` before the caller goes on: it must not outlive withoutActuallyEscaping.
                box.work = nil
                done.signal()
            }
            thread.stackSize = size
            thread.start()
            done.wait()
            // Taken out of the box: the thread's closure holds the box until the thread has ended, which may be after
            // the caller has let go of the value (a contract dropped would stay alive until then).
            guard let value = box.value.take() else { preconditionFailure("LargeStack's thread ended without a value") }
            return value
        }
    }

    private final class Box<Value>: @unchecked Sendable {
        var work: (() -> Value)?
        var value: Value?
        init(work: @escaping () -> Value) { self.work = work }
    }
}

/// Lets go of a value on a thread of its own: what loading a vendor's description leaves behind (the compiler's tables,
/// the document as read) is a million small allocations, and freeing them was a fifth of `apicheck coverage` on one.
package enum ReleasedApart {
    private static let queue = DispatchQueue(label: "apicheck.released-apart", qos: .utility)

    /// Hands the caller's reference to `value` to the queue's thread, which drops it (freeing it there, unless someone
    /// else still holds it). The value is dropped inside the block, not with the block: the box that carries it may be
    /// released last by the caller.
    package static func release<Value>(_ value: consuming Value) {
        let handed = Handed(value)
        if let keep = keeper.withLock({ $0 }) {
            keep(handed)
            return
        }
        queue.async { handed.value = nil }
    }

    /// What a process that ends once its command is done keeps what is released with, instead of freeing it
    /// (``keepUntilExit(with:)``); nil: freed on the queue's thread.
    private static let keeper = Locked<(@Sendable (any Sendable) -> Void)?>(nil)

    /// From now on, what is released is handed to `keep` (which keeps it until the process exits) instead of freed:
    /// for a process that ends once its command is done (the CLI's `verify`, `coverage` and `breaking`), where freeing
    /// a vendor's description piece by piece on the queue's thread took a core from the command itself (a twentieth of
    /// `breaking`'s time on two Stripe-shaped versions). Never for a process that goes on (`serve`, an app's tests).
    package static func keepUntilExit(with keep: @escaping @Sendable (any Sendable) -> Void) {
        keeper.withLock { $0 = keep }
    }

    /// Returns once everything handed over so far has been dropped (for a test of what a dropped contract frees).
    static func drain() {
        queue.sync {}
    }

    /// `@unchecked Sendable`: nobody uses the value once it is handed over; the queue's thread only drops it.
    private final class Handed<Value>: @unchecked Sendable {
        var value: Value?
        init(_ value: consuming Value) { self.value = value }
    }
}
