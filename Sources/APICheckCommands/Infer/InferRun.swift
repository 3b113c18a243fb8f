import APICheckContracts
import APICheckRecording
import Foundation

/// `apicheck infer`: a contract inferred from an API's recordings, and its diff against the hand-written one.
public enum InferRun {
    /// What inferring one API produced.
    public struct Result: Sendable {
        public let api: String
        /// The inferred contract, OpenAPI 3.1 YAML.
        public let contract: String
        /// A unified diff from the hand-written contract to the inferred one (empty when equal or when there is none).
        public let diff: String
        /// How many recordings and interactions were read.
        public let recordings: Int
        public let interactions: Int
    }

    /// Infers a contract for `api` from every recording under its folder.
    public static func infer(api: APIConfiguration, configuration: ConfigurationFile) throws(ConfigurationError) -> Result {
        // A configured contract that cannot be read is an error, never a quiet inference without its paths and diff.
        var handWritten: String?
        var templates: [String] = []
        if let path = api.contract.map({ configuration.resolve($0).path }) {
            let contract = try Contract.load(path)
            templates = contract.compiled.operations.map(\.template)
            handWritten = FileBytes.read(path).map { String(decoding: $0, as: UTF8.self) }
        }
        var inferrer = ContractInferrer(title: "\(api.name) (inferred)", templates: templates)
        var recordings = 0
        var interactions = 0
        let folder = configuration.resolve(api.recordings).path
        for path in VerifyRun.files(under: folder) where path.hasSuffix(".json") {
            let recording: Recording
            do {
                recording = try Recording.load(from: URL(fileURLWithPath: path))
            } catch {
                throw ConfigurationError(error, defaultFile: path)
            }
            // Examples come from the contract itself: inferring from them would only echo it back.
            if recording.isContractExample { continue }
            inferrer.add(recording)
            recordings += 1
            interactions += recording.interactions.count
        }
        guard recordings > 0 else {
            throw ConfigurationError(
                file: configuration.path, keyPath: "apis.\(api.name).recordings",
                message: "no recordings under \(folder) to infer from; record some first")
        }
        let text = inferrer.contractText()
        let diff =
            handWritten.map {
                UnifiedDiff.diff(old: $0, new: text, oldName: api.contract ?? "contract", newName: "\(api.name) (inferred)")
            } ?? ""
        return Result(api: api.name, contract: text, diff: diff, recordings: recordings, interactions: interactions)
    }
}
