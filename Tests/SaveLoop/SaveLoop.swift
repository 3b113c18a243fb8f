import APICheck
import Foundation
import GitHubAPI

/// A child process for the crash-safety tests (`CrashSafeSaveTests`): it saves two versions of a large file
/// in turn, forever, with the project's own save code, until the test kills it with SIGKILL.
///
///     apicheck-save-loop recording DIR   Recording.save to DIR/r.json (about 750 kB per version)
///     apicheck-save-loop feed DIR        the GitHub feed cache to DIR/cache/swiftlang/swift.json
///
/// Before the loop it writes each version once to DIR/expected/ with the same code (when not there yet), so that the test can
/// compare what it finds byte for byte; then it prints "ready" and loops, printing "s" after each save.
@main
struct SaveLoop {
    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count == 3, ["recording", "feed"].contains(arguments[1]) else {
            FileHandle.standardError.write(Data("usage: apicheck-save-loop recording|feed DIR\n".utf8))
            exit(2)
        }
        let folder = URL(fileURLWithPath: arguments[2])
        let expected = folder.appendingPathComponent("expected")
        if arguments[1] == "recording" {
            let versions = [recording(version: 0), recording(version: 1)]
            for (index, version) in versions.enumerated() where !exists(expected.appendingPathComponent("r\(index).json")) {
                try version.save(to: expected.appendingPathComponent("r\(index).json"))
            }
            ready()
            let target = folder.appendingPathComponent("r.json")
            var turn = 0
            while true {
                try versions[turn % 2].save(to: target)
                saved()
                turn += 1
            }
        } else {
            let repository = try RepositoryName(owner: "swiftlang", name: "swift")
            let versions = [snapshot(version: 0), snapshot(version: 1)]
            for (index, version) in versions.enumerated() {
                let reference = FeedCache(directory: expected.appendingPathComponent("feed\(index)"))
                if !exists(reference.file(for: repository)) { try reference.save(version, for: repository) }
            }
            ready()
            let cache = FeedCache(directory: folder.appendingPathComponent("cache"))
            var turn = 0
            while true {
                try cache.save(versions[turn % 2], for: repository)
                saved()
                turn += 1
            }
        }
    }

    static func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

    static func ready() {
        FileHandle.standardOutput.write(Data("ready\n".utf8))
    }

    /// One byte per finished save, so that the test can time its kills against the length of a save.
    static func saved() {
        FileHandle.standardOutput.write(Data("s".utf8))
    }

    /// 1,000 interactions (about 750 kB) whose bodies say which version they belong to.
    static func recording(version: Int) -> Recording {
        let interactions = (0..<1_000).map { index in
            Interaction(
                request: RecordedRequest(method: "GET", url: "/api/v2/todos/\(index)"),
                response: RecordedResponse(
                    status: 200,
                    headers: HeaderFields([("Content-Type", "application/json")]),
                    body: .json(
                        .object(
                            JSONObject([
                                .init(
                                    key: "data",
                                    value: .object(
                                        JSONObject([
                                            .init(key: "id", value: .number(JSONNumber(index))),
                                            .init(
                                                key: "title",
                                                value: .string(
                                                    "version \(version) of todo \(index): " + String(repeating: "할 일 ", count: 40))),
                                            .init(key: "is_done", value: .bool(version == 1)),
                                        ])))
                            ])))
                )
            )
        }
        return Recording(
            api: "todos", name: "r", recordedAt: "2026-11-23T00:00:0\(version)Z", recordedFrom: "https://api.example.com",
            interactions: interactions)
    }

    /// 300 events (a GitHub feed's most) whose ids say which version they belong to.
    static func snapshot(version: Int) -> FeedSnapshot {
        let actor = Actor(
            id: 1, login: "octocat", url: "https://api.github.com/users/octocat", avatarURL: "https://avatars.githubusercontent.com/u/1?")
        let events = (0..<300).map { index in
            Event(
                id: "\(version)\(index)", type: "PushEvent", actor: actor,
                repo: EventRepository(id: 44838949, name: "swiftlang/swift", url: "https://api.github.com/repos/swiftlang/swift"),
                createdAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(index))
            )
        }
        return FeedSnapshot(
            repository: "swiftlang/swift", validators: Validators(etag: "W/\"\(version)\""), pollInterval: 60, events: events)
    }
}
