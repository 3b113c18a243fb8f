/// One stored todo; times are microseconds since 1970 (the API writes six fraction digits).
struct TodoRecord: Sendable {
    let id: Int
    var title: String
    var isDone: Bool
    let createdAt: Int64
    var updatedAt: Int64
}
