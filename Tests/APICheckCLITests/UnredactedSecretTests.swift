import APICheck
import Foundation
import TestSupport
import Testing

/// `apicheck verify` on a recording someone edited by hand to hold secrets: `secret.unredacted` at the line
/// of each, in every format, and never the secret itself in the report.
@Suite("verify finds secrets put into a recording by hand", timeLimit(minutes: 5))
struct UnredactedSecretTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let configured = "hand-Edited-Secret/42+"
    static let githubToken = "ghp_" + String(repeating: "A1b2C3d4", count: 4) + "zZ9y"
    static let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJtZS1vbmx5LTEyMyJ9.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg"

    @Test("each secret is a finding at its line: a configured value, its base64 copy, a GitHub token, a JWT")
    func handEdited() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-unredacted-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
        version: 1
        apis:
          todos:
            contract: \(Self.root.appendingPathComponent("contracts/todos.openapi.yaml").path)
            recordings: recordings/todos
            base_url: https://api.example.com
            secrets_env: [TODOS_SECRET]
        """.write(to: folder.appendingPathComponent("apicheck.yml"), atomically: true, encoding: .utf8)
        // A clean recording of the project, then edited the way a person would: values pasted into place.
        let source = Self.root.appendingPathComponent("recordings/todos/tests/list-first-page.json")
        var text = try String(contentsOf: source, encoding: .utf8)
        let basic = "Basic " + Data("client:\(Self.configured)".utf8).base64EncodedString()
        let titles = try #require(text.range(of: #""title": ""#))
        text.insert(contentsOf: "\(Self.configured) ", at: titles.upperBound)
        // A key the contract does not declare, holding the secret: its field.added finding points at the
        // secret's own place, where the HTML report would show the recorded value.
        text.insert(contentsOf: "\"x_debug_note\": \"\(Self.configured)\", ", at: titles.lowerBound)
        let headers = try #require(text.range(of: #""headers": {"#))
        text.insert(
            contentsOf:
                "\n        \"X-Debug-Auth\": \"\(basic)\",\n        \"X-Debug-Token\": \"\(Self.githubToken)\",\n        \"X-Debug-JWT\": \"\(Self.jwt)\",",
            at: headers.upperBound)
        let file = folder.appendingPathComponent("recordings/todos/tests/edited.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        func line(of needle: String) -> Int { (lines.firstIndex { $0.contains(needle) } ?? -1) + 1 }

        let result = try await CLIRunner.run(
            ["verify", "--format", "text"], currentDirectory: folder, environment: ["TODOS_SECRET": Self.configured])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let found = result.stdout.split(separator: "\n").filter { $0.hasSuffix("[secret.unredacted]") }
        let expected = [
            (line(of: Self.configured), "the value of a configured secret"),
            (line(of: "X-Debug-Auth"), "a base64 copy of a configured secret"),
            (line(of: Self.githubToken), "a GitHub token (ghp_...)"),
            (line(of: Self.jwt), "a JWT (eyJ...)"),
        ]
        for (number, what) in expected {
            #expect(
                found.contains { $0.contains("recordings/todos/tests/edited.json:\(number): error:") && $0.contains(what) },
                "\(what) at line \(number):\n\(found.joined(separator: "\n"))")
        }
        #expect(found.count == expected.count, "\(found.joined(separator: "\n"))")

        // In every format, the report names the secret's shape and never holds the secret.
        let secrets = [Self.configured, Self.githubToken, Self.jwt, basic] + RedactionRules.base64Cores(of: Self.configured)
        for format in SecretsProject.reportFormats {
            let report = try await CLIRunner.run(
                ["verify", "--format", format], currentDirectory: folder, environment: ["TODOS_SECRET": Self.configured])
            #expect(report.stdout.contains("secret.unredacted"), "\(format)")
            if format == "html" {
                #expect(
                    report.stdout.contains("x_debug_note") && report.stdout.contains(Finding.withheldValue),
                    "the HTML report withholds the value, it does not leave it out")
            }
            for secret in secrets {
                #expect(!(report.stdout + report.stderr).contains(secret), "\(format) printed \(secret)")
            }
        }
        // Without the variable, the shapes are still found; the configured value is not known.
        let unset = try await CLIRunner.run(["verify"], currentDirectory: folder)
        #expect(unset.stdout.split(separator: "\n").filter { $0.hasSuffix("[secret.unredacted]") }.count == 2)
    }
}
