import Foundation

/// A page of the todo list: `data` is an array here.
public struct ToDos: Codable, Sendable {
    public let data: [ToDo]?
    public let meta: ToDoMeta?
    public let message: String?
}

/// One todo's answer: `data` is an object here (the list-vs-single trap: `ToDos` cannot read it).
public struct ToDoData: Codable, Sendable {
    public let data: ToDo?
    public let message: String?
}

public struct ToDo: Codable, Sendable, Identifiable {
    public let id: Int?
    public let title: String?
    public let isDone: Bool?
    public let createdAt: String?
    public let updatedAt: String?

    enum CodingKeys: String, CodingKey {
        case id, title
        case isDone = "is_done"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}

public struct ToDoMeta: Codable, Sendable {
    public let currentPage: Int?
    public let from: Int?
    public let lastPage: Int?
    public let perPage: Int?
    public let to: Int?
    public let total: Int?

    enum CodingKeys: String, CodingKey {
        case currentPage = "current_page"
        case from
        case lastPage = "last_page"
        case perPage = "per_page"
        case to, total
    }
}
