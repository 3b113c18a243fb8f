/// The environment `apicheck breaking --examples` gives the `swift test` it runs, as `ContractExample` reads it.
package enum ExampleEnvironment {
    /// The file each checked example appends its result to (one ``Line`` of JSON).
    package static let report = "APICHECK_EXAMPLE_REPORT"

    /// `APICHECK_CONTRACT_TODOS`: the contract API `todos`'s examples are read against, instead of `apicheck.yml`'s.
    package static func contractVariable(api: String) -> String {
        "APICHECK_CONTRACT_" + String(api.uppercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    }

    /// One checked example in the report: written by `ContractExample`, read by `apicheck breaking --examples`.
    package struct Line: Sendable, Hashable {
        package var api: String
        package var operation: String
        package var status: Int
        package var step: String
        package var file: String
        /// What went wrong; empty when the client accepted the example.
        package var problems: [String]

        package init(api: String, operation: String, status: Int, step: String, file: String, problems: [String]) {
            self.api = api
            self.operation = operation
            self.status = status
            self.step = step
            self.file = file
            self.problems = problems
        }

        /// The line as written (one compact JSON object).
        package var text: String {
            JSONWriter.compact(
                .object(
                    JSONObject([
                        .init(key: "api", value: .string(api)), .init(key: "operation", value: .string(operation)),
                        .init(key: "status", value: .number(JSONNumber(status))), .init(key: "step", value: .string(step)),
                        .init(key: "file", value: .string(file)), .init(key: "problems", value: .array(problems.map(JSONValue.string))),
                    ])))
        }

        /// A line read back; nil for one that is not a line of the report.
        package init?(text: some StringProtocol) {
            guard let value = try? JSONReader.parse(String(text)), let api = value["api"]?.stringValue,
                let operation = value["operation"]?.stringValue, case .number(let status)? = value["status"], let code = status.intValue,
                let step = value["step"]?.stringValue, let file = value["file"]?.stringValue, case .array(let problems)? = value["problems"]
            else { return nil }
            self.init(api: api, operation: operation, status: code, step: step, file: file, problems: problems.compactMap(\.stringValue))
        }
    }
}
