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
}
