import Foundation
import GitHubAPI
import Sandbox
import TestSupport
import Testing

/// The GitFeed cache: merge, keep 50, persist atomically, reopen and poll conditionally, honour the poll interval and rate limits.
@Suite("GitHub client: event feed", timeLimit(minutes: 5))
struct EventFeedTests {
    let swift = try! RepositoryName("apple/swift")

    @Test("a poll keeps the newest 50; the next one waits for X-Poll-Interval, then gets 304, then only what is new")
    func pollCycle() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = TestClock.fixed()
        try await withGitHub { client, sandbox in
            let feed = EventFeed(client: client, cacheDirectory: folder, now: clock.read)
            let first = try await feed.poll(swift)
            #expect(first.outcome == .updated)
            #expect(first.events.count == 50)
            #expect(first.newEvents.count == 50)
            #expect(first.nextPollAt == clock.now.addingTimeInterval(60))

            let early = try await feed.poll(swift)
            #expect(early.outcome == .tooEarly)
            #expect(sandbox.receivedRequests().count == 1, "a poll before X-Poll-Interval sends nothing")
            #expect(
                try await feed.poll(try RepositoryName("Apple/Swift")).outcome == .tooEarly,
                "the same repository in other case is the same feed")
            #expect(sandbox.receivedRequests().count == 1)

            clock.advance(by: 60)
            let unchanged = try await feed.poll(swift)
            #expect(unchanged.outcome == .notModified)
            #expect(unchanged.events == first.events)
            let etag = try await feed.validators(of: swift).etag
            #expect(etag != nil)
            #expect(sandbox.receivedRequests().last?.header("If-None-Match") == etag)

            let id = try #require(sandbox.addGitHubEvent(to: "apple/swift", type: "ForkEvent"))
            clock.advance(by: 60)
            let news = try await feed.poll(swift)
            #expect(news.outcome == .updated)
            #expect(news.newEvents.map(\.id) == [id])
            #expect(news.events.count == 50)
            #expect(news.events.first?.id == id)
            #expect(news.events.first?.fork?.fullName != nil)
            #expect(Array(news.events.dropFirst()) == Array(first.events.prefix(49)))
        }
    }

    @Test("a relaunch reads the cache and polls conditionally at once: 304, with the events kept")
    func relaunch() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withGitHub { client, sandbox in
            let before = try await EventFeed(client: client, cacheDirectory: folder).poll(swift)
            let file = folder.appendingPathComponent("apple/swift.json")
            #expect(FileManager.default.fileExists(atPath: file.path))
            let saved = try String(contentsOf: file, encoding: .utf8)
            #expect(saved.contains(#""etag" : "W/\""#))
            #expect(saved.contains(#""created_at" : ""#) && !saved.contains(".000Z"))

            let relaunched = EventFeed(client: client, cacheDirectory: folder)
            #expect(try await relaunched.events(of: swift) == before.events)
            // GitHub's names ignore case, and so does the feed: one file, one feed.
            #expect(try await relaunched.events(of: try RepositoryName("Apple/Swift")) == before.events)
            let update = try await relaunched.poll(swift)
            #expect(update.outcome == .notModified)
            #expect(update.events == before.events)
            let sent = try #require(sandbox.receivedRequests().last)
            #expect(sent.header("If-None-Match") != nil)
            #expect(sent.header("If-Modified-Since") != nil)
        }
    }

    @Test("leftovers of an interrupted save are removed on open; a corrupt cache is a cache error naming the file")
    func damagedCache() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let owner = folder.appendingPathComponent("apple", isDirectory: true)
        try FileManager.default.createDirectory(at: owner, withIntermediateDirectories: true)
        // The writer's pid is one no process can have (above Linux's and Darwin's pid_max): a small one such as 4242 was
        // alive on a busy CI machine once, and a live writer's temporary file is rightly kept.
        let leftover = owner.appendingPathComponent(".swift.json.tmp-2147483646-5E1C0E0A-3F7B-4B8E-9C2D-0123456789AB")
        // A repository may be called `.a.tmp-b`: its cache file is no leftover.
        let lookalike = owner.appendingPathComponent(".a.tmp-b.json")
        try Data("{}".utf8).write(to: lookalike)
        try Data("{\"format\": 1, \"rep".utf8).write(to: leftover)
        try Data("{\"format\": 1, \"repository\": \"apple/swift\", \"events\": 3}".utf8).write(
            to: owner.appendingPathComponent("swift.json"))
        try await withGitHub { client, sandbox in
            let feed = EventFeed(client: client, cacheDirectory: folder)
            #expect(!FileManager.default.fileExists(atPath: leftover.path))
            #expect(FileManager.default.fileExists(atPath: lookalike.path))
            let error = await gitHubError { _ = try await feed.poll(swift) }
            #expect(error?.kind == .cache)
            #expect(error?.request.contains("apple/swift.json") == true)
            #expect(sandbox.receivedRequests().isEmpty, "nothing is sent on top of a cache that cannot be read")
            // The damaged file is left for the user to look at, until they remove it.
            #expect(FileManager.default.fileExists(atPath: owner.appendingPathComponent("swift.json").path))
            try await feed.removeCache(of: swift)
            #expect(try await feed.poll(swift).outcome == .updated)
        }
    }

    @Test("a spent rate limit is a typed error with its reset; the feed sends nothing until then")
    func rateLimit() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The replica's reset is on the real clock, so the feed reads the real clock here.
        try await withGitHub(options: GitHubSandboxOptions(rateLimit: 1)) { client, sandbox in
            let feed = EventFeed(client: client, cacheDirectory: folder)
            _ = try await feed.poll(try RepositoryName("Alamofire/Alamofire"))
            let error = await gitHubError { _ = try await feed.poll(swift) }
            #expect(error?.kind == .rateLimited)
            #expect(error?.status == 403)
            #expect(error?.rateLimit?.remaining == 0)
            let reset = try #require(error?.rateLimit?.reset)
            #expect(error?.retryAt == reset)
            #expect(await feed.nextPollAt(of: swift) == reset)
            let count = sandbox.receivedRequests().count
            #expect(try await feed.poll(swift).outcome == .tooEarly)
            #expect(sandbox.receivedRequests().count == count)
        }
    }
}
