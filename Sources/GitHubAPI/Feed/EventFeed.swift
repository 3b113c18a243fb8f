import Foundation

/// The feed of a few repositories' events that the GitFeed app shows, kept across launches.
///
/// Each poll sends the validators of the last answer (`If-None-Match`, `If-Modified-Since`); a 304
/// means nothing new and costs no rate limit. New events are merged in front and the newest
/// ``capacity`` are kept. Events and validators are saved in ``cacheDirectory`` after every change,
/// atomically, so a relaunch polls conditionally at once. `X-Poll-Interval` is honoured: a poll
/// sooner than it allows sends nothing (unless forced), and a spent rate limit waits for its reset.
///
/// ```swift
/// let feed = try EventFeed(client: client, cacheDirectory: cachesFolder.appendingPathComponent("GitFeed"))
/// let update = try await feed.poll(RepositoryName("apple/swift"))
/// print(update.newEvents.count, "new;", update.events.count, "in all")
/// ```
public actor EventFeed {
    /// The client polls go through.
    public let client: GitHubClient
    /// Where the feed's files are (`<owner>/<name>.json`).
    public nonisolated let cacheDirectory: URL
    /// How many events are kept per repository, newest first.
    public nonisolated let capacity: Int
    /// How many events a poll asks for (`per_page`).
    public nonisolated let perPage: Int
    private let cache: FeedCache
    private let now: @Sendable () -> Date
    /// Keyed as the cache files are named: lower-cased `owner/name` (GitHub's names ignore case).
    private var snapshots: [String: FeedSnapshot] = [:]
    private var nextPolls: [String: Date] = [:]

    /// Opens (or starts) a feed in `cacheDirectory`, removing what interrupted saves left behind.
    ///
    /// - Parameters:
    ///   - client: The client to poll with.
    ///   - cacheDirectory: A folder of the app's caches; created when needed.
    ///   - capacity: How many events to keep per repository (50).
    ///   - perPage: How many events each poll asks for (1...100; 50).
    ///   - now: The clock for the poll interval and the rate limit's reset (tests inject one).
    public init(
        client: GitHubClient, cacheDirectory: URL, capacity: Int = 50, perPage: Int = 50,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.client = client
        self.cacheDirectory = cacheDirectory
        self.capacity = max(1, capacity)
        self.perPage = min(max(perPage, 1), 100)
        self.now = now
        cache = FeedCache(directory: cacheDirectory)
        cache.removeLeftovers()
    }

    /// The kept events of `repository`, newest first (from the cache on the first call).
    public func events(of repository: RepositoryName) throws(GitHubAPIError) -> [Event] {
        try snapshot(of: repository)?.events ?? []
    }

    /// The validators the next poll of `repository` sends.
    public func validators(of repository: RepositoryName) throws(GitHubAPIError) -> Validators {
        try snapshot(of: repository)?.validators ?? Validators()
    }

    /// The earliest moment the next poll of `repository` sends a request (nil: at once).
    public func nextPollAt(of repository: RepositoryName) -> Date? {
        nextPolls[repository.key]
    }

    /// Polls `repository` once: conditionally when validators are known, and not before the poll interval
    /// or a rate limit's reset allows (`force` sends anyway).
    ///
    /// - Throws: ``GitHubAPIError``; for ``GitHubAPIError/Kind/rateLimited`` the feed waits until its ``GitHubAPIError/retryAt``.
    public func poll(_ repository: RepositoryName, force: Bool = false) async throws(GitHubAPIError) -> FeedUpdate {
        let before = try snapshot(of: repository)
        if !force, let next = nextPolls[repository.key], now() < next {
            return FeedUpdate(outcome: .tooEarly, newEvents: [], events: before?.events ?? [], nextPollAt: next)
        }
        let page: EventsPage
        do {
            page = try await client.events(of: repository, perPage: perPage, validators: before?.validators ?? Validators())
        } catch {
            if error.kind == .rateLimited, let retryAt = error.retryAt { nextPolls[repository.key] = retryAt }
            throw error
        }
        let interval = page.pollInterval ?? 60
        let nextPoll = now().addingTimeInterval(TimeInterval(interval))
        nextPolls[repository.key] = nextPoll
        // Read again: another poll may have changed the snapshot while this one waited.
        var snapshot =
            try self.snapshot(of: repository)
            ?? FeedSnapshot(format: FeedSnapshot.currentFormat, repository: repository.description, validators: Validators(), events: [])
        if page.isNotModified {
            if snapshot.validators != page.validators || snapshot.pollInterval != page.pollInterval {
                snapshot.validators = page.validators
                snapshot.pollInterval = page.pollInterval
                try store(snapshot, for: repository)
            }
            return FeedUpdate(outcome: .notModified, newEvents: [], events: snapshot.events, nextPollAt: nextPoll)
        }
        let known = Set(snapshot.events.map(\.id))
        let fresh = page.events.filter { !known.contains($0.id) }
        let fetched = Set(page.events.map(\.id))
        let merged = (page.events + snapshot.events.filter { !fetched.contains($0.id) }).sorted(by: Event.isNewer)
        snapshot.events = Array(merged.prefix(capacity))
        snapshot.validators = page.validators
        snapshot.pollInterval = page.pollInterval
        try store(snapshot, for: repository)
        let keptIDs = Set(snapshot.events.map(\.id))
        return FeedUpdate(
            outcome: .updated, newEvents: fresh.filter { keptIDs.contains($0.id) }, events: snapshot.events, nextPollAt: nextPoll)
    }

    /// Forgets `repository`: its kept events, its validators and its file.
    public func removeCache(of repository: RepositoryName) throws(GitHubAPIError) {
        snapshots[repository.key] = nil
        nextPolls[repository.key] = nil
        try cache.remove(repository)
    }

    private func snapshot(of repository: RepositoryName) throws(GitHubAPIError) -> FeedSnapshot? {
        if let snapshot = snapshots[repository.key] { return snapshot }
        let loaded = try cache.load(repository)
        snapshots[repository.key] = loaded
        return loaded
    }

    private func store(_ snapshot: FeedSnapshot, for repository: RepositoryName) throws(GitHubAPIError) {
        try cache.save(snapshot, for: repository)
        snapshots[repository.key] = snapshot
    }
}

/// What one ``EventFeed/poll(_:force:)`` did.
public struct FeedUpdate: Sendable {
    /// Whether the poll brought news, was answered 304, or was not sent yet.
    public struct Outcome: Hashable, Sendable, CustomStringConvertible {
        let name: String
        /// A 200: ``FeedUpdate/newEvents`` holds what was not known before.
        public static let updated = Outcome(name: "updated")
        /// A 304: nothing new.
        public static let notModified = Outcome(name: "not modified")
        /// No request was sent: the poll interval (or a rate limit's reset) has not passed.
        public static let tooEarly = Outcome(name: "too early")
        /// The outcome in words.
        public var description: String { name }
    }

    /// What happened.
    public let outcome: Outcome
    /// The events this poll added, newest first.
    public let newEvents: [Event]
    /// All kept events after the poll, newest first.
    public let events: [Event]
    /// The earliest moment the next poll sends a request.
    public let nextPollAt: Date
}

extension RepositoryName {
    /// `owner/name` lower-cased: `Apple/Swift` and `apple/swift` are one feed, as they are one file.
    fileprivate var key: String { description.lowercased() }
}
