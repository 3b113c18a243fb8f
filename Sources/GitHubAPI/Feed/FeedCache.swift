import Foundation
import WireFormat

/// What the feed keeps of one repository between launches: its newest events and the validators to poll with.
package struct FeedSnapshot: Codable, Sendable, Equatable {
    /// The file format; a newer one is refused, never misread.
    package var format: Int
    /// `owner/name`.
    package var repository: String
    package var validators: Validators
    package var pollInterval: Int?
    /// Newest first.
    package var events: [Event]

    package static let currentFormat = 1

    package init(
        format: Int = FeedSnapshot.currentFormat, repository: String, validators: Validators, pollInterval: Int? = nil, events: [Event]
    ) {
        self.format = format
        self.repository = repository
        self.validators = validators
        self.pollInterval = pollInterval
        self.events = events
    }

    enum CodingKeys: String, CodingKey {
        case format, repository, validators, events
        case pollInterval = "poll_interval"
    }
}

/// One JSON file per repository, `<cache>/<owner>/<name>.json` (lower-cased: GitHub names ignore case).
///
/// A save writes a temporary file beside the target, flushes it to disk and renames it over the target,
/// so a crash at any moment leaves the old file or the new one, whole. Temporary files that a killed
/// process left behind are removed when the feed opens the folder.
package struct FeedCache: Sendable {
    package let directory: URL

    package init(directory: URL) {
        self.directory = directory
    }

    package func file(for repository: RepositoryName) -> URL {
        directory.appendingPathComponent(repository.owner.lowercased(), isDirectory: true)
            .appendingPathComponent("\(repository.name.lowercased()).json")
    }

    /// The snapshot saved for `repository`, or nil when there is none.
    package func load(_ repository: RepositoryName) throws(GitHubAPIError) -> FeedSnapshot? {
        let url = file(for: repository)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let label = "feed cache \(url.path)"
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw GitHubAPIError(kind: .cache, request: label, detail: "cannot be read: \(error.localizedDescription)")
        }
        let snapshot: FeedSnapshot
        do {
            snapshot = try GitHubClient.makeDecoder().decode(FeedSnapshot.self, from: data)
        } catch {
            let failure = DecodingFailure.describe(error, body: data)
            throw GitHubAPIError(
                kind: .cache, request: label, keyPath: failure.keyPath,
                detail: "\(failure.detail); remove the file (or call removeCache(of:)) to start this feed again"
            )
        }
        guard snapshot.format == FeedSnapshot.currentFormat else {
            throw GitHubAPIError(
                kind: .cache, request: label, keyPath: "/format",
                detail: "format \(snapshot.format) is not \(FeedSnapshot.currentFormat), written by another version")
        }
        return snapshot
    }

    /// Writes `snapshot` atomically: the old file or the new one, never a part of either.
    package func save(_ snapshot: FeedSnapshot, for repository: RepositoryName) throws(GitHubAPIError) {
        let url = file(for: repository)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try AtomicFile.write(try encoder.encode(snapshot), to: url)
        } catch {
            throw GitHubAPIError(
                kind: .cache, request: "feed cache \(url.path)", detail: "cannot be written: \(error.localizedDescription)")
        }
    }

    /// Removes the saved snapshot of `repository`, if any.
    func remove(_ repository: RepositoryName) throws(GitHubAPIError) {
        let url = file(for: repository)
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            throw GitHubAPIError(
                kind: .cache, request: "feed cache \(url.path)", detail: "cannot be removed: \(error.localizedDescription)")
        }
    }

    /// Deletes the temporary files of saves that never finished (the process was killed mid-save).
    package func removeLeftovers() {
        let owners = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
        for owner in owners { AtomicFile.removeLeftovers(in: owner) }
    }
}
