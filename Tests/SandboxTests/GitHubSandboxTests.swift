import Foundation
import Sandbox
import TestSupport
import Testing

/// The GitHub replica on the wire, with plain URLSession requests: what API-FACTS and GitHub's documentation say.
@Suite("GitHub sandbox", timeLimit(minutes: 5))
struct GitHubSandboxTests {
    /// The drifts this suite checks one by one (DriftTests checks that no drift is left out).
    static let driftsCovered = [
        "event-id-int", "dates-fraction", "no-last-modified", "no-etag-304", "actor-removed", "search-items-object",
        "oauth-error-401", "ratelimit-headers-missing",
    ]

    func github<T>(drifts: Set<Drift> = [], options: GitHubSandboxOptions = .init(), _ body: (SandboxHTTP) async throws -> T) async throws
        -> T
    {
        try await withSandboxHTTP(apis: [.github], drifts: drifts, github: options, body)
    }

    @Test("events: a top-level array, newest first, string ids past 2^32, dates without a fraction, the documented headers")
    func events() async throws {
        let answer = try await github { try await $0.get("/repos/apple/swift/events?per_page=5") }
        #expect(answer.status == 200)
        #expect(answer.contentType == "application/json; charset=utf-8")
        let events = try #require(answer.json as? [[String: Any]])
        #expect(events.count == 5)
        let ids = events.compactMap { $0["id"] as? String }
        #expect(ids.count == 5 && ids.allSatisfy { Int64($0).map { $0 > Int64(UInt32.max) } == true })
        #expect(ids == ids.sorted { Int64($0)! > Int64($1)! })
        let dates = events.compactMap { $0["created_at"] as? String }
        #expect(dates.allSatisfy { $0.count == 20 && $0.hasSuffix("Z") && !$0.contains(".") })
        #expect(answer.headers["etag"]?.hasPrefix("W/\"") == true)
        #expect(answer.headers["x-poll-interval"] == "60")
        #expect(answer.headers["x-ratelimit-limit"] == "60")
        #expect(answer.headers["x-ratelimit-remaining"] == "59")
        #expect(answer.headers["x-ratelimit-resource"] == "core")
        // Last-Modified is the newest event's created_at as an HTTP date, not the time of the answer.
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let iso = ISO8601DateFormatter()
        #expect(answer.headers["last-modified"].flatMap(formatter.date(from:)) == iso.date(from: dates[0]))
        #expect(answer.headers["link"]?.contains("/repositories/44838949/events?per_page=5&page=2>; rel=\"next\"") == true)
    }

    @Test("a poll with the ETag, or with Last-Modified, is 304 with no body and no Content-Type, and costs nothing")
    func conditional() async throws {
        try await github { http in
            let first = try await http.get("/repos/apple/swift/events")
            let etag = try #require(first.headers["etag"])
            let lastModified = try #require(first.headers["last-modified"])
            for validators in [
                ["If-None-Match": etag], ["If-None-Match": "\"other\", \(etag.dropFirst(2))"], ["If-Modified-Since": lastModified],
            ] {
                let again = try await http.get("/repos/apple/swift/events", headers: validators)
                #expect(again.status == 304, "\(validators)")
                #expect(again.body.isEmpty)
                #expect(again.contentType == nil)
                #expect(again.headers["etag"] == etag)
                #expect(again.headers["x-ratelimit-remaining"] == "59", "a 304 does not count against the rate limit")
            }
            // A new event changes the ETag: the same validators now get a 200 with the new event first.
            let id = try #require(http.sandbox.addGitHubEvent(to: "apple/swift", type: "ForkEvent"))
            let changed = try await http.get("/repos/apple/swift/events", headers: ["If-None-Match": etag])
            #expect(changed.status == 200)
            #expect((changed.json as? [[String: Any]])?.first?["id"] as? String == id)
            #expect(changed.headers["etag"] != etag)
            #expect(changed.headers["x-ratelimit-remaining"] == "58")
        }
    }

    @Test("a spent rate limit is 403 with x-ratelimit-remaining 0 and the reset time; a bad token is 401")
    func rateLimit() async throws {
        try await github(options: .init(rateLimit: 2)) { http in
            #expect(try await http.get("/repos/apple/swift/events").status == 200)
            #expect(try await http.get("/repos/vapor/vapor/events").status == 200)
            let spent = try await http.get("/repos/apple/swift/events")
            #expect(spent.status == 403)
            #expect(spent.headers["x-ratelimit-remaining"] == "0")
            #expect(Int(spent.headers["x-ratelimit-reset"] ?? "").map { $0 > Int(Date().timeIntervalSince1970) } == true)
            #expect(spent.message?.hasPrefix("API rate limit exceeded") == true)
            // A token has a window of its own.
            let authorized = try await http.get(
                "/repos/apple/swift/events", headers: ["Authorization": "Bearer \(GitHubSandboxOptions.defaultToken)"])
            #expect(authorized.status == 200)
            #expect(authorized.headers["cache-control"]?.hasPrefix("private") == true)
            let bad = try await http.get("/repos/apple/swift/events", headers: ["Authorization": "Bearer gho_not-a-token"])
            #expect(bad.status == 401 && bad.message == "Bad credentials")
        }
    }

