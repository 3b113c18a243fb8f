import APICheckRecording
import Foundation
import TestSupport
import Testing

@Suite("Secret scanner")
struct SecretScannerTests {
    @Test(
        "live-looking secrets are found; redacted and ordinary text is not",
        arguments: [
            (#"{"token": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abc"}"#, "a JWT", 11),
            (#""Authorization": "KakaoAK 0123456789abcdef0123""#, "a Kakao REST API key", 18),
            (#"access_token=gho_16C7e42F292c6912E7710c838347Ae178B4a"#, "a GitHub token", 13),
            (#""Authorization": "Bearer abcdefghijklmnop1234""#, "a bearer token", 18),
            (#"the value is s3cr3t-env-value here"#, "the value of a configured secret", 13),
        ])
    func findsSecrets(_ text: String, _ what: String, _ offset: Int) {
        let found = SecretScanner.scan(text, values: ["s3cr3t-env-value"])
        #expect(found.map(\.what) == [what])
        // The excerpt names the shape, never a character of the secret.
        #expect(found.allSatisfy { ["eyJ...", "KakaoAK ...", "gho_...", "Bearer ...", "..."].contains($0.excerpt) }, "\(found)")
        #expect(found.map(\.offset) == [offset])
    }

    @Test("a base64 copy of a configured secret is found at any alignment, in either alphabet")
    func base64Copies() {
        let secret = "s3cr3t-env-value?>>"
        for prefix in ["", "a", "ab", "client:"] {
            let standard = Data((prefix + secret).utf8).base64EncodedString()
            let urlSafe = standard.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            for encoded in [standard, urlSafe] {
                let found = SecretScanner.scan("Authorization: Basic \(encoded)", values: [secret])
                #expect(found.map(\.what) == ["a base64 copy of a configured secret"], "\(prefix) \(encoded)")
            }
        }
        #expect(SecretScanner.scan(Data("unrelated text".utf8).base64EncodedString(), values: [secret]).isEmpty)
    }

    @Test("redacted recordings and ordinary bodies are clean")
    func cleanText() {
        #expect(
            SecretScanner.scan(#"{"Authorization": "<redacted>", "token_type": "bearer", "title": "Bearer of news"}"#, values: ["abc"])
                .isEmpty)
    }

    @Test(
        "a secret at the very start or end of the file is found, a cut-off one is not",
        arguments: [
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

    @Test("GitHub tokens of each prefix, anywhere in random text: found exactly where the pattern matches")
    func gitHubPrefixes() throws {
        let pattern = try NSRegularExpression(pattern: #"gh[pousr]_[A-Za-z0-9]{20,}"#)  // SecretScanner's, as it says
        var random = SeededGenerator(seed: 28)
        let alphabet = Array("ghpousr_xA0g".utf8)
        var found = 0
        for round in 0..<3_000 {
            var bytes = (0..<Int.random(in: 0...30, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            if round % 3 == 0 {
                // A whole token of a random prefix at a random place.
                let token = Array("gh\(["p", "o", "u", "s", "r"].randomElement(using: &random)!)_0123456789abcdefghijAB".utf8)
                bytes.insert(contentsOf: token, at: Int.random(in: 0...bytes.count, using: &random))
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let expected = pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            let scanned = SecretScanner.scan(text).contains { $0.what == "a GitHub token" }
            #expect(scanned == expected, "\(text)")
            if expected { found += 1 }
        }
        #expect(found >= 1_000, "only \(found) texts held a token")
    }

    @Test("a configured value is found at its first occurrence, whichever of its bytes the search anchors on")
    func firstOccurrence() {
        var random = SeededGenerator(seed: 7)
        let alphabet = Array("gph_xA ".utf8)
        for _ in 0..<2_000 {
            let haystack = (0..<Int.random(in: 0...40, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            let needle = (0..<Int.random(in: 4...6, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            let expected =
                haystack.count < needle.count
                ? nil : (0...(haystack.count - needle.count)).first { Array(haystack[$0..<($0 + needle.count)]) == needle }
            let text = String(decoding: haystack, as: UTF8.self)
            let found = SecretScanner.scan(text, values: [String(decoding: needle, as: UTF8.self)]).first {
                $0.what == "the value of a configured secret"
            }
            #expect(found?.offset == expected, "\(text) / \(String(decoding: needle, as: UTF8.self))")
        }
    }
}
