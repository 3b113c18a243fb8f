/// The LSLP replica's starting data: the posts of the Mobbie feed as the app makes them, beside the posts other
/// apps of the same server made, in the shapes of real captures: 24-hex `_id`s, millisecond UTC times, keys only
/// where the app sent them, `uploads/posts/<millis>.jpg` images, Korean text and emoji.
///
/// A Mobbie post (`product_id` `MobbieFeed`) has no `title`; `content` is the text, `content1` the writer's
/// nickname of the day (the server's `nick` is the UUID Mobbie's join sends), `content3` the first image's width
/// over its height where there are images, `content2` the commenters' nicknames joined by ", " once there are
/// comments. The other apps' posts carry a `title`, and some no `content` (LSLProject sends title, product_id and
/// file) or no `product_id` at all: the posts on which Mobbie's feed, then read unfiltered, failed to decode.
enum LSLPSeed {
    struct Member {
        let id: String
        let email: String
        let nick: String
        let profile: String?
    }

    struct Post {
        let millis: Int64
        let creator: Int
        let title: String?
        let content: String?
        let extra: [String?]
        let productID: String?
        let images: Int
        let likes: [Int]
        let comments: [(creator: Int, content: String)]
    }

    /// The product id of Mobbie's feed (`PostModel.productID`).
    static let productID = "MobbieFeed"
    /// The middle ten hex digits of every id this replica makes (a Mongo ObjectId's machine and process part).
    static let machine = "5e0b1ac0ff"
    /// The first record time of deterministic mode, after every seeded time: 2024-01-02T03:04:05.678Z.
    static let deterministicOrigin: Int64 = 1_704_164_645_678
    /// How far the deterministic clock moves on every write, in milliseconds.
    static let deterministicStep: Int64 = 1_237

    /// Two members who joined through Mobbie (their `nick` a UUID, as Mobbie's join sends it) and two of other apps.
    static let members: [Member] = [
        Member(id: "658f6a8b" + machine + "000001", email: "mobbie@sesac.kr", nick: "0B6F3C7E-2F4A-4D1B-9C57-3E0A8F1D2B64", profile: nil),
        Member(id: "658f6b02" + machine + "000002", email: "walker@sesac.kr", nick: "C4D1E8A2-7B3F-4E69-8A05-91F2D6B7C3E0", profile: nil),
        Member(id: "658f6c77" + machine + "000003", email: "director.kim@sesac.kr", nick: "영화광 김감독", profile: nil),
        Member(
            id: "658f6d10" + machine + "000004", email: "popcorn@sesac.kr", nick: "popcorn🍿", profile: "uploads/profiles/1703898231555.png"),
    ]

    /// Mobbie's 23 posts and six of other apps, oldest first.
    static let posts: [Post] = {
        let texts = [
            "오늘 한강 산책 🌙 바람이 시원했어요 #산책 #한강", "점심 뭐 먹지... 추천 받아요", "첫 눈 ❄️ 왔다!! #첫눈",
            "\"모비\" 익명이라 편하게 써요", "코딩 공부 100일째 #새싹 #iOS", "고양이가 키보드 위에서 잠듦 🐈",
            "오늘의 노래: 밤양갱 #음악", "카페 추천 & 후기 <성수동>", "새해 목표 3가지 #2024",
            "퇴근길 지하철에서", "귤 한 박스 샀어요 🍊 #겨울", "줄바꿈도\n되나요?\n되네요",
            "역슬래시 \\ 와 탭\t그대로", "러닝 5km 완주 #러닝", "크리스마스 트리 🎄 #크리스마스",
            "비 오는 날엔 파전", "오늘도 수고했어요", "영화 서울의 봄 봤어요 #영화",
            "12월 31일, 올해 마지막 글 🎆", "새해 복 많이 받으세요 #새해", "눈사람 만들었어요 ⛄️",
            "주말엔 늦잠 #주말", "모비 1주년?! (아직 아님)",
        ]
        let nicknames = ["다정한 코알라", "맑은 망고스틴", "현란한 피아노", "터프한 오징어", "밝은 라임", "특별한 하프"]
        let ratios = ["0.75", "1.0", "1.3333333333333333", "0.5625"]
        var random = SeedRandom(state: 0x5E5A_C015)
        // 2023-12-26T00:00:00Z onwards, a post every few hours; the 19th just before midnight of the new year.
        var millis: Int64 = 1_703_548_800_000
        var result: [Post] = []
        for (index, text) in texts.enumerated() {
            millis += Int64(3_600_000 + random.next(upTo: 14_400_000))
            if index == 18 { millis = 1_704_067_199_999 }
            let images = index % 5
            let comments: [(Int, String)] = index % 3 == 0 ? [((index + 1) % 2, "저도요! #공감"), (2, "Good 👍")] : []
            // content2, the commenters' nicknames, as Mobbie's edit after a comment sets it.
            let commenters = comments.isEmpty ? nil : comments.map { nicknames[($0.0 + index) % nicknames.count] }.joined(separator: ", ")
            let extra: [String?] = [nicknames[index % nicknames.count], commenters, images > 0 ? ratios[index % ratios.count] : nil]
            result.append(
                Post(
                    millis: millis, creator: index % 2, title: nil, content: text, extra: extra, productID: productID, images: images,
                    likes: index % 2 == 0 ? [1, 2] : [], comments: comments))
            // The other apps' posts, among Mobbie's.
            if let other = others[index] {
                result.append(
                    Post(
                        millis: millis + 1_000, creator: other.creator, title: other.title, content: other.content, extra: [],
                        productID: other.productID, images: other.images, likes: [], comments: []))
            }
        }
        return result
    }()

    /// The other apps' posts, by the index of the Mobbie post they follow.
    private static let others: [Int: (creator: Int, title: String, content: String?, productID: String?, images: Int)] = [
        2: (2, "서울의 봄 관람 후기", "올해의 영화 #영화", "PictureFlow", 1),
        6: (3, "Oppenheimer in IMAX", nil, "LSLProject", 1),
        9: (2, "웡카 🍫 보고 왔어요", "달콤했다", nil, 0),
        13: (3, "Past Lives 추천합니다", nil, "LSLProject", 2),
        17: (2, "노량: 죽음의 바다 예매 오픈", "#영화 #예매", nil, 0),
        20: (3, "2023 마지막 영화 🎬", "Perfect Days", "PictureFlow", 0),
    ]

    /// The bytes the replica serves for a seeded image: a small JPEG or PNG that names its path.
    static func image(at path: String) -> [UInt8] {
        let note = Array("apicheck sandbox: \(path)".utf8)
        if path.hasSuffix(".png") {
            // The PNG signature, a tEXt chunk naming the path (its CRC left zero: nothing here decodes it), IEND.
            let text = Array("Comment\0".utf8) + note
            let size = (0..<4).map { UInt8(truncatingIfNeeded: text.count >> (24 - 8 * $0)) }
            let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            let end: [UInt8] = [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
            return signature + size + Array("tEXt".utf8) + text + [0, 0, 0, 0] + end
        }
        // SOI, a comment segment (COM) naming the path, EOI.
        let length = note.count + 2
        return [0xFF, 0xD8, 0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)] + note + [0xFF, 0xD9]
    }
}