    @Test("Link leads through every page by the numeric id; an unknown repository is 404 with GitHub's error body")
    func pagesAndNotFound() async throws {
        try await github { http in
            var path = "/repos/Alamofire/Alamofire/events?per_page=15"
            var seen: [String] = []
            var pages = 0
            while pages < 10 {
                let answer = try await http.get(path)
                #expect(answer.status == 200)
                seen += (answer.json as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
                pages += 1
                guard let link = answer.headers["link"], let next = Self.next(link) else { break }
                #expect(next.hasPrefix(http.sandbox.baseURL.absoluteString + "/repositories/22458259/events?"))
                path = String(next.dropFirst(http.sandbox.baseURL.absoluteString.count))
            }
            #expect(pages == 3)
            #expect(seen.count == 40 && Set(seen).count == 40)
            let missing = try await http.get("/repos/apicheck/no-such-repository/events")
            #expect(missing.status == 404)
            #expect(missing.object["message"] as? String == "Not Found")
            #expect(missing.object["status"] as? String == "404")
            #expect(try await http.send("DELETE", "/repos/apple/swift/events").status == 404)
        }
    }

    static func next(_ link: String) -> String? {
        for part in link.components(separatedBy: ", ") where part.hasSuffix("rel=\"next\"") {
            return part.split(separator: ";").first.map { String($0.dropFirst().dropLast()) }
        }
        return nil
    }

    @Test("search: language:swift by stars with a decimal score; a missing q is 422 with errors[].field q")
    func search() async throws {
        try await github { http in
            let answer = try await http.get("/search/repositories?q=language:swift&sort=stars&per_page=5")
            #expect(answer.status == 200)
            #expect(answer.headers["x-ratelimit-resource"] == "search")
            #expect(answer.headers["x-ratelimit-limit"] == "10")
            let items = answer.object[array: "items"]
            #expect(items.count == 5)
            let stars = items.compactMap { $0["stargazers_count"] as? Int }
            #expect(stars == stars.sorted(by: >))
            #expect(items.allSatisfy { ($0["language"] as? String)?.lowercased() == "swift" })
            #expect(answer.text.contains(#""score":1.0"#))
            #expect(answer.object["total_count"] as? Int == 6)
            let best = try await http.get("/search/repositories?q=swift")
            #expect(best.text.range(of: #""score":[0-9]+\.[0-9]{6}"#, options: .regularExpression) != nil)
            let missing = try await http.get("/search/repositories")
            #expect(missing.status == 422)
            #expect(missing.object["message"] as? String == "Validation Failed")
            #expect(missing.object[array: "errors"].first?["field"] as? String == "q")
            #expect(try await http.get("/search/repositories?q=%20").status == 422)
        }
    }

    @Test(
        "OAuth: JSON with Accept json, a form without; a code works once; errors inside HTTP 200",
        arguments: [
            (
                "client_id=\(GitHubSandboxOptions.defaultClientID)&client_secret=\(GitHubSandboxOptions.defaultClientSecret)&code=bad-one",
                "bad_verification_code"
            ),
            ("client_id=\(GitHubSandboxOptions.defaultClientID)&client_secret=wrong&code=fresh", "incorrect_client_credentials"),
            ("client_id=other&client_secret=\(GitHubSandboxOptions.defaultClientSecret)&code=fresh", "incorrect_client_credentials"),
            (
                "client_id=\(GitHubSandboxOptions.defaultClientID)&client_secret=\(GitHubSandboxOptions.defaultClientSecret)&code=fresh&redirect_uri=https%3A%2F%2Fevil.example",
                "redirect_uri_mismatch"
            ),
        ])
    func oauthErrors(_ body: String, _ error: String) async throws {
        try await github { http in
            let json = try await http.form("POST", "/login/oauth/access_token", body)
            #expect(json.status == 200)
            #expect(json.object["error"] as? String == error)
            #expect((json.object["error_uri"] as? String)?.hasPrefix("https://docs.github.com/") == true)
            let form = try await http.send(
                "POST", "/login/oauth/access_token", body: Data(body.utf8), contentType: "application/x-www-form-urlencoded",
                headers: ["Accept": "*/*"])
            #expect(form.status == 200)
            #expect(form.contentType == "application/x-www-form-urlencoded; charset=utf-8")
            #expect(form.text.hasPrefix("error=\(error)&error_description="))
        }
    }

    @Test("OAuth: a fresh code gets a gho_ token with token_type bearer, once; the token then works on the API")
    func oauthSuccess() async throws {
        try await github { http in
            let body =
                "client_id=\(GitHubSandboxOptions.defaultClientID)&client_secret=\(GitHubSandboxOptions.defaultClientSecret)&code=granted-1"
            let answer = try await http.form("POST", "/login/oauth/access_token", body)
            #expect(answer.status == 200)
            let token = try #require(answer.object["access_token"] as? String)
            #expect(token.hasPrefix("gho_") && token.count == 40)
            #expect(answer.object["token_type"] as? String == "bearer")
            #expect(try await http.form("POST", "/login/oauth/access_token", body).object["error"] as? String == "bad_verification_code")
            let form = try await http.send(
                "POST", "/login/oauth/access_token", body: Data((body + "2").utf8), contentType: "application/x-www-form-urlencoded",
                headers: ["Accept": "*/*"]
            )
            #expect(
                form.text.range(of: "^access_token=gho_[A-Za-z0-9]{36}&scope=repo%2Cgist&token_type=bearer$", options: .regularExpression)
                    != nil, "\(form.text)")
            let events = try await http.get("/repos/apple/swift/events", headers: ["Authorization": "token \(token)"])
            #expect(events.status == 200 && events.headers["x-ratelimit-limit"] == "5000")
        }
    }

