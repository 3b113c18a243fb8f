import APICheckCommands
import Testing

@Suite("Exit status")
struct ExitReasonTests {
    @Test("the codes CI scripts rely on")
    func codes() {
        #expect(ExitReason.success.code == 0)
        #expect(ExitReason.findings.code == 1)
        #expect(ExitReason.usage.code == 2)
        #expect(ExitReason.unreachable.code == 3)
    }

    @Test(
        "2 wins over 3, 3 over 1, 1 over 0, in either order",
        arguments: [
            (ExitReason.success, ExitReason.findings, ExitReason.findings),
            (.findings, .unreachable, .unreachable),
            (.unreachable, .usage, .usage),
            (.findings, .usage, .usage),
            (.success, .success, .success),
        ])
    func precedence(_ a: ExitReason, _ b: ExitReason, _ winner: ExitReason) {
        #expect(a.combined(with: b) == winner)
        #expect(b.combined(with: a) == winner)
    }

    @Test(
        "a run's outcome, as every command works it out: usage over unreachable over findings",
        arguments: [
            (false, false, false, ExitReason.success), (true, false, false, .findings), (false, true, false, .unreachable),
            (true, true, false, .unreachable), (true, false, true, .usage), (false, true, true, .usage), (true, true, true, .usage),
        ])
    func outcome(_ failing: Bool, _ unreachable: Bool, _ usage: Bool, _ expected: ExitReason) {
        #expect(ExitReason.of(failing: failing, unreachable: unreachable, usage: usage) == expected)
    }
}
