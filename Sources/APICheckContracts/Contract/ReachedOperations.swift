import APICheckJSONSchema
import APICheckRecording
import Locking

/// A contract's operations compiled as lookups reach them: a vendor's description describes hundreds of operations,
/// and a run checks the few its recordings reach.
///
/// What the document says as a whole is checked before this is made (``ContractCompiler/checkWhole()``: its
/// extensions, its dialect, every `$ref` leading somewhere; its structure, ``OpenAPIStructure``), so a broken document
/// is still refused whole. The path items are known by their templates from the start; the first lookup of a path
/// compiles each path item whose template it fits best (all of that path item's operations, with the same
/// ``ContractCompiler`` code and so the same operations and refusals as a document compiled whole), once, whichever
/// thread asks.
final class ReachedOperations: Sendable {
    /// A path item of `paths`: its key, its value and its template, split.
    private struct Route: Sendable {
        let key: String
        let value: JSONValue
        let template: PathTemplate
    }

    /// What compiling one path item gave.
    private struct Outcome {
        var operations: [CompiledContract.Operation] = []
        var refused: [CompiledContract.Refusal] = []
    }

    /// A response body's program, by operation, response key and media type.
    private struct ProgramKey: Hashable {
        let operation: String
        let response: String
        let mediaType: String
    }

    /// The compiler and what it has compiled: only the holder of the lock compiles (a ``SchemaCompiler`` is one
    /// mutable graph).
    private struct State {
        let compiler: ContractCompiler
        let keyCase: KeyCase?
        let locate: (SchemaError) -> ConfigurationError
        /// Each refused error located once, as ``ContractCompiler/compile(path:locate:)`` does.
        var located: [JSONPointer: ConfigurationError] = [:]
        /// What each path item compiled to, by its position in `paths`.
        var outcomes: [Int: Outcome] = [:]
        /// The first problem of the whole document met while compiling a path item (a chain of `$ref`s that loops).
        var documentError: ConfigurationError?
        var programs: [ProgramKey: StreamingProgram?] = [:]
        /// Every operation compiled, once asked for.
        var whole: CompiledContract?
    }

    private let routes: [Route]
    /// The operations refused for their structure (``UnreadParts/refusedOperations``), whatever compiling them makes.
    private let structural: [CompiledContract.StructureRefusal]
    /// Whether some path key has a `#fragment` (``alternatives(to:path:)`` looks no further otherwise).
    private let hasFragmentKeys: Bool
    private let state: Locked<State>
    /// The file the contract came from.
    let path: String
    /// How many operations the document describes.
    let declaredCount: Int
    /// What the schemas' recursive `$ref`s lead to, kept alive as long as the contract is.
    let graph: SchemaGraph

    /// A contract of `compiler`'s document whose operations are compiled when looked up. `keyCase` is the document's
    /// (``ContractCompiler/checkWhole()`` returned it); `locate` places a refusal in the file as written.
    init(
        path: String, compiler: ContractCompiler, keyCase: KeyCase?, refusing structural: [CompiledContract.StructureRefusal] = [],
        locate: @escaping (SchemaError) -> ConfigurationError
    ) {
        self.path = path
        self.structural = structural
        routes = compiler.routes.map { Route(key: $0.key, value: $0.value, template: PathTemplate(ContractCompiler.template($0.key))) }
        hasFragmentKeys = routes.contains { $0.key.contains("#") }
        declaredCount = compiler.operationCount
        graph = compiler.schemas.graph
        state = Locked(State(compiler: compiler, keyCase: keyCase, locate: locate))
    }

    /// What `method` (upper case) and `path` reach: the operation, or the refused one, with the path's parameters; nil
    /// when no path item describes them. As in a contract compiled whole: the most literal segments win, and of equals
    /// an operation that is checked, then the first in the document.
    func find(method: String, path: String) -> (found: Found, parameters: [String: String])? {
        let parts = PathTemplate.parts(of: path)
        var fits: [(route: Int, parameters: [String: String], specificity: PathTemplate.Specificity)] = []
        for (index, route) in routes.enumerated() {
            if let (parameters, specificity) = route.template.match(parts) { fits.append((index, parameters, specificity)) }
        }
        guard !fits.isEmpty else { return nil }
        return state.withLock { state in
            for level in Set(fits.map(\.specificity)).sorted(by: >) {
                var refusal: (CompiledContract.Refusal, [String: String])?
                for fit in fits where fit.specificity == level {
                    let outcome = Self.outcome(of: fit.route, routes: routes, refusing: structural, in: &state)
                    if let operation = outcome.operations.first(where: { $0.method == method }) {
                        return (.operation(operation), fit.parameters)
                    }
                    if refusal == nil, let refused = outcome.refused.first(where: { $0.method == method }) {
                        refusal = (refused, fit.parameters)
                    }
                }
                // No operation of this method is checked at this level: a refused one here wins over any below.
                if let refusal { return (.refusal(refusal.0), refusal.1) }
            }
            return nil
        }
    }

