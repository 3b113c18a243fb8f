import APICheckBreaking
import APICheckContracts
import APICheckRecording
import Foundation

extension BreakingRun {
    /// What `apicheck breaking` is asked to compare: two files, or with `base` each API's contract of `apicheck.yml`
    /// with the same file at that git revision.
    public struct Request: Sendable {
        /// The old and the new contract file (none with `base`).
        public var files: [String]
        /// A git revision: each API's contract is compared with its version there.
        public var base: String?
        /// Only this API (with two files: the API whose recordings rank the changes).
        public var api: String?
        /// `apicheck.yml`, read when `base` or `api` needs it.
        public var configPath: String
        /// Also run the app's `ContractExample` suites on the new contract's examples, the tests `examplesFilter` selects.
        public var examples = false
        public var examplesFilter: String?
        /// Today, for sunset dates.
        public var today = Date()

        /// A request.
        public init(files: [String], base: String?, api: String?, configPath: String) {
            self.files = files
            self.base = base
            self.api = api
            self.configPath = configPath
        }
    }

    /// What a run found: one comparison per pair of versions, and notes for stderr.
    public struct Outcome: Sendable {
        public var comparisons: [Comparison] = []
        public var notes: [String] = []
        /// The versions compared, for the command to keep until the process ends rather than free them (two vendor
        /// descriptions are a million small allocations).
        package var versions: [any Sendable] = []
    }

    /// One pair of versions to compare: the API and what ranks its changes.
    private struct Pair {
        let old: ContractVersion
        let new: ContractVersion
        let api: String?
        let recordings: String?
        let severities: [RuleID: Severity]
    }

    /// Runs `apicheck breaking`: reads the versions (from git with `base`), runs the examples when asked, compares and
    /// ranks each pair.
    ///
    /// - Throws: ``ConfigurationError`` when `apicheck.yml`, a contract or a git revision cannot be read, or the
    ///   examples cannot run.
    public static func run(_ request: Request) throws(ConfigurationError) -> Outcome {
        var outcome = Outcome()
        var configuration: ConfigurationFile?
        let pairs: [Pair]
        if let base = request.base {
            let loaded = try ConfigurationFile.load(request.configPath)
            configuration = loaded
            (pairs, outcome.notes) = try pairsAtBase(base, api: request.api, configuration: loaded)
        } else {
            // The old version loads on a thread of its own while this one loads the new (a vendor's description: each
            // is a few tenths of a second); the old one's error is the one reported.
            let pending = BackgroundResult {
                HandedOver(Result { () throws(ConfigurationError) in try ContractVersion.load(request.files[0]) })
            }
            let loadedNew = Result { () throws(ConfigurationError) in try ContractVersion.load(request.files[1]) }
            let old = try pending.wait().value.get()
            let new = try loadedNew.get()
            var recordings: String?
            var severities: [RuleID: Severity] = [:]
            if let api = request.api {
                let loaded = try ConfigurationFile.load(request.configPath)
                configuration = loaded
                guard let chosen = try loaded.selecting(api).first else {
                    throw ConfigurationError(file: loaded.path, message: "no API named \"\(api)\"")
                }
                recordings = loaded.resolve(chosen.recordings).path
                severities = chosen.severities
            }
            pairs = [Pair(old: old, new: new, api: request.api, recordings: recordings, severities: severities)]
        }
        var tried: [BreakingExamples.Result]?
        if request.examples, let configuration {
            let examples = try BreakingExamples.run(
                newContracts: pairs.compactMap { pair in pair.api.map { ($0, pair.new.path) } }, configuration: configuration,
                filter: request.examplesFilter)
            outcome.notes += examples.notes
            tried = examples.results
        }
        outcome.versions = pairs.map { HandedOver([$0.old, $0.new]) }
        outcome.comparisons = pairs.map { pair in
            compare(
                old: pair.old, new: pair.new, api: pair.api, recordingsFolder: pair.recordings, severities: pair.severities,
                examples: tried, today: request.today)
        }
        return outcome
    }

    /// Each selected API's contract at `base` (read with git) and in the working tree; a contract not in `base` is new,
    /// and a note says so.
    private static func pairsAtBase(
        _ base: String, api: String?, configuration: ConfigurationFile
    ) throws(ConfigurationError) -> (pairs: [Pair], notes: [String]) {
        var pairs: [Pair] = []
        var notes: [String] = []
        for chosen in try configuration.selecting(api) {
            guard let contract = chosen.contract else { continue }
            let path = DisplayPath.relative(configuration.resolve(contract).path)
            guard let oldText = try gitShow(ref: base, path: path) else {
                notes.append("\(path): not in \(base): a new contract, nothing to compare")
                continue
            }
            pairs.append(
                Pair(
                    old: try ContractVersion.parse(oldText, path: "\(base):\(path)", diskPath: path, files: gitFiles(ref: base)),
                    new: try ContractVersion.load(path), api: chosen.name, recordings: configuration.resolve(chosen.recordings).path,
                    severities: chosen.severities))
        }
        return (pairs, notes)
    }
}

/// A value that one thread hands to another and no longer touches: a version loaded on a thread of its own (the
/// loading thread lets go of it before ``BackgroundResult`` signals, and only the waiting thread reads it after, its
/// locators made there), or the versions compared, kept only to be released when the process ends.
private struct HandedOver<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
