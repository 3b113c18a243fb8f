import APICheckBreaking
import APICheckContracts
import APICheckRecording
import Foundation

/// `apicheck breaking`: what changed between two versions of a contract, whom each change breaks, and whether this
/// app uses what changed (its recordings exercise it).
public enum BreakingRun {
    /// One change, with what of the app exercises it.
    public struct RankedChange: Sendable {
        /// The change.
        public var change: ContractChange
        /// The recordings that exercise what changed (relative paths), against the old contract or the new one.
        public var usedBy: [String]
        /// Whether the app uses what changed: some recording exercises it, or the app's use is unknown (no recordings
        /// to look at), in which case every change counts; or some example of the new contract that concerns it fails
        /// to decode through the app's client (`--examples`).
        public var isUsed: Bool
        /// With `--examples`: the new contract's examples of what changed that the app's `ContractExample` suites
        /// checked (nil: not run).
        public var examples: [BreakingExamples.Result]?

        /// The examples of what changed that the client does not accept.
        public var failedExamples: [BreakingExamples.Result] { examples?.filter { !$0.passed } ?? [] }
        /// Where it ranks, worked out once (``Rank``).
        fileprivate var rank = Rank.unranked
    }

    /// The comparison of one API's contract (or of two files).
    public struct Comparison: Sendable {
        /// The API of `apicheck.yml`, when the contract is one.
        public var api: String?
        /// The old version (`REF:path` when read from git) and the new one.
        public var oldPath: String
        public var newPath: String
        /// How many recordings were looked at for the app's use (nil: none, use unknown).
        public var recordingsRead: Int?
        /// The changes, most pressing first: used before unused, then by severity, then client before server.
        public var changes: [RankedChange]
        /// Notes for stderr (a contract that is new at the base, recordings that could not be read).
        public var notes: [String] = []
    }

    /// Compares `old` with `new` and ranks the changes by the recordings under `recordingsFolder` (none: the app's
    /// use is unknown and every change counts). `severities` are apicheck.yml's for the API; a sunset date is compared
    /// with `today`.
    public static func compare(
        old: ContractVersion, new: ContractVersion, api: String?, recordingsFolder: String?, severities: [RuleID: Severity] = [:],
        examples: [BreakingExamples.Result]? = nil, today: Date = Date()
    ) -> Comparison {
        var changes = ContractDiff.compare(old, new, today: today)
        if !severities.isEmpty {
            for index in changes.indices { changes[index].severity = severities[changes[index].rule] ?? changes[index].severity }
        }
        var comparison = Comparison(api: api, oldPath: old.path, newPath: new.path, recordingsRead: nil, changes: [])
        var usage: [String: Set<String>] = [:]
        if let recordingsFolder, FileManager.default.fileExists(atPath: recordingsFolder) {
            let (read, uses, notes) = recordingUse(under: recordingsFolder, contracts: [old.compiled, new.compiled])
            comparison.recordingsRead = read
            comparison.notes += notes
            usage = uses
        }
        let known = comparison.recordingsRead.map { $0 > 0 } ?? false
        // Each change is moved, never copied, into its ranked form, from the last as `changes` gives them up, then put
        // in order in place (a vendor's release is 40,000 changes of a dozen strings each; copies of them, and a reverse,
        // were a twentieth of the run).
        let count = changes.count
        comparison.changes = [RankedChange](unsafeUninitializedCapacity: count) { ranked, initialized in
            var end = count
            while let change = changes.popLast() {
                // Each change's key is made only where some recording says what is used.
                let users = usage.isEmpty ? [] : usage[Self.usageKey(change.usage)].map { $0.sorted() } ?? []
                let tried = examples.map { BreakingExamples.results(for: change, api: api, in: $0) }
                let failing = tried?.contains { !$0.passed } ?? false
                let isUsed = !known || !users.isEmpty || failing
                // Ranked by a key made once per change, not in each of the sort's comparisons.
                let rank = Rank(change, isUsed: isUsed, failing: failing)
                end -= 1
                ranked.initializeElement(
                    at: end, to: RankedChange(change: consume change, usedBy: users, isUsed: isUsed, examples: tried, rank: rank))
            }
            Self.sortStably(ranked) { ranked[$0].rank }
            initialized = count
        }
        return comparison
    }

