#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An image to upload with a post.
public struct ImageFile: Sendable, Hashable {
    /// The file name the server sees (its extension decides the stored name: jpg, jpeg, png, gif).
    public var filename: String
    /// The media type, such as `image/jpeg`.
    public var mimeType: String
    /// The bytes.
    public var data: Data

    /// Creates an image file.
    public init(filename: String, mimeType: String, data: Data) {
        self.filename = filename
        self.mimeType = mimeType
        self.data = data
    }
}

/// A new post: sent as `multipart/form-data` with up to five image files.
///
/// Only the product id is required. Mobbie's post is `PostDraft(productID: "MobbieFeed", content: text,
/// extraContents: [nickname, nil, ratio], files: photos)`: no title, the nickname of the day in `content1` and, with
/// photos, the first one's width over its height in `content3`.
public struct PostDraft: Sendable, Hashable {
    /// The most files a post may carry.
    public static let maxFiles = 5

    /// The product (the app's feed) the post belongs to.
    public var productID: String
    /// The title; nil sends none (Mobbie never sends one).
    public var title: String?
    /// The text; nil sends none.
    public var content: String?
    /// `content1`...`content5`; at most five, nil or absent ones are not sent.
    public var extraContents: [String?]
    public var files: [ImageFile]

    /// Creates a draft.
    public init(productID: String, title: String? = nil, content: String? = nil, extraContents: [String?] = [], files: [ImageFile] = []) {
        self.productID = productID
        self.title = title
        self.content = content
        self.extraContents = extraContents
        self.files = files
    }

    /// Why the server would refuse the draft (400), or nil: checked before anything is sent.
    public var problem: String? {
        if productID.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return "the product id is blank" }
        if extraContents.count > 5 { return "at most five extra contents (content1...content5), not \(extraContents.count)" }
        if files.count > Self.maxFiles { return "at most \(Self.maxFiles) files, not \(files.count)" }
        return nil
    }

    /// The form fields in the order they are sent.
    var fields: [(String, String)] {
        var result = [("product_id", productID)]
        if let title { result.append(("title", title)) }
        if let content { result.append(("content", content)) }
        for (index, text) in extraContents.enumerated() {
            if let text { result.append(("content\(index + 1)", text)) }
        }
        return result
    }
}

/// A change to a post (`PUT /post/{id}`, the create's multipart form): only what is set is sent, and only that changes.
///
/// Mobbie's edit after a comment is `PostUpdate(extraContents: [2: "다정한 코알라, 맑은 라임"])` (the commenters'
/// nicknames in `content2`).
public struct PostUpdate: Sendable, Hashable {
    public var title: String?
    public var content: String?
    public var productID: String?
    /// `content1`...`content5` by number (1 to 5).
    public var extraContents: [Int: String]
    /// New images, which replace the post's; nil keeps them.
    public var files: [ImageFile]?

    /// Creates an update.
    public init(
        title: String? = nil, content: String? = nil, productID: String? = nil, extraContents: [Int: String] = [:],
        files: [ImageFile]? = nil
    ) {
        self.title = title
        self.content = content
        self.productID = productID
        self.extraContents = extraContents
        self.files = files
    }

    var problem: String? {
        if let productID, productID.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return "the product id is blank" }
        if let bad = extraContents.keys.first(where: { !(1...5).contains($0) }) {
            return "content\(bad) does not exist (content1...content5)"
        }
        if let files, files.count > PostDraft.maxFiles { return "at most \(PostDraft.maxFiles) files, not \(files.count)" }
        return nil
    }

    /// The form fields in the order they are sent.
    var fields: [(String, String)] {
        var result: [(String, String)] = []
        if let productID { result.append(("product_id", productID)) }
        if let title { result.append(("title", title)) }
        if let content { result.append(("content", content)) }
        for (number, text) in extraContents.sorted(by: { $0.key < $1.key }) { result.append(("content\(number)", text)) }
        return result
    }

    /// Whether the update sets nothing (then no body is sent, and nothing changes).
    var isEmpty: Bool { fields.isEmpty && files == nil }
}

/// The app's email rule, checked before join and email validation send anything.
public enum EmailAddress {
    /// `^[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$`.
    public static let pattern = #"^[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$"#

    /// Whether `email` has the form the app accepts: what `pattern` matches, read byte by byte (Swift's `Regex` needs
    /// iOS 16 / macOS 13, and every character the pattern allows is ASCII).
    public static func isValid(_ email: String) -> Bool {
        let bytes = Array(email.utf8)
        guard let at = bytes.firstIndex(of: UInt8(ascii: "@")) else { return false }
        let local = bytes[..<at]
        let domain = bytes[(at + 1)...]
        guard !local.isEmpty, local.allSatisfy(isLocal), domain.allSatisfy(isDomain) else { return false }
        // `[A-Za-z0-9.-]+\.[A-Za-z]{2,}`: the letters end the domain, so their dot is its last one.
        guard let dot = domain.lastIndex(of: UInt8(ascii: ".")), dot > domain.startIndex else { return false }
        let ending = domain[(dot + 1)...]
        return ending.count >= 2 && ending.allSatisfy(isLetter)
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isDomain(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
    }

    private static func isLocal(_ byte: UInt8) -> Bool { isDomain(byte) || "_%+".utf8.contains(byte) }
}
