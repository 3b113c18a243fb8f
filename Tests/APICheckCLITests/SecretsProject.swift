import Foundation
import Testing
import WireFormat

/// A throwaway project folder holding only an `apicheck.yml`, and the search for secrets in what the
/// commands run in it write and print (the secrets suites of each API share it).
struct SecretsProject {
    /// The folder; the caller removes it.
    let folder: URL
    /// Every form of every secret that must not appear anywhere.
    let secrets: [String]

    init(configuration: String, secrets: [String]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-secrets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try configuration.write(to: folder.appendingPathComponent("apicheck.yml"), atomically: true, encoding: .utf8)
        self.secrets = secrets
    }

    /// Every report format of `verify` and `diff`: each one is searched for secrets.
    static let reportFormats = ["text", "json", "junit", "github", "markdown", "html"]

    /// Every form a secret could be written in: as is, percent-encoded (form and query style), and
    /// JSON-escaped (`\/`, `\u0026`).
    static func forms(of secret: String) -> [String] {
        [
            secret, FormURLEncoding.escape(secret), secret.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? secret,
            secret.replacingOccurrences(of: "/", with: "\\/"), secret.replacingOccurrences(of: "&", with: "\\u0026"),
        ]
    }

    /// Every secret found in `text`, with where.
    func leaks(in text: String, at place: String) -> [String] {
        Search(secrets: secrets).leaks(in: text, at: place)
    }

    /// How many files are under `path` (relative to the folder), and every secret any of them holds.
    func leaks(inFilesUnder path: String) throws -> (files: Int, leaks: [String]) {
        try Search(secrets: secrets).leaks(inFilesUnder: folder.appendingPathComponent(path))
    }

    /// The commands that read recordings and then write or print: `har export` of every recording of `api`
    /// (to stdout, and to a file under `exports/`) and `infer` (to stdout, and with `--output`). Returns how
    /// many recordings were exported and every secret found in what they printed and wrote.
    func exportAndInfer(api: String, searching search: Search? = nil) async throws -> (exported: Int, leaks: [String]) {
        let search = search ?? Search(secrets: secrets)
        var leaks: [String] = []
        let recordings = folder.appendingPathComponent("recordings/\(api)")
        let files = (FileManager.default.enumerator(atPath: recordings.path)?.allObjects as? [String] ?? []).filter {
            $0.hasSuffix(".json")
        }.sorted()
        for (index, relative) in files.enumerated() {
            let path = recordings.appendingPathComponent(relative).path
            let printed = try await CLIRunner.run(["har", "export", path], currentDirectory: folder)
            leaks += search.leaks(in: printed.stdout + printed.stderr, at: "har export \(relative)")
            let written = try await CLIRunner.run(["har", "export", path, "--output", "exports/\(index).har"], currentDirectory: folder)
            leaks += search.leaks(in: written.stdout + written.stderr, at: "har export --output \(relative)")
        }
        let inferred = try await CLIRunner.run(["infer", "--api", api], currentDirectory: folder)
        leaks += search.leaks(in: inferred.stdout + inferred.stderr, at: "infer")
        let inferredFile = try await CLIRunner.run(["infer", "--api", api, "--output", "exports/inferred.yaml"], currentDirectory: folder)
        leaks += search.leaks(in: inferredFile.stdout + inferredFile.stderr, at: "infer --output")
        let written = try search.leaks(inFilesUnder: folder.appendingPathComponent("exports"))
        leaks += written.leaks
        // Every export and the inferred contract were written (a command that failed would prove nothing).
        guard written.files == files.count + 1 else {
            return (
                files.count,
                leaks + ["exports/ holds \(written.files) files, not \(files.count + 1): a command failed (infer: \(inferredFile.stderr))"]
            )
        }
        return (files.count, leaks)
    }

    /// A search for secrets known only after the commands ran (the tokens a replica issued).
    struct Search {
        let secrets: [String]

        func leaks(in text: String, at place: String) -> [String] {
            secrets.filter { text.contains($0) }.map { "\(place) holds \($0)" }
        }

