// `import APICheck` gives the whole library, as it always has: the recording format, apicheck.yml and the JSON
// value (APICheckRecording), the JSON Schema engine (APICheckJSONSchema), contracts, the verifier and findings
// (APICheckContracts), the comparison of two contracts (APICheckBreaking), and the runs and reports the commands are
// made of (APICheckCommands). The package's own modules import the one they need.
@_exported import APICheckBreaking
@_exported import APICheckCommands
@_exported import APICheckContracts
@_exported import APICheckJSONSchema
@_exported import APICheckRecording
