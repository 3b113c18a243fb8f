import Testing

/// `withKnownIssue` around a trait's scope (or any throwing body): an error the body throws is recorded as an issue
/// and matched like the others, so a test can expect what a scope reports and what it throws alike.
func withKnownScopeIssue(
    isIntermittent: Bool = false, _ body: () async throws -> Void, matching: @escaping KnownIssueMatcher = { _ in true }
) async {
    await withKnownIssue(isIntermittent: isIntermittent) {
        do {
            try await body()
        } catch {
            Issue.record(error)
        }
    } matching: { issue in
        matching(issue)
    }
}
