import Foundation

/// Writes GitHub's JSON as api.github.com does (key order included), or with the configured drifts.
///
/// URLs inside bodies name api.github.com, as the real API's do: they are data, not links the
/// client follows (the `Link` header, which it follows, names the replica itself).
struct GitHubRenderer: Sendable {
    let drifts: Set<Drift>

    func has(_ drift: Drift) -> Bool { drifts.contains(drift) }

    static let api = "https://api.github.com"

    // MARK: Events

    func event(_ event: GitHubEvent, repository: GitHubRepository) -> JSON {
        var members: [(String, JSON)] = [
            ("id", has(.githubEventIDInt) ? .int(Int(event.id)) : .string(String(event.id))),
            ("type", .string(event.type)),
        ]
        if !has(.githubActorRemoved) { members.append(("actor", actor(event.actor))) }
        members.append(
            (
                "repo",
                .object([
                    ("id", .int(repository.id)),
                    ("name", .string(repository.fullName)),
                    ("url", .string("\(Self.api)/repos/\(repository.fullName)")),
                ])
            ))
        members.append(("payload", payload(event, repository: repository)))
        members.append(("public", .bool(true)))
        members.append(("created_at", .string(date(event.createdAt, fraction: has(.githubDatesFraction) ? event.sequence % 1000 : nil))))
        if repository.owner.isOrganization { members.append(("org", organization(repository.owner))) }
        return .object(members)
    }

    func actor(_ user: GitHubUser) -> JSON {
        .object([
            ("id", .int(user.id)),
            ("login", .string(user.login)),
            ("display_login", .string(user.displayLogin ?? user.login)),
            ("gravatar_id", .string("")),
            ("url", .string("\(Self.api)/users/\(user.login)")),
            ("avatar_url", .string("https://avatars.githubusercontent.com/u/\(user.id)?")),
        ])
    }

    func organization(_ user: GitHubUser) -> JSON {
        .object([
            ("id", .int(user.id)),
            ("login", .string(user.login)),
            ("gravatar_id", .string("")),
            ("url", .string("\(Self.api)/orgs/\(user.login)")),
            ("avatar_url", .string("https://avatars.githubusercontent.com/u/\(user.id)?")),
        ])
    }

    /// The payload of each event type, with the keys GitHub's event-types page documents.
    func payload(_ event: GitHubEvent, repository: GitHubRepository) -> JSON {
        let number = 1000 + event.sequence
        let html = "https://github.com/\(repository.fullName)"
        let sha = Self.sha(event.id)
        switch event.type {
        case "PushEvent": return pushPayload(event, repository: repository, sha: sha)
        case "WatchEvent": return .object([("action", .string("started"))])
        case "IssuesEvent":
            return .object([("action", .string("opened")), ("issue", issue(number, event: event, html: html, repository: repository))])
        case "IssueCommentEvent": return issueCommentPayload(event, repository: repository, number: number, html: html)
        case "PullRequestEvent": return pullRequestPayload(event, number: number, html: html)
        case "CreateEvent": return createPayload(event, repository: repository)
        case "ForkEvent": return forkPayload(event, repository: repository)
        case "ReleaseEvent": return releasePayload(event, html: html)
        default: return .object([])
        }
    }

    private func pushPayload(_ event: GitHubEvent, repository: GitHubRepository, sha: String) -> JSON {
        return .object([
            ("repository_id", .int(repository.id)),
            ("push_id", .int(Int(event.id / 2))),
            ("size", .int(1)),
            ("distinct_size", .int(1)),
            ("ref", .string("refs/heads/main")),
            ("head", .string(sha)),
            ("before", .string(Self.sha(event.id - 1))),
            (
                "commits",
                .array([
                    .object([
                        ("sha", .string(sha)),
                        (
                            "author",
                            .object([
                                ("email", .string("\(event.actor.login)@users.noreply.github.com")),
                                ("name", .string(event.actor.login)),
                            ])
                        ),
                        ("message", .string(event.sequence % 2 == 0 ? "Fix the build on Linux" : "문서 고침: README의 예제 수정")),
                        ("distinct", .bool(true)),
                        ("url", .string("\(Self.api)/repos/\(repository.fullName)/commits/\(sha)")),
                    ])
                ])
            ),
        ])
    }

