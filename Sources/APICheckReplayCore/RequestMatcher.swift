import APICheckRecording
import WireFormat

/// Finds the recorded interaction for a live request: a hash lookup, then a check of the few candidates.
///
/// The cost per request does not grow with the recording: requests are bucketed by method,
/// base, path and query item names, then by query values; only the entries found are compared in full.
package struct RequestMatcher: Sendable {
    struct Key: Hashable {
        let method: String
        let base: String
        let path: String
        let queryNames: [String]
        /// Whether the request carries `If-None-Match` or `If-Modified-Since`: a recorded 304 answers only a
        /// conditional request and a recorded 200 only a plain one, whatever order the tests run in.
        let conditional: Bool
    }

    /// The request headers that make a request conditional (RFC 9110, 13.1).
    static let conditionalHeaders: Set<String> = ["if-none-match", "if-modified-since"]

    /// A request reduced to what matching compares, computed once per request.
    package struct Prepared {
        let request: RecordedRequest
        let key: Key
        /// Query items (ignored ones left out), sorted by name and value.
        let query: [FormField]
        /// The headers that send back a secret the server handed out (`Authorization: <redacted#3>`), by lower-cased name,
        /// with its number: compared whatever the matching rules say (empty for a live request, and for almost every
        /// recorded one).
        var secretHeaders: [(name: String, number: Int)] = []
    }

    /// The recorded requests of one key, by their query values (a page of a paginated list is found by a
    /// lookup, not by comparing every page); those with a redacted value, which matches any, apart.
    struct Bucket {
        var byValues: [[String]: [Int]] = [:]
        var withPlaceholder: [Int] = []
    }

    let rules: MatchingRules
    private(set) var buckets: [Key: Bucket] = [:]
    /// The recorded requests, prepared once when the recording is loaded.
    private(set) var recorded: [Prepared] = []

    package init(interactions: [Interaction], rules: MatchingRules) {
        self.rules = rules
        recorded.reserveCapacity(interactions.count)
        for (index, interaction) in interactions.enumerated() {
            add(interaction.request, at: index)
        }
    }

    mutating func add(_ request: RecordedRequest, at index: Int) {
        let prepared = prepare(request)
        recorded.append(prepared)
        let values = prepared.query.map(\.value)
        if values.contains(where: RedactionRules.isPlaceholder) {
            buckets[prepared.key, default: Bucket()].withPlaceholder.append(index)
        } else {
            buckets[prepared.key, default: Bucket()].byValues[values, default: []].append(index)
        }
    }

    package func prepare(_ request: RecordedRequest) -> Prepared {
        Self.prepare(request, rules: rules)
    }

    /// `request` as matching compares it under `rules`: a function of the rules alone, so that a request can be prepared
    /// without reading a matcher that another thread may be adding to.
    package static func prepare(_ request: RecordedRequest, rules: MatchingRules) -> Prepared {
        // One split of the URL, and no case conversion when the method is already upper-case (it always is).
        let url = request.url
        let questionMark = url.utf8.firstIndex(of: UInt8(ascii: "?"))
        let path = questionMark.map { String(url[..<$0]) } ?? url
        var query: [FormField] = []
        if let questionMark {
            let raw = String(url[url.index(after: questionMark)...])
            if !raw.isEmpty {
                query =
                    ((try? FormURLEncoding.decode(raw))
                        ?? raw.split(separator: "&").map {
                            let pair = $0.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                            return FormField(String(pair[0]), pair.count > 1 ? String(pair[1]) : "")
                        })
                if !rules.ignoredQueryItems.isEmpty { query.removeAll { rules.ignoredQueryItems.contains($0.name) } }
                if query.count > 1 { query.sort { ($0.name, $0.value) < ($1.name, $1.value) } }
            }
        }
        let method = request.method.utf8.allSatisfy({ $0 < 97 || $0 > 122 }) ? request.method : request.method.uppercased()
        let conditional = request.headers.contains { Self.conditionalHeaders.contains($0.name.lowercased()) }
        let key = Key(method: method, base: request.base ?? "", path: path, queryNames: query.map(\.name), conditional: conditional)
        var prepared = Prepared(request: request, key: key, query: query)
        for field in request.headers {
            if let number = RedactionRules.placeholderNumber(field.value) {
                prepared.secretHeaders.append((field.name.lowercased(), number))
            }
        }
        return prepared
    }

    /// The lower-cased names of the headers in which a recorded request sends back a numbered secret: the live request
    /// keeps them for ``matches(live:recordedAt:)``.
    package var secretHeaderNames: Set<String> {
        Set(recorded.flatMap { $0.secretHeaders.map(\.name) })
    }

    /// The indices recorded under the same key with the same query values (or a redacted one), in recorded order.
    package func candidates(for live: Prepared) -> [Int] {
        guard let bucket = buckets[live.key] else { return [] }
        let exact = bucket.byValues[live.query.map(\.value)] ?? []
        if bucket.withPlaceholder.isEmpty { return exact }
        if exact.isEmpty { return bucket.withPlaceholder }
        // Both lists are in recorded order: merge them, so that the first recorded answer is used first.
        var merged: [Int] = []
        merged.reserveCapacity(exact.count + bucket.withPlaceholder.count)
        var left = exact[...]
        var right = bucket.withPlaceholder[...]
        while let a = left.first, let b = right.first {
            if a < b {
                merged.append(a)
                left = left.dropFirst()
            } else {
                merged.append(b)
                right = right.dropFirst()
            }
        }
        return merged + left + right
    }

    /// Whether the live request matches the recorded one at `index`, which is in the same bucket
    /// (so method, base, path and query names are already equal). No strings are built.
    package func matches(live: Prepared, recordedAt index: Int) -> Bool {
        let other = recorded[index]
        guard Self.fieldsMatch(live.query, other.query) else { return false }
        // A secret the server handed out must come back as the one the recorded request sent (a stale token must not be
        // answered because both were redacted), whatever headers the rules match.
        if !other.secretHeaders.isEmpty, Self.staleSecret(live: live.request, recorded: other) != nil { return false }
        for name in rules.matchedHeaders {
            let recordedValue = other.request.headers[name]
            guard Self.headerMatches(name, live: live.request.headers[name], recorded: recordedValue) else { return false }
        }
        if rules.matchesBody, Self.bodyDifference(live.request, other.request) != nil { return false }
        if let custom = rules.custom { return custom.matches(other.request, live.request) }
        return true
    }

    /// What differs between a prepared live request and the recorded one at `index`; empty when they match.
    package func differences(live: Prepared, recordedAt index: Int) -> [String] {
        differences(live: live, recorded: recorded[index])
    }

    /// What differs between a live request and a recorded one; empty when they match.
    func differences(live prepared: Prepared, recorded preparedRecorded: Prepared) -> [String] {
        let live = prepared.request
        let recorded = preparedRecorded.request
        var found: [String] = []
        if prepared.key.method != preparedRecorded.key.method { found.append("method: \(live.method) vs recorded \(recorded.method)") }
        if (live.base ?? "") != (recorded.base ?? "") {
            found.append("base: \(live.base ?? "main") vs recorded \(recorded.base ?? "main")")
        }
        if prepared.key.path != preparedRecorded.key.path { found.append("path: \(live.path) vs recorded \(recorded.path)") }
        if prepared.key.conditional != preparedRecorded.key.conditional {
            let says = { (conditional: Bool) in conditional ? "conditional (If-None-Match or If-Modified-Since)" : "not conditional" }
            found.append("validators: \(says(prepared.key.conditional)) vs recorded \(says(preparedRecorded.key.conditional))")
        }
        if let stale = Self.staleSecret(live: live, recorded: preparedRecorded) {
            found.append("header \(stale.header): \"\(stale.sent)\" vs recorded \"\(RedactionRules.placeholder(stale.number))\"")
        }
        let liveQuery = prepared.query
        let recordedQuery = preparedRecorded.query
        if !Self.fieldsMatch(liveQuery, recordedQuery) {
            found.append("query: \(Self.describe(liveQuery)) vs recorded \(Self.describe(recordedQuery))")
        }
        for name in rules.matchedHeaders.sorted() {
            let a = live.headers[name]
            let b = recorded.headers[name]
            if !Self.headerMatches(name, live: a, recorded: b) {
                found.append("header \(name): \(a.map { "\"\($0)\"" } ?? "absent") vs recorded \(b.map { "\"\($0)\"" } ?? "absent")")
            }
        }
        if rules.matchesBody, let difference = Self.bodyDifference(live, recorded) {
            found.append(difference)
        }
        if found.isEmpty, let custom = rules.custom, !custom.matches(recorded, live) {
            found.append("\(custom) does not match")
        }
        return found
    }

    /// A header in which the live request sends back another secret than the recorded one sent (the token a refresh
    /// replaced): its name as recorded, what was sent, and the recorded secret's number; nil when there is none.
    package static func staleSecret(live: RecordedRequest, recorded: Prepared) -> (header: String, sent: String, number: Int)? {
        for (name, number) in recorded.secretHeaders {
            guard let sent = live.headers[name], !RedactionRules.sendsBack(sent, number) else { continue }
            return (recorded.request.headers.first { $0.name.lowercased() == name }?.name ?? name, sent, number)
        }
        return nil
    }

    /// The recorded request at `index`, prepared.
    package func prepared(at index: Int) -> Prepared {
        recorded[index]
    }

    /// Whether a live header matches the recorded one: equal, or redacted in the recording (a recorded Cookie header
    /// keeps its cookies' names, each value redacted).
    static func headerMatches(_ name: String, live: String?, recorded: String?) -> Bool {
        if live == recorded { return true }
        if let live, let recorded, RedactionRules.matches(live: live, recorded: recorded) { return true }
        guard name.lowercased() == "cookie", let live, let recorded else { return false }
        return CookieHeader.matches(live: live, recorded: recorded, placeholder: RedactionRules.placeholder)
    }

    static func describe(_ fields: [FormField]) -> String {
        fields.isEmpty ? "(none)" : fields.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    }

    static func valueMatches(_ live: String, _ recorded: String) -> Bool {
        RedactionRules.matches(live: live, recorded: recorded)
    }

    static func fieldsMatch(_ live: [FormField], _ recorded: [FormField]) -> Bool {
        live.count == recorded.count && zip(live, recorded).allSatisfy { $0.name == $1.name && valueMatches($0.value, $1.value) }
    }

    /// What differs between two requests' bodies, where either may be one nobody saw (``RecordedRequest/unseenBody``):
    /// two unseen bodies match (nothing can be compared); an unseen one never matches a seen one or none.
    static func bodyDifference(_ live: RecordedRequest, _ recorded: RecordedRequest) -> String? {
        switch (live.unseenBody, recorded.unseenBody) {
        case (nil, nil):
            return bodyDifference(live.body, recorded.body)
        case (.some, .some):
            return nil
        case (.some(let reason), nil):
            return "body: not seen (\(reason)) vs \(recorded.body.map { "a recorded \($0.kind) body" } ?? "none recorded")"
        case (nil, .some(let reason)):
            return "body: \(live.body.map { "a \($0.kind) body" } ?? "none") vs a recorded body nobody saw (\(reason))"
        }
    }

    static func bodyDifference(_ live: RecordedBody?, _ recorded: RecordedBody?) -> String? {
        switch (live, recorded) {
        case (nil, nil):
            return nil
        case (.some(let l), nil):
            return "body: a \(l.kind) body vs none recorded"
        case (nil, .some(let r)):
            return "body: none vs a recorded \(r.kind) body"
        case (.json(let l), .json(let r)):
            return jsonDifference(l, r, at: .root).map {
                "body at \($0.pointer.description.isEmpty ? "/" : $0.pointer.description): \($0.text)"
            }
        case (.form(let l, _), .form(let r, _)):
            return fieldsMatch(l, r) ? nil : "form body: \(describe(l)) vs recorded \(describe(r))"
        case (.multipart(let l), .multipart(let r)):
            let same =
                l.count == r.count
                && zip(l, r).allSatisfy { a, b in
                    guard a.name == b.name, a.filename == b.filename else { return false }
                    switch (a.content, b.content) {
                    case (.text(let x), .text(let y)): return valueMatches(x, y)
                    default: return a.content == b.content
                    }
                }
            return same ? nil : "multipart parts: \(l.map(\.name)) vs recorded \(r.map(\.name)) (or their values differ)"
        case (.text(let l), .text(let r)):
            return valueMatches(l, r) ? nil : "text body differs"
        case (.base64(let l), .base64(let r)):
            return l == r ? nil : "binary body differs (\(l.count) vs \(r.count) bytes)"
        case (.some(let l), .some(let r)):
            return "body: a \(l.kind) body vs a recorded \(r.kind) body"
        }
    }

    /// The first difference between two JSON values (key order ignored; a recorded `<redacted>` matches anything, a
    /// recorded `<redacted#N>` anything but another numbered placeholder).
    static func jsonDifference(_ live: JSONValue, _ recorded: JSONValue, at pointer: JSONPointer) -> (pointer: JSONPointer, text: String)? {
        if case .string(let text) = recorded, RedactionRules.isPlaceholder(text) {
            guard case .string(let sent) = live, !RedactionRules.matches(live: sent, recorded: text) else { return nil }
            return (pointer, "\(JSONWriter.compact(live)) vs recorded \(JSONWriter.compact(recorded))")
        }
        switch (live, recorded) {
        case (.object(let l), .object(let r)):
            for member in r {
                guard let value = l[member.key] else {
                    return (pointer.appending(member.key), "missing (recorded \(member.value.briefDescription))")
                }
                if let difference = jsonDifference(value, member.value, at: pointer.appending(member.key)) { return difference }
            }
            if let extra = l.first(where: { r[$0.key] == nil }) { return (pointer.appending(extra.key), "not in the recording") }
            return nil
        case (.array(let l), .array(let r)):
            guard l.count == r.count else { return (pointer, "\(l.count) elements vs \(r.count) recorded") }
            for (index, pair) in zip(l, r).enumerated() {
                if let difference = jsonDifference(pair.0, pair.1, at: pointer.appending(index)) { return difference }
            }
            return nil
        default:
            return live.isEquivalent(to: recorded)
                ? nil : (pointer, "\(JSONWriter.compact(live)) vs recorded \(JSONWriter.compact(recorded))")
        }
    }
}
