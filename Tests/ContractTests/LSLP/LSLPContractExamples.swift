import APICheckTesting
import Foundation
import TestSupport
import Testing

@testable import LSLPAPI

/// The LSLP client against every response `contracts/lslp.openapi.yaml` allows (`recordings/lslp/examples/`,
/// written by `swift run apicheck examples --api lslp`), each through the client's own request code, logged in
/// where the operation needs it.
@Suite("LSLP client decodes every response the contract allows", timeLimit(minutes: 5))
struct LSLPContractExamples {
    static let credentials = Credentials(userID: "65f0c0ffee0123456789abcd", accessToken: "access-example", refreshToken: "refresh-example")

    static func client(_ replay: ExampleReplay, loggedIn: Bool = true) -> LSLPClient {
        LSLPClient(
            session: replay.session, baseURL: replay.baseURL, sesacKey: LSLPRecordings.key,
            tokens: TokenStore(credentials: loggedIn ? credentials : nil))
    }

    /// A 419 makes the client refresh its token (`GET /refresh`) and send again: the refresh is answered with the contract's 200.
    static func refresh(for example: ContractExample) throws -> [ContractExample] {
        example.status == 419 ? [try ContractExample.first(api: "lslp", operation: "GET /refresh", status: 200)] : []
    }

    /// `example` through a logged-in client; a 419 makes the client refresh (answered with the contract's 200) and send again.
    static func expectDecodesLoggedIn<Value>(
        _ example: ContractExample, sourceLocation: SourceLocation = #_sourceLocation, _ call: (LSLPClient) async throws -> Value
    ) async throws {
        await example.expectDecodes(
            alsoAnswering: try refresh(for: example), decodingFailure: decodingFailure, sourceLocation: sourceLocation
        ) {
            try await call(client($0))
        }
    }

    @Test("every operation of the contract is checked here")
    func everyOperation() throws {
        let called: Set<String> = [
            "POST /join", "POST /validation/email", "POST /login", "GET /refresh", "GET /withdraw", "GET /post", "POST /post",
            "GET /post/{id}", "PUT /post/{id}", "DELETE /post/{id}", "POST /post/{id}/comment", "POST /post/like/{id}",
            "DELETE /post/{id}/comment/{comment_id}", "GET /post/user/{user_id}", "GET /post/like/me", "GET /uploads/posts/{file}",
            "GET /uploads/profiles/{file}",
        ]
        #expect(Set(try ContractExample.operations(api: "lslp")) == called)
    }

    @Test("POST /join", arguments: try ContractExample.load(api: "lslp", operation: "POST /join"))
    func join(_ example: ContractExample) async {
        await example.expectDecodes(decodingFailure: Self.decodingFailure) {
            try await Self.client($0, loggedIn: false).join(email: "sesac@example.com", password: "pass-1234", nick: "새싹 🌱")
        }
    }

    @Test("POST /validation/email", arguments: try ContractExample.load(api: "lslp", operation: "POST /validation/email"))
    func validateEmail(_ example: ContractExample) async {
        await example.expectDecodes(decodingFailure: Self.decodingFailure) {
            try await Self.client($0, loggedIn: false).validate(email: "sesac@example.com")
        }
    }

    @Test("POST /login", arguments: try ContractExample.load(api: "lslp", operation: "POST /login"))
    func login(_ example: ContractExample) async {
        await example.expectDecodes(decodingFailure: Self.decodingFailure) {
            try await Self.client($0, loggedIn: false).login(email: "sesac@example.com", password: "pass-1234")
        }
    }

    /// The client calls it itself when a request meets 419; every failure of it ends the session (`loginRequired`).
    @Test("GET /refresh", arguments: try ContractExample.load(api: "lslp", operation: "GET /refresh"))
    func refresh(_ example: ContractExample) async {
        let outcome = await example.expectDecodes(decodingFailure: Self.decodingFailure) {
            try await Self.client($0).refresh(Self.credentials)
        }
        if case .threw(let error as LSLPAPIError) = outcome {
            #expect(error.kind == .loginRequired, "\(example.step): \(error)")
        }
    }

    @Test("GET /withdraw", arguments: try ContractExample.load(api: "lslp", operation: "GET /withdraw"))
    func withdraw(_ example: ContractExample) async throws {
        try await Self.expectDecodesLoggedIn(example) { try await $0.withdraw() }
    }

    @Test("GET /post", arguments: try ContractExample.load(api: "lslp", operation: "GET /post"))
    func posts(_ example: ContractExample) async throws {
        try await Self.expectDecodesLoggedIn(example) {
            try await $0.posts(next: "65f0c0ffee0123456789abcd", limit: 20, productID: "MobbieFeed")
        }
    }

