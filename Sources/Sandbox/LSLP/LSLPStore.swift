import Foundation
import Locking

/// The LSLP replica's members, posts and comments, behind one lock; safe for concurrent requests.
final class LSLPStore: Sendable {
    struct Member {
        let id: String
        let email: String
        let password: String
        let nick: String
        let profile: String?
        let accessTTL: Double
        let refreshTTL: Double
    }

    struct Creator {
        let id: String
        let nick: String
        let profile: String?
    }

    struct Comment {
        let id: String
        let creator: Creator
        let millis: Int64
        let content: String
    }

    struct Post {
        let id: String
        let creator: Creator
        var millis: Int64
        /// The texts the app sent; nil where it sent none (the key is then absent: Mobbie sends no title).
        var title: String?
        var content: String?
        /// `content1`...`content5`; nil where unused (the key is then absent).
        var extra: [String?]
        /// The app the post belongs to; nil for a post made without one.
        var productID: String?
        var likes: [String]
        var images: [String]
        var comments: [Comment]
    }

    /// An uploaded image: its bytes and the type its extension names.
    struct Upload {
        let contentType: String
        let bytes: [UInt8]
    }

    /// An image of a post's form: the extension of its file name and its bytes.
    struct ImageFile {
        let ext: String
        let bytes: [UInt8]
    }

    /// The texts of a new post, as its form gave them.
    struct PostTexts {
        var title: String?
        var content: String?
        var extra: [String?]
        var productID: String?
    }

    /// Why a comment could not be deleted.
    enum CommentRefusal: Error {
        case noSuchPost
        case noSuchComment
        case notOwner
    }

    private struct State {
        var members: [String: Member]
        var posts: [Post]
        /// Images by path (`uploads/posts/1704000491924.jpg`).
        var uploads: [String: Upload]
        var counter: Int
        var ticks: Int64
        var calls: [String: (minute: Int64, count: Int)]
    }

    private let state: Locked<State>
    private let deterministic: Bool
    private let clock: @Sendable () -> Date

    init(deterministic: Bool, clock: @escaping @Sendable () -> Date) {
        self.deterministic = deterministic
        self.clock = clock
        var members: [String: Member] = [:]
        for member in LSLPSeed.members {
            members[member.id] = Member(
                id: member.id, email: member.email, password: "seeded-\(member.id)", nick: member.nick, profile: member.profile,
                accessTTL: LSLPSandboxOptions.defaultAccessTTL, refreshTTL: LSLPSandboxOptions.defaultRefreshTTL
            )
        }
        var uploads: [String: Upload] = [:]
        for member in LSLPSeed.members {
            if let profile = member.profile { uploads[profile] = Self.upload(LSLPSeed.image(at: profile), path: profile) }
        }
        let creators = LSLPSeed.members.map { Creator(id: $0.id, nick: $0.nick, profile: $0.profile) }
        var counter = 0x100
        var posts: [Post] = []
        for seed in LSLPSeed.posts {
            counter += 1
            let id = Self.id(millis: seed.millis, counter: counter)
            var comments: [Comment] = []
            for (offset, comment) in seed.comments.enumerated() {
                counter += 1
                let millis = seed.millis + Int64(60_000 * (offset + 1))
                comments.append(
                    Comment(
                        id: Self.id(millis: millis, counter: counter), creator: creators[comment.creator], millis: millis,
                        content: comment.content))
            }
            var extra = [String?](repeating: nil, count: 5)
            for (index, text) in seed.extra.enumerated() { extra[index] = text }
            let images = (0..<seed.images).map { "uploads/posts/\(seed.millis + Int64($0)).jpg" }
            for path in images { uploads[path] = Self.upload(LSLPSeed.image(at: path), path: path) }
            posts.append(
                Post(
                    id: id, creator: creators[seed.creator], millis: seed.millis, title: seed.title, content: seed.content, extra: extra,
                    productID: seed.productID, likes: seed.likes.map { creators[$0].id }, images: images, comments: comments
                ))
        }
        state = Locked(State(members: members, posts: posts, uploads: uploads, counter: counter, ticks: 0, calls: [:]))
    }

    /// A 24-hex id in the layout of a Mongo ObjectId: seconds, a fixed middle, a counter; ids sort by time.
    static func id(millis: Int64, counter: Int) -> String {
        String(String(millis / 1000, radix: 16).leftPadded(to: 8).suffix(8)) + LSLPSeed.machine
            + String(String(counter, radix: 16).leftPadded(to: 6).suffix(6))
    }

    /// Milliseconds since 1970 for a new record: the real clock, or a fixed sequence in deterministic mode.
    private func recordTime(_ state: inout State) -> Int64 {
        guard deterministic else { return Int64((clock().timeIntervalSince1970 * 1000).rounded(.down)) }
        defer { state.ticks += 1 }
        return LSLPSeed.deterministicOrigin + state.ticks * LSLPSeed.deterministicStep
    }

    private func nextID(_ state: inout State, millis: Int64) -> String {
        state.counter += 1
        return Self.id(millis: millis, counter: state.counter)
    }

    // MARK: Members

