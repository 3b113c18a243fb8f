import Foundation

/// The environment `apicheck breaking --examples` gives the `swift test` it runs, as `ContractExample` reads it.
package enum ExampleEnvironment {
    /// The file each checked example appends its result to (one ``ExampleResult`` as a line of JSON).
    package static let report = "APICHECK_EXAMPLE_REPORT"

    /// `APICHECK_CONTRACT_TODOS`: the contract API `todos`'s examples are read against, instead of `apicheck.yml`'s.
    package static func contractVariable(api: String) -> String {
        "APICHECK_CONTRACT_" + String(api.uppercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    }
}

/// One contract example that an app's `ContractExample` suite checked under `apicheck breaking --examples`: which
/// example, and what went wrong (nothing: the client decoded it). `ContractExample` writes it to the report file of
/// ``ExampleEnvironment``, one line of JSON each, and `apicheck breaking` reads it back.
public struct ExampleResult: Sendable, Hashable {
    /// The API of `apicheck.yml`.
    public var api: String
    /// The operation, `GET /api/v2/todos/{id}`.
    public var operation: String
    /// The response's status.
    public var status: Int
    /// The example's step name.
    public var step: String
    /// The recording file of the example (and its line, when known).
    public var file: String
    /// What went wrong; empty when the client accepted the example.
    public var problems: [String]
    /// Whether the client accepted it.
    public var passed: Bool { problems.isEmpty }

    /// Creates a result.
    public init(api: String, operation: String, status: Int, step: String, file: String, problems: [String]) {
        self.api = api
        self.operation = operation
        self.status = status
        self.step = step
        self.file = file
        self.problems = problems
    }

    /// The result as a line of the report (one compact JSON object).
    package var line: String {
        JSONWriter.compact(
            .object(
                JSONObject([
                    .init(key: "api", value: .string(api)), .init(key: "operation", value: .string(operation)),
                    .init(key: "status", value: .number(JSONNumber(status))), .init(key: "step", value: .string(step)),
                    .init(key: "file", value: .string(file)), .init(key: "problems", value: .array(problems.map(JSONValue.string))),
                ])))
    }

    /// A line of the report read back; nil for one that is not a line of it.
    package init?(line: some StringProtocol) {
        guard let value = try? JSONReader.parse(String(line)), let api = value["api"]?.stringValue,
            let operation = value["operation"]?.stringValue, case .number(let status)? = value["status"], let code = status.intValue,
            let step = value["step"]?.stringValue, let file = value["file"]?.stringValue, case .array(let problems)? = value["problems"]
        else { return nil }
        self.init(api: api, operation: operation, status: code, step: step, file: file, problems: problems.compactMap(\.stringValue))
    }

    /// Appends the result as one line to the report file at `path`.
    ///
    /// The line is one `write(2)` to the file opened with `O_APPEND`, which the system appends whole: lines from tests
    /// running in parallel, and from the processes of `swift test --parallel`, never overwrite or split one another (a
    /// lock in this process would order only its own writers). A file that cannot be opened is left alone.
    package func append(toReport path: String) {
        let bytes = Array((line + "\n").utf8)
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// The results a test run appended to the report at `url`, one JSON object per line (lines that do not read are
    /// skipped).
    package static func read(report url: URL) -> [ExampleResult] {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap(ExampleResult.init(line:))
    }
}
