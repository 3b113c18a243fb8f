import APICheck
import Foundation
import TestSupport
import Testing

@Suite("apicheck coverage", timeLimit(minutes: 5))
struct CoverageCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("prints each measure with what is not exercised; counts the recordings, never the contract examples")
    func text() async throws {
        let result = try await CLIRunner.run(["coverage", "--api", "todos"], currentDirectory: Self.root)
        #expect(result.status == 0, "\(result.stderr)")
        let recordings = try ["tests", "scenarios"].flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("recordings/todos/\(folder)").path).filter
            { $0.hasSuffix(".json") }
        }
        #expect(
            result.stdout.hasPrefix("coverage of todos (contracts/todos.openapi.yaml), by \(recordings.count) recordings"),
            "\(result.stdout)")
        #expect(result.stdout.contains("\n  operations   "), "\(result.stdout)")
        #expect(result.stdout.contains("  operations not exercised:\n    HEAD /api/v2/todos\n"), "\(result.stdout)")
    }

    @Test("--min gates each measure: exit 1 naming the measure below it, 0 when every measure reaches it")
    func gate() async throws {
        let below = try await CLIRunner.run(["coverage", "--api", "todos", "--min", "operations=71"], currentDirectory: Self.root)
        #expect(below.status == 1)
        #expect(below.stderr.contains("apicheck coverage: todos: operations 70.0% is below --min 71.0%"), "\(below.stderr)")
        #expect(below.stdout.contains("70.0%  below 71.0%"), "\(below.stdout)")
        let reached = try await CLIRunner.run(["coverage", "--api", "todos", "--min", "operations=70"], currentDirectory: Self.root)
        #expect(reached.status == 0, "\(reached.stderr)")
        let bad = try await CLIRunner.run(["coverage", "--min", "branches=3"], currentDirectory: Self.root)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("no measure \"branches\""), "\(bad.stderr)")
        let unknown = try await CLIRunner.run(["coverage", "--api", "nope"], currentDirectory: Self.root)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown API 'nope'"), "\(unknown.stderr)")
    }

    @Test("json lists every item exercised and missing; markdown and html are tables; verify's JSON summary carries the counts")
    func formats() async throws {
        let json = try await CLIRunner.run(["coverage", "--api", "kakao", "--format", "json", "--min", "50"], currentDirectory: Self.root)
        #expect(json.status == 0, "\(json.stderr)")
        let report = try JSONReader.parse(Data(json.stdout.utf8))
        #expect(report[pointer: "/format"] == "apicheck-coverage/1")
        #expect(report[pointer: "/apis/0/api"] == "kakao")
        #expect(report[pointer: "/apis/0/measures/0/name"] == "operations")
        #expect(report[pointer: "/apis/0/measures/0/total"] == 3)
        #expect(report[pointer: "/apis/0/measures/0/minimum"].map(JSONWriter.compact) == "50.0")
        let exercised = report[pointer: "/apis/0/measures/1/exercised"]?.arrayValue?.count ?? -1
        let missing = report[pointer: "/apis/0/measures/1/missing"]?.arrayValue?.count ?? -1
        #expect(exercised + missing == report[pointer: "/apis/0/measures/1/total"]?.numberValue?.intValue)
        #expect(missing > 0, "the kakao recordings do not answer every declared status")

        let markdown = try await CLIRunner.run(["coverage", "--api", "kakao", "--format", "markdown"], currentDirectory: Self.root)
        #expect(
            markdown.stdout.contains("| measure | exercised | of | percent |\n|---|---:|---:|---:|\n| operations | 3 | 3 | 100.0% |"),
            "\(markdown.stdout)")

        let html = try await CLIRunner.run(
            ["coverage", "--api", "kakao", "--format", "html", "--min", "statuses=99"], currentDirectory: Self.root)
        #expect(html.status == 1)
        #expect(html.stdout.hasPrefix("<!DOCTYPE html>"))
        #expect(
            html.stdout.contains(
                #"<tr class="measure" data-measure="operations"><td class="name">operations</td><td class="covered">3</td><td class="total">3</td>"#
            ), "\(html.stdout)")
        #expect(html.stdout.contains(#"<tr class="measure below" data-measure="statuses">"#))

        let verify = try await CLIRunner.run(["verify", "--api", "kakao", "--format", "json"], currentDirectory: Self.root)
        let verified = try JSONReader.parse(Data(verify.stdout.utf8))
        #expect(verified[pointer: "/summary/coverage/0/api"] == "kakao")
        #expect(verified[pointer: "/summary/coverage/0/operations/covered"] == 3)
        #expect(verify.stderr.contains("apicheck verify: contract coverage of kakao: operations 3/3 (100.0%)"), "\(verify.stderr)")
    }
}