    // MARK: Drifts

    @Test("event-id-int writes ids as numbers")
    func eventIDInt() async throws {
        let answer = try await github(drifts: [.githubEventIDInt]) { try await $0.get("/repos/apple/swift/events?per_page=3") }
        #expect(answer.text.range(of: #"\{"id":[0-9]+,"#, options: .regularExpression) != nil)
        #expect(!answer.text.contains(#"{"id":""#))
    }

    @Test("dates-fraction writes three fraction digits")
    func datesFraction() async throws {
        let answer = try await github(drifts: [.githubDatesFraction]) { try await $0.get("/repos/apple/swift/events?per_page=3") }
        let dates = (answer.json as? [[String: Any]] ?? []).compactMap { $0["created_at"] as? String }
        #expect(dates.count == 3 && dates.allSatisfy { $0.range(of: #"\.[0-9]{3}Z$"#, options: .regularExpression) != nil })
    }

    @Test("no-last-modified drops Last-Modified and ignores If-Modified-Since")
    func noLastModified() async throws {
        try await github(drifts: [.githubNoLastModified]) { http in
            let answer = try await http.get("/repos/apple/swift/events")
            #expect(answer.headers["last-modified"] == nil && answer.headers["etag"] != nil)
            let again = try await http.get("/repos/apple/swift/events", headers: ["If-Modified-Since": "Fri, 01 Jan 2100 00:00:00 GMT"])
            #expect(again.status == 200)
        }
    }

    @Test("no-etag-304 drops ETag and never answers 304")
    func noETag304() async throws {
        try await github(drifts: [.githubNoETag304]) { http in
            let answer = try await http.get("/repos/apple/swift/events")
            #expect(answer.headers["etag"] == nil)
            #expect(try await http.get("/repos/apple/swift/events", headers: ["If-None-Match": "*"]).status == 200)
        }
    }

    @Test("actor-removed drops actor from every event")
    func actorRemoved() async throws {
        let answer = try await github(drifts: [.githubActorRemoved]) { try await $0.get("/repos/apple/swift/events?per_page=3") }
        let events = answer.json as? [[String: Any]] ?? []
        #expect(events.count == 3 && events.allSatisfy { $0["actor"] == nil && $0["repo"] != nil })
    }

    @Test("search-items-object answers items as one object")
    func searchItemsObject() async throws {
        let answer = try await github(drifts: [.githubSearchItemsObject]) {
            try await $0.get("/search/repositories?q=language:swift&sort=stars")
        }
        #expect(answer.object[object: "items"]["full_name"] as? String == "apple/swift")
    }

    @Test("oauth-error-401 answers the exchange's errors with 401")
    func oauthError401() async throws {
        let answer = try await github(drifts: [.githubOAuthError401]) {
            try await $0.form("POST", "/login/oauth/access_token", "client_id=x&client_secret=y&code=z")
        }
        #expect(answer.status == 401)
        #expect(answer.object["error"] as? String == "incorrect_client_credentials")
    }

    @Test("ratelimit-headers-missing drops every x-ratelimit-* header")
    func rateLimitHeadersMissing() async throws {
        let answer = try await github(drifts: [.githubRateLimitHeadersMissing]) { try await $0.get("/repos/apple/swift/events") }
        #expect(answer.status == 200)
        #expect(!answer.headers.keys.contains { $0.hasPrefix("x-ratelimit-") })
    }
}
