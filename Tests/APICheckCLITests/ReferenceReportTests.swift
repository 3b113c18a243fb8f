import Foundation
import Testing

/// Every report format of `verify`, `coverage` and `breaking`, and `record --dry-run`'s, written by the real CLI on one project
/// (`References/Project`: the repository's todo contract, a recording as recorded and a drifted one, a second
/// version of the contract) and compared byte for byte with the files under `References/Expected`. A change to a
/// report shows here as a diff in review. After an intended change, rewrite them:
///
///     APICHECK_REWRITE_REFERENCES=1 swift test --filter ReferenceReportTests
///
/// The repository's folder is written `$ROOT` in them, so that they hold on any clone.
@Suite("Reports as reference files")
struct ReferenceReportTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References")
    static let root = folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let rewrite = ProcessInfo.processInfo.environment["APICHECK_REWRITE_REFERENCES"] == "1"

    struct Case: Sendable, CustomTestStringConvertible {
        /// The reference file, under `References/Expected`.
        let file: String
        let arguments: [String]
        /// The exit status the command ends with.
        let status: Int32
        /// Whether the report is what the command writes to stderr (record's), not stdout.
        var onStderr = false
        /// Whether it runs in the repository's own folder (its apicheck.yml and recordings), not the project's.
        var inRoot = false
        var testDescription: String { file }
    }

    static let cases: [Case] =
        ["text", "json", "junit", "github", "markdown", "html"].map {
            Case(file: "verify.\($0)", arguments: ["verify", "--format", $0], status: 1)
        }
        + ["text", "json", "markdown", "html"].map {
            Case(file: "coverage.\($0)", arguments: ["coverage", "--format", $0], status: 0)
        }
        + ["text", "json", "github", "markdown", "html"].map {
            Case(
                file: "breaking.\($0)",
                arguments: ["breaking", "../../../../contracts/todos.openapi.yaml", "todos-v2.openapi.yaml", "--format", $0],
                status: 1)
        }
        + [
            // What re-recording the repository's todo scenarios would change if the server moved its dates to +09:00.
            Case(
                file: "record-dry-run.text",
                arguments: ["record", "--dry-run", "--sandbox", "--api", "todos", "--drift", "todos/dates-offset"],
                status: 0, onStderr: true, inRoot: true)
        ]

    @Test("the report is its reference file, byte for byte", arguments: cases)
    func report(_ reference: Case) async throws {
        let directory = reference.inRoot ? Self.root : Self.folder.appendingPathComponent("Project")
        let result = try await CLIRunner.run(reference.arguments, currentDirectory: directory)
        #expect(result.status == reference.status, "\(result.stderr)")
        let text = (reference.onStderr ? result.stderr : result.stdout).replacingOccurrences(
            of: Self.root.standardizedFileURL.path, with: "$ROOT")
        let file = Self.folder.appendingPathComponent("Expected/\(reference.file)")
        if Self.rewrite {
            try Data(text.utf8).write(to: file)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        if text != expected {
            Issue.record(
                """
                \(reference.arguments.joined(separator: " ")) differs from References/Expected/\(reference.file) \
                \(Self.firstDifference(text, expected)); if the change is intended, rewrite the references: \
                APICHECK_REWRITE_REFERENCES=1 swift test --filter ReferenceReportTests
                """)
        }
    }

    @Test(
        "the references are portable: none names this clone's folder, none is empty",
        .enabled(if: !ReferenceReportTests.rewrite, "the references are being rewritten"))
    func referencesArePortable() throws {
        for reference in Self.cases {
            let text = try String(contentsOf: Self.folder.appendingPathComponent("Expected/\(reference.file)"), encoding: .utf8)
            #expect(!text.isEmpty, "\(reference.file) is empty")
            #expect(!text.contains(Self.root.path), "\(reference.file) names \(Self.root.path)")
        }
    }

    /// Where two texts first differ: the line, and both versions of it.
    static func firstDifference(_ found: String, _ expected: String) -> String {
        let (a, b) = (
            found.split(separator: "\n", omittingEmptySubsequences: false),
            expected.split(separator: "\n", omittingEmptySubsequences: false)
        )
        for index in 0..<max(a.count, b.count) where (index < a.count ? a[index] : nil) != (index < b.count ? b[index] : nil) {
            let now = index < a.count ? String(a[index]) : "(no line)"
            let was = index < b.count ? String(b[index]) : "(no line)"
            return "at line \(index + 1):\n  now: \(now.prefix(300))\n  was: \(was.prefix(300))\n"
        }
        return "(the same lines)"
    }
}
