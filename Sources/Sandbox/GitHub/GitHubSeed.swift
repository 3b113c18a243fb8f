/// The GitHub replica's starting data: a few repositories and their public events, the same on every start.
///
/// Written from GitHub's documented wire format (API-FACTS, docs.github.com): event ids are strings of
/// digits past 2^32, dates have no fraction, the newest event comes first.
enum GitHubSeed {
    /// The first event id: past 2^32, as real ids have been since 2018 (`"7293368743"`).
    static let firstEventID: Int64 = 39_021_446_019
    /// 2024-03-01T00:00:00Z: the first seeded event.
    static let firstEventTime: Int64 = 1_709_251_200
    /// Where a deterministic clock starts: 2025-01-01T00:00:00Z, after every seeded event.
    static let deterministicOrigin: Int64 = 1_735_689_600

    static let users: [GitHubUser] = [
        GitHubUser(id: 583_231, login: "octocat", isOrganization: false),
        GitHubUser(id: 1_024_025, login: "mona-lisa", isOrganization: false),
        GitHubUser(id: 9_919, login: "hubot", isOrganization: false),
        GitHubUser(id: 22_163_911, login: "kim-jiwoo", isOrganization: false),
        GitHubUser(id: 6_154_722, login: "swift-ci", isOrganization: false),
        GitHubUser(id: 41_898_282, login: "github-actions[bot]", isOrganization: false, displayLogin: "github-actions"),
    ]

    static let repositories: [GitHubRepository] = [
        GitHubRepository(
            id: 44_838_949, owner: GitHubUser(id: 10_639_145, login: "apple", isOrganization: true), name: "swift",
            description: "The Swift Programming Language", homepage: "https://swift.org", language: "Swift",
            stars: 68_912, forks: 10_493, openIssues: 7_421, size: 1_123_484, createdAt: 1_446_575_474,
            license: .apache, topics: ["swift"], eventCount: 75
        ),
        GitHubRepository(
            id: 21_700_699, owner: GitHubUser(id: 2_307_127, login: "vsouza", isOrganization: false), name: "awesome-ios",
            description: "A curated list of awesome iOS ecosystem, including Objective-C and Swift Projects ",
            homepage: "http://awesomeios.com", language: "Swift", stars: 51_234, forks: 6_819, openIssues: 23, size: 13_447,
            createdAt: 1_404_862_413, license: .mit, topics: ["awesome", "ios", "swift"], eventCount: 12
        ),
        GitHubRepository(
            id: 22_458_259, owner: GitHubUser(id: 7_774_181, login: "Alamofire", isOrganization: true), name: "Alamofire",
            description: "Elegant HTTP Networking in Swift", homepage: "", language: "Swift", stars: 41_803, forks: 7_571,
            openIssues: 41, size: 10_312, createdAt: 1_406_744_722, license: .mit,
            topics: ["alamofire", "networking", "swift", "xcode"], eventCount: 40
        ),
        GitHubRepository(
            id: 49_910_095, owner: GitHubUser(id: 17_364_220, login: "vapor", isOrganization: true), name: "vapor",
            description: "💧 A server-side Swift HTTP web framework.", homepage: "https://vapor.codes", language: "Swift",
            stars: 25_045, forks: 1_482, openIssues: 106, size: 15_921, createdAt: 1_453_160_531, license: .mit,
            topics: ["framework", "server", "swift", "vapor"], eventCount: 31
        ),
        GitHubRepository(
            id: 33_569_135, owner: GitHubUser(id: 6_407_041, login: "ReactiveX", isOrganization: true), name: "RxSwift",
            description: "Reactive Programming in Swift", homepage: "", language: "Swift", stars: 24_612, forks: 4_173,
            openIssues: 8, size: 12_907, createdAt: 1_428_445_468, license: .mit, topics: ["reactive", "rxswift", "swift"],
            eventCount: 18
        ),
        GitHubRepository(
            id: 35_732_214, owner: GitHubUser(id: 1_132_479, login: "kodeco", isOrganization: true), name: "swift-style-guide",
            description: "스위프트 스타일 가이드 & The official Swift style guide for Kodeco.", homepage: nil, language: "Swift",
            stars: 13_106, forks: 2_165, openIssues: 5, size: 1_024, createdAt: 1_431_955_121, license: nil, topics: [],
            eventCount: 6
        ),
        GitHubRepository(
            id: 1_296_269, owner: GitHubUser(id: 583_231, login: "octocat", isOrganization: false), name: "Hello-World",
            description: nil, homepage: nil, language: nil, stars: 2_891, forks: 2_764, openIssues: 1_641, size: 1,
            createdAt: 1_296_068_472, license: nil, topics: [], eventCount: 3
        ),
        GitHubRepository(
            id: 62_367_558, owner: GitHubUser(id: 958_072, login: "laravel", isOrganization: true), name: "laravel",
            description: "Laravel is a web application framework with expressive, elegant syntax.",
            homepage: "https://laravel.com", language: "PHP", stars: 79_102, forks: 24_331, openIssues: 2, size: 11_051,
            createdAt: 1_465_998_410, license: .mit, topics: ["framework", "laravel", "php"], eventCount: 9
        ),
    ]

