/// The validators of an events page, sent back as `If-None-Match` and `If-Modified-Since` to poll it.
public struct Validators: Hashable, Sendable, Codable {
    /// The `ETag`, weak on GitHub (`W/"..."`), sent back unchanged.
    public var etag: String?
    /// The `Last-Modified`: the newest event's time, as an HTTP date.
    public var lastModified: String?

    /// Creates validators.
    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    /// Whether there is nothing to send.
    public var isEmpty: Bool { etag == nil && lastModified == nil }

    enum CodingKeys: String, CodingKey {
        case etag
        case lastModified = "last_modified"
    }
}
