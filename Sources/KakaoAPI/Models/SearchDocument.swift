import WireFormat

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What every search result has: a highlighted title and excerpt, a URL and when it was written.
public protocol SearchDocument: Sendable, Hashable, Decodable {
    /// `title`, as Kakao sends it: HTML with the query's words in `<b>`. ``HighlightedText/plain`` is for display.
    var title: HighlightedText { get }
    /// `contents`: part of the document, HTML like ``title``.
    var contents: HighlightedText { get }
    /// `url`, as sent.
    var url: String { get }
    /// `datetime`: the instant it was written (Kakao writes `2017-05-07T18:50:07.000+09:00`).
    var datetime: Date { get }
}

extension SearchDocument {
    /// ``url`` as a URL, or nil when it does not parse.
    public var link: URL? { URL(string: url) }
}

/// A blog post (`/v2/search/blog`).
public struct BlogPost: SearchDocument {
    public let title: HighlightedText
    public let contents: HighlightedText
    public let url: String
    public let datetime: Date
    /// `blogname`: the blog's name.
    public let blogName: String
    /// `thumbnail`: an image URL; Kakao sends `""` when there is none, read as nil.
    public let thumbnail: String?

    enum CodingKeys: String, CodingKey {
        case blogName = "blogname", thumbnail
    }

    public init(from decoder: any Decoder) throws {
        let common = try CommonFields(from: decoder)
        (title, contents, url, datetime) = (common.title, common.contents, common.url, common.datetime)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        blogName = try container.decode(String.self, forKey: .blogName)
        thumbnail = try container.decode(String.self, forKey: .thumbnail).nonEmpty
    }
}

/// A cafe post (`/v2/search/cafe`).
public struct CafePost: SearchDocument {
    public let title: HighlightedText
    public let contents: HighlightedText
    public let url: String
    public let datetime: Date
    /// `cafename`: the cafe's name.
    public let cafeName: String
    /// `thumbnail`: an image URL; Kakao sends `""` when there is none, read as nil.
    public let thumbnail: String?

    enum CodingKeys: String, CodingKey {
        case cafeName = "cafename", thumbnail
    }

    public init(from decoder: any Decoder) throws {
        let common = try CommonFields(from: decoder)
        (title, contents, url, datetime) = (common.title, common.contents, common.url, common.datetime)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        cafeName = try container.decode(String.self, forKey: .cafeName)
        thumbnail = try container.decode(String.self, forKey: .thumbnail).nonEmpty
    }
}

/// A web document (`/v2/search/web`): no source name and no thumbnail.
public struct WebDocument: SearchDocument {
    public let title: HighlightedText
    public let contents: HighlightedText
    public let url: String
    public let datetime: Date

    public init(from decoder: any Decoder) throws {
        let common = try CommonFields(from: decoder)
        (title, contents, url, datetime) = (common.title, common.contents, common.url, common.datetime)
    }
}

/// The keys every kind of document has, decoded once for all three.
struct CommonFields: Decodable {
    let title: HighlightedText
    let contents: HighlightedText
    let url: String
    let datetime: Date

    enum CodingKeys: String, CodingKey {
        case title, contents, url, datetime
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(HighlightedText.self, forKey: .title)
        contents = try container.decode(HighlightedText.self, forKey: .contents)
        url = try container.decode(String.self, forKey: .url)
        datetime = try container.decodeWireDate(forKey: .datetime)
    }
}

extension String {
    /// nil for `""`.
    var nonEmpty: String? { isEmpty ? nil : self }
}
