import APICheckContracts
import APICheckRecording
import APICheckReplay
import Foundation

/// One example file's bytes (for lines) and names.
final class ExampleFile: Sendable {
    let url: URL
    let displayPath: String
    let bytes: [UInt8]

    init(url: URL, displayPath: String, bytes: [UInt8]) {
        self.url = url
        self.displayPath = displayPath
        self.bytes = bytes
    }
}

/// An API's contract, base URLs and examples folder, read once per folder for all its tests.
final class ExampleProject: Sendable {
    let api: String
    let contract: CompiledContract
    let contractPath: String
    let examplesFolder: URL
    let examplesDisplayPath: String
    let root: URL?
    let otherBaseURLs: [String: URL]
    /// Every URL `apicheck.yml` names for each base: an app's own client keeps its production URL.
    let baseURLAliases: [String: [URL]]
    /// The contract's verifier, for the requests clients send.
    let verifier: Verifier
    private let cache = ExampleCache()

    private init(
        api: String, contract: CompiledContract, contractPath: String, examplesFolder: URL, root: URL?, otherBaseURLs: [String: URL],
        baseURLAliases: [String: [URL]]
    ) {
        self.baseURLAliases = baseURLAliases
        self.api = api
        self.contract = contract
        self.contractPath = contractPath
        self.examplesFolder = examplesFolder
        self.root = root
        examplesDisplayPath = ExampleProject.display(examplesFolder, root: root)
        self.otherBaseURLs = otherBaseURLs
        verifier = Verifier(contract: contract)
    }

    private static let projects = ExampleCache.Projects()

    static func load(api: String, source: ProjectSource) throws(ReplayError) -> ExampleProject {
        let environment = TraitEnvironment.current
        let contractOverride = environment[ExampleEnvironment.contractVariable(api: api)].flatMap { $0.isEmpty ? nil : $0 }
        let key = [api, source.key, environment["APICHECK_CONFIG"] ?? "", environment["APICHECK_RECORDINGS"] ?? "", contractOverride ?? ""]
            .joined(separator: "\u{0}")
        if let project = projects.get(key) { return project }
        let settings = try ProjectSettings.load(api: api, source: source, environment: environment)
        guard let configuration = settings.api, let folder = settings.folder else {
            let place = settings.root.map { "looked in \($0.path)" } ?? "no Package.swift above the test file"
            throw ReplayError(
                message: "contract examples need apicheck.yml with an API named \"\(api)\" (\(place); APICHECK_CONFIG names another)")
        }
        guard let contractPath = configuration.contract else {
            throw ReplayError(message: "apicheck.yml: API \"\(api)\" has no contract, so it has no examples")
        }
        // `apicheck breaking --examples` runs the examples of the new contract: it names that contract here.
        let contractURL = contractOverride.map { URL(fileURLWithPath: $0) } ?? ConfigurationFile.resolve(contractPath, in: folder)
        let contract: CompiledContract
        do {
            contract = try Contract.load(contractURL.path).compiled
        } catch {
            throw ReplayError(message: error.description)
        }
        let recordings = settings.recordingsFolder(api: api, environment: environment)
        let root = settings.root
        let project = ExampleProject(
            api: api, contract: contract, contractPath: display(contractURL, root: root),
            examplesFolder: RecordingKind.examples.folder(in: recordings),
            root: root, otherBaseURLs: try settings.otherBaseURLs(environment: environment),
            baseURLAliases: try settings.baseURLAliases(environment: environment)
        )
        return projects.insert(key, project)
    }

    /// Every example in the folder, each with the operation the contract reads its request as (read once).
    func examples() throws(ReplayError) -> [ContractExample] {
        if let examples = cache.examples { return examples }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: examplesFolder.path).filter {
                $0.hasSuffix(".json") && !$0.hasPrefix(".")
            }.sorted()
        } catch {
            throw ReplayError(
                message:
                    """
                    cannot read \(examplesDisplayPath): \(error.localizedDescription); write the examples with: swift run apicheck \
                    examples --api \(api)
                    """
            )
        }
        var examples: [ContractExample] = []
        for name in names {
            let url = examplesFolder.appendingPathComponent(name)
            let display = ExampleProject.display(url, root: root)
            guard let bytes = FileBytes.read(url.path) else {
                throw ReplayError(message: "\(display): cannot read the file: \(FileBytes.whyUnreadable(url.path))")
            }
            let recording: Recording
            do {
                recording = try Recording(bytes: bytes, file: display)
            } catch {
                throw ReplayError(message: error.description)
            }
            let file = ExampleFile(url: url, displayPath: display, bytes: bytes)
            for (index, interaction) in recording.interactions.enumerated() {
                guard let matched = contract.operation(method: interaction.request.method, path: interaction.request.path) else {
                    throw ReplayError(
                        message:
                            """
                            \(display): interaction \(index) (\(interaction.request.method) \(interaction.request.url)) is no \
                            operation of \(contractPath); regenerate with: swift run apicheck examples --api \(api)
                            """
                    )
                }
                examples.append(
                    ContractExample(
                        api: api, operation: matched.operation.name, index: index, step: interaction.step ?? "#\(index)",
                        interaction: interaction, source: file, project: self
                    ))
            }
        }
        cache.examples = examples
        return examples
    }

    /// `url` relative to the package root when it is inside it.
    static func display(_ url: URL, root: URL?) -> String {
        let path = url.standardizedFileURL.path
        guard let root else { return path }
        let prefix = root.standardizedFileURL.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