    /// Puts `elements` in order of `key` (of an element's index), stably: the positions are sorted, not the elements,
    /// and each element is then moved once, along the cycles of that order. Ranking a vendor's 40,000 changes, a sort
    /// moved the changes themselves, hundreds of bytes each, through a scratch list as large as all of them, on one
    /// thread while the other had nothing to do.
    static func sortStably<Element, Key: Comparable>(_ elements: UnsafeMutableBufferPointer<Element>, by key: (Int) -> Key) {
        let keys = elements.indices.map(key)
        let order = elements.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }
        var placed = [Bool](repeating: false, count: elements.count)
        for start in elements.indices where !placed[start] {
            placed[start] = true
            guard order[start] != start else { continue }
            // Each place takes the element at `order[place]`; the one at `start` waits aside until its cycle closes.
            let first = elements.moveElement(from: start)
            var place = start
            while order[place] != start {
                let from = order[place]
                elements.initializeElement(at: place, to: elements.moveElement(from: from))
                placed[from] = true
                place = from
            }
            elements.initializeElement(at: place, to: first)
        }
    }

    /// Where a change ranks: one the app uses first, then one the client already fails on (an example of it does not
    /// decode) before one it may fail on, then by severity (highest first), then by whom it breaks (the client, the
    /// server, neither).
    fileprivate struct Rank: Comparable {
        let unused: Bool
        let passing: Bool
        let severity: Severity
        let impact: Int

        /// Before a change is ranked.
        static let unranked = Rank(unused: true, passing: true, severity: .info, impact: 3)

        init(unused: Bool, passing: Bool, severity: Severity, impact: Int) {
            self.unused = unused
            self.passing = passing
            self.severity = severity
            self.impact = impact
        }

        /// The rank of `change`, which the app uses or not, and whose examples the client fails on or not.
        init(_ change: ContractChange, isUsed: Bool, failing: Bool) {
            unused = !isUsed
            passing = !failing
            severity = change.severity
            switch change.impact {
            case .client: impact = 0
            case .server: impact = 1
            case .neither: impact = 2
            }
        }

        static func < (a: Rank, b: Rank) -> Bool {
            if a.unused != b.unused { return !a.unused }
            if a.passing != b.passing { return !a.passing }
            if a.severity != b.severity { return a.severity > b.severity }
            return a.impact < b.impact
        }
    }

    /// The key of a coverage item with the operation's path parameters unnamed (`GET /todos/{}`), so that the old and
    /// the new contract's spellings meet.
    static func usageKey(_ parts: [String]) -> String {
        var parts = parts
        if let operation = parts.first {
            let pieces = operation.split(separator: " ", maxSplits: 1).map(String.init)
            if pieces.count == 2 { parts[0] = "\(pieces[0]) \(ContractDiff.skeleton(pieces[1]))" }
        }
        return ContractCoverage.key(parts: parts)
    }

    /// For each coverage item (by ``usageKey(_:)``) of either contract, the recordings under `folder` that exercise it.
    /// Contract examples (`examples/`) exercise the contract by construction, not the app: they are left out.
    static func recordingUse(under folder: String, contracts: [CompiledContract]) -> (Int, [String: Set<String>], [String]) {
        var read = 0
        var uses: [String: Set<String>] = [:]
        var notes: [String] = []
        // The examples folder is not even read; an example kept elsewhere is known by its `recorded_from` (below).
        let examples = RecordingKind.examples.folder(in: URL(fileURLWithPath: folder)).path + "/"
        for file in VerifyRun.files(under: folder) where file.hasSuffix(".json") && !file.hasPrefix(examples) {
            let display = DisplayPath.relative(file)
            guard let bytes = FileBytes.read(file) else { continue }
            let recording: Recording
            do {
                recording = try Recording(bytes: bytes, file: display)
            } catch {
                notes.append("\(display): not counted for the app's use: \(error)")
                continue
            }
            guard !recording.isContractExample else { continue }
            read += 1
            for contract in contracts {
                for parts in used(by: recording, in: contract) { uses[usageKey(parts), default: []].insert(display) }
            }
        }
        return (read, uses, notes)
    }

    /// What `recording` uses of `contract`, as ``ContractChange/usage`` names it: each operation it calls, each
    /// declared status it gets, and the pointer of every member its JSON bodies hold (`/data/*/title`, array items as
    /// `*`), declared or not (a change to a field the contract did not declare before is used all the same).
    static func used(by recording: Recording, in contract: CompiledContract) -> Set<[String]> {
        var used: Set<[String]> = []
        for interaction in recording.interactions {
            guard let (operation, _) = contract.operation(method: interaction.request.method, path: interaction.request.path) else {
                continue
            }
            used.insert([operation.name])
            guard let (status, _) = operation.response(for: interaction.response.status) else { continue }
            used.insert([operation.name, status])
            switch interaction.response.body {
            case .json(let value):
                var pointers: Set<String> = []
                members(of: value, at: "", into: &pointers)
                for pointer in pointers { used.insert([operation.name, status, pointer]) }
            case .form(let fields, _):
                for field in fields { used.insert([operation.name, status, "/" + JSONPointer.escape(field.name)]) }
            default:
                break
            }
        }
        return used
    }

    /// The pointer of every member below `value` (array items as `*`).
    private static func members(of value: JSONValue, at pointer: String, into pointers: inout Set<String>) {
        switch value {
        case .object(let object):
            for member in object {
                let child = pointer + "/" + JSONPointer.escape(member.key)
                pointers.insert(child)
                members(of: member.value, at: child, into: &pointers)
            }
        case .array(let items):
            for item in items { members(of: item, at: pointer + "/*", into: &pointers) }
        default:
            break
        }
    }

    /// The contract at `path` as it was at git revision `ref`: nil when the file did not exist there (a new
    /// contract). A revision git does not know, or no git repository, is an error naming both.
    /// The files a contract's `$ref`s name, as the revision `ref` has them (messages name them `REF:path`).
    public static func gitFiles(ref: String) -> ReferencedFiles {
        ReferencedFiles(
            read: { path in
                do throws(ConfigurationError) {
                    guard let text = try gitShow(ref: ref, path: path) else {
                        return .failure(ReferencedFiles.ReadFailure("not in \(ref)"))
                    }
                    return .success(Array(text.utf8))
                } catch {
                    return .failure(ReferencedFiles.ReadFailure(error.message))
                }
            },
            display: { "\(ref):\($0)" })
    }

    public static func gitShow(ref: String, path: String) throws(ConfigurationError) -> String? {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder, "show", "\(ref):./\(url.lastPathComponent)"]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw ConfigurationError(file: path, message: "--base \(ref): cannot run git: \(error.localizedDescription)")
        }
        let text = output.fileHandleForReading.readDataToEndOfFile()
        let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            // git's words for a file the revision does not have: the contract is new since then.
            if problem.contains("does not exist in") || problem.contains("exists on disk, but not in") { return nil }
            let reason = problem.trimmingCharacters(in: .whitespacesAndNewlines)
            throw ConfigurationError(
                file: path, message: "--base \(ref): git cannot read it: \(reason.isEmpty ? "exit \(process.terminationStatus)" : reason)")
        }
        guard let contract = String(data: text, encoding: .utf8) else {
            throw ConfigurationError(file: "\(ref):\(path)", message: "the contract is not UTF-8 text")
        }
        return contract
    }
}