    private func issueCommentPayload(_ event: GitHubEvent, repository: GitHubRepository, number: Int, html: String) -> JSON {
        return .object([
            ("action", .string("created")),
            ("issue", issue(number, event: event, html: html, repository: repository)),
            (
                "comment",
                .object([
                    ("id", .int(Int(event.id / 3))),
                    ("html_url", .string("\(html)/issues/\(number)#issuecomment-\(event.id / 3)")),
                    ("user", actorLink(event.actor)),
                    ("body", .string("Thanks! Could you add a test for this?")),
                    ("created_at", .string(date(event.createdAt))),
                    ("updated_at", .string(date(event.createdAt))),
                ])
            ),
        ])
    }

    private func pullRequestPayload(_ event: GitHubEvent, number: Int, html: String) -> JSON {
        return .object([
            ("action", .string("opened")),
            ("number", .int(number)),
            (
                "pull_request",
                .object([
                    ("id", .int(Int(event.id / 5))),
                    ("number", .int(number)),
                    ("state", .string("open")),
                    ("title", .string("Add async/await overloads")),
                    ("html_url", .string("\(html)/pull/\(number)")),
                    ("user", actorLink(event.actor)),
                    ("created_at", .string(date(event.createdAt))),
                ])
            ),
        ])
    }

    private func createPayload(_ event: GitHubEvent, repository: GitHubRepository) -> JSON {
        return .object([
            ("ref", .string("v\(event.sequence / 10).\(event.sequence % 10).0")),
            ("ref_type", .string("tag")),
            ("master_branch", .string("main")),
            ("description", repository.description.map(JSON.string) ?? .null),
            ("pusher_type", .string("user")),
        ])
    }

    private func forkPayload(_ event: GitHubEvent, repository: GitHubRepository) -> JSON {
        return .object([
            (
                "forkee",
                .object([
                    ("id", .int(Int(event.id / 7))),
                    ("name", .string(repository.name)),
                    ("full_name", .string("\(event.actor.login)/\(repository.name)")),
                    ("html_url", .string("https://github.com/\(event.actor.login)/\(repository.name)")),
                    ("fork", .bool(true)),
                ])
            )
        ])
    }

    private func releasePayload(_ event: GitHubEvent, html: String) -> JSON {
        let tag = "v\(event.sequence / 10).\(event.sequence % 10).0"
        return .object([
            ("action", .string("published")),
            (
                "release",
                .object([
                    ("id", .int(Int(event.id / 11))),
                    ("tag_name", .string(tag)),
                    ("name", .string(tag)),
                    ("html_url", .string("\(html)/releases/tag/\(tag)")),
                    ("prerelease", .bool(false)),
                    ("published_at", .string(date(event.createdAt))),
                ])
            ),
        ])
    }

    private func issue(_ number: Int, event: GitHubEvent, html: String, repository: GitHubRepository) -> JSON {
        .object([
            ("id", .int(Int(event.id / 3) + 1)),
            ("number", .int(number)),
            ("title", .string(event.sequence % 2 == 0 ? "Crash when the list is empty" : "한국어 제목이 잘립니다")),
            ("state", .string("open")),
            ("html_url", .string("\(html)/issues/\(number)")),
            ("user", actorLink(event.actor)),
            ("body", event.sequence % 3 == 0 ? .null : .string("Steps to reproduce:\n1. Open the app\n2. Pull to refresh")),
            ("created_at", .string(date(event.createdAt))),
        ])
    }

    private func actorLink(_ user: GitHubUser) -> JSON {
        .object([("login", .string(user.login)), ("id", .int(user.id)), ("type", .string(user.isOrganization ? "Organization" : "User"))])
    }

    // MARK: Search

