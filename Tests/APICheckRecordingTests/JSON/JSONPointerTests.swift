import Foundation
import Testing

@testable import APICheckRecording

/// RFC 6901's escapes, written and read back: `~` as `~0`, `/` as `~1`, nothing else touched.
@Suite("JSON pointers")
struct JSONPointerTests {
    @Test(
        "a token is written with ~ as ~0 and / as ~1, and read back",
        arguments: [
            (["plain"], "/plain"),
            (["a~b"], "/a~0b"),
            (["c/d"], "/c~1d"),
            (["~1"], "/~01"),
            (["할 일/~", ""], "/할 일~1~0/"),
            (["paths", "/api/v2/todos/{id}", "get"], "/paths/~1api~1v2~1todos~1{id}/get"),
            ([], ""),
            (["", ""], "//"),
            (["할 일", "a token longer than fifteen bytes", "😀"], "/할 일/a token longer than fifteen bytes/😀"),
            // A combining mark after a `/` makes one character of the two; the pointer still splits there (RFC 6901 reads
            // code points).
            (["a", "\u{301}b"], "/a/\u{301}b"),
            (["e\u{301}", "x"], "/e\u{301}/x"),
        ])
    func escapesRoundTrip(tokens: [String], text: String) {
        let pointer = JSONPointer(tokens: tokens)
        #expect(pointer.description == text)
        #expect(JSONPointer(text) == pointer)
    }

    @Test("a pointer built token by token is the one parsed, read or made from its tokens: equal, same hash, same parts")
    func builtEqualsParsed() {
        let built = JSONPointer.root.appending("components").appending("schemas").appending("a/b").appending(3)
        let parsed = JSONPointer("/components/schemas/a~1b/3")
        #expect(built == parsed && built.hashValue == parsed.hashValue)
        #expect(built.tokens == ["components", "schemas", "a/b", "3"] && built.tokenCount == 4 && built.lastToken == "3")
        #expect(Set([built, parsed, JSONPointer(tokens: built.tokens)]).count == 1)
        #expect(built.parent == JSONPointer("/components/schemas/a~1b") && built.parent.parent.parent.parent == .root)
        #expect(JSONPointer.root.parent.isRoot && JSONPointer.root.lastToken == nil && JSONPointer.root.tokens.isEmpty)
        // Same length, a token apart (and a token split differently) are different pointers.
        #expect(built != JSONPointer("/components/schemas/a~1b/4"))
        #expect(JSONPointer("/a/bc") != JSONPointer("/ab/c") && JSONPointer("/a") != JSONPointer("/a/"))
    }

    @Test(
        "text without a leading / is one token's path; a lone / is the empty token's",
        arguments: [("a", ["a"]), ("a/b", ["a", "b"]), ("/", [""]), ("a~1b", ["a/b"])])
    func unrootedText(text: String, tokens: [String]) {
        #expect(JSONPointer(text).tokens == tokens)
    }

    @Test(
        "%-escapes are decoded as Foundation decodes them, and text without one is returned as it is",
        arguments: [
            ("plain", "plain"), ("a%20b", "a b"), ("%7Bid%7D", "{id}"), ("%E2%9C%93", "✓"), ("100%", nil), ("%zz", nil),
            ("%FF", nil), ("할 일", "할 일"),
        ] as [(String, String?)])
    func percentDecoding(text: String, decoded: String?) {
        #expect(text.percentDecoded == decoded)
        #expect(("#" + text).dropFirst().percentDecoded == decoded)
        #expect(text.removingPercentEncoding == decoded)
    }

    @Test("a pointer lies below itself and the pointers above it, never below a sibling that shares its first letters")
    func prefixes() {
        let pointer = JSONPointer("/paths/~1todos/get")
        #expect(pointer.hasPrefix(.root) && pointer.hasPrefix("/paths") && pointer.hasPrefix(pointer))
        #expect(!pointer.hasPrefix("/paths/~1todo") && !pointer.hasPrefix("/paths/~1todos/get/responses"))
        #expect(!JSONPointer.root.hasPrefix("/paths"))
        // Built token by token, from other pointers, and parsed: the same answers.
        let built = JSONPointer.root.appending("paths").appending("/todos").appending("get")
        #expect(built.hasPrefix(JSONPointer("/paths/~1todos")) && JSONPointer("/paths/~1todos/get").hasPrefix(built.parent))
        #expect(!built.hasPrefix(JSONPointer.root.appending("paths").appending("/todo")))
    }

    @Test("pointers made from one share its tokens, and each is its own: equal where their tokens are, whichever way made")
    func sharedTokens() {
        let base = JSONPointer("/components/schemas")
        let cat = base.appending("Cat")
        let dog = base.appending("Dog")
        #expect(cat != dog && cat.parent == dog.parent && cat.parent == base)
        #expect(cat == JSONPointer(tokens: ["components", "schemas", "Cat"]) && cat.description == "/components/schemas/Cat")
        #expect(cat.appending("properties") != base.appending("Cat~properties"))
        #expect(Dictionary(uniqueKeysWithValues: [(cat, 1), (dog, 2)])[JSONPointer("/components/schemas/Dog")] == 2)
    }

    @Test("a pointer hundreds of thousands of tokens deep is let go of on a small stack (no release inside a release)")
    func deepPointerReleased() async {
        // Swift's concurrency threads have half a megabyte of stack: a chain released recursively overflowed it.
        await Task.detached {
            var pointer = JSONPointer.root
            for index in 0..<300_000 { pointer = pointer.appending(index) }
            #expect(pointer.tokenCount == 300_000 && pointer.lastToken == "299999")
            pointer = .root
            #expect(pointer.isRoot)
        }.value
    }
}
