#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One todo as the API returns it: `{"id", "title", "is_done", "created_at", "updated_at"}`.
///
/// `is_done` is a JSON boolean in responses, although requests send it as a string; dates come
/// as `2022-10-25T14:11:46.000000Z` (microseconds, UTC) and keep their microseconds.
public struct Todo: Codable, Hashable, Sendable, Identifiable {
    public let id: Int
    public let title: String
    public let isDone: Bool
    public let createdAt: Date
    public let updatedAt: Date

    /// Creates a todo, for previews and tests.
    public init(id: Int, title: String, isDone: Bool, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.title = title
        self.isDone = isDone
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, title
        case isDone = "is_done"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}
