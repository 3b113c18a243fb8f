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

    @Test("a pointer lies below itself and the pointers above it, never below a sibling that shares its first letters")
    func prefixes() {
        let pointer = JSONPointer("/paths/~1todos/get")
        #expect(pointer.hasPrefix(.root) && pointer.hasPrefix("/paths") && pointer.hasPrefix(pointer))
        #expect(!pointer.hasPrefix("/paths/~1todo") && !pointer.hasPrefix("/paths/~1todos/get/responses"))
        #expect(!JSONPointer.root.hasPrefix("/paths"))
    }
}
