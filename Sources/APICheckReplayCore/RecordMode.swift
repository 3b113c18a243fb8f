/// When the replay layer may touch the network, from `APICHECK_RECORD`.
///
/// - `none` (the default): never; a request with no recorded answer fails and says how to record it.
/// - `once`: record a recording that does not exist yet; replay one that does.
/// - `new`: replay what is recorded and record what is not, adding it to the recording.
/// - `all`: re-record everything.
public struct RecordMode: Hashable, Sendable, CustomStringConvertible {
    let name: String

    /// Never touch the network.
    public static let none = RecordMode(name: "none")
    /// Record a missing recording.
    public static let once = RecordMode(name: "once")
    /// Record interactions that are not yet recorded.
    public static let new = RecordMode(name: "new")
    /// Re-record everything.
    public static let all = RecordMode(name: "all")

    /// Every mode, in the order above.
    public static let allModes: [RecordMode] = [.none, .once, .new, .all]

    /// `none`, `once`, `new` or `all`.
    public var description: String { name }

    /// Whether this mode may send requests to the live API.
    public var mayRecord: Bool { self != .none }

    /// The mode named by `APICHECK_RECORD` in `environment`; `none` when unset.
    ///
    /// - Throws: ``ReplayError`` for an unknown value (listing the valid ones), or for any
    ///   recording mode when `CI=true`: CI must never record silently.
    public static func fromEnvironment(_ environment: [String: String]) throws(ReplayError) -> RecordMode {
        guard let raw = environment["APICHECK_RECORD"], !raw.isEmpty else { return .none }
        guard let mode = allModes.first(where: { $0.name == raw.lowercased() }) else {
            throw ReplayError(
                message: "APICHECK_RECORD=\(raw) is not a record mode; use one of: \(allModes.map(\.name).joined(separator: ", "))")
        }
        if mode.mayRecord, environment["CI"]?.lowercased() == "true" {
            throw ReplayError(
                message:
                    """
                    APICHECK_RECORD=\(raw) is refused because CI=true: CI replays recordings and never records. Record locally and \
                    commit the recordings.
                    """
            )
        }
        return mode
    }
}
