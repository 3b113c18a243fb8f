import Foundation
import TestSupport
import Testing

@testable import APICheckRecording

/// The recording scanner reads what the tree reader reads, and gives up wherever the tree reader would refuse.
@Suite("RecordingScanner: equal to reading through the tree")
struct RecordingScannerTests {
    /// Every recording file of the repository (the project's, the examples', the tests' resources).
    static func files() -> [URL] {
        var found: [URL] = []
        for folder in ["recordings", "Examples", "Tests"] {
            let enumerator = FileManager.default.enumerator(
                at: repositoryRoot.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                guard url.pathExtension == "json", url.path.contains("/recordings/"), !url.path.contains("/.build") else { continue }
                found.append(url)
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The tree reader's answer: the recording, or nil when it refuses the bytes.
    static func throughTree(_ bytes: [UInt8]) -> Recording? {
        guard let json = try? JSONReader.parse(bytes) else { return nil }
        return try? Recording(json: json)
    }

    @Test("every recording of the repository: read straight from its bytes, equal to the tree reader's")
    func repositoryRecordings() throws {
        let files = Self.files()
        #expect(files.count > 80, "found \(files.count)")
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: file))
            let tree = Self.throughTree(bytes)
            let scanned = RecordingScanner.recording(bytes)
            #expect(tree != nil, "\(file.path) does not load")
            #expect(scanned == tree, "\(file.path)")
            // Compact, as another tool may write it.
            if let tree {
                let compact = JSONWriter.compactBytes(tree.jsonValue)
                #expect(RecordingScanner.recording(compact) == tree, "\(file.path), compact")
            }
        }
    }

    @Test("an unseen request body is read by both the same; unseen on a response, or with no reason, is refused by both")
    func unseenBody() throws {
        func file(request body: String, response: String = "") -> [UInt8] {
            Array(
                """
                {"format": "apicheck-recording/1", "api": "lslp", "name": "upload", "recorded_at": "2026-11-26T00:00:00Z",
                 "recorded_from": "sandbox", "interactions": [{"request": {"method": "POST", "url": "/post", "headers": {},
                 "body": \(body)}, "response": {"status": 200, "headers": {}\(response)}}]}
                """.utf8)
        }
        let bytes = file(request: #"{"unseen": "an upload task whose body was not handed over"}"#)
        let scanned = try #require(RecordingScanner.recording(bytes))
        #expect(scanned == Self.throughTree(bytes))
        let request = try #require(scanned.interactions.first?.request)
        #expect(request.body == nil)
        #expect(request.unseenBody == "an upload task whose body was not handed over")
        #expect(
            scanned.fileText.contains(#""body": {"unseen": "an upload task whose body was not handed over"}"#)
                || scanned.fileText.contains(#""unseen": "an upload task whose body was not handed over""#))
        #expect(try Recording(bytes: Array(scanned.fileText.utf8), file: "upload.json") == scanned)
        for refused in [
            file(request: #"{"unseen": ""}"#), file(request: #"{"unseen": 1}"#), file(request: #"{"unseen": "x", "text": "y"}"#),
            file(request: #"{"text": "y"}"#, response: #", "body": {"unseen": "x"}"#),
        ] {
            #expect(RecordingScanner.recording(refused) == nil)
            #expect(Self.throughTree(refused) == nil)
            #expect(throws: RecordingError.self) { try Recording(bytes: refused, file: "upload.json") }
        }
    }

    @Test("damaged copies: what the scanner reads, the tree reader reads the same; what the tree reader refuses, the scanner gives up on")
    func damagedCopies() throws {
        let files = Self.files()
        var generator = SeededGenerator(seed: 2_811)
        let inserts: [[UInt8]] = [
            Array(#""url": "/x", "#.utf8), Array(#""status": 99, "#.utf8), Array(#""format": "#.utf8), Array("null, ".utf8),
            Array("{".utf8), Array("}".utf8), Array("]".utf8), Array("\"".utf8), Array(",".utf8),
        ]
        var readByBoth = 0
        var refusedByBoth = 0
        for _ in 0..<2_000 {
            var bytes = [UInt8](try Data(contentsOf: files.randomElement(using: &generator)!))
            let at = Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: bytes[at] = UInt8.random(in: 0x20...0x7E, using: &generator)
            case 1: bytes.remove(at: at)
            case 2: bytes.insert(contentsOf: inserts.randomElement(using: &generator)!, at: at)
            default:
                // A key of the envelope repeated or renamed.
                if let range = bytes.firstRange(
                    of: Array(["\"method\"", "\"status\"", "\"headers\"", "\"step\"", "\"api\""].randomElement(using: &generator)!.utf8))
                {
                    bytes.replaceSubrange(
                        range,
                        with: Array(
                            ["\"methods\"", "\"url\"", "\"status\"", "\"base\"", "\"name\""].randomElement(using: &generator)!.utf8))
                }
            }
            let tree = Self.throughTree(bytes)
            let scanned = RecordingScanner.recording(bytes)
            if let scanned {
                #expect(
                    scanned == tree, "read by the scanner, not so by the tree reader: \(String(decoding: bytes, as: UTF8.self).prefix(300))"
                )
                readByBoth += 1
            } else if tree == nil {
                refusedByBoth += 1
            }
        }
        // Both kinds must occur, or the damage is not reaching the readers.
        #expect(readByBoth > 200 && refusedByBoth > 200, "read by both \(readByBoth), refused by both \(refusedByBoth)")
    }

    @Test("a body nested to the parser's limit is read by both; one level deeper, refused by both")
    func depthLimit() throws {
        // The envelope takes 5 levels (recording, interactions, interaction, response, body).
        for (depth, loads) in [(JSONReader.maximumDepth - 5, true), (JSONReader.maximumDepth - 4, false)] {
            let body = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            let text =
                #"{"format": "apicheck-recording/1", "api": "a", "name": "n", "recorded_at": "t", "recorded_from": "f", "interactions": [{"request": {"method": "GET", "url": "/", "headers": {}}, "response": {"status": 200, "headers": {}, "body": {"json": \#(body)}}}]}"#
            let bytes = Array(text.utf8)
            #expect((Self.throughTree(bytes) != nil) == loads, "tree, depth \(depth)")
            #expect((RecordingScanner.recording(bytes) != nil) == loads, "scanner, depth \(depth)")
        }
    }

    @Test("a refused file still gets the tree reader's error, with its line and pointer")
    func errorsStayTheTreeReaders() {
        let text =
            "{\"format\": \"apicheck-recording/1\", \"api\": \"a\", \"name\": \"n\", \"recorded_at\": \"t\", \"recorded_from\": \"f\",\n\"interactions\": [{\"request\": {\"method\": \"GET\", \"url\": \"x\", \"headers\": {}}, \"response\": {\"status\": 200, \"headers\": {}}}]}"
        #expect(RecordingScanner.recording(Array(text.utf8)) == nil)
        #expect {
            _ = try Recording(bytes: Array(text.utf8), file: "r.json")
        } throws: { error in
            "\(error)".contains("/interactions/0/request/url") && "\(error)".contains("start with '/'")
        }
    }
}
