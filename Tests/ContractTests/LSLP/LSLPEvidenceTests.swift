import APICheck
import APICheckTesting
import Foundation
import LSLPAPI
import TestSupport
import Testing
import WireFormat

/// What the apps that ran against the LSLP server show it answered (`recordings/lslp/evidence/mobbie-2023.json`,
/// written from andwecrawl/Mobbie's models and their history): other apps' posts without `content` or `product_id`,
/// which Mobbie's feed failed to decode until it made both optional; Mobbie's own posts, which have no `title`; like
/// without a body; a comment's delete answering `{postID}`. The contract must take every answer as it is, and the
/// client must decode it.
@Suite("LSLP: the answers the apps show the server gave", timeLimit(minutes: 2))
struct LSLPEvidenceTests {
    static let file = DecodingContracts.root.appendingPathComponent("recordings/lslp/evidence/mobbie-2023.json")

    static func interactions() throws -> [Interaction] {
        try #require(RecordingExpectations.load(file)).interactions
    }

    @Test("every answer and request conforms to contracts/lslp.openapi.yaml")
    func conforms() throws {
        let verifier = try #require(DecodingContracts.verifiers["lslp"])
        RecordingExpectations.expectConforms(Self.file, to: verifier)
        // Not a vacuous pass: the evidence holds what the old contract refused.
        let interactions = try Self.interactions()
        let posts = interactions.prefix(2).flatMap { interaction -> [JSONValue] in
            guard case .json(let body)? = interaction.response.body, case .array(let data)? = body["data"] else { return [] }
            return data
        }
        #expect(posts.contains { $0["content"] == nil } && posts.contains { $0["product_id"] == nil })
        #expect(posts.contains { $0["title"] == nil } && posts.contains { $0["creator"]?["profile"] == nil })
    }

    @Test("LSLPAPI decodes each post: no title, no content, no product_id are nil, not a failure")
    func decodes() throws {
        let interactions = try Self.interactions()
        func body(_ index: Int) throws -> Data {
            guard case .json(let json)? = interactions[index].response.body else {
                Issue.record("no JSON body at #\(index)")
                return Data()
            }
            return Data(JSONWriter.compactBytes(json))
        }
        let decoder = LSLPClient.makeDecoder()
        let everyApp = try decoder.decode(PostPage.self, from: try body(0))
        #expect(everyApp.posts.map(\.content) == [nil, "달콤했다 #영화"])
        #expect(everyApp.posts.map(\.productID) == ["LSLProject", nil])
        #expect(everyApp.nextCursor == "6589f7a12f1d3a7b9c0e5c98")
        let mobbie = try decoder.decode(PostPage.self, from: try body(1))
        #expect(mobbie.posts.allSatisfy { $0.title == nil && $0.productID == "MobbieFeed" } && mobbie.nextCursor == nil)
        #expect(mobbie.posts.first?.extraContents == ["다정한 코알라", "맑은 망고스틴, 현란한 피아노", "0.75", nil, nil])
        let created = try decoder.decode(Post.self, from: try body(2))
        #expect(created.title == nil && created.images.count == 1)
        let year = try ISO8601Timestamp(parsing: "2023-12-27T00:22:54.771Z").date
        #expect(abs(created.time.timeIntervalSince(year)) < 0.000_5)
    }
}
