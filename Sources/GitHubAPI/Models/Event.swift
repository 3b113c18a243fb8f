import WireFormat

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One entry of a repository's activity: `GET /repos/{owner}/{repo}/events` answers an array of these.
///
/// `id` is a string of digits on the wire (`"7293368743"`, past 32 bits), and stays one here;
/// ``numericID`` reads it as 64 bits. `created_at` has no fraction (`2022-06-09T12:47:28Z`).
/// ``payload`` varies by ``type``: read it through the typed accessors (``push``, ``issues``, ...).
public struct Event: Hashable, Sendable, Codable, Identifiable {
    /// The event's id, a string of digits.
    public let id: String
    /// The event type in PascalCase, such as `PushEvent`; GitHub's description allows null.
    public let type: String?
    /// Who caused the event.
    public let actor: Actor
    /// The repository it happened in.
    public let repo: EventRepository
    /// The organization, for repositories owned by one.
    public let org: Actor?
    /// What happened, as sent; see the typed accessors.
    public let payload: PayloadValue
    /// Whether the event is public.
    public let isPublic: Bool
    /// When it happened; GitHub's description allows null.
    public let createdAt: Date?

    /// Creates an event (for tests and previews).
    public init(
        id: String, type: String?, actor: Actor, repo: EventRepository, org: Actor? = nil,
        payload: PayloadValue = .object([:]), isPublic: Bool = true, createdAt: Date?
    ) {
        self.id = id
        self.type = type
        self.actor = actor
        self.repo = repo
        self.org = org
        self.payload = payload
        self.isPublic = isPublic
        self.createdAt = createdAt
    }

    /// The id as a 64-bit number, or nil when it is not a string of digits that fits.
    public var numericID: Int64? {
        id.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) ? Int64(id) : nil
    }

    enum CodingKeys: String, CodingKey {
        case id, type, actor, repo, org, payload
        case isPublic = "public"
        case createdAt = "created_at"
    }

    /// Reads an event as GitHub sends it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        type = try container.decodeIfPresent(String.self, forKey: .type)
        actor = try container.decode(Actor.self, forKey: .actor)
        repo = try container.decode(EventRepository.self, forKey: .repo)
        org = try container.decodeIfPresent(Actor.self, forKey: .org)
        payload = try container.decode(PayloadValue.self, forKey: .payload)
        isPublic = try container.decode(Bool.self, forKey: .isPublic)
        createdAt = try container.decodeNil(forKey: .createdAt) ? nil : container.decodeWireDate(forKey: .createdAt)
    }

    /// Writes the event back in GitHub's form (`created_at` without a fraction), as the feed cache stores it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(actor, forKey: .actor)
        try container.encode(repo, forKey: .repo)
        try container.encodeIfPresent(org, forKey: .org)
        try container.encode(payload, forKey: .payload)
        try container.encode(isPublic, forKey: .isPublic)
        try container.encode(createdAt.map(Self.dateCodec.string(from:)), forKey: .createdAt)
    }

    static let dateCodec = ISO8601DateCodec(wireForm: .secondsUTC)

    /// Newest first: by `created_at`, then by id (ids grow over time), so merging pages is stable.
    static func isNewer(_ a: Event, than b: Event) -> Bool {
        switch (a.createdAt, b.createdAt) {
        case (let x?, let y?) where x != y: return x > y
        case (.some, nil): return true
        case (nil, .some): return false
        default:
            // Digit strings compare as numbers by length first, so no id is ever parsed into an overflow.
            if a.id.utf8.count != b.id.utf8.count { return a.id.utf8.count > b.id.utf8.count }
            return a.id > b.id
        }
    }
}

/// The repository an event happened in.
public struct EventRepository: Hashable, Sendable, Codable {
    /// The repository's numeric id (where the `Link` of its events pages leads).
    public let id: Int64
    /// `owner/name`.
    public let name: String
    /// Its API URL.
    public let url: String

    /// Creates one (for tests and previews).
    public init(id: Int64, name: String, url: String) {
        self.id = id
        self.name = name
        self.url = url
    }
}
