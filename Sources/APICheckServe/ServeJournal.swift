import APICheckContracts
import APICheckRecording
import Foundation

/// Every exchange a ``ReplayServer`` answered, in order: what a UI test asserts on once the app is done (nothing
/// unmatched), and what `GET /__apicheck/journal` returns.
public struct ServeJournal: Sendable, Equatable {
    /// One request the app sent, and how it was answered.
    public struct Entry: Sendable, Equatable {
        /// Its place among every request the server answered since it started or was reset, from 1.
        public let number: Int
        public let method: String
        /// The URL the app addressed (its production URL, as written), with the query.
        public let url: String
        /// The status the server answered with.
        public let status: Int
        /// The recorded interaction that answered it: its recording's name and its place there; nil when unmatched.
        public let matched: Match?
        /// Why it could not be answered (replay's message, with the nearest recorded requests); nil when matched.
        public let unmatched: Unmatched?
        /// Recording: the interaction of the session this exchange was recorded as (sent upstream and answered).
        public let recorded: Match?
        /// What the request breaks of the contract (``ServeConfiguration/verifier``): its request findings.
        public let findings: [Finding]

        /// A recorded interaction.
        public struct Match: Sendable, Equatable {
            public let recording: String
            public let interaction: Int
        }

        /// A request no recorded interaction answers.
        public struct Unmatched: Sendable, Equatable {
            public let message: String
            /// The recorded requests most like it, nearest first.
            public let nearest: [Candidate]
        }

        /// A recorded request near an unmatched one, and what differs.
        public struct Candidate: Sendable, Equatable {
            public let recording: String
            public let interaction: Int
            public let method: String
            public let url: String
            public let differences: [String]
            /// Whether it had answered a request already (a request repeated more often than recorded).
            public let used: Bool
        }
    }

    /// The exchanges kept, oldest first: the newest within the limit.
    public var entries: [Entry] { kept.count > limit ? Array(kept.suffix(limit)) : kept }
    /// How many older exchanges were dropped to keep the journal within its limit.
    public var dropped: Int { trimmed + max(0, kept.count - limit) }
    /// The exchanges held: up to twice the limit, so that the oldest are let go of in one step every `limit`
    /// exchanges, not one at a time with the rest moved each time (a full journal of 10,000 moved on every request
    /// was a quarter of serve's time under wrk).
    private var kept: [Entry] = []
    private var limit = Int.max
    private var trimmed = 0
    /// How many requests no recording answered, those dropped included.
    public internal(set) var unmatchedCount = 0

    /// The entries of requests no recording answered.
    public var unmatched: [Entry] { entries.filter { $0.unmatched != nil } }

    /// The entries of requests the contract has findings on.
    public var checked: [Entry] { entries.filter { !$0.findings.isEmpty } }

    /// One line for each request finding at `severity` or above, of the first `requests` requests that have any:
    /// `#3 PUT https://api.example.com/todos/1: error: ... [rule]`, what `apicheck serve`'s summary and a UI test's
    /// failures say.
    public func findingLines(atLeast severity: Severity = .info, requests: Int = .max) -> [String] {
        checked.prefix(requests).flatMap { entry in
            entry.findings.filter { $0.severity >= severity }.map {
                "#\(entry.number) \(entry.method) \(entry.url): \($0.severity): \($0.message) [\($0.rule)]"
            }
        }
    }

    mutating func append(_ entry: Entry, limit: Int) {
        self.limit = limit
        if entry.unmatched != nil { unmatchedCount += 1 }
        kept.append(entry)
        if kept.count >= 2 * limit {
            trimmed += kept.count - limit
            kept.removeFirst(kept.count - limit)
        }
    }

    /// The journal as `GET /__apicheck/journal` answers it.
    func json(api: String, recordings: [String]) -> JSONValue {
        let requests = entries.count + dropped
        return [
            "format": "apicheck-serve-journal/1", "api": .string(api), "recordings": .array(recordings.map(JSONValue.string)),
            "requests": .number(JSONNumber(requests)), "matched": .number(JSONNumber(requests - unmatchedCount)),
            "unmatched": .number(JSONNumber(unmatchedCount)), "dropped": .number(JSONNumber(dropped)),
            "entries": .array(entries.map(Self.json)),
        ]
    }

    static func json(_ entry: Entry) -> JSONValue {
        let matched: JSONValue =
            entry.matched.map { ["recording": .string($0.recording), "interaction": .number(JSONNumber($0.interaction))] } ?? .null
        let unmatched: JSONValue =
            entry.unmatched.map { unmatched in
                [
                    "message": .string(unmatched.message),
                    "nearest": .array(
                        unmatched.nearest.map { candidate in
                            [
                                "recording": .string(candidate.recording), "interaction": .number(JSONNumber(candidate.interaction)),
                                "method": .string(candidate.method), "url": .string(candidate.url),
                                "differences": .array(candidate.differences.map(JSONValue.string)), "used": .bool(candidate.used),
                            ]
                        }),
                ]
            } ?? .null
        let recorded: JSONValue =
            entry.recorded.map { ["recording": .string($0.recording), "interaction": .number(JSONNumber($0.interaction))] } ?? .null
        let findings: [JSONValue] = entry.findings.map { finding in
            [
                "rule": .string(finding.rule.rawValue), "severity": .string(finding.severity.description),
                "operation": .string(finding.operation), "pointer": .string(finding.pointer), "message": .string(finding.message),
            ]
        }
        return [
            "number": .number(JSONNumber(entry.number)), "method": .string(entry.method), "url": .string(entry.url),
            "status": .number(JSONNumber(entry.status)), "matched": matched, "unmatched": unmatched, "recorded": recorded,
            "findings": .array(findings),
        ]
    }
}
