import APICheckContracts
import APICheckRecording
import Foundation

/// `apicheck verify`: finds the recordings, verifies each against its API's contract, and gathers findings.
public struct VerifyRun: Sendable {
    /// What to verify.
    public struct Options: Sendable {
        /// Recordings, HAR files or folders; empty means every recording of every API.
        public var paths: [String] = []
        /// Only this API.
        public var api: String?
        /// Extra keys are errors.
        public var strict = false
        /// The environment (for secret values).
        public var environment: [String: String] = [:]
        /// How many files are verified at once (each on a thread of its own); at least 1.
        public var jobs: Int
        /// Whether the contract coverage of the recordings is gathered (the summary); off only to measure its cost.
        package var collectsCoverage = true
        /// Whether a contract describing more than ``VerifyRun/compiledWhereReached`` operations is compiled only where
        /// the recordings reach it (`verify`); off where every operation must be compiled (`coverage`).
        package var compilesWhereReached = true
        /// Whether response bodies are checked as they are read (``StreamingCheck``); off only to compare with the
        /// usual way (tests, benchmarks).
        package var streamsBodies = true

        /// Default options: as many jobs as the machine has cores.
        public init(paths: [String] = [], api: String? = nil, strict: Bool = false, environment: [String: String] = [:], jobs: Int? = nil) {
            self.paths = paths
            self.api = api
            self.strict = strict
            self.environment = environment
            self.jobs = max(1, jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        }
    }

    /// What the run found.
    public struct Result: Sendable {
        /// Every finding, file by file.
        public var findings: [Finding] = []
        /// Files that could not be read or understood (exit 2).
        public var errors: [String] = []
        /// What loading the contracts refused (an operation described with a construct apicheck does not check),
        /// each once, compiler style: `contracts/x.yaml:12:5: warning: GET /things/{id} is not checked ...`.
        public var warnings: [String] = []
        /// What the run says of how it checked, for stderr: each API whose description was compiled only where its
        /// recordings reach (``VerifyRun/compiledWhereReached``), with how much that was.
        public var notes: [String] = []
        /// How many recordings and interactions were verified.
        public var recordings = 0
        public var interactions = 0
        /// Each verified API's contract coverage by the recordings verified (contract examples not counted), in
        /// apicheck.yml's order.
        public var coverage: [ContractCoverage] = []
        /// What each API's recordings exercised.
        var tallies: [String: CoverageTally] = [:]
        /// How many response bodies were checked as they were read, never becoming a `JSONValue`.
        package var streamedBodies = 0
    }

    let configuration: ConfigurationFile
    /// What to verify, and how: given once, to the initializer.
    public let options: Options
    /// One verifier per API, shared by every job: each holds its compiled contract, which no job changes.
    var verifiers: [String: Verifier] = [:]
    /// What loading each selected API's contract refused, in apicheck.yml's order.
    private var refusals: [String] = []

    /// A contract describing more operations than this (a vendor's description) is compiled only where the recordings
    /// reach it, and its coverage is left to `apicheck coverage`, which compiles it whole.
    public static let compiledWhereReached = Contract.compiledWhereReached

    /// Loads every selected API's contract; a contract that does not load is a configuration error.
    public init(configuration: ConfigurationFile, options: Options) throws(ConfigurationError) {
        self.configuration = configuration
        self.options = options
        let apis = try configuration.selecting(options.api).filter { $0.contract != nil }
        // Each contract loads on its own thread (with --jobs 1, one after another); the first error in
        // apicheck.yml's order is the one reported.
        let paths = apis.map { api in api.contract.map { configuration.resolve($0).path } ?? "" }
        let compilation = options.compilesWhereReached ? Contract.Compilation.whereReached(beyond: Self.compiledWhereReached) : .everything
        let loads = paths.map { path in
            options.jobs > 1 && paths.count > 1 ? BackgroundResult { Self.load(path, compiling: compilation) } : nil
        }
        for (index, api) in apis.enumerated() {
            let loaded = try (loads[index]?.wait() ?? Self.load(paths[index], compiling: compilation)).get()
            refusals += loaded.compiled.warnings
            if !loaded.compiled.compilesWhereReached { refusals += loaded.compiled.refused.map(\.warning) }
            let verifierOptions = Verifier.Options(strict: options.strict, severities: api.severities, ignored: api.ignore)
            verifiers[api.name] = Verifier(contract: loaded.compiled, options: verifierOptions)
        }
    }

