/// Which requests a replay answers: those of the sessions it hands out, or every request made through `URLSession.shared`.
///
/// - `session` (the default): ``ReplaySession/session`` and sessions made from ``ReplaySession/sessionConfiguration``.
///   Tests with this scope run in parallel; each answers only its own sessions.
/// - `global`: also `URLSession.shared`, for app code that does not take a session. The replay's protocol is
///   registered with `URLProtocol.registerClass` for the test's duration, so global tests run one at a time
///   (``ReplaySession/withGlobalScope(_:)``); session-scope tests keep running beside them and never see it.
///   Registration reaches `URLSession.shared` only, on Linux as on Apple platforms: a session the app builds with
///   `URLSessionConfiguration.default` needs ``ReplaySession/sessionConfiguration`` instead.
public struct ReplayScope: Hashable, Sendable, CustomStringConvertible {
    let name: String

    /// The sessions the replay hands out (the default).
    public static let session = ReplayScope(name: "session")
    /// `URLSession.shared` as well, one test at a time.
    public static let global = ReplayScope(name: "global")

    /// `session` or `global`.
    public var description: String { name }
}
