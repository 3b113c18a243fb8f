import APICheck
import Testing

@Suite("Secret scanner")
struct SecretScannerTests {
    @Test("live-looking secrets are found; redacted and ordinary text is not", arguments: [
        (#"{"token": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abc"}"#, "a JWT"),
        (#""Authorization": "KakaoAK 0123456789abcdef0123""#, "a Kakao REST API key"),
        (#"access_token=gho_16C7e42F292c6912E7710c838347Ae178B4a"#, "a GitHub token"),
        (#""Authorization": "Bearer abcdefghijklmnop1234""#, "a bearer token"),
        (#"the value is s3cr3t-env-value here"#, "the value of a configured secret"),
    ])
    func findsSecrets(_ text: String, _ what: String) {
        let found = SecretScanner.scan(text, values: ["s3cr3t-env-value"])
        #expect(found.map(\.what) == [what])
        #expect(found.allSatisfy { !text.isEmpty && $0.excerpt.hasSuffix("...") && $0.excerpt.count <= 15 })
    }

    @Test("redacted recordings and ordinary bodies are clean")
    func cleanText() {
        #expect(SecretScanner.scan(#"{"Authorization": "<redacted>", "token_type": "bearer", "title": "Bearer of news"}"#, values: ["abc"]).isEmpty)
    }

    @Test("a secret at the very start or end of the file is found, a cut-off one is not", arguments: [
        ("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abc", ["a JWT"]),
        ("x ghp_0123456789abcdefghijABCD", ["a GitHub token"]),
        ("Bearer abcdefghijklmnop1234", ["a bearer token"]),
        ("token: ghp", []),
        ("KakaoAK", []),
        ("", []),
    ])
    func boundaries(_ text: String, _ expected: [String]) {
        #expect(SecretScanner.scan(text).map(\.what) == expected)
    }
}