    private static func load(_ path: String, compiling compilation: Contract.Compilation) -> Swift.Result<Contract, ConfigurationError> {
        Swift.Result { () throws(ConfigurationError) in try Contract.load(path, compiling: compilation) }
    }

    /// Verifies what the options given to ``init(configuration:options:)`` name.
    public func run() -> Result { verify(options) }

    /// Verifies the files `options` names (`paths`, `streamsBodies`, `environment`, `jobs`) with the contracts and
    /// verifiers this run loaded: what the tests use to check many sets of files against one load.
    package func verify(_ options: Options) -> Result {
        var result = Result()
        result.warnings = refusals
        var files: [(path: String, api: String?)] = []
        if options.paths.isEmpty {
            for api in (try? configuration.selecting(options.api)) ?? [] {
                let folder = configuration.resolve(api.recordings).path
                files += Self.files(under: folder).map { (DisplayPath.relative($0), api.name) }
            }
        } else {
            for path in options.paths {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                    let reason = FileBytes.whyUnreadable(path)
                    result.errors.append(
                        "\(path): error: \(reason == "no such file" ? "no such file or folder" : "cannot read it: \(reason)")")
                    continue
                }
                let found = isFolder.boolValue ? Self.files(under: path) : [path]
                // A folder named on the command line with nothing in it to verify is a mistake, never a pass.
                if found.isEmpty { result.errors.append("\(path): error: a folder with no recording (.json) or HAR file (.har) in it") }
                files += found.map { ($0, options.api) }
            }
        }
        // The secrets to look for, worked out once per API rather than once per file.
        var secrets: [String: [String]] = [:]
        for api in configuration.apis { secrets[api.name] = api.redactionRules(environment: options.environment).secretValues }
        // Files are verified in parallel; their results join in file order, so a report never depends on timing.
        let chosen = files
        let secretValues = secrets
        let perFile = Parallel.map(
            chosen.count, jobs: options.jobs, context: { _ in verifiers }
        ) { verifiers, index in
            var one = Result()
            verifyFile(
                chosen[index].path, api: chosen[index].api, options: options, secrets: secretValues, verifiers: verifiers, into: &one)
            return one
        }
        for one in perFile {
            result.findings += one.findings
            result.errors += one.errors
            result.recordings += one.recordings
            result.interactions += one.interactions
            result.streamedBodies += one.streamedBodies
            for (api, tally) in one.tallies { result.tallies[api, default: CoverageTally()].formUnion(tally) }
        }
        for api in configuration.apis.map(\.name) {
            guard let verifier = verifiers[api] else { continue }
            // The contract's own errors, once per run, whatever the recordings reach (contract.invalid).
            result.findings += verifier.contractFindings()
            if verifier.contract.compilesWhereReached { reportReached(api: api, contract: verifier.contract, into: &result) }
        }
        // Coverage of every API asked for (all of them when no path was named), or of those whose files were named.
        let covered =
            options.paths.isEmpty
            ? ((try? configuration.selecting(options.api)) ?? []).map(\.name)
            : configuration.apis.map(\.name).filter { result.tallies[$0] != nil }
        for api in covered where options.collectsCoverage {
            guard let verifier = verifiers[api], !verifier.contract.compilesWhereReached else { continue }
            result.coverage.append(ContractCoverage(api: api, contract: verifier.contract, tally: result.tallies[api] ?? CoverageTally()))
        }
        return result
    }

