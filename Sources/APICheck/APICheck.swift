// `import APICheck` gives the whole library, as it always has: the recording format, apicheck.yml and the JSON
// value (APICheckRecording), contracts, the verifier and findings (APICheckContracts), and the runs and reports
// the commands are made of (APICheckCommands). The package's own modules import the one they need.
@_exported import APICheckCommands
@_exported import APICheckContracts
@_exported import APICheckRecording
