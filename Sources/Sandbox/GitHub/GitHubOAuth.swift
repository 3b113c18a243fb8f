/// github.com's `POST /login/oauth/access_token`: a form (or JSON) body with `client_id`,
/// `client_secret`, `code` and an optional `redirect_uri`; the answer is JSON with
/// `Accept: application/json` and form-encoded without; errors arrive inside HTTP 200.
struct GitHubOAuth {
    let store: GitHubStore
    let renderer: GitHubRenderer
    let options: GitHubSandboxOptions

    static let documentation = "https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/"

    func exchange(_ request: ReceivedRequest) -> SandboxResponse {
        var fields = request.queryItems.map { ($0.name, $0.value) }
        if request.mediaType == "application/json" {
            for (name, value) in (JSON.parseObject(request.body) ?? [:]) {
                if let text = value as? String { fields.append((name, text)) }
            }
        } else {
            fields += PercentDecoding.pairs(request.body)
        }
        func field(_ name: String) -> String? { fields.last { $0.0 == name }?.1 }
        let wantsJSON = (request.header("Accept") ?? "").lowercased().contains("json")

        guard field("client_id") == options.clientID, field("client_secret") == options.clientSecret else {
            return error(
                "incorrect_client_credentials", "The client_id and/or client_secret passed are incorrect.",
                anchor: "#incorrect-client-credentials", json: wantsJSON)
        }
        if let redirect = field("redirect_uri"), !redirect.hasPrefix(options.redirectURI) {
            return error(
                "redirect_uri_mismatch", "The redirect_uri MUST match the registered callback URL for this application.",
                anchor: "#redirect-uri-mismatch2", json: wantsJSON
            )
        }
        // Any code not used before works once; one that starts with "bad" never does (the replica's rule).
        guard let code = field("code"), !code.isEmpty, !code.hasPrefix("bad"), store.spend(code: code) else {
            return error(
                "bad_verification_code", "The code passed is incorrect or expired.", anchor: "#bad-verification-code", json: wantsJSON)
        }
        let token = store.issueToken()
        let answer = [("access_token", token), ("scope", "repo,gist"), ("token_type", "bearer")]
        return render(answer, status: 200, json: wantsJSON)
    }

    private func error(_ code: String, _ description: String, anchor: String, json: Bool) -> SandboxResponse {
        let status = renderer.has(.githubOAuthError401) ? 401 : 200
        return render(
            [("error", code), ("error_description", description), ("error_uri", Self.documentation + anchor)], status: status, json: json)
    }

    /// JSON, or a form written as Rails writes one (`+` for a space, `%2C` for a comma).
    private func render(_ pairs: [(String, String)], status: Int, json: Bool) -> SandboxResponse {
        if json {
            return SandboxResponse(
                status: status, content: .json(.object(pairs.map { ($0.0, .string($0.1)) }), contentType: GitHubService.jsonType))
        }
        let text = pairs.map { Self.formEscape($0.0) + "=" + Self.formEscape($0.1) }.joined(separator: "&")
        return SandboxResponse(
            status: status, content: .bytes(Array(text.utf8), contentType: "application/x-www-form-urlencoded; charset=utf-8"))
    }

    static func formEscape(_ text: String) -> String {
        GitHubService.escape(text).replacingOccurrences(of: "%20", with: "+")
    }
}
