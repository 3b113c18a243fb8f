/// The LSLP replica's starting data: a few members and the posts of the Mobbie feed (`product_id`
/// `mobbie_feed`), written in the shapes of real captures: 24-hex `_id`s, millisecond UTC times,
/// `content1`... only where used, `uploads/posts/<millis>.jpg` images, Korean text and emoji.
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
        let title: String
        let content: String
        let extra: [String]
        let images: Int
        let likes: [Int]
        let comments: [(creator: Int, content: String)]
    }

    /// The product id of the seeded feed.
    static let productID = "mobbie_feed"
    /// The middle ten hex digits of every id this replica makes (a Mongo ObjectId's machine and process part).
    static let machine = "5e0b1ac0ff"
    /// The first record time of deterministic mode, after every seeded time: 2024-01-02T03:04:05.678Z.
    static let deterministicOrigin: Int64 = 1_704_164_645_678
    /// How far the deterministic clock moves on every write, in milliseconds.
    static let deterministicStep: Int64 = 1_237

    static let members: [Member] = [
        Member(id: "658f6a8b" + machine + "000001", email: "mobbie@sesac.kr", nick: "모비", profile: "uploads/profiles/1703897739012.jpg"),
        Member(id: "658f6b02" + machine + "000002", email: "director.kim@sesac.kr", nick: "영화광 김감독", profile: nil),
        Member(
            id: "658f6c77" + machine + "000003", email: "popcorn@sesac.kr", nick: "popcorn🍿",
            profile: "uploads/profiles/1703898231555.png"),
    ]

    /// 23 posts, oldest first: three pages of ten at the default limit, the last one short.
    static let posts: [Post] = {
        let titles = [
            "서울의 봄 관람 후기", "Oppenheimer in IMAX", "노량: 죽음의 바다 예매 오픈", "웡카 🍫 보고 왔어요", "괴물 (2023) 여운이 길다",
            "Past Lives 추천합니다", "\"Dune: Part Two\" 개봉일", "콘크리트 유토피아 & 밀수", "올해의 영화 Top 5", "Killers of the Flower Moon",
            "3일의 휴가 눈물 주의", "소년들 <스포 없음>", "The Holdovers 🎄", "외계+인 2부 기대", "Perfect Days 포스터",
            "잠 (Sleep) 무서웠어요", "Anatomy of a Fall", "거미집 cast & crew", "2023 마지막 영화 🎬", "새해 첫 영화는?",
            "시민덕희 시사회", "Poor Things 😮", "도그데이즈 예고편",
        ]
        var random = SeedRandom(state: 0x5E5A_C015)
        // 2023-12-26T00:00:00Z onwards, a post every few hours; the 19th just before midnight of the new year.
        var millis: Int64 = 1_703_548_800_000
        var result: [Post] = []
        for (index, title) in titles.enumerated() {
            millis += Int64(3_600_000 + random.next(upTo: 14_400_000))
            if index == 18 { millis = 1_704_067_199_999 }
            let extras = index % 4 == 0 ? ["⭐️⭐️⭐️⭐️", "CGV 용산"] : index % 7 == 3 ? ["한 줄 평: 최고"] : []
            let comments: [(Int, String)] = index % 3 == 0 ? [((index + 1) % 3, "저도 봤어요! #공감"), ((index + 2) % 3, "Good 👍")] : []
            result.append(
                Post(
                    millis: millis, creator: index % 3, title: title,
                    content: "\(title) #영화 #mobbie\n줄바꿈, \"따옴표\", 역슬래시 \\ 와 탭\t도 그대로.",
                    extra: extras, images: index % 5, likes: index % 2 == 0 ? [1, 2] : [], comments: comments
                ))
        }
        return result
    }()
}
