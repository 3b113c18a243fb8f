import APICheckRecording
import Foundation
import Testing
import WireFormat

@Suite("Recording files")
struct RecordingFileTests {
    func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("re-saving the same content leaves the file byte for byte, old timestamp included")
    func resaveIsByteStable() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("tests/update-todo.json")
        var recording = try RecordingFormatTests.sample()
        #expect(try recording.save(to: url) == .created)
        let first = try Data(contentsOf: url)
        recording.recordedAt = "2030-01-01T00:00:00Z"
        #expect(try recording.save(to: url) == .unchanged)
        #expect(try Data(contentsOf: url) == first)
        recording.interactions[0].response.status = 201
        #expect(try recording.save(to: url) == .updated)
        let updated = try Recording.load(from: url)
        #expect(updated.recordedAt == "2030-01-01T00:00:00Z")
        #expect(updated.interactions[0].response.status == 201)
    }

    @Test("a save interrupted before the rename leaves the old file intact and no temporary file")
    func interruptedSaveKeepsOldFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("r.json")
        try AtomicFile.write(Data("old".utf8), to: url)
        struct Interrupted: Error {}
        #expect(throws: Interrupted.self) {
            try AtomicFile.write(Data("new".utf8), to: url) { temporary in
                #expect(try Data(contentsOf: temporary) == Data("new".utf8))
                throw Interrupted()
            }
        }
        #expect(try Data(contentsOf: url) == Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["r.json"])
    }

    @Test(
        "only the temporary files of unfinished writes count as leftovers",
        arguments: [
            (".swift.json.tmp-4242-5E1C0E0A-3F7B-4B8E-9C2D-0123456789AB", true),
            (".a.tmp-b.json", false),
            (".github.json", false),
            ("swift.json", false),
            (".swift.json.tmp-4242-not-a-uuid", false),
        ])
    func leftoverNames(_ name: String, _ isLeftover: Bool) {
        #expect(AtomicFile.isLeftover(name) == isLeftover)
    }

    @Test("an unreadable path is an error naming the file")
    func missingFile() {
        #expect {
            _ = try Recording.load(from: URL(fileURLWithPath: "/no/such/recording.json"))
        } throws: { error in
            (error as? RecordingError)?.description.hasPrefix("/no/such/recording.json: error: cannot read the file") == true
        }
    }
}