    /// A repository as a search result item (GitHub's `repo-search-result-item`).
    func searchItem(_ repository: GitHubRepository, score: String, pushedAt: Int64) -> JSON {
        let api = "\(Self.api)/repos/\(repository.fullName)"
        let html = "https://github.com/\(repository.fullName)"
        var members: [(String, JSON)] = [
            ("id", .int(repository.id)),
            ("node_id", .string("R_kgDO" + String(repository.id, radix: 36))),
            ("name", .string(repository.name)),
            ("full_name", .string(repository.fullName)),
            ("private", .bool(false)),
            ("owner", owner(repository.owner)),
            ("html_url", .string(html)),
            ("description", repository.description.map(JSON.string) ?? .null),
            ("fork", .bool(false)),
            ("url", .string(api)),
        ]
        let templates: [(String, String)] = [
            ("forks_url", "/forks"), ("keys_url", "/keys{/key_id}"), ("collaborators_url", "/collaborators{/collaborator}"),
            ("teams_url", "/teams"), ("hooks_url", "/hooks"), ("issue_events_url", "/issues/events{/number}"),
            ("events_url", "/events"), ("assignees_url", "/assignees{/user}"), ("branches_url", "/branches{/branch}"),
            ("tags_url", "/tags"), ("blobs_url", "/git/blobs{/sha}"), ("git_tags_url", "/git/tags{/sha}"),
            ("git_refs_url", "/git/refs{/sha}"), ("trees_url", "/git/trees{/sha}"), ("statuses_url", "/statuses/{sha}"),
            ("languages_url", "/languages"), ("stargazers_url", "/stargazers"), ("contributors_url", "/contributors"),
            ("subscribers_url", "/subscribers"), ("subscription_url", "/subscription"), ("commits_url", "/commits{/sha}"),
            ("git_commits_url", "/git/commits{/sha}"), ("comments_url", "/comments{/number}"),
            ("issue_comment_url", "/issues/comments{/number}"), ("contents_url", "/contents/{+path}"),
            ("compare_url", "/compare/{base}...{head}"), ("merges_url", "/merges"), ("archive_url", "/{archive_format}{/ref}"),
            ("downloads_url", "/downloads"), ("issues_url", "/issues{/number}"), ("pulls_url", "/pulls{/number}"),
            ("milestones_url", "/milestones{/number}"), ("notifications_url", "/notifications{?since,all,participating}"),
            ("labels_url", "/labels{/name}"), ("releases_url", "/releases{/id}"), ("deployments_url", "/deployments"),
        ]
        for (key, suffix) in templates { members.append((key, .string(api + suffix))) }
        let updated = max(pushedAt, repository.createdAt)
        members += [
            ("created_at", .string(date(repository.createdAt))),
            ("updated_at", .string(date(updated))),
            ("pushed_at", .string(date(pushedAt))),
            ("git_url", .string("git://github.com/\(repository.fullName).git")),
            ("ssh_url", .string("git@github.com:\(repository.fullName).git")),
            ("clone_url", .string("\(html).git")),
            ("svn_url", .string(html)),
            ("homepage", repository.homepage.map(JSON.string) ?? .null),
            ("size", .int(repository.size)),
            ("stargazers_count", .int(repository.stars)),
            ("watchers_count", .int(repository.stars)),
            ("language", repository.language.map(JSON.string) ?? .null),
            ("has_issues", .bool(true)),
            ("has_projects", .bool(true)),
            ("has_downloads", .bool(true)),
            ("has_wiki", .bool(repository.owner.isOrganization)),
            ("has_pages", .bool(false)),
            ("has_discussions", .bool(repository.stars > 20_000)),
            ("forks_count", .int(repository.forks)),
            ("mirror_url", .null),
            ("archived", .bool(false)),
            ("disabled", .bool(false)),
            ("open_issues_count", .int(repository.openIssues)),
            ("license", repository.license.map(license) ?? .null),
            ("allow_forking", .bool(true)),
            ("is_template", .bool(false)),
            ("web_commit_signoff_required", .bool(false)),
            ("topics", .array(repository.topics.map(JSON.string))),
            ("visibility", .string("public")),
            ("forks", .int(repository.forks)),
            ("open_issues", .int(repository.openIssues)),
            ("watchers", .int(repository.stars)),
            ("default_branch", .string("main")),
            ("score", .number(score)),
        ]
        return .object(members)
    }

