import APICheckBreaking
import APICheckContracts
import APICheckRecording
import Foundation

/// How `apicheck breaking` writes its comparisons: `text`, `json` (`apicheck-breaking/1`), `github` annotations, a
/// `markdown` table for a pull request, or one self-contained `html` page.
public enum BreakingReport {
    /// The formats `apicheck breaking --format` takes (its own list: no junit, which has no place for a change).
    public enum Format: String, CaseIterable, Sendable, CustomStringConvertible {
        case text, json, github, markdown, html

        public var description: String { rawValue }
    }

    /// The version of the JSON report; bumped when a field changes meaning or goes away.
    public static let jsonFormatVersion = "apicheck-breaking/1"

    /// The report of `comparisons` in `format`, handed to `emit` in pieces where the format is written so (json).
    public static func write(_ comparisons: [BreakingRun.Comparison], format: Format, to emit: ([UInt8]) -> Void) {
        if format == .json { return writeJSON(comparisons, to: emit) }
        emit(Array(render(comparisons, format: format).utf8))
    }

    /// The report of `comparisons` in `format`.
    public static func render(_ comparisons: [BreakingRun.Comparison], format: Format) -> String {
        switch format {
        case .json:
            var whole: [UInt8] = []
            writeJSON(comparisons) { whole.append(contentsOf: $0) }
            return String(decoding: whole, as: UTF8.self)
        case .github: return comparisons.flatMap { edits($0.changes).map(githubLine) }.map { $0 + "\n" }.joined()
        case .markdown: return comparisons.map(markdown).joined(separator: "\n")
        case .html: return html(comparisons)
        case .text: return comparisons.filter { !$0.changes.isEmpty }.map(text).joined(separator: "\n")
        }
    }

    /// One line for the summary on stderr: `contracts/todos.openapi.yaml: 3 changes (2 break the client, ...)`.
    public static func summary(_ comparison: BreakingRun.Comparison) -> String {
        let changes = comparison.changes
        var impacts: [ChangeImpact: Int] = [:]
        var used = 0
        for index in changes.indices {
            impacts[changes[index].change.impact, default: 0] += 1
            if changes[index].isUsed { used += 1 }
        }
        let count = { (impact: ChangeImpact) in impacts[impact] ?? 0 }
        var line =
            "\(comparison.newPath): \(changes.count) change\(changes.count == 1 ? "" : "s") since \(comparison.oldPath) "
            + "(\(count(.client)) break the client, \(count(.server)) the server, \(count(.neither)) neither)"
        if let read = comparison.recordingsRead, read > 0 {
            line +=
                "; \(used) touch what the app uses (\(read) recording\(read == 1 ? "" : "s") read)"
        } else {
            line += "; the app's use is unknown (no recordings), so every change counts"
        }
        return line
    }

    /// One edit of the new contract: the changes that are the same rule and message at the same places in both files
    /// (a schema shared by many operations, changed once), as one ranked change (the first, most pressing, with the
    /// recordings and examples of all) and the places of the others.
    struct Edit {
        var ranked: BreakingRun.RankedChange
        /// The other changes the same edit makes: their places are written when a report shows them (the first eight
        /// in text), not for each of a vendor's thousands.
        var also: [ContractChange]
    }

    /// `changes` as edits, in the order of each edit's first change.
    static func edits(_ changes: [BreakingRun.RankedChange]) -> [Edit] {
        struct Key: Hashable {
            var rule: RuleID, severity: Severity, message: String, old: ContractChange.Location?, new: ContractChange.Location?

            /// The rule and the lines, or the pointers where a line is not known; equality compares everything (hashing
            /// each change's message and both files' paths was a tenth of writing a vendor's report).
            func hash(into hasher: inout Hasher) {
                hasher.combine(rule)
                Self.combine(old, into: &hasher)
                Self.combine(new, into: &hasher)
            }

            static func combine(_ location: ContractChange.Location?, into hasher: inout Hasher) {
                if let line = location?.line { hasher.combine(line) } else { hasher.combine(location?.pointer) }
            }
        }
        var edits: [Edit] = []
        var index: [Key: Int] = [:]
        for ranked in changes {
            let change = ranked.change
            guard change.old != nil || change.new != nil else {
                edits.append(Edit(ranked: ranked, also: []))
                continue
            }
            let key = Key(rule: change.rule, severity: change.severity, message: change.message, old: change.old, new: change.new)
            guard let at = index[key] else {
                index[key] = edits.count
                edits.append(Edit(ranked: ranked, also: []))
                continue
            }
            edits[at].also.append(change)
            // Merged in place (a copy of the first change, merged and stored back, was a fifth of writing the report).
            if !ranked.usedBy.isEmpty {
                let known = edits[at].ranked.usedBy
                edits[at].ranked.usedBy += ranked.usedBy.filter { !known.contains($0) }
            }
            if ranked.isUsed { edits[at].ranked.isUsed = true }
            if let examples = ranked.examples {
                let known = edits[at].ranked.examples ?? []
                edits[at].ranked.examples = known + examples.filter { !known.contains($0) }
            }
        }
        return edits
    }

