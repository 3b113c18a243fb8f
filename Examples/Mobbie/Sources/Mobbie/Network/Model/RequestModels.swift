import Foundation

/// What Mobbie's join sends: its `nick` is a new UUID (the name others see is the nickname of the day, sent with each
/// post in `content1`), and the phone number as the join screen formats it.
public struct SignUpData: Encodable, Sendable {
    public let email: String
    public let password: String
    public let nick: String
    public let phoneNum: String

    public init(email: String, password: String, phoneNum: String, nick: String = UUID().uuidString) {
        self.email = email
        self.password = password
        self.nick = nick
        self.phoneNum = phoneNum
    }
}

public struct LoginData: Encodable, Sendable {
    public let email: String
    public let password: String

    public init(email: String, password: String) {
        self.email = email
        self.password = password
    }
}

public struct ValidationData: Encodable, Sendable {
    public let email: String

    public init(email: String) {
        self.email = email
    }
}

public struct CommentModel: Encodable, Sendable {
    public let content: String

    public init(content: String) {
        self.content = content
    }
}

/// A new post as Mobbie writes it: no title; the text, the app's product id, the nickname of the day in `content1` and,
/// with photos, the first one's width over its height in `content3`.
public struct PostModel: Sendable {
    public let content: String
    public var files: [Data]
    public let productID = MoyaNetwork.productID
    public let nickname: String
    public var ratio: String

    public init(content: String, nickname: String, files: [Data] = [], ratio: String = "") {
        self.content = content
        self.nickname = nickname
        self.files = files
        self.ratio = ratio
    }

    /// The parts in the order Mobbie appends them: product_id, content, content1, then the files (named as Swift prints
    /// their `Data`, `1500 bytes.jpg`, typed `image/jpg`) and content3.
    var parts: [MoyaNetwork.MultipartPart] {
        var parts = [
            MoyaNetwork.MultipartPart(data: Data(productID.utf8), name: "product_id"),
            MoyaNetwork.MultipartPart(data: Data(content.utf8), name: "content"),
            MoyaNetwork.MultipartPart(data: Data(nickname.utf8), name: "content1"),
        ]
        guard !files.isEmpty else { return parts }
        parts += files.map { MoyaNetwork.MultipartPart(data: $0, name: "file", fileName: "\($0).jpg", mimeType: "image/jpg") }
        parts.append(MoyaNetwork.MultipartPart(data: Data(ratio.utf8), name: "content3"))
        return parts
    }
}