    func verifyFile(
        _ path: String, api: String?, options: Options, secrets: [String: [String]], verifiers: [String: Verifier],
        into result: inout Result
    ) {
        guard let bytes = FileBytes.read(path) else {
            result.errors.append("\(path): error: cannot read the file: \(FileBytes.whyUnreadable(path))")
            return
        }
        if options.streamsBodies, !path.hasSuffix(".har"),
            verifyStreaming(bytes, path: path, options: options, secrets: secrets, verifiers: verifiers, into: &result)
        {
            return
        }
        let recording: Recording
        do throws(RecordingError) {
            if path.hasSuffix(".har") {
                guard let api, let apiConfig = configuration.api(api) else {
                    result.errors.append("\(path): error: a HAR file needs --api to say which API it belongs to")
                    return
                }
                let bases: [String: URL]
                do throws(ConfigurationError) {
                    bases = try apiConfig.knownBaseURLs(environment: options.environment)
                } catch {
                    result.errors.append(error.description)
                    return
                }
                recording = try HAR.importRecording(
                    bytes, file: path, api: api, name: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent,
                    baseURLs: bases, redaction: apiConfig.redactionRules(environment: options.environment),
                    acceptingAnyOrigin: true
                )
            } else {
                recording = try Recording(bytes: bytes, file: path)
            }
        } catch {
            result.errors.append(error.description)
            return
        }
        guard let verifier = verifiers[recording.api] else {
            if configuration.api(recording.api) == nil {
                result.errors.append("\(path): error: the recording's API \"\(recording.api)\" is not in \(configuration.path)")
            } else if options.api == nil || options.api == recording.api {
                result.errors.append("\(path): error: the API \"\(recording.api)\" has no contract in \(configuration.path)")
            }
            return
        }
        result.recordings += 1
        result.interactions += recording.interactions.count
        if Self.counts(verifier, options) {
            result.tallies[recording.api, default: CoverageTally()].add(recording, contract: verifier.contract)
        }
        if path.hasSuffix(".har") {
            // A finding points at its entry of the HAR file, so two entries' findings never print as one line.
            var findings = verifier.verify(recording, file: path, secrets: secrets[recording.api] ?? [])
            for index in findings.indices {
                findings[index].line = JSONReader.line(
                    of: HAR.sourcePointer(of: JSONPointer(findings[index].sourcePointer ?? "")), in: bytes)
            }
            result.findings += findings
        } else {
            result.findings += verifier.verify(recording, file: path, bytes: bytes, secrets: secrets[recording.api] ?? [])
            result.findings += Self.leaks(in: bytes, of: recording, file: path, secrets: secrets[recording.api] ?? [])
        }
    }

    /// Whether the coverage of what `verifier` checks is gathered: not for a contract compiled where reached, whose
    /// unreached operations are not compiled to be counted.
    static func counts(_ verifier: Verifier, _ options: Options) -> Bool {
        options.collectsCoverage && !verifier.contract.compilesWhereReached
    }

    /// What a run against a contract compiled where reached says: what its recordings reached refused (warnings, as
    /// loading a contract compiled whole says them), a problem of the whole document met on the way (an error), and
    /// how much was compiled.
    private func reportReached(api: String, contract: CompiledContract, into result: inout Result) {
        let reached = contract.reached
        result.warnings += contract.reachedWarnings + reached.refused.map(\.warning)
        if let error = contract.documentError { result.errors.append(error.description) }
        let compiled = reached.operations.count + reached.refused.count(where: { $0.operation != nil })
        result.notes.append(
            """
            \(api)'s contract describes \(contract.declaredOperationCount) operations (more than \(Self.compiledWhereReached)): the \
            \(compiled) its recordings reach were compiled and checked, the other \(contract.declaredOperationCount - compiled) were \
            neither compiled nor measured, so what of them apicheck refuses is not said here (apicheck coverage --api \(api) \
            compiles every one, names each it refuses with every reason, and measures coverage)
            """
        )
    }

    /// A finding for each live secret in a recording file's bytes.
    static func leaks(in bytes: [UInt8], of recording: Recording, file: String, secrets: [String]) -> [Finding] {
        SecretScanner.scan(bytes: bytes, values: secrets).map { leak in
            var finding = FindingPlace(.recording, operation: recording.name).finding(
                .secretUnredacted, "", expected: "no live secret", found: "\(leak.what) (\(leak.excerpt))")
            finding.file = file
            finding.line = bytes.withUnsafeBufferPointer { TextLocation(offset: leak.offset, in: $0).line }
            return finding
        }
    }

    /// Every `.json` recording and `.har` file below `folder`, sorted.
    static func files(under folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") { continue }
            if relative.hasSuffix(".json") || relative.hasSuffix(".har") {
                files.append((folder as NSString).appendingPathComponent(relative))
            }
        }
        return files.sorted()
    }
}