    /// The other operations of `operation`'s method whose path key is `path` with a `#fragment` (or `path` itself,
    /// where `operation`'s has one), compiled as a lookup compiles them.
    func alternatives(to operation: CompiledContract.Operation, path: Substring) -> [CompiledContract.Operation] {
        guard hasFragmentKeys else { return [] }
        let indices = routes.indices.filter {
            routes[$0].key != operation.template && CompiledContract.withoutFragment(routes[$0].key) == path
        }
        guard !indices.isEmpty else { return [] }
        return state.withLock { state in
            indices.flatMap { index in
                Self.outcome(of: index, routes: routes, refusing: structural, in: &state).operations.filter {
                    $0.method == operation.method
                }
            }
        }
    }

    /// What a lookup found.
    enum Found {
        case operation(CompiledContract.Operation)
        case refusal(CompiledContract.Refusal)
    }

    /// What the path item at `index` compiled to, compiling it the first time.
    private static func outcome(
        of index: Int, routes: [Route], refusing structural: [CompiledContract.StructureRefusal], in state: inout State
    ) -> Outcome {
        if let outcome = state.outcomes[index] { return outcome }
        let route = routes[index]
        var operations: [CompiledContract.Operation] = []
        var refusals = ContractCompiler.Refusals(located: state.located)
        let locate = state.locate
        let compiler = state.compiler
        let keyCase = state.keyCase
        let compiled = LargeStack.run {
            Result { () throws(SchemaError) in
                try compiler.route(route.key, route.value, keyCase: keyCase, into: &operations) {
                    error, method, template throws(SchemaError) in
                    try refusals.add(error, method: method, template: template, locate: locate)
                }
            }
        }
        if case .failure(let error) = compiled { state.documentError = state.documentError ?? locate(error) }
        state.located = refusals.located
        let template = ContractCompiler.template(route.key)
        let (kept, refused) = CompiledContract.refusing(
            structural.filter { $0.template == template }, operations: operations, refused: refusals.list)
        let outcome = Outcome(operations: kept, refused: refused)
        state.outcomes[index] = outcome
        return outcome
    }

    /// The operations and refusals compiled so far, in the document's order.
    var reached: (operations: [CompiledContract.Operation], refused: [CompiledContract.Refusal]) {
        state.withLock { state in
            let outcomes = state.outcomes.sorted { $0.key < $1.key }.map(\.value)
            return (outcomes.flatMap(\.operations), outcomes.flatMap(\.refused))
        }
    }

    /// The slips the schemas compiled so far were read with (``SchemaCompiler/notices``), located.
    var schemaNotices: [ConfigurationError] {
        state.withLock { state in state.compiler.schemas.notices.map(state.locate) }
    }

    /// The first problem of the whole document met while compiling what was reached, if any: the document is then
    /// refused, as it is when compiled whole.
    var documentError: ConfigurationError? {
        state.withLock { $0.documentError }
    }

    /// The program of `operation`'s response `key` for `mediaType` (a key of its content), or nil; made when first
    /// asked for. It counts no coverage: what is compiled where reached is not measured (`apicheck coverage` is).
    func program(for operation: CompiledContract.Operation, response key: String, mediaType: String) -> StreamingProgram? {
        let programKey = ProgramKey(operation: operation.name, response: key, mediaType: mediaType)
        if let made = state.withLock({ $0.programs[programKey] }) { return made }
        guard let schema = operation.responses[key]?.content[mediaType]?.schema else { return nil }
        // Made outside the lock (two jobs may both make one; the first stored is kept, and both are the same).
        let program = StreamingProgram(schema: schema, keyCase: operation.keyCase, coverage: [], root: nil)
        return state.withLock { state in
            if let stored = state.programs[programKey] { return stored }
            state.programs[programKey] = program
            return program
        }
    }

    /// The contract compiled whole, as ``ContractCompiler/compile(path:locate:)`` compiles it, by a compiler of its
    /// own (for what needs every operation: coverage, examples). A problem of the whole document that only compiling
    /// everything meets is kept in ``documentError``, and the operations compiled so far stand for the whole.
    func whole() -> CompiledContract {
        state.withLock { state in
            if let whole = state.whole { return whole }
            let compiler = ContractCompiler(document: state.compiler.document)
            let whole: CompiledContract
            let locate = state.locate
            switch LargeStack.run({ Result { () throws(SchemaError) in try compiler.compile(path: path, locate: locate) } }) {
            case .success(let compiled):
                whole = compiled.refusing(structural)
            case .failure(let error):
                state.documentError = state.documentError ?? state.locate(error)
                let outcomes = state.outcomes.sorted { $0.key < $1.key }.map(\.value)
                whole = CompiledContract(
                    path: path, operations: outcomes.flatMap(\.operations), refused: outcomes.flatMap(\.refused), graph: graph)
            }
            state.whole = whole
            return whole
        }
    }
}
