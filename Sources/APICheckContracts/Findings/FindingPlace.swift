import APICheckRecording

/// Where a check's findings go: the part of the exchange, the operation, the status, and where in the recording they
/// point. It is the one way a finding is made: the verifier (its parameters, headers, bodies and their parts), the
/// comparison with the recording, the live diff and `verify`'s own recording checks each state their place once and
/// make every finding with ``finding(_:_:expected:found:count:)``; a finding's file and line are added after, by
/// ``JSONReader/line(of:in:)`` from ``source``.
package struct FindingPlace: Sendable {
    package var side: Finding.Part
    /// The operation (`GET /api/v2/todos`), or the request line when no operation matched.
    package var operation: String
    package var status: Int?
    /// The pointer in the recording's terms (`/response/body`) whose line the findings are shown at.
    package var source: String?

    package init(_ side: Finding.Part, operation: String, status: Int? = nil, source: String? = nil) {
        self.side = side
        self.operation = operation
        self.status = status
        self.source = source
    }

    /// A finding of `rule` at `pointer` (in the message's terms: `/data/*/id`), with the rule's default severity.
    package func finding(_ rule: RuleID, _ pointer: String, expected: String, found: String, count: Int = 1) -> Finding {
        var finding = Finding(
            rule: rule, side: side, operation: operation, status: status, pointer: pointer, expected: expected, found: found, count: count)
        finding.sourcePointer = source
        return finding
    }

    /// The same place, pointing at `source` in the recording.
    package func at(_ source: String?) -> FindingPlace {
        var place = self
        place.source = source
        return place
    }
}
