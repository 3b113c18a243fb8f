/// The environment `apicheck breaking --examples` gives the `swift test` it runs, as `ContractExample` reads it.
package enum ExampleEnvironment {
    /// The file each checked example appends its result to (one JSON line).
    package static let report = "APICHECK_EXAMPLE_REPORT"

    /// `APICHECK_CONTRACT_TODOS`: the contract API `todos`'s examples are read against, instead of `apicheck.yml`'s.
    package static func contractVariable(api: String) -> String {
        "APICHECK_CONTRACT_" + String(api.uppercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    }
}