    static let eventTypes = [
        "PushEvent", "WatchEvent", "IssuesEvent", "IssueCommentEvent", "PullRequestEvent", "WatchEvent",
        "CreateEvent", "ForkEvent", "PushEvent", "ReleaseEvent",
    ]

    /// Every repository's events, on one timeline: ids and times grow together, as on GitHub.
    static func events() -> [Int: [GitHubEvent]] {
        var random = SeedRandom(state: 0x61F7_EE55)
        var remaining = Dictionary(uniqueKeysWithValues: repositories.map { ($0.id, $0.eventCount) })
        var result: [Int: [GitHubEvent]] = [:]
        var time = firstEventTime
        var id = firstEventID
        var sequence = 0
        while remaining.values.contains(where: { $0 > 0 }) {
            let open = repositories.filter { (remaining[$0.id] ?? 0) > 0 }
            let repository = open[random.next(upTo: open.count)]
            remaining[repository.id, default: 0] -= 1
            time += Int64(60 + random.next(upTo: 4 * 3600))
            id += Int64(1 + random.next(upTo: 90_000))
            sequence += 1
            let event = GitHubEvent(
                id: id, type: eventTypes[random.next(upTo: eventTypes.count)], actor: users[random.next(upTo: users.count)],
                repository: repository.id, createdAt: time, sequence: sequence
            )
            result[repository.id, default: []].insert(event, at: 0)
        }
        return result
    }
}

/// A user or organization of the replica.
struct GitHubUser: Sendable {
    let id: Int
    let login: String
    let isOrganization: Bool
    var displayLogin: String?

    init(id: Int, login: String, isOrganization: Bool, displayLogin: String? = nil) {
        self.id = id
        self.login = login
        self.isOrganization = isOrganization
        self.displayLogin = displayLogin
    }
}

/// A repository of the replica: what its search result and its events show.
struct GitHubRepository: Sendable {
    let id: Int
    let owner: GitHubUser
    let name: String
    let description: String?
    let homepage: String?
    let language: String?
    let stars: Int
    let forks: Int
    let openIssues: Int
    let size: Int
    let createdAt: Int64
    let license: License?
    let topics: [String]
    let eventCount: Int

    var fullName: String { "\(owner.login)/\(name)" }

    struct License: Sendable {
        let key: String
        let name: String
        let spdxID: String

        static let mit = License(key: "mit", name: "MIT License", spdxID: "MIT")
        static let apache = License(key: "apache-2.0", name: "Apache License 2.0", spdxID: "Apache-2.0")
    }
}

/// One public event of a repository.
struct GitHubEvent: Sendable {
    let id: Int64
    let type: String
    let actor: GitHubUser
    let repository: Int
    /// Seconds since 1970, UTC; GitHub writes them with no fraction.
    let createdAt: Int64
    /// A small number that varies the payload (issue and pull request numbers, tags).
    let sequence: Int
}
