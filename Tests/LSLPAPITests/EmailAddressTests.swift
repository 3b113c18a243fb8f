import LSLPAPI
import TestSupport
import Testing

/// `EmailAddress.isValid` reads the app's pattern byte by byte (Swift's `Regex` needs iOS 16 / macOS 13): it must
/// say what the pattern says, compared here with the `Regex` itself where the system has it.
@Suite("EmailAddress")
struct EmailAddressTests {
    @Test("the app's examples: accepted and refused")
    func examples() {
        for email in ["life@sesac.kr", "a.b-c_d%e+f@mail.sub-domain.co", "1@2.kr", "x@-.io", "x@..io"] {
            #expect(EmailAddress.isValid(email), "\(email)")
        }
        for email in ["", "plain", "a@b", "a b@c.kr", "@sesac.kr", "a@b.c", "a@@b.kr", "a@b@c.kr", "a@.kr", "a@b.k1", "é@b.kr", "a@b.kré"] {
            #expect(!EmailAddress.isValid(email), "\(email)")
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("says what the pattern says, on 20,000 strings of its characters and a few others")
    func sameAsPattern() throws {
        let pattern = try Regex(EmailAddress.pattern)
        let others: [String] = ["@", ".", " ", "é", "e\u{301}", "\r\n", "!", "[", "Ａ"]
        let local = ["a", "Z", "7", ".", "-", "_", "%", "+"], domain = ["a", "Z", "7", ".", "-"], letters = ["k", "R"]
        var generator = SeededGenerator(seed: 43)
        var accepted = 0
        for _ in 0..<20_000 {
            // An address's shape (local, @, domain, dot, ending): each part's characters mostly its own, some others,
            // each separator sometimes left out.
            var email = ""
            for (part, separator) in [(local, "@"), (domain, "."), (letters, "")] {
                for _ in 0..<Int.random(in: 0...3, using: &generator) {
                    let set = Int.random(in: 0..<5, using: &generator) == 0 ? others : part
                    email += set.randomElement(using: &generator)!
                }
                if Int.random(in: 0..<8, using: &generator) != 0 { email += separator }
            }
            let valid = EmailAddress.isValid(email)
            if valid { accepted += 1 }
            #expect(valid == (email.wholeMatch(of: pattern) != nil), "\(email.debugDescription)")
        }
        #expect(accepted > 1_000, "the strings must reach both answers")
    }
}
