import Foundation

/// Writes todos and pages as the real API does, or with the configured drifts.
struct TodoRenderer: Sendable {
    let drifts: Set<Drift>

    func has(_ drift: Drift) -> Bool { drifts.contains(drift) }

    private func key(_ snake: String, _ camel: String) -> String {
        has(.todosCamelCaseKeys) ? camel : snake
    }

    func todo(_ record: TodoRecord) -> JSON {
        var members: [(String, JSON)] = [
            ("id", .int(record.id)),
            ("title", .string(record.title)),
            (key("is_done", "isDone"), has(.todosIsDoneInt) ? .int(record.isDone ? 1 : 0) : .bool(record.isDone)),
            (key("created_at", "createdAt"), .string(date(record.createdAt))),
            (key("updated_at", "updatedAt"), .string(date(record.updatedAt))),
        ]
        if has(.todosExtraField) { members.append(("priority", .string("normal"))) }
        return .object(members)
    }

    /// A page of a list endpoint: `{"data": [...], "meta": {...}, "message": "성공"}`.
    func page(_ items: ArraySlice<TodoRecord>, page: Int, perPage: Int, total: Int) -> JSON {
        let lastPage = max(1, (total + perPage - 1) / perPage)
        let from: JSON = items.isEmpty ? .null : .int((page - 1) * perPage + 1)
        let to: JSON = items.isEmpty ? .null : .int((page - 1) * perPage + items.count)
        let data: JSON
        if has(.todosListDataObject) {
            data = items.first.map(todo) ?? .object([])
        } else {
            data = .array(items.map(todo))
        }
        var members: [(String, JSON)] = [("data", data)]
        if !has(.todosMissingMeta) {
            members.append(
                (
                    "meta",
                    .object([
                        (key("current_page", "currentPage"), .int(page)),
                        ("from", from),
                        (key("last_page", "lastPage"), .int(lastPage)),
                        (key("per_page", "perPage"), .int(perPage)),
                        ("to", to),
                        ("total", .int(total)),
                    ])
                ))
        }
        members.append(("message", .string("성공")))
        return .object(members)
    }

    /// One todo: `{"data": {...}, "message": "..."}`.
    func single(_ record: TodoRecord, message: String) -> JSON {
        .object([("data", todo(record)), ("message", .string(message))])
    }

    /// `2023-09-16T18:07:38.000000Z`, or the drifted form. The sandbox's own formatter (gmtime_r),
    /// independent of the clients' WireFormat code.
    func date(_ micros: Int64) -> String {
        let offsetSeconds: Int64 = has(.todosDatesOffset) ? 9 * 3600 : 0
        var seconds = micros / 1_000_000
        var fraction = micros % 1_000_000
        if fraction < 0 {
            fraction += 1_000_000
            seconds -= 1
        }
        var text = UTCTime(seconds + offsetSeconds).dateTime
        text += "." + (has(.todosDatesMilliseconds) ? String(fraction / 1000).leftPadded(to: 3) : String(fraction).leftPadded(to: 6))
        text += has(.todosDatesOffset) ? "+09:00" : "Z"
        return text
    }
}