    @Test("GET /post/user/{user_id}", arguments: try ContractExample.load(api: "lslp", operation: "GET /post/user/{user_id}"))
    func userPosts(_ example: ContractExample) async throws {
        try await Self.expectDecodesLoggedIn(example) {
            try await $0.userPosts("65f0c0ffee0123456789abcd", next: "", limit: 20, productID: "MobbieFeed")
        }
    }

    @Test("GET /post/like/me", arguments: try ContractExample.load(api: "lslp", operation: "GET /post/like/me"))
    func likedPosts(_ example: ContractExample) async throws {
        try await Self.expectDecodesLoggedIn(example) { try await $0.likedPosts() }
    }

    @Test("POST /post", arguments: try ContractExample.load(api: "lslp", operation: "POST /post"))
    func createPost(_ example: ContractExample) async throws {
        let draft = PostDraft(
            productID: "MobbieFeed", content: "본문 #새싹", extraContents: ["다정한 코알라", nil, "0.75"],
            files: [ImageFile(filename: "1500 bytes.jpg", mimeType: "image/jpg", data: Data([0xFF, 0xD8, 0xFF, 0xD9]))]
        )
        try await Self.expectDecodesLoggedIn(example) { try await $0.createPost(draft) }
    }

    @Test("GET /post/{id}", arguments: try ContractExample.load(api: "lslp", operation: "GET /post/{id}"))
    func post(_ example: ContractExample) async throws {
        try await Self.expectDecodesLoggedIn(example) { try await $0.post(id: "65f0c0ffee0123456789abcd") }
    }

    @Test("PUT /post/{id}", arguments: try ContractExample.load(api: "lslp", operation: "PUT /post/{id}"))
    func updatePost(_ example: ContractExample) async throws {
        try await Self.expectDecodesLoggedIn(example) {
            try await $0.updatePost(id: "65f0c0ffee0123456789abcd", PostUpdate(extraContents: [2: "다정한 코알라, 맑은 라임"]))
        }
    }

    @Test("DELETE /post/{id}", arguments: try ContractExample.load(api: "lslp", operation: "DELETE /post/{id}"))
    func deletePost(_ example: ContractExample) async throws {
        try await Self.expectDecodesLoggedIn(example) { try await $0.deletePost(id: "65f0c0ffee0123456789abcd") }
    }

    @Test("POST /post/{id}/comment", arguments: try ContractExample.load(api: "lslp", operation: "POST /post/{id}/comment"))
    func comment(_ example: ContractExample) async throws {
        try await Self.expectDecodesLoggedIn(example) {
            try await $0.comment(on: "65f0c0ffee0123456789abcd", "댓글 💬")
        }
    }

    @Test(
        "DELETE /post/{id}/comment/{comment_id}",
        arguments: try ContractExample.load(api: "lslp", operation: "DELETE /post/{id}/comment/{comment_id}"))
    func deleteComment(_ example: ContractExample) async throws {
        try await Self.expectDecodesLoggedIn(example) {
            try await $0.deleteComment("65f0c0ffee0123456789abce", on: "65f0c0ffee0123456789abcd")
        }
    }

    @Test("POST /post/like/{id}", arguments: try ContractExample.load(api: "lslp", operation: "POST /post/like/{id}"))
    func like(_ example: ContractExample) async throws {
        try await Self.expectDecodesLoggedIn(example) { try await $0.toggleLike(postID: "65f0c0ffee0123456789abcd") }
    }

    @Test("GET /uploads/posts/{file}", arguments: try ContractExample.load(api: "lslp", operation: "GET /uploads/posts/{file}"))
    func postImage(_ example: ContractExample) async throws {
        try await Self.expectDecodesLoggedIn(example) { try await $0.image(at: "uploads/posts/1704000491924.jpg") }
    }

    @Test("GET /uploads/profiles/{file}", arguments: try ContractExample.load(api: "lslp", operation: "GET /uploads/profiles/{file}"))
    func profileImage(_ example: ContractExample) async throws {
        try await Self.expectDecodesLoggedIn(example) { try await $0.image(at: "uploads/profiles/1703898231555.png") }
    }

    /// The client's decoding failures: ``LSLPAPIError`` of kind `decoding` (or a refresh that failed decoding), with the failing key's pointer.
    static func decodingFailure(_ error: any Error) -> ContractExample.DecodingFailure? {
        guard let error = error as? LSLPAPIError, error.kind == .decoding || error.keyPath != nil else { return nil }
        return ContractExample.DecodingFailure(pointer: error.keyPath, detail: error.detail ?? error.description)
    }
}