    /// A repository owner (GitHub's `simple-user`).
    func owner(_ user: GitHubUser) -> JSON {
        let url = "\(Self.api)/users/\(user.login)"
        return .object([
            ("login", .string(user.login)),
            ("id", .int(user.id)),
            ("node_id", .string((user.isOrganization ? "O_kgDO" : "U_kgDO") + String(user.id, radix: 36))),
            ("avatar_url", .string("https://avatars.githubusercontent.com/u/\(user.id)?v=4")),
            ("gravatar_id", .string("")),
            ("url", .string(url)),
            ("html_url", .string("https://github.com/\(user.login)")),
            ("followers_url", .string("\(url)/followers")),
            ("following_url", .string("\(url)/following{/other_user}")),
            ("gists_url", .string("\(url)/gists{/gist_id}")),
            ("starred_url", .string("\(url)/starred{/owner}{/repo}")),
            ("subscriptions_url", .string("\(url)/subscriptions")),
            ("organizations_url", .string("\(url)/orgs")),
            ("repos_url", .string("\(url)/repos")),
            ("events_url", .string("\(url)/events{/privacy}")),
            ("received_events_url", .string("\(url)/received_events")),
            ("type", .string(user.isOrganization ? "Organization" : "User")),
            ("user_view_type", .string("public")),
            ("site_admin", .bool(false)),
        ])
    }

    func license(_ license: GitHubRepository.License) -> JSON {
        .object([
            ("key", .string(license.key)),
            ("name", .string(license.name)),
            ("spdx_id", .string(license.spdxID)),
            ("url", .string("\(Self.api)/licenses/\(license.key)")),
            ("node_id", .string("MDc6TGljZW5zZ" + String(license.key.count))),
        ])
    }

    // MARK: Errors

    /// GitHub's error body: `message`, `documentation_url` and `status` as a string.
    static func error(_ status: Int, _ message: String, documentation: String = "https://docs.github.com/rest") -> JSON {
        .object([("message", .string(message)), ("documentation_url", .string(documentation)), ("status", .string(String(status)))])
    }

    // MARK: Dates

    /// `2022-06-09T12:47:28Z` (no fraction), or with three fraction digits under the `dates-fraction` drift.
    /// The replica's own formatter (gmtime_r), independent of the clients' WireFormat code.
    func date(_ seconds: Int64, fraction: Int? = nil) -> String {
        UTCTime(seconds).dateTime + (fraction.map { "." + String($0).leftPadded(to: 3) } ?? "") + "Z"
    }

    /// `Thu, 09 Jun 2022 12:47:28 GMT`: the HTTP date of `Last-Modified` (RFC 9110, IMF-fixdate).
    static func httpDate(_ seconds: Int64) -> String {
        let time = UTCTime(seconds)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let clock = time.dateTime.split(separator: "T")[1]
        return "\(days[time.weekday]), \(String(time.day).leftPadded(to: 2)) \(months[time.month - 1]) \(time.year) \(clock) GMT"
    }

    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Reads an IMF-fixdate (`If-Modified-Since`); nil for anything else, which the server then ignores.
    static func parseHTTPDate(_ text: String) -> Int64? {
        let fields = text.split(separator: " ")
        guard fields.count == 6, fields[5] == "GMT", let day = Int(fields[1]), let monthIndex = months.firstIndex(of: String(fields[2])),
            let year = Int(fields[3])
        else { return nil }
        let clock = fields[4].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3 else { return nil }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(monthIndex)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(clock[0])
        parts.tm_min = Int32(clock[1])
        parts.tm_sec = Int32(clock[2])
        return Int64(timegm(&parts))
    }

    /// A 40-hex commit sha made from a number (the same number gives the same sha).
    static func sha(_ seed: Int64) -> String {
        var random = SeedRandom(state: UInt64(bitPattern: seed))
        let hex = Array("0123456789abcdef")
        return String((0..<40).map { _ in hex[random.next(upTo: 16)] })
    }
}