        func leaks(inFilesUnder root: URL) throws -> (files: Int, leaks: [String]) {
            var found: [String] = []
            var count = 0
            for case let relative as String in FileManager.default.enumerator(atPath: root.path) ?? FileManager.DirectoryEnumerator() {
                let url = root.appendingPathComponent(relative)
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
                count += 1
                found += leaks(in: String(decoding: try Data(contentsOf: url), as: UTF8.self), at: relative)
            }
            return (count, found)
        }
    }
}

/// One API's secrets sweep, the same for the four: what the commands print is kept with where it was printed and
/// searched at the end (secrets a replica issues, tokens, are known only after the runs), then the recordings, and
/// then what `har export` and `infer` make of them. Each API's suite says only what is particular to it: its
/// project, its replicas, its checks that the secrets really went out.
struct SecretsSweep {
    let project: SecretsProject
    private(set) var printed: [(place: String, text: String)] = []

    init(_ project: SecretsProject) {
        self.project = project
    }

    var folder: URL { project.folder }

    /// Runs `apicheck` in the project with `arguments`; what it prints is searched at the end.
    @discardableResult
    mutating func run(_ arguments: [String], environment: [String: String] = [:], at place: String? = nil) async throws -> CLIRunner.Result
    {
        let result = try await CLIRunner.run(arguments, currentDirectory: folder, environment: environment)
        printed.append((place ?? arguments.joined(separator: " "), result.stdout + result.stderr))
        return result
    }

    /// `apicheck record` (with `extra` flags), expected to succeed.
    mutating func record(_ extra: [String] = [], environment: [String: String], sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let recorded = try await run(["record"] + CLIRunner.replicaDeadline + extra, environment: environment, at: "record")
        #expect(recorded.status == 0, "\(recorded.stdout)\(recorded.stderr)", sourceLocation: sourceLocation)
    }

    /// `apicheck diff --live` in every report format (with `extra` flags); with `findings`, each is expected to exit 1
    /// with a report.
    mutating func diffEveryFormat(
        _ extra: [String] = [], environment: [String: String], findings: Bool = true, label: String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        for format in SecretsProject.reportFormats {
            let diffed = try await run(
                ["diff", "--live"] + CLIRunner.replicaDeadline + extra + ["--format", format], environment: environment,
                at: "diff \(label) --format \(format)")
            if findings {
                #expect(diffed.status == 1, "\(label) \(format): \(diffed.stderr)", sourceLocation: sourceLocation)
                #expect(!diffed.stdout.isEmpty, "\(label) \(format): no report", sourceLocation: sourceLocation)
            }
        }
    }

    /// `apicheck verify` in every report format.
    mutating func verifyEveryFormat(environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for format in SecretsProject.reportFormats {
            let verified = try await run(["verify", "--format", format], environment: environment, at: "verify --format \(format)")
            #expect(!verified.stdout.contains("secret.unredacted"), "\(verified.stdout)", sourceLocation: sourceLocation)
        }
    }

    /// The end of a sweep: the `files` recordings of `api` hold no secret (the project's and `issued`), nothing
    /// printed held one, and `har export` and `infer` write and print none.
    func finish(api: String, files: Int, issued: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let search = SecretsProject.Search(secrets: project.secrets + issued)
        let written = try search.leaks(inFilesUnder: folder.appendingPathComponent("recordings"))
        #expect(written.files == files, sourceLocation: sourceLocation)
        #expect(written.leaks.isEmpty, "\(written.leaks)", sourceLocation: sourceLocation)
        let leaks = printed.flatMap { search.leaks(in: $0.text, at: $0.place) }
        #expect(leaks.isEmpty, "\(leaks)", sourceLocation: sourceLocation)
        let exported = try await project.exportAndInfer(api: api, searching: search)
        #expect(exported.exported == files, sourceLocation: sourceLocation)
        #expect(exported.leaks.isEmpty, "\(exported.leaks)", sourceLocation: sourceLocation)
    }
}