    static func text(_ comparison: BreakingRun.Comparison) -> String {
        var lines: [String] = []
        for edit in edits(comparison.changes) {
            let ranked = edit.ranked, change = ranked.change
            let place = Self.place(change)
            let location = (change.new ?? change.old).map(\.description) ?? comparison.newPath
            lines.append("\(location): \(change.severity): \(place): \(change.message) [\(change.rule)] (breaks \(change.impact))")
            if !edit.also.isEmpty { lines.append("    also in \(alsoIn(edit)) (the same edit of the contract)") }
            if let old = change.old, change.new != nil { lines.append("    was at \(old) (\(old.pointer))") }
            if !ranked.usedBy.isEmpty {
                lines.append("    used by \(firstThree(ranked.usedBy))")
            } else if comparison.recordingsRead.map({ $0 > 0 }) == true {
                lines.append("    not exercised by any recording")
            }
            if let line = examplesLine(ranked) { lines.append("    " + line) }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// Where a change is, as a cell: the operation, the part and the pointer.
    /// `apicheck record`'s closing lines: the contract changes the new recordings of `api` imply, where to make each
    /// in `contract`, and the recordings that show it; empty when there are none.
    public static func implied(_ changes: [ImpliedChange], api: String, contract: String) -> String {
        guard !changes.isEmpty else { return "" }
        var lines = [
            """
            apicheck record: \(api): the new recordings imply \
            \(changes.count == 1 ? "1 contract change" : "\(changes.count) contract changes"); update \(contract) like this (apicheck \
            verify fails until it says what the API does):
            """
        ]
        for implied in changes {
            let change = implied.change
            let location = change.old.map(\.description) ?? contract
            lines.append("\(location): \(change.severity): \(place(change)): \(change.message) [\(change.rule)] (breaks \(change.impact))")
            if implied.operations.count > 1 {
                lines.append("    also in \(implied.operations.dropFirst().joined(separator: ", ")) (the same schema)")
            }
            if !implied.seenIn.isEmpty {
                lines.append("    seen in \(firstThree(implied.seenIn))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// With `--examples`: what the new contract's examples of the change did in the app's client, or nil.
    static func examplesLine(_ ranked: BreakingRun.RankedChange) -> String? {
        guard let examples = ranked.examples, !examples.isEmpty else { return nil }
        let failed = ranked.failedExamples
        guard let first = failed.first else {
            return "the new contract's \(examples.count == 1 ? "example decodes" : "\(examples.count) examples decode") through the client"
        }
        var problem = first.problems.first ?? ""
        if problem.count > 300 { problem = String(problem.prefix(300)) + "..." }
        return
            """
            the client fails on \(failed.count) of the new contract's \(examples.count) example\(examples.count == 1 ? "" : "s"): \
            \(problem)
            """
    }

    /// `a, b, c and 4 more`: the first three of a list for one line.
    /// The other places of an edit: all of them up to eight; a schema that hundreds of a vendor's operations reach
    /// gets the first eight and the count (`--format json` has a change for each).
    static func alsoIn(_ edit: Edit) -> String {
        let shown = edit.also.prefix(8).map(place).joined(separator: ", ")
        guard edit.also.count > 8 else { return shown }
        return shown + " and \(edit.also.count - 8) more places (--format json lists each)"
    }

    static func firstThree(_ items: [String]) -> String {
        items.prefix(3).joined(separator: ", ") + (items.count > 3 ? " and \(items.count - 3) more" : "")
    }

    /// `GET /todos 200 application/json /data/id`: the operation, the part and the pointer, those that are not empty.
    static func place(_ change: ContractChange) -> String {
        var text = change.operation
        for piece in [change.part.description, change.pointer] where !piece.isEmpty {
            if !text.isEmpty { text += " " }
            text += piece
        }
        return text
    }

    static func markdown(_ comparison: BreakingRun.Comparison) -> String {
        var lines = ["### `\(comparison.newPath)` since `\(comparison.oldPath)`", "", summary(comparison), ""]
        guard !comparison.changes.isEmpty else { return (lines + ["No changes.", ""]).joined(separator: "\n") }
        lines.append("| severity | rule | breaks | where | what | new | used by |")
        lines.append("|---|---|---|---|---|---|---|")
        for ranked in comparison.changes {
            let change = ranked.change
            let cells = [
                change.severity.description, "`\(change.rule)`", change.impact.rawValue, "`\(place(change))`", change.message,
                (change.new ?? change.old).map { "`\($0)`" } ?? "",
                (ranked.usedBy.isEmpty
                    ? (comparison.recordingsRead.map { $0 > 0 } == true ? "nothing" : "unknown") : "\(ranked.usedBy.count)")
                    + (examplesLine(ranked).map { "; " + $0 } ?? ""),
            ]
            lines.append("| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One page: a section per compared contract, a row per change (most pressing first), each row with its rule,
    /// whom it breaks, where, both lines and the recordings that use it.
    static func html(_ comparisons: [BreakingRun.Comparison]) -> String {
        let e = HTMLReport.escape
        var body: [String] = []
        for (index, comparison) in comparisons.enumerated() {
            body.append(
                "<section class=\"comparison\" id=\"contract-\(index + 1)\" data-contract=\"\(e(comparison.newPath))\">")
            body.append("<h2><code>\(e(comparison.newPath))</code> since <code>\(e(comparison.oldPath))</code></h2>")
            body.append("<p>\(e(summary(comparison)))</p>")
            if comparison.changes.isEmpty {
                body.append("<p class=\"none\">No changes.</p></section>")
                continue
            }
            body.append("<table class=\"changes\">")
            let head = ["severity", "rule", "breaks", "where", "what", "new", "old", "used by"]
            body.append("<thead><tr>" + head.map { "<th>\($0)</th>" }.joined() + "</tr></thead><tbody>")
            for ranked in comparison.changes {
                let change = ranked.change
                let used =
                    ranked.usedBy.isEmpty
                    ? (comparison.recordingsRead.map { $0 > 0 } == true ? "nothing" : "unknown")
                    : ranked.usedBy.map { "<code>\(e($0))</code>" }.joined(separator: "<br>")
                let tried =
                    examplesLine(ranked).map { "<p class=\"examples\(ranked.failedExamples.isEmpty ? "" : " failed")\">\(e($0))</p>" } ?? ""
                let cells = [
                    "<td class=\"severity\"><span class=\"badge \(change.severity)\">\(change.severity)</span></td>",
                    "<td class=\"rule\"><code>\(e(change.rule.rawValue))</code></td>",
                    "<td class=\"breaks\">\(change.impact.rawValue)</td>",
                    "<td class=\"place\"><code>\(e(place(change)))</code></td>",
                    "<td class=\"message\">\(e(change.message))</td>",
                    "<td class=\"new\">\(change.new.map { "<code>\(e($0.description))</code>" } ?? "")</td>",
                    "<td class=\"old\">\(change.old.map { "<code>\(e($0.description))</code>" } ?? "")</td>",
                    "<td class=\"used\">\(used)\(tried)</td>",
                ]
                let attributes =
                    "class=\"change \(change.severity)\(ranked.isUsed ? " used" : "")\" data-rule=\"\(e(change.rule.rawValue))\" "
                    + "data-operation=\"\(e(change.operation))\" data-pointer=\"\(e(change.pointer))\""
                body.append("<tr \(attributes)>" + cells.joined() + "</tr>")
            }
            body.append("</tbody></table></section>")
        }
        let total = comparisons.reduce(0) { $0 + $1.changes.count }
        return HTMLReport.page(
            title: "apicheck breaking: \(total) change\(total == 1 ? "" : "s")", heading: "apicheck breaking",
            lede: [
                "\(total) change\(total == 1 ? "" : "s") in \(comparisons.count) contract\(comparisons.count == 1 ? "" : "s") compared."
            ],
            body: body.joined(separator: "\n"))
    }

    static func githubLine(_ edit: Edit) -> String {
        let ranked = edit.ranked, change = ranked.change
        let level = change.severity == .error ? "error" : change.severity == .warning ? "warning" : "notice"
        var properties: [String] = []
        if let location = change.new ?? change.old {
            properties.append("file=\(ReportFormat.escapeProperty(location.file))")
            if let line = location.line { properties.append("line=\(line)") }
        }
        properties.append("title=\(ReportFormat.escapeProperty(change.rule.rawValue))")
        let place = Self.place(change)
        var use = edit.also.isEmpty ? "" : "; also in \(alsoIn(edit)) (the same edit of the contract)"
        use += ranked.usedBy.isEmpty ? "" : " (used by \(ranked.usedBy.count) recording\(ranked.usedBy.count == 1 ? "" : "s"))"
        if let line = examplesLine(ranked) { use += "; " + line }
        let text = ReportFormat.escapeData("\(place): \(change.message); breaks \(change.impact)\(use)")
        return "::\(level) \(properties.joined(separator: ","))::\(text)"
    }

    /// `--examples`' results for one change: how many examples concern it and those the client failed on (null: not run).
    static func examples(_ ranked: BreakingRun.RankedChange) -> JSONValue {
        guard let examples = ranked.examples else { return .null }
        return .object(
            JSONObject([
                .init(key: "checked", value: .number(JSONNumber(examples.count))),
                .init(
                    key: "failed",
                    value: .array(
                        ranked.failedExamples.map { result in
                            .object(
                                JSONObject([
                                    .init(key: "file", value: .string(result.file)), .init(key: "step", value: .string(result.step)),
                                    .init(key: "status", value: .number(JSONNumber(result.status))),
                                    .init(key: "problems", value: .array(result.problems.map(JSONValue.string))),
                                ]))
                        })),
            ]))
    }

    /// The `apicheck-breaking/1` report of `comparisons`, handed to `emit` in pieces (``JSONStream``): two versions of a
    /// vendor's description differ in tens of thousands of changes, whose report is never held whole.
    public static func writeJSON(_ comparisons: [BreakingRun.Comparison], to emit: ([UInt8]) -> Void) {
        JSONStream.write(lineEnds: 2, to: emit) { stream in
            stream.object { stream in
                stream.member("format", .string(jsonFormatVersion))
                stream.member("tool", .string("apicheck \(ToolVersion.current)"))
                stream.array("comparisons") { stream in
                    for comparison in comparisons { write(comparison, into: &stream) }
                }
            }
        }
    }

    /// How many changes a JSON report holds before it is written on two threads.
    package static let parallelItems = 2_000

    private static func write(_ comparison: BreakingRun.Comparison, into stream: inout JSONStream) {
        stream.object { stream in
            stream.member("api", comparison.api.map(JSONValue.string) ?? .null)
            stream.member("old", .string(comparison.oldPath))
            stream.member("new", .string(comparison.newPath))
            stream.member("recordings_read", comparison.recordingsRead.map { .number(JSONNumber($0)) } ?? .null)
            stream.array("changes") { stream in
                let changes = comparison.changes
                // A vendor's release is tens of thousands of changes: the later half is written out on a second
                // thread while this one writes the first.
                let half = changes.count >= parallelItems ? changes.count / 2 : changes.count
                let depth = stream.depth
                let later =
                    half < changes.count
                    ? BackgroundResult {
                        JSONStream.itemBytes(count: changes.count - half, depth: depth, following: half > 0) { index, stream in
                            write(changes[half + index], into: &stream)
                        }
                    } : nil
                for index in 0..<half { write(changes[index], into: &stream) }
                if let later { stream.items(later.wait(), count: changes.count - half) }
            }
        }
    }

    /// One change of the JSON report, written member by member: no tree is made of it (a vendor's release is tens of
    /// thousands of changes, and a tree of each was a third of writing the report).
    static func write(_ ranked: BreakingRun.RankedChange, into stream: inout JSONStream) {
        stream.object { stream in
            let change = ranked.change
            stream.member("rule", .string(change.rule.rawValue))
            stream.member("severity", .string(change.severity.description))
            stream.member("breaks", .string(change.impact.rawValue))
            stream.member("operation", .string(change.operation))
            stream.member("part", .string(change.part.description))
            stream.member("pointer", .string(change.pointer))
            stream.member("message", .string(change.message))
            write(change.old, as: "old", into: &stream)
            write(change.new, as: "new", into: &stream)
            stream.member("used", .bool(ranked.isUsed))
            stream.member("used_by", .array(ranked.usedBy.map(JSONValue.string)))
            stream.member("examples", examples(ranked))
        }
    }

    /// Where a change is in one version, as the member `key` of a change (null where it is not in that version).
    private static func write(_ location: ContractChange.Location?, as key: String, into stream: inout JSONStream) {
        guard let location else { return stream.member(key, .null) }
        stream.object(key) { stream in
            stream.member("file", .string(location.file))
            stream.member("line", location.line.map { .number(JSONNumber($0)) } ?? .null)
            stream.member("pointer", .string(location.pointer))
        }
    }
}
