/// Typed views of the payloads of the common event types ("GitHub event types" on docs.github.com).
///
/// Each accessor is nil unless the event has that type; a field the payload lacks is nil or empty,
/// never a crash, because payloads vary more than any schema says.
extension Event {
    /// The payload of a `PushEvent`.
    public var push: PushPayload? { type == "PushEvent" ? PushPayload(payload) : nil }
    /// The payload of a `WatchEvent` (someone starred the repository).
    public var watch: WatchPayload? { type == "WatchEvent" ? WatchPayload(action: payload["action"]?.string) : nil }
    /// The payload of an `IssuesEvent`.
    public var issues: IssuesPayload? {
        type == "IssuesEvent" ? IssuesPayload(action: payload["action"]?.string, issue: payload["issue"].flatMap(IssueSummary.init)) : nil
    }
    /// The payload of an `IssueCommentEvent`.
    public var issueComment: IssueCommentPayload? {
        guard type == "IssueCommentEvent" else { return nil }
        return IssueCommentPayload(
            action: payload["action"]?.string, issue: payload["issue"].flatMap(IssueSummary.init),
            commentID: payload["comment"]?["id"]?.integer, commentBody: payload["comment"]?["body"]?.string,
            commentURL: payload["comment"]?["html_url"]?.string
        )
    }
    /// The payload of a `PullRequestEvent`.
    public var pullRequest: PullRequestPayload? {
        guard type == "PullRequestEvent" else { return nil }
        let pull = payload["pull_request"]
        return PullRequestPayload(
            action: payload["action"]?.string, number: payload["number"]?.integer ?? pull?["number"]?.integer,
            title: pull?["title"]?.string, state: pull?["state"]?.string, htmlURL: pull?["html_url"]?.string
        )
    }
    /// The payload of a `CreateEvent` (a branch or tag was created).
    public var create: CreatePayload? {
        guard type == "CreateEvent" else { return nil }
        return CreatePayload(
            ref: payload["ref"]?.string, refType: payload["ref_type"]?.string,
            masterBranch: payload["master_branch"]?.string, description: payload["description"]?.string
        )
    }
    /// The payload of a `ForkEvent`.
    public var fork: ForkPayload? {
        guard type == "ForkEvent" else { return nil }
        return ForkPayload(fullName: payload["forkee"]?["full_name"]?.string, htmlURL: payload["forkee"]?["html_url"]?.string)
    }
    /// The payload of a `ReleaseEvent`.
    public var release: ReleasePayload? {
        guard type == "ReleaseEvent" else { return nil }
        let release = payload["release"]
        return ReleasePayload(
            action: payload["action"]?.string, tagName: release?["tag_name"]?.string, name: release?["name"]?.string,
            htmlURL: release?["html_url"]?.string, isPrerelease: release?["prerelease"]?.bool ?? false
        )
    }
}

/// A `PushEvent`'s payload: the ref, the new head and the commits.
public struct PushPayload: Hashable, Sendable {
    /// A pushed commit.
    public struct Commit: Hashable, Sendable {
        /// The commit's SHA.
        public let sha: String
        /// The commit message.
        public let message: String
        /// The author's name.
        public let authorName: String?
    }

    /// The full ref, such as `refs/heads/main`.
    public let ref: String?
    /// The SHA after the push.
    public let head: String?
    /// The SHA before the push.
    public let before: String?
    /// How many commits the push carried (GitHub stopped sending it in 2025 for some events).
    public let size: Int64?
    /// The commits, newest last (at most 20).
    public let commits: [Commit]

    init(_ payload: PayloadValue) {
        ref = payload["ref"]?.string
        head = payload["head"]?.string
        before = payload["before"]?.string
        size = payload["size"]?.integer
        commits = (payload["commits"]?.array ?? []).compactMap { commit in
            guard let sha = commit["sha"]?.string else { return nil }
            return Commit(sha: sha, message: commit["message"]?.string ?? "", authorName: commit["author"]?["name"]?.string)
        }
    }

    /// The branch name, `main` for `refs/heads/main`.
    public var branch: String? {
        guard let ref, ref.hasPrefix("refs/heads/") else { return nil }
        return String(ref.dropFirst("refs/heads/".count))
    }
}

/// A `WatchEvent`'s payload: `action` is `started`.
public struct WatchPayload: Hashable, Sendable {
    /// `started`.
    public let action: String?
}

/// The parts of an issue a feed shows.
public struct IssueSummary: Hashable, Sendable {
    /// The issue number.
    public let number: Int64
    /// The title.
    public let title: String
    /// `open` or `closed`.
    public let state: String?
    /// The issue's web page.
    public let htmlURL: String?

    init?(_ value: PayloadValue) {
        guard let number = value["number"]?.integer else { return nil }
        self.number = number
        title = value["title"]?.string ?? ""
        state = value["state"]?.string
        htmlURL = value["html_url"]?.string
    }
}

/// An `IssuesEvent`'s payload.
public struct IssuesPayload: Hashable, Sendable {
    /// `opened`, `closed`, `reopened`, ...
    public let action: String?
    /// The issue.
    public let issue: IssueSummary?
}

/// An `IssueCommentEvent`'s payload.
public struct IssueCommentPayload: Hashable, Sendable {
    /// `created`, `edited` or `deleted`.
    public let action: String?
    /// The issue commented on.
    public let issue: IssueSummary?
    /// The comment's id.
    public let commentID: Int64?
    /// The comment's text.
    public let commentBody: String?
    /// The comment's web page.
    public let commentURL: String?
}

/// A `PullRequestEvent`'s payload.
public struct PullRequestPayload: Hashable, Sendable {
    /// `opened`, `closed`, `synchronize`, ...
    public let action: String?
    /// The pull request's number.
    public let number: Int64?
    /// Its title.
    public let title: String?
    /// `open` or `closed`.
    public let state: String?
    /// Its web page.
    public let htmlURL: String?
}

/// A `CreateEvent`'s payload.
public struct CreatePayload: Hashable, Sendable {
    /// The branch or tag name; nil when a repository was created.
    public let ref: String?
    /// `branch`, `tag` or `repository`.
    public let refType: String?
    /// The default branch.
    public let masterBranch: String?
    /// The repository's description.
    public let description: String?
}

/// A `ForkEvent`'s payload.
public struct ForkPayload: Hashable, Sendable {
    /// The fork's `owner/name`.
    public let fullName: String?
    /// The fork's web page.
    public let htmlURL: String?
}

/// A `ReleaseEvent`'s payload.
public struct ReleasePayload: Hashable, Sendable {
    /// `published`, ...
    public let action: String?
    /// The release's tag, such as `v1.2.0`.
    public let tagName: String?
    /// The release's name.
    public let name: String?
    /// Its web page.
    public let htmlURL: String?
    /// Whether it is a prerelease.
    public let isPrerelease: Bool
}
