/// One thing the verifier found: a rule broken at a JSON pointer of a request or response.
import APICheckRecording

public struct Finding: Hashable, Sendable {
    /// The rule, such as `shape.list-vs-single`.
    public var rule: RuleID
    /// How serious it is (after `apicheck.yml` overrides).
    public var severity: Severity
    /// Which message it is about: the request, the response, or the recording as a whole.
    public var side: Part
    /// The operation, such as `GET /api/v2/todos`, or the request line when no operation matched.
    public var operation: String
    /// The status of the response, when there was one.
    public var status: Int?
    /// Where in the body (or `/status`, `/headers/<Name>`), with `*` for array items.
    public var pointer: String
    /// What the contract (or the recording) expected.
    public var expected: String
    /// What was found.
    public var found: String
    /// How many places it stands for (array items reported once).
    public var count: Int
    /// The file, when the source is a file.
    public var file: String?
    /// The 1-based line in that file, when known.
    public var line: Int?
    /// The concrete pointer of the first place, in the file's terms, for finding the line.
    public var sourcePointer: String?
    /// The value at this place in the recording, as compact JSON (shortened), when the place holds one:
    /// the HTML report shows it beside ``liveValue``.
    public var recordedValue: String?
    /// The value at this place in the live answer (`diff --live`), as compact JSON (shortened).
    public var liveValue: String?

    /// Creates a finding with the rule's default severity. Checkers make theirs with ``FindingPlace``.
    public init(
        rule: RuleID, side: Part, operation: String, status: Int? = nil, pointer: String, expected: String, found: String, count: Int = 1
    ) {
        self.rule = rule
        severity = rule.defaultSeverity
        self.side = side
        self.operation = operation
        self.status = status
        self.pointer = pointer
        self.expected = expected
        self.found = found
        self.count = count
    }

    /// The message after the location: `GET /api/v2/todos 200 /data: expected an array (list endpoint), found an object`.
    public var message: String {
        var text = operation
        if let status { text += text.isEmpty ? "\(status)" : " \(status)" }
        if !text.isEmpty { text += " " }
        text += "\(side == .request ? "request " : "")\(pointer.isEmpty ? "/" : pointer): expected \(expected), found \(found)"
        if count > 1 { text += " (\(count) times)" }
        return text
    }

    /// Compiler style: `file:line: severity: message [rule]`.
    public var compilerLine: String {
        var head = file ?? "<input>"
        if let line { head += ":\(line)" }
        return "\(head): \(severity): \(message) [\(rule)]"
    }
}

extension Finding {
    /// Which message of an exchange a finding is about.
    public enum Part: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        case request
        case response
        /// The recording file as a whole (a secret left in it).
        case recording
        /// The contract itself (a value in it wrong in every reading, `contract.invalid`).
        case contract

        public var description: String { rawValue }
    }
}
