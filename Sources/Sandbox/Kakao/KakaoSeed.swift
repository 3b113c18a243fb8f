/// The Kakao replica's documents: a fixed corpus per search kind, the same on every start.
///
/// Written from Kakao's documented wire format (developers.kakao.com, Daum search; API-FACTS): text is
/// plain here and becomes HTML (entities, `<b>` around the words that match) when a search renders it;
/// times are instants (seconds and milliseconds since 1970) written in Korea's `+09:00` at render time.
enum KakaoSeed {
    /// The three kinds of search and their paths.
    enum Kind: String, CaseIterable, Sendable {
        case blog, cafe, web
    }

    /// One document, before rendering.
    struct Document: Sendable {
        let index: Int
        let title: String
        let contents: String
        let url: String
        /// Milliseconds since 1970.
        let millis: Int64
        /// `blogname` or `cafename`; nil for web.
        let sourceName: String?
        /// nil for web (no key); may be empty for blog and cafe.
        let thumbnail: String?
    }

    /// Documents per kind.
    static let counts: [Kind: Int] = [.blog: 180, .cafe: 140, .web: 220]

    /// The corpus, built once.
    static let documents: [Kind: [Document]] = {
        var result: [Kind: [Document]] = [:]
        for kind in Kind.allCases { result[kind] = makeDocuments(kind) }
        return result
    }()

    /// Topics: a Korean word and an English one; every document is about one.
    static let topics: [(korean: String, english: String)] = [
        ("스위프트", "Swift"), ("카카오", "Kakao"), ("맛집", "restaurant"), ("여행", "travel"), ("아이폰", "iPhone"),
        ("커피", "coffee"), ("서울", "Seoul"), ("제주", "Jeju"), ("검색", "search"), ("개발", "developer"),
    ]

    private static let titleTemplates: [@Sendable (String, String, Int) -> String] = [
        { ko, en, n in "\(ko) \(en) 후기 #\(n)" },
        { ko, _, n in "\(ko)에서 보낸 하루 \(n)" },
        { ko, en, n in "\"\(en)\" & \(ko) 정리 <\(n)>" },
        { ko, en, _ in "\(en) tips: \(ko) 3 & 4" },
        { ko, _, n in "가나다 \(ko) 모음 \(n)" },
        { ko, en, n in "Ábc \(en) 'notes' \(ko) \(n)" },
        { ko, en, _ in "하루 \(ko) 이야기 (\(en))" },
        { ko, en, n in "\(en) < \(ko) > 비교 \(n)" },
    ]

    private static let contentTemplates: [@Sendable (String, String) -> String] = [
        { ko, en in "오늘은 \(ko)에 대해 이야기합니다. \"\(en)\" is great & <fun>. \(ko) 좋아요." },
        { ko, en in "\(en) and \(ko): 3 < 4 & 5 > 2, 'quoted' text with \(ko) 😀" },
        { ko, en in "\(ko) \(en) 모음입니다. 자세한 내용은 본문을 보세요 © 2024" },
        { ko, _ in "주말에 \(ko) 다녀왔어요. \"정말\" 좋았습니다 & 또 갈게요." },
    ]

    /// The word of the last-page scenario: on `count / 29` documents of each kind, and (as far as anyone
    /// knows) on no real one, so page 2 of five is the last page here and an empty last page on Kakao.
    static let rareWord = "apicheck하네스"

    /// 2016-01-01T00:00:00+09:00 in milliseconds: the oldest document.
    static let oldest: Int64 = 1_451_574_000_000
    /// About eight years, the span of the corpus.
    static let span: Int64 = 8 * 365 * 86_400_000

    /// Moments on purpose next to a day's boundary in Korea (midnight `+09:00` is 15:00 UTC the day
    /// before), so that a sort by string and a sort by instant differ.
    static let boundaryMoments: [Int64] = [
        1_704_034_799_999,  // 2023-12-31T23:59:59.999+09:00
        1_704_034_800_000,  // 2024-01-01T00:00:00.000+09:00
        1_704_034_800_001,  // 2024-01-01T00:00:00.001+09:00
        1_704_070_800_500,  // 2024-01-01T10:00:00.500+09:00 (01:00 UTC)
    ]

    private static func makeDocuments(_ kind: Kind) -> [Document] {
        var random = SeedRandom(state: kind.rawValue.utf8.reduce(7) { $0 &* 31 &+ UInt64($1) })
        let count = counts[kind] ?? 0
        return (0..<count).map { index in
            let topic = topics[index % topics.count]
            var title = titleTemplates[random.next(upTo: titleTemplates.count)](topic.korean, topic.english, index + 1)
            // A word no real document has, on a few documents: the scenario that reads a last page asks for it.
            if index % 29 == 5 { title += " \(rareWord)" }
            let contents = contentTemplates[random.next(upTo: contentTemplates.count)](topic.korean, topic.english)
            let millis: Int64
            if index < boundaryMoments.count {
                millis = boundaryMoments[index]
            } else {
                let seconds = Int64(random.next(upTo: Int(span / 1000)))
                // Web results carry whole seconds (.000); blogs and cafes often have milliseconds.
                millis = oldest + seconds * 1000 + (kind == .web ? 0 : Int64(random.next(upTo: 1000)))
            }
            let thumbnailHash = String(random.next(upTo: 0x7FFF_FFFF), radix: 16)
            switch kind {
            case .blog:
                return Document(
                    index: index, title: title, contents: contents, url: "https://apicheck\(index % 17).tistory.com/\(100 + index)",
                    millis: millis, sourceName: "apicheck 블로그 \(index % 17)",
                    thumbnail: index % 3 == 0 ? "" : "https://search1.kakaocdn.net/argon/130x130_85_c/\(thumbnailHash)"
                )
            case .cafe:
                return Document(
                    index: index, title: title, contents: contents, url: "https://cafe.daum.net/apicheck\(index % 9)/\(thumbnailHash)",
                    millis: millis, sourceName: "\(topic.korean) 모임 \(index % 9)",
                    thumbnail: index % 4 == 1 ? "" : "https://search2.kakaocdn.net/argon/130x130_85_c/\(thumbnailHash)"
                )
            case .web:
                return Document(
                    index: index, title: title, contents: contents,
                    url: "https://example.kakao.test/\(topic.english.lowercased())/\(index)",
                    millis: millis, sourceName: nil, thumbnail: nil
                )
            }
        }
    }
}
