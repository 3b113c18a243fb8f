/// The sandbox's starting data: 260 todos, the same on every start.
///
/// Titles mix Korean and English (with a few reserved characters, so that searches and form
/// encodings get exercised); times carry microseconds that are not all zero.
enum TodoSeed {
    static let count = 260
    /// The first seeded id; the last is `firstID + count - 1` (4698, as in the API's own examples).
    static let firstID = 4439
    /// 2023-09-01T00:00:00Z, in microseconds.
    static let firstCreatedAt: Int64 = 1_693_526_400 * 1_000_000

    static let korean = [
        "장보기", "운동하기", "책 읽기", "코드 리뷰", "빨래하기", "영어 공부", "회의 준비", "청소하기",
        "병원 예약", "택배 보내기", "저녁 만들기", "산책하기", "보고서 작성", "은행 가기", "물 마시기",
    ]
    static let english = [
        "Buy milk", "Write tests", "Review the pull request", "Call mom", "Fix the login bug",
        "Read a book", "Plan the sprint", "Water the plants", "Pay the rent", "Update the README",
        "Don't forget: a+b & c", "50% off sale?", "Ship v2.0 #release",
    ]

    static func records() -> [TodoRecord] {
        var random = SeedRandom(state: 0x5EED_7D05)
        var records: [TodoRecord] = []
        records.reserveCapacity(count)
        var created = firstCreatedAt
        for index in 0..<count {
            // Gaps of 1 to 48 hours; two todos in three get a non-zero microsecond part.
            created += Int64(3600 + random.next(upTo: 47 * 3600)) * 1_000_000
            if index % 3 != 0 { created += Int64(random.next(upTo: 999_999)) }
            let edited =
                random.next(upTo: 4) == 0
                ? created
                : created + Int64(random.next(upTo: 90 * 86_400)) * 1_000_000 + Int64(random.next(upTo: 999_999))
            let words = index % 2 == 0 ? korean : english
            let title = "\(words[random.next(upTo: words.count)]) \(index + 1)"
            records.append(
                TodoRecord(id: firstID + index, title: title, isDone: random.next(upTo: 3) == 0, createdAt: created, updatedAt: edited)
            )
        }
        return records
    }

    /// The instant after the newest seeded time: where a deterministic clock starts.
    static let deterministicOrigin: Int64 = 1_735_689_600 * 1_000_000  // 2025-01-01T00:00:00Z
    /// How far a deterministic clock advances on each write: one second and one microsecond.
    static let deterministicStep: Int64 = 1_000_001
}

/// A tiny deterministic generator (a 64-bit LCG), so the seed is the same on every platform.
struct SeedRandom {
    var state: UInt64

    mutating func next(upTo bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(max(bound, 1)))
    }
}
