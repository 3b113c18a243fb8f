import APICheckRecording

/// What `apicheck breaking --examples` reads back from the test run it starts: with `APICHECK_EXAMPLE_REPORT` naming a
/// file, every checked example appends one line (``ExampleResult``, whose format, writer and reader are in
/// APICheckRecording beside `apicheck breaking`'s). Without it nothing is written.
enum ExampleReport {
    static func append(_ example: ContractExample, problems: [String]) {
        guard let path = TraitEnvironment.current[ExampleEnvironment.report], !path.isEmpty else { return }
        ExampleResult(
            api: example.api, operation: example.operation, status: example.status, step: example.step, file: example.file,
            problems: problems
        ).append(toReport: path)
    }
}
