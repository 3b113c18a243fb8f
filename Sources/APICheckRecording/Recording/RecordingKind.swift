import Foundation

/// The folders of an API's recordings (`recordings/<api>/<kind>/`), by what writes them.
public enum RecordingKind: String, Sendable, CaseIterable {
    /// Written by tests in record mode (`.replaying("name")`), replayed by them.
    case tests
    /// Written by `apicheck record` from the scenarios of `apicheck.yml`; `diff --live` compares with them.
    case scenarios
    /// Written by `apicheck har import`.
    case imported
    /// Written by `apicheck examples` from the contract (`recorded_from: contract`); `ContractExample` reads them.
    case examples

    /// This kind's folder in an API's recordings folder.
    public func folder(in recordings: URL) -> URL {
        recordings.appendingPathComponent(rawValue)
    }
}
