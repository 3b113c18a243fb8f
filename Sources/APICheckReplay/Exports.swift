// The store, matching and configuration of a replay (no URLProtocol in them, so `apicheck serve` and the CLI link no
// networking library): part of this module's interface, as they were before they moved.
@_exported import APICheckReplayCore