    /// False when the email is taken (case-insensitively).
    func join(email: String, password: String, nick: String, accessTTL: Double, refreshTTL: Double) -> Member? {
        state.withLock { state in
            guard !state.members.values.contains(where: { $0.email.lowercased() == email.lowercased() }) else { return nil }
            let millis = recordTime(&state)
            let member = Member(
                id: nextID(&state, millis: millis), email: email, password: password, nick: nick, profile: nil, accessTTL: accessTTL,
                refreshTTL: refreshTTL
            )
            state.members[member.id] = member
            return member
        }
    }

    func isTaken(email: String) -> Bool {
        state.withLock { $0.members.values.contains { $0.email.lowercased() == email.lowercased() } }
    }

    func member(email: String) -> Member? {
        state.withLock { $0.members.values.first { $0.email.lowercased() == email.lowercased() } }
    }

    func member(id: String) -> Member? {
        state.withLock { $0.members[id] }
    }

    func withdraw(id: String) -> Member? {
        state.withLock { $0.members.removeValue(forKey: id) }
    }

    // MARK: Rate limit

    /// Counts a call for `key` in the current minute; false once `limit` calls were made in it.
    func spend(key: String, limit: Int) -> Bool {
        let minute = Int64(clock().timeIntervalSince1970) / 60
        return state.withLock { state in
            var entry = state.calls[key] ?? (minute, 0)
            if entry.minute != minute { entry = (minute, 0) }
            guard entry.count < limit else { return false }
            entry.count += 1
            state.calls[key] = entry
            return true
        }
    }

    // MARK: Posts

    func create(by member: Member, texts: PostTexts, files: [ImageFile]) -> Post {
        state.withLock { state in
            let millis = recordTime(&state)
            let images = Self.store(files, millis: millis, in: &state)
            let post = Post(
                id: nextID(&state, millis: millis), creator: Creator(id: member.id, nick: member.nick, profile: member.profile),
                millis: millis, title: texts.title, content: texts.content, extra: texts.extra, productID: texts.productID, likes: [],
                images: images, comments: []
            )
            state.posts.append(post)
            return post
        }
    }

    /// Posts newest first that `include` keeps.
    func posts(where include: (Post) -> Bool) -> [Post] {
        state.withLock { state in
            state.posts.filter(include).reversed()
        }
    }

    func post(id: String) -> Post? {
        state.withLock { $0.posts.first { $0.id == id } }
    }

    /// Applies `change` to the post and returns it; nil when there is no such post. With `files`, the post's images
    /// are replaced by those uploads (an edit with `file` parts).
    func update(id: String, files: [ImageFile]? = nil, _ change: (inout Post) -> Void) -> Post? {
        state.withLock { state in
            guard let index = state.posts.firstIndex(where: { $0.id == id }) else { return nil }
            change(&state.posts[index])
            if let files {
                let millis = recordTime(&state)
                state.posts[index].images = Self.store(files, millis: millis, in: &state)
            }
            return state.posts[index]
        }
    }

    /// An uploaded image by its path (`uploads/posts/1704000491924.jpg`).
    func upload(at path: String) -> Upload? {
        state.withLock { $0.uploads[path] }
    }

    /// Keeps the images where LSLP keeps uploads, `uploads/posts/<millis>.<ext>`, one millisecond apart; their paths.
    private static func store(_ files: [ImageFile], millis: Int64, in state: inout State) -> [String] {
        zip(Int64(0)..., files).map { offset, file in
            let path = "uploads/posts/\(millis + offset).\(file.ext)"
            state.uploads[path] = upload(file.bytes, path: path)
            return path
        }
    }

    private static func upload(_ bytes: [UInt8], path: String) -> Upload {
        let ext = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
        let type = ["jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "gif": "image/gif"][ext] ?? "application/octet-stream"
        return Upload(contentType: type, bytes: bytes)
    }

    func delete(id: String) -> Post? {
        state.withLock { state in
            guard let index = state.posts.firstIndex(where: { $0.id == id }) else { return nil }
            return state.posts.remove(at: index)
        }
    }

    func comment(on postID: String, by member: Member, content: String) -> Comment? {
        state.withLock { state in
            guard let index = state.posts.firstIndex(where: { $0.id == postID }) else { return nil }
            let millis = recordTime(&state)
            let comment = Comment(
                id: nextID(&state, millis: millis), creator: Creator(id: member.id, nick: member.nick, profile: member.profile),
                millis: millis, content: content
            )
            state.posts[index].comments.append(comment)
            return comment
        }
    }

    /// Removes the member's comment from the post; the post's id, or why not.
    func deleteComment(_ commentID: String, on postID: String, by member: Member) -> Result<String, CommentRefusal> {
        state.withLock { state in
            guard let index = state.posts.firstIndex(where: { $0.id == postID }) else { return .failure(.noSuchPost) }
            guard let position = state.posts[index].comments.firstIndex(where: { $0.id == commentID }) else {
                return .failure(.noSuchComment)
            }
            guard state.posts[index].comments[position].creator.id == member.id else { return .failure(.notOwner) }
            state.posts[index].comments.remove(at: position)
            return .success(postID)
        }
    }
}
