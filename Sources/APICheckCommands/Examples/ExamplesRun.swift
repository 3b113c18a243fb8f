import APICheckContracts
import APICheckRecording
import Foundation

/// `apicheck examples`: writes an API's contract examples as recordings, one file per operation and response.
public enum ExamplesRun {
    /// What to generate and where.
    public struct Options: Sendable {
        /// `GET /path` operations to generate (empty: all).
        public var operations: [String] = []
        /// The folder to write (default: the API's recordings folder + `examples`).
        public var output: String?
        public var seed: UInt64 = 0

        public init(operations: [String] = [], output: String? = nil, seed: UInt64 = 0) {
            self.operations = operations
            self.output = output
            self.seed = seed
        }
    }

    /// What one API's run wrote.
    public struct Result: Sendable {
        public let api: String
        public let folder: String
        /// The contract's file, as apicheck.yml names it.
        public var contract = ""
        /// Each file written, with whether it was created, updated or unchanged.
        public var files: [(path: String, outcome: SaveOutcome)] = []
        /// Example files of operations the contract no longer has, removed.
        public var removed: [String] = []
        public var examples = 0
        public var skipped: [ExampleGenerator.Skipped] = []
        /// The contract's `oneOf`s whose branches overlap (``ExampleGenerator/Output/ambiguities``).
        public var ambiguities: [String] = []
        /// What loading the contract said: what it leaves out (``CompiledContract/warnings``) and each operation it
        /// refused, of which no example is written.
        public var warnings: [String] = []
    }

    /// The folder an API's examples live in: `examples` in its recordings folder.
    public static func folder(of api: APIConfiguration, in configuration: ConfigurationFile) -> URL {
        RecordingKind.examples.folder(in: configuration.resolve(api.recordings))
    }

    /// The file of one operation's response: `get-api-v2-todos-id.200.json`.
    public static func fileName(operation: String, responseKey: String) -> String {
        var slug = ""
        for character in operation.lowercased() {
            if character.isLetter && character.isASCII || character.isNumber {
                slug.append(character)
            } else if !slug.hasSuffix("-") && !slug.isEmpty {
                slug.append("-")
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return "\(slug).\(responseKey).json"
    }

    /// Generates and writes `api`'s examples.
    public static func run(api: APIConfiguration, configuration: ConfigurationFile, options: Options) throws(ConfigurationError) -> Result {
        guard let contractPath = api.contract else {
            throw ConfigurationError(
                file: configuration.path, keyPath: "apis.\(api.name).contract", message: "the API has no contract to generate examples from"
            )
        }
        let contract = try Contract.load(configuration.resolve(contractPath).path).compiled
        let generator = ExampleGenerator(contract: contract, seed: options.seed)
        var chosen: [CompiledContract.Operation]?
        if !options.operations.isEmpty {
            chosen = []
            for name in options.operations {
                guard let operation = generator.operation(named: name) else {
                    let parts = name.split(separator: " ", maxSplits: 1)
                    let normalized = parts.count == 2 ? "\(parts[0].uppercased()) \(parts[1])" : name
                    if let refusal = contract.refused.first(where: { $0.operation == normalized }) {
                        throw ConfigurationError(
                            file: contractPath, message: "\(normalized) is refused, so no example of it is written: \(refusal.reasonText)")
                    }
                    let known = contract.operations.map(\.name).joined(separator: ", ")
                    throw ConfigurationError(file: contractPath, message: "no operation \"\(name)\" in the contract; it has: \(known)")
                }
                chosen?.append(operation)
            }
        }
        let folder = options.output.map { URL(fileURLWithPath: $0) } ?? Self.folder(of: api, in: configuration)
        var result = Result(api: api.name, folder: folder.path)
        result.contract = contractPath
        result.warnings = contract.warnings + contract.refused.map(\.warning)
        // One recording per operation and response key, examples in the order they were made, each written as soon as
        // its operation's examples are made (a vendor's description makes tens of thousands: held all at once, they
        // were most of the memory). A file two operations' names share is written after the last of them.
        let operations = chosen ?? contract.operations
        let files = operations.map { operation in Set(operation.responses.keys.map { fileName(operation: operation.name, responseKey: $0) })
        }
        var remaining: [String: Int] = [:]
        for names in files {
            for key in names { remaining[key, default: 0] += 1 }
        }
        var written: Set<String> = []
        var waiting: [String: [Interaction]] = [:]
        // Each operation's examples are made on a thread of their own (they depend on the seed and the operation alone:
        // the same bytes whatever the order), and written here in the contract's order while the next are made.
        let jobs = ProcessInfo.processInfo.activeProcessorCount
        try Parallel.forEachInOrder(operations.count, jobs: jobs, ahead: 2 * jobs) { index in
            generator.generate(operations: [operations[index]])
        } consume: { (index, output) throws(ConfigurationError) in
            let names = files[index]
            result.examples += output.examples.count
            result.skipped += output.skipped
            result.ambiguities += output.ambiguities
            var order: [String] = []
            for example in output.examples {
                let name = fileName(operation: example.operation, responseKey: example.responseKey)
                if waiting[name] == nil { order.append(name) }
                waiting[name, default: []].append(example.interaction)
            }
            for key in names { remaining[key, default: 1] -= 1 }
            for name in order where remaining[name] == 0 {
                try write(waiting.removeValue(forKey: name) ?? [], named: name, api: api.name, in: folder, into: &result)
                written.insert(name)
            }
        }
        for name in waiting.keys.sorted() {
            try write(waiting[name] ?? [], named: name, api: api.name, in: folder, into: &result)
            written.insert(name)
        }
        // A whole run also removes the example files it no longer writes (an operation or status removed
        // from the contract); only files that are examples (recorded_from: contract), never a recording.
        if chosen == nil, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) {
            for name in names.sorted() where name.hasSuffix(".json") && !written.contains(name) {
                let url = folder.appendingPathComponent(name)
                guard let old = try? Recording.load(from: url), old.recordedFrom == ExampleGenerator.recordedFrom else { continue }
                if (try? FileManager.default.removeItem(at: url)) != nil { result.removed.append(url.path) }
            }
        }
        return result
    }

    /// Writes one examples file.
    private static func write(
        _ interactions: [Interaction], named name: String, api: String, in folder: URL, into result: inout Result
    ) throws(ConfigurationError) {
        let recording = Recording(
            api: api, name: "examples/" + String(name.dropLast(5)), recordedAt: ExampleGenerator.recordedAt,
            recordedFrom: ExampleGenerator.recordedFrom, interactions: interactions)
        let url = folder.appendingPathComponent(name)
        do {
            result.files.append((url.path, try recording.save(to: url)))
        } catch {
            throw ConfigurationError(file: url.path, message: error.message)
        }
    }
}
