import APICheckBreaking
import APICheckRecording
import Foundation

/// `apicheck breaking --examples`: the new contract's examples through the app's own `ContractExample` suites.
///
/// The examples of each new contract are written into a scratch recordings folder (beside copies of every API's
/// `tests` and `examples` recordings, so that the other suites still find theirs); then `swift test` runs in the
/// package of `apicheck.yml` with `APICHECK_RECORDINGS` naming that folder, `APICHECK_CONTRACT_<API>` the new
/// contract, and `APICHECK_EXAMPLE_REPORT` a file every checked example appends its result to.
public enum BreakingExamples {
    /// One example the app's suites checked: which, and what went wrong (nothing: it decoded).
    public typealias Result = ExampleResult

    /// What one `--examples` run found: the results, and notes for stderr (examples that could not be written).
    public struct Outcome: Sendable {
        public var results: [Result] = []
        public var notes: [String] = []
    }

    /// Writes the examples of each `(api, contract)` and runs `swift test` (with `--filter filter` when given) in the
    /// package that holds `configuration`'s file. `swift` is the command that runs the tests (`swift` on the PATH).
    ///
    /// - Throws: ``ConfigurationError`` when there is no package, the tests do not build, or no `ContractExample` was
    ///   checked at all (then `--examples` would check nothing, which must not pass for a check).
    public static func run(
        newContracts: [(api: String, contract: String)], configuration: ConfigurationFile, filter: String?, swift: String = "swift"
    ) throws(ConfigurationError) -> Outcome {
        let package = configuration.folder
        guard FileManager.default.fileExists(atPath: package.appendingPathComponent("Package.swift").path) else {
            throw ConfigurationError(
                file: configuration.path,
                message:
                    """
                    --examples runs the app's ContractExample suites with swift test in the package of apicheck.yml, and \
                    \(DisplayPath.relative(package.path)) has no Package.swift
                    """
            )
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-breaking-examples-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var outcome = Outcome()
        var environment = ProcessInfo.processInfo.environment
        try copyRecordings(of: configuration, to: scratch)
        for (name, contract) in newContracts {
            guard var api = configuration.api(name) else { continue }
            api.contract = URL(fileURLWithPath: contract).standardizedFileURL.path
            let folder = RecordingKind.examples.folder(in: scratch.appendingPathComponent(name))
            try? FileManager.default.removeItem(at: folder)
            let written = try ExamplesRun.run(api: api, configuration: configuration, options: .init(output: folder.path))
            for skipped in written.skipped { outcome.notes.append("\(name): an example of the new contract not written: \(skipped)") }
            environment[ExampleEnvironment.contractVariable(api: name)] = api.contract
        }
        let report = scratch.appendingPathComponent("report.jsonl")
        let log = scratch.appendingPathComponent("swift-test.log")
        environment["APICHECK_RECORDINGS"] = scratch.path
        environment[ExampleEnvironment.report] = report.path
        let status = try swiftTest(swift, filter: filter, in: package, environment: environment, log: log)
        // The scratch folder is gone when this returns: name the files as `<api>/examples/<file>` (what `apicheck examples
        // --api <api>` writes from the new contract).
        let prefix = scratch.path + "/"
        outcome.results = ExampleResult.read(report: report).map { result in
            var result = result
            result.file = result.file.replacingOccurrences(of: prefix, with: "")
            result.problems = result.problems.map { $0.replacingOccurrences(of: prefix, with: "") }
            return result
        }
        if outcome.results.isEmpty {
            let tail = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").suffix(15).joined(separator: "\n")
            throw ConfigurationError(
                file: package.path,
                message:
                    """
                    --examples: swift test\(filter.map { " --filter \($0)" } ?? "") (exit \(status)) checked no ContractExample, so \
                    the new contract's examples were not tried; name the suites that call expectDecodes with --examples-filter. Its \
                    last lines:\n\(tail)
                    """
            )
        }
        return outcome
    }

    /// Every API's tests and examples copied under `scratch`, so that the suites of APIs not compared find what they
    /// read.
    static func copyRecordings(of configuration: ConfigurationFile, to scratch: URL) throws(ConfigurationError) {
        do {
            for api in configuration.apis {
                let source = configuration.resolve(api.recordings)
                let target = scratch.appendingPathComponent(api.name)
                try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
                for kind in [RecordingKind.tests, RecordingKind.examples] {
                    let folder = kind.folder(in: source)
                    if FileManager.default.fileExists(atPath: folder.path) {
                        try FileManager.default.copyItem(at: folder, to: kind.folder(in: target))
                    }
                }
            }
        } catch {
            throw ConfigurationError(file: scratch.path, message: "cannot prepare the examples folder: \(error.localizedDescription)")
        }
    }

    /// Runs `swift test` (`--filter filter`) in `package` with `environment`, its output to `log`: its exit status.
    static func swiftTest(
        _ swift: String, filter: String?, in package: URL, environment: [String: String], log: URL
    ) throws(ConfigurationError) -> Int32 {
        do {
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            let output = try FileHandle(forWritingTo: log)
            defer { try? output.close() }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [swift, "test"] + (filter.map { ["--filter", $0] } ?? [])
            process.currentDirectoryURL = package
            process.environment = environment
            process.standardOutput = output
            process.standardError = output
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        } catch {
            throw ConfigurationError(file: package.path, message: "--examples: cannot run \(swift) test: \(error.localizedDescription)")
        }
    }

    /// The results that concern `change` of API `api`: its operation's, and for a change to a response, that status's.
    /// For a change to one field, a failing example counts only when its step or its problem names that field (or one
    /// inside it): an example that fails on another change of the same response is that change's.
    package static func results(for change: ContractChange, api: String?, in results: [Result]) -> [Result] {
        let skeleton = BreakingRun.usageKey([change.operation])
        let usage = change.usage
        return results.filter { result in
            guard result.api == api, BreakingRun.usageKey([result.operation]) == skeleton else { return false }
            guard usage.count > 1 else { return true }
            let key = usage[1]
            if let code = Int(key), result.status != code { return false }
            if key.count == 3, key.hasSuffix("XX"), let hundreds = Int(key.prefix(1)), result.status / 100 != hundreds { return false }
            guard usage.count > 2, !result.passed else { return true }
            return mentions(result, usage[2])
        }
    }

    /// Whether the step or a problem of `result` names `pointer` (`/data/*/updated_at`) or a place inside it, array
    /// indices read as `*`.
    static func mentions(_ result: Result, _ pointer: String) -> Bool {
        for text in [result.step] + result.problems {
            var index = text.startIndex
            while let slash = text[index...].firstIndex(of: "/") {
                let end = text[slash...].firstIndex { " ,()\"'`".contains($0) } ?? text.endIndex
                let tokens = text[slash..<end].split(separator: "/", omittingEmptySubsequences: false).dropFirst()
                let written = "/" + tokens.map { $0.allSatisfy(\.isNumber) && !$0.isEmpty ? "*" : String($0) }.joined(separator: "/")
                if written == pointer || written.hasPrefix(pointer + "/") { return true }
                index = end
            }
        }
        return false
    }
}
