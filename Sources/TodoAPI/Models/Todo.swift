import WireFormat

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One todo as the API returns it: `{"id", "title", "is_done", "created_at", "updated_at"}`.
///
/// `is_done` is a JSON boolean in responses, although requests send it as a string; dates come
/// as `2022-10-25T14:11:46.000000Z` (microseconds, UTC) and keep their microseconds. The dates
/// are read by the model itself, so any `JSONDecoder` decodes a `Todo` correctly, whatever its
/// date strategy; encoding writes the API's own form.
public struct Todo: Codable, Hashable, Sendable, Identifiable {
    /// The todo's id (`id`).
    public let id: Int
    /// Its title (`title`), any Unicode text.
    public let title: String
    /// Whether it is done (`is_done`, a JSON boolean).
    public let isDone: Bool
    /// When it was created (`created_at`), to the microsecond.
    public let createdAt: Date
    /// When it last changed (`updated_at`), to the microsecond.
    public let updatedAt: Date

    /// Creates a todo, for previews and tests.
    public init(id: Int, title: String, isDone: Bool, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.title = title
        self.isDone = isDone
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// Decodes a todo; the dates are parsed by WireFormat's ISO-8601 codec.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        isDone = try container.decode(Bool.self, forKey: .isDone)
        createdAt = try container.decodeWireDate(forKey: .createdAt)
        updatedAt = try container.decodeWireDate(forKey: .updatedAt)
    }

    /// Encodes the todo as the API writes it, dates as `2022-10-25T14:11:46.000000Z`.
    public func encode(to encoder: any Encoder) throws {
        let codec = ISO8601DateCodec(wireForm: .microsecondsUTC)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(isDone, forKey: .isDone)
        try container.encode(codec.string(from: createdAt), forKey: .createdAt)
        try container.encode(codec.string(from: updatedAt), forKey: .updatedAt)
    }

    enum CodingKeys: String, CodingKey {
        case id, title
        case isDone = "is_done"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}
