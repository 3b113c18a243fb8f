import APICheckReplay
import Testing

@Suite("Record modes from the environment")
struct RecordModeTests {
    @Test(
        "APICHECK_RECORD picks the mode; unset is none",
        arguments: [
            ([:], RecordMode.none), (["APICHECK_RECORD": "once"], .once), (["APICHECK_RECORD": "NEW"], .new),
            (["APICHECK_RECORD": "all"], .all), (["APICHECK_RECORD": "none", "CI": "true"], .none),
            (["APICHECK_RECORD": ""], .none),
        ] as [([String: String], RecordMode)])
    func modes(_ environment: [String: String], _ expected: RecordMode) throws {
        #expect(try RecordMode.fromEnvironment(environment) == expected)
    }

    @Test(
        "a bad value lists the valid ones; CI=true refuses recording modes",
        arguments: [
            (["APICHECK_RECORD": "always"], "use one of: none, once, new, all"),
            (["APICHECK_RECORD": "once", "CI": "true"], "refused because CI=true"),
            (["APICHECK_RECORD": "all", "CI": "TRUE"], "refused because CI=true"),
        ])
    func refused(_ environment: [String: String], _ message: String) {
        #expect {
            _ = try RecordMode.fromEnvironment(environment)
        } throws: { error in
            (error as? ReplayError)?.message.contains(message) == true
        }
    }
}
