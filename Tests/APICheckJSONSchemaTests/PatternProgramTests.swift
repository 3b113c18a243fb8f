import Foundation
import Locking
import TestSupport
import Testing

@testable import APICheckJSONSchema
@testable import APICheckRecording

/// `pattern` as ECMA-262 reads it, and the class fast path giving ICU's own answers.
@Suite("Patterns: ECMA-262's $, and the class fast path equal to ICU")
struct PatternProgramTests {
    /// ICU's answer for `source` with `$` as the end of the text: what `PatternProgram` must answer.
    static func reference(_ source: String) throws -> NSRegularExpression {
        try NSRegularExpression(pattern: PatternProgram.endAnchored(source))
    }

    static func icu(_ regex: NSRegularExpression, _ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// The contracts' own patterns (all but GitHub's HTTP date, which has two groups, take the fast path), and more
    /// of the forms it takes.
    static let fastPatterns = [
        #"\S"#, #"[^\t\n\x0B\x0C\r \u0085\u00A0\u1680\u2000-\u200B\u2028\u2029\u202F\u205F\u3000\uFEFF]"#, "^[0-9a-f]{24}$",
        "^([0-9a-f]{24}|0)?$",
        "^(https?://.*)?$", "^https?://", "^[0-9]+$",
        #"\s"#, #"\d"#, #"\W"#, "^[a-z_]*$", "^[A-Z]?$", "^[가-힣 ]{2,5}$", "^[^,]{3,}$", #"^\w{1,3}$"#, "[.$]", "^.$", "^a.?$",
        #"^\d{3}-\d{4}$"#, "^(ab|a|)$", #"^(a\|b|c)$"#, "^(x[|]y)$", "^(ab|[a|]b)$",
        #"^v[0-9]+\.[0-9]+(\.[0-9]+)?"#.replacingOccurrences(of: "(\\.[0-9]+)?", with: ""),
        "^z{2}y*$", "^(f|t)?", "^가나?", #"^\t\n$"#,
        // OpenAPI's own: a sequence before the group, a group that captures nothing.
        "^[1-5](?:[0-9]{2}|XX)$", "^(?:schemas|responses|parameters)$", "^x-", "^/", "^a(b|c)$", "^[0-9]{2}(?:ab|a)",
    ]

    /// Patterns that must go to ICU every time.
    static let slowPatterns = [
        "a|b", #"\p{L}"#, "[a-z]{2}", "^[]a]$", "^[a-z]+?$", "^[a-z]*a$", "^a?a$", "^(a(b))$", "^(ab)+$", "^[a-z]++$", #"^\bx$"#, "abc$",
        "^[a-z&&[^q]]$", "^(ab|[a|b]|c)+$", #"^a\((b|c)\)$"#, "^[a(b|c)]$", "^a(b|c)d$", "^(a)(b|c)$", "^a*(a|b)$", "^[a(](b|c)$",
        #"^3\.1\.\d+(-.+)?$"#,
        "^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), [0-9]{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2} GMT$",
    ]

    @Test("each form the fast path claims takes it, and the others do not")
    func fastPathIsTaken() throws {
        for source in Self.fastPatterns {
            #expect(try PatternProgram(source).hasFastPath, "\(source)")
            // A fast pattern is given to ICU only when a text needs it: its forms must be ICU's.
            #expect(throws: Never.self) { try Self.reference(source) }
        }
        for source in Self.slowPatterns { #expect(try !PatternProgram(source).hasFastPath, "\(source)") }
    }

    @Test("a fast pattern's ICU program, made when a text above the BMP first needs it, answers alike on many threads at once")
    func icuMadeOnceAcrossThreads() throws {
        let program = try PatternProgram("^[a-z😀]+$")
        #expect(program.hasFastPath)
        let answers = Locked([Bool]())
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            let right = program.matches(index % 2 == 0 ? "ab😀c" : "ab😀C") == (index % 2 == 0)
            answers.withLock { $0.append(right) }
        }
        let all = answers.withLock { $0 }
        #expect(all.count == 16 && all.allSatisfy { $0 })
    }

    @Test("a pattern ICU refuses is refused at once, whether or not its form is one the fast path reads")
    func refusedAtOnce() {
        for source in ["^(", "[z-a]", "^[z-a]$", "^a{2,1}$", #"^\x$"#, "^(a|b", "^[1-5](?:[0-9]{2}|XX$", "(?<", "*a"] {
            #expect(throws: (any Error).self, "\(source)") { try PatternProgram(source) }
        }
    }

    @Test("random texts: every pattern answers as ICU does (with $ as the end of the text)")
    func randomTextsAgreeWithICU() throws {
        let alphabet: [Character] = [
            "a", "b", "f", "t", "x", "y", "z", "A", "Z", "0", "9", "_", "-", ",", ".", "$", "|", ":", "/", "h", "p", "s", " ", "\t", "\n",
            "\r",
            "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{2028}", "\u{3000}", "\u{FEFF}", "\u{200B}", "가", "나", "힣", "é", "ß", "٣", "😀", "𝟘",
        ]
        // Texts that start as a pattern's matches do (so that the anchored forms are reached), then random ones.
        let starts = [
            "", "0123456789abcdef01234567", "http://", "https://", "https:/", "Mon, 02 Jan 2006 15:04:05 GMT",
            "Sun, 31 Dec 1999 23:59:60 GMT",
            "123-4567", "ab", "a|b", "x|y", "v1.2", "zz", "가나", "\t\n", "f", "t", "200", "4XX", "599", "6XX", "2X", "schemas", "responses",
            "x-", "/", "ac", "12ab", "12a", "(b", "ac)",
        ]
        var generator = SeededGenerator(seed: 28)
        var texts = starts + ["0123456789abcdef01234567\n", "0123456789abcdef0123456", "   ", "\n", "가나다", "https://a.b/\u{2028}"]
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...30, using: &generator)
            texts.append(String((0..<length).map { _ in alphabet.randomElement(using: &generator)! }))
            // Long runs of one kind, so that the counted forms meet their bounds.
            let run = alphabet.randomElement(using: &generator)!
            texts.append(String(repeating: run, count: Int.random(in: 1...26, using: &generator)))
            // A start that matches, with a random tail (often nothing, often a line terminator).
            let start = starts.randomElement(using: &generator)!
            let tail = (0..<Int.random(in: 0...3, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            texts.append(start + String(tail))
        }
        var compared = 0
        for source in Self.fastPatterns + Self.slowPatterns {
            let program = try PatternProgram(source)
            let regex = try Self.reference(source)
            for text in texts {
                #expect(program.matches(text) == Self.icu(regex, text), "\(source) on \(text.debugDescription)")
                compared += 1
            }
        }
        #expect(compared == (Self.fastPatterns.count + Self.slowPatterns.count) * texts.count)
    }

    /// Bracket classes of ASCII characters whose members are read from their text (the OpenAPI schemas' own among
    /// them), and classes that must go to ICU for theirs.
    static let directClasses = [
        "[0-9a-f]", "[a-zA-Z0-9._-]", "[a-zA-Z0-9!#$%&'*+.^_`|~-]", "[^/#?]", "[^#]", "[Bb]", "[-a]", "[a-]", "[^-]", #"[\-\]\\\^\.]"#,
        "[ !-~]", "[$.]", "[a^]", #"[\/]"#, "[^a-z]", "[&]", "[a&b]",
    ]
    static let classesLeftToICU = ["[a-c-e]", #"[\d]"#, #"[\t]"#, "[é]", "[z-a]", #"[\x41]"#, "[^]", "[a-\\-]", "[a&&b]"]

    @Test("every code point of the BMP: the class bitmaps are ICU's, read from the text or matched by ICU")
    func everyBMPCodePoint() throws {
        for atom in Self.directClasses { #expect(PatternProgram.readsClassDirectly(atom), "\(atom)") }
        for atom in Self.classesLeftToICU { #expect(!PatternProgram.readsClassDirectly(atom), "\(atom)") }
        let sources = [
            #"\S"#, #"[^\t\n\x0B\x0C\r \u0085\u00A0\u1680\u2000-\u200B\u2028\u2029\u202F\u205F\u3000\uFEFF]"#, "^[0-9a-f]{1}$", "^.$",
        ]
        for source in sources + Self.directClasses.map({ "^\($0)$" }) {
            let program = try PatternProgram(source)
            #expect(program.hasFastPath)
            let regex = try Self.reference(source)
            var disagreements: [String] = []
            for value in UInt32(0)..<0x10000 {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let text = String(Character(scalar))
                if program.matches(text) != Self.icu(regex, text) { disagreements.append(String(format: "U+%04X", value)) }
            }
            #expect(disagreements.isEmpty, "\(source): \(disagreements.prefix(20))")
        }
    }

    @Test("$ is the end of the text, as in ECMA-262: an id followed by a newline is not an id")
    func dollarIsTheEnd() throws {
        for source in ["^[0-9a-f]{24}$", "^([0-9a-f]{24}|0)?$", "^abc$"] {
            let program = try PatternProgram(source)
            let text = source == "^abc$" ? "abc" : "0123456789abcdef01234567"
            #expect(program.matches(text))
            for ending in ["\n", "\r\n", "\r", "\u{85}", "\u{2028}"] {
                #expect(!program.matches(text + ending), "\(source) on \((text + ending).debugDescription)")
                // What ICU alone does with the source as written: the reason for the rewrite.
                if ending == "\n" { #expect(Self.icu(try NSRegularExpression(pattern: source), text + ending)) }
            }
        }
        #expect(PatternProgram.endAnchored(#"^a\$[$]b$"#) == #"^a\$[$]b\z"#)
        #expect(PatternProgram.endAnchored(#"\Qa$\E"#) == #"\Qa$\E"#)
    }

    @Test("a schema refuses an id followed by a newline (schema.pattern)")
    func verifierRefusesTrailingNewline() throws {
        let schema = try StandaloneSchema(JSONReader.parse(Array(#"{"type": "string", "pattern": "^[0-9a-f]{24}$"}"#.utf8)))
        #expect(schema.problems(in: .string("0123456789abcdef01234567")).isEmpty)
        let problems = schema.problems(in: .string("0123456789abcdef01234567\n"))
        #expect(problems.count == 1 && problems[0].hasSuffix("[schema.pattern]"), "\(problems)")
    }
}
