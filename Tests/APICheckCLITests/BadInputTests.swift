import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every command, given a bad file where it reads one: exit 2, the file named, nothing written, no trap.
@Suite("Bad input: every command, every kind of bad file", timeLimit(minutes: 5))
struct BadInputTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A kind of bad file.
    enum BadFile: String, CaseIterable, Sendable {
        case missing, directory, empty, binary, huge, unreadable

        /// Creates the bad file at `url` (for `missing`, nothing).
        func make(at url: URL) throws {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            switch self {
            case .missing:
                break
            case .directory:
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            case .empty:
                try Data().write(to: url)
            case .binary:
                try Data(
                    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF, 0xFE, 0x00]
                        + (0..<4096).map { (index: Int) in UInt8(truncatingIfNeeded: index &* 37) }
                ).write(to: url)
            case .huge:
                // 200 MB: a JSON text that opens a string and never closes it (sparse on disk, all of it read).
                try Data(#"{"api": "todos", "name": ""#.utf8).write(to: url)
                let handle = try FileHandle(forWritingTo: url)
                try handle.truncate(atOffset: 200_000_000)
                try handle.close()
            case .unreadable:
                // Unreadable even for root (CI runs as root, which permissions do not stop): a symbolic link
                // to itself, which open(2) refuses with ELOOP.
                try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: url.lastPathComponent)
            }
        }
    }

    /// A command and where in it the bad file goes.
    struct Command: Sendable, CustomTestStringConvertible {
        let name: String
        /// The arguments, with `BAD` where the bad file's path goes.
        let arguments: [String]
        /// Where the bad file is put, relative to the project folder.
        let badPath: String
        /// A file the command would write (relative), which must not appear, or keep its old content.
        let output: String?
        var testDescription: String { name }
    }

    static let commands: [Command] = [
        Command(name: "verify FILE", arguments: ["verify", "BAD"], badPath: "in/bad.json", output: nil),
        Command(name: "verify (the recordings folder)", arguments: ["verify"], badPath: "recordings/todos/tests/bad.json", output: nil),
        Command(
            name: "har import FILE", arguments: ["har", "import", "BAD", "--api", "todos", "--name", "imported"], badPath: "in/bad.har",
            output: "recordings/todos/imported/imported.json"),
        Command(
            name: "har export FILE --output", arguments: ["har", "export", "BAD", "--output", "out/exported.har"], badPath: "in/bad.json",
            output: "out/exported.har"),
        Command(
            name: "infer --output (a recording)", arguments: ["infer", "--api", "todos", "--output", "out/inferred.yaml"],
            badPath: "recordings/todos/tests/bad.json", output: "out/inferred.yaml"),
        Command(name: "verify --config", arguments: ["verify", "--config", "BAD"], badPath: "in/apicheck.yml", output: nil),
        Command(
            name: "diff --live --config", arguments: ["diff", "--live", "--sandbox", "--config", "BAD"], badPath: "in/apicheck.yml",
            output: nil),
        Command(name: "record --config", arguments: ["record", "--sandbox", "--config", "BAD"], badPath: "in/apicheck.yml", output: nil),
        Command(
            name: "infer --config", arguments: ["infer", "--api", "todos", "--output", "out/inferred.yaml", "--config", "BAD"],
            badPath: "in/apicheck.yml", output: "out/inferred.yaml"),
        Command(
            name: "har import --config",
            arguments: ["har", "import", "in/good.har", "--api", "todos", "--name", "imported", "--config", "BAD"],
            badPath: "in/apicheck.yml", output: "recordings/todos/imported/imported.json"),
        Command(
            name: "har export --config", arguments: ["har", "export", "in/good.json", "--output", "out/exported.har", "--config", "BAD"],
            badPath: "in/apicheck.yml", output: "out/exported.har"),
        Command(name: "verify (the contract)", arguments: ["verify"], badPath: "contracts/todos.openapi.yaml", output: nil),
        Command(
            name: "diff --live (the contract)", arguments: ["diff", "--live", "--sandbox"], badPath: "contracts/todos.openapi.yaml",
            output: nil),
        Command(
            name: "infer (the contract)", arguments: ["infer", "--api", "todos", "--output", "out/inferred.yaml"],
            badPath: "contracts/todos.openapi.yaml", output: "out/inferred.yaml"),
    ]

    /// A project: apicheck.yml (todos, one scenario), the todo contract, one good recording and one good HAR.
    static func project() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-bad-input-\(UUID().uuidString)")
        let manager = FileManager.default
        try manager.createDirectory(at: folder.appendingPathComponent("contracts"), withIntermediateDirectories: true)
        try manager.createDirectory(at: folder.appendingPathComponent("in"), withIntermediateDirectories: true)
        try manager.createDirectory(at: folder.appendingPathComponent("recordings/todos/tests"), withIntermediateDirectories: true)
        try """
        version: 1
        apis:
          todos:
            contract: contracts/todos.openapi.yaml
            recordings: recordings/todos
            base_url: https://api.example.com
            scenarios:
              - { name: list, steps: [{ name: list, method: GET, path: /api/v2/todos }] }
        """.write(to: folder.appendingPathComponent("apicheck.yml"), atomically: true, encoding: .utf8)
        try manager.copyItem(
            at: root.appendingPathComponent("contracts/todos.openapi.yaml"),
            to: folder.appendingPathComponent("contracts/todos.openapi.yaml"))
        let good = root.appendingPathComponent("recordings/todos/tests/list-first-page.json")
        try manager.copyItem(at: good, to: folder.appendingPathComponent("recordings/todos/tests/list-first-page.json"))
        try manager.copyItem(at: good, to: folder.appendingPathComponent("in/good.json"))
        let har = try manager.contentsOfDirectory(atPath: root.appendingPathComponent("Tests/APICheckCommandsTests/Fixtures/har").path)
            .sorted()
            .first { $0.hasSuffix(".har") }!
        try manager.copyItem(
            at: root.appendingPathComponent("Tests/APICheckCommandsTests/Fixtures/har/\(har)"),
            to: folder.appendingPathComponent("in/good.har"))
        return folder
    }

    static var cases: [(Command, BadFile)] {
        commands.flatMap { command in
            BadFile.allCases.compactMap { bad in
                // A folder walk skips what is not there: only the contract and a named file can be missing.
                if bad == .missing && command.badPath.hasPrefix("recordings/") { return nil }
                return (command, bad)
            }
        }
    }

    @Test("exit 2, the bad file named, no output file, no trap", arguments: cases)
    func badFile(_ command: Command, _ bad: BadFile) async throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let badURL = folder.appendingPathComponent(command.badPath)
        if FileManager.default.fileExists(atPath: badURL.path) { try FileManager.default.removeItem(at: badURL) }
        try bad.make(at: badURL)
        // An output that exists already keeps its content; one that does not is never created.
        let keep = Data("the old content".utf8)
        if let output = command.output, command.name.contains("har export") {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(output).deletingLastPathComponent(), withIntermediateDirectories: true)
            try keep.write(to: folder.appendingPathComponent(output))
        }
        let arguments = command.arguments.map { $0 == "BAD" ? command.badPath : $0 }
        let result = try await CLIRunner.run(arguments, currentDirectory: folder)

        #expect(result.status == 2, "\(command.name) with a \(bad) file: exit \(result.status)\n\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains((command.badPath as NSString).lastPathComponent), "the error names the file: \(result.stderr)")
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Stack dump"), "\(result.stderr)")
        // The reason, in words.
        let reasons: [BadFile: [String]] = [
            .missing: ["no such file", "no configuration file"], .directory: ["folder"], .unreadable: ["too many levels of symbolic links"],
            .empty: ["empty", "expected a value", "not valid"], .binary: ["not valid", "not UTF-8", "expected"],
            .huge: ["not valid", "not UTF-8", "unterminated", "control characters"],
        ]
        #expect(reasons[bad, default: []].contains { result.stderr.contains($0) }, "\(bad): \(result.stderr)")
        #expect(result.stderr.utf8.count < 4_000, "the error is a message, not a dump: \(result.stderr.utf8.count) bytes")
        if let output = command.output {
            let url = folder.appendingPathComponent(output)
            if command.name.contains("har export") {
                #expect(try Data(contentsOf: url) == keep, "\(output) was changed")
            } else {
                #expect(!FileManager.default.fileExists(atPath: url.path), "\(output) was written")
            }
        }
        // No temporary file of a save is left anywhere in the project.
        let leftovers = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).filter {
            $0.contains(".tmp-") || $0.contains(".dat.nosync")
        }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    /// Every key of `apicheck.yml` (top level and per API) with a value of the wrong type.
    static let wrongTypes: [(key: String, yaml: String)] =
        [
            ("version", "version: [1]\napis: {}"),
            ("apis", "version: 1\napis: [todos]"),
        ]
        + [
            ("contract", "contract: [a, b]"), ("recordings", "recordings: {a: 1}"), ("base_url", "base_url: [x]"),
            ("base_url_env", "base_url_env: {a: b}"), ("other_bases", "other_bases: [x]"), ("auth", "auth: 42"),
            ("secrets_env", "secrets_env: {a: b}"), ("vars_env", "vars_env: [a]"), ("redaction", "redaction: [a]"),
            ("matching", "matching: 3"), ("severity", "severity: [a]"), ("ignore", "ignore: {a: b}"),
            ("allow_writes", "allow_writes: sometimes"), ("scenarios", "scenarios: {a: b}"),
        ].map { key, line in (key, "version: 1\napis:\n  todos:\n    base_url: https://api.example.com\n    \(line)\n") }

    @Test("apicheck.yml with a key of the wrong type: exit 2 with the file, line and key, for every command", arguments: wrongTypes)
    func wrongType(_ key: String, _ yaml: String) async throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        try yaml.write(to: folder.appendingPathComponent("apicheck.yml"), atomically: true, encoding: .utf8)
        let line =
            (yaml.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
                $0.trimmingCharacters(in: .whitespaces).hasPrefix("\(key):")
            } ?? -1) + 1
        for arguments in [
            ["verify"], ["diff", "--live", "--sandbox"], ["record", "--sandbox", "--dry-run"], ["infer", "--api", "todos"],
            ["har", "export", "in/good.json"],
        ] {
            let result = try await CLIRunner.run(arguments, currentDirectory: folder)
            #expect(result.status == 2, "\(arguments) with \(key) of the wrong type: exit \(result.status)\n\(result.stderr)")
            #expect(result.stderr.contains("apicheck.yml:\(line):"), "\(arguments): the line of \(key): \(result.stderr)")
            #expect(result.stderr.contains(key), "\(arguments): the key: \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(arguments): \(result.stdout)")
        }
    }
}
