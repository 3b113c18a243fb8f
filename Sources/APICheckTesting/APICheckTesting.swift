// `import APICheckTesting` gives the replay traits (`.recordings(api:)`, `.replaying("name")`, `TestRecording`,
// the XCTest bridge: APICheckReplayTesting, re-exported) and, beside them, what checks against a contract:
// ``ContractExample`` and `RecordingExpectations.expectConforms(_:to:failOn:sourceLocation:)`. A test target
// that only replays can depend on APICheckReplayTesting instead and compile no contract engine.
@_exported import APICheckReplayTesting
