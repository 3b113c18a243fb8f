import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files atomically: a temporary file beside the target, flushed to disk, then renamed over it.
///
/// A crash or error at any point leaves either the old file or the new one, never a mix.
public enum AtomicFile {
    /// Writes `data` to `url`, creating the folder if needed.
    ///
    /// - Parameter beforeRename: Runs after the temporary file is complete and before the rename;
    ///   tests use it to simulate an interruption.
    public static func write(_ data: Data, to url: URL, beforeRename: (URL) throws -> Void = { _ in }) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())-\(UUID().uuidString)")
        do {
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
            }
            let handle = try FileHandle(forWritingTo: temporary)
            do {
                try handle.write(contentsOf: data)
                try handle.synchronize()
                try handle.close()
            } catch {
                try? handle.close()
                throw error
            }
            try beforeRename(temporary)
            guard rename(temporary.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path, NSLocalizedDescriptionKey: String(cString: strerror(errno))])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}

/// What saving a recording did.
public struct SaveOutcome: Hashable, Sendable, CustomStringConvertible {
    let name: String
    /// There was no file; it was written.
    public static let created = SaveOutcome(name: "created")
    /// The file held other content; it was replaced.
    public static let updated = SaveOutcome(name: "updated")
    /// The file already held the same content; it was left byte for byte as it was.
    public static let unchanged = SaveOutcome(name: "unchanged")
    /// `created`, `updated` or `unchanged`.
    public var description: String { name }
}

extension Recording {
    /// Saves the recording atomically; when the file already holds the same content, leaves it untouched.
    ///
    /// "The same content" ignores `recorded_at`, so re-recording with nothing changed keeps the
    /// file byte for byte, old timestamp included.
    @discardableResult
    public func save(to url: URL) throws(RecordingError) -> SaveOutcome {
        var outcome = SaveOutcome.created
        var toWrite = self
        if FileManager.default.fileExists(atPath: url.path) {
            outcome = .updated
            if let existing = try? Recording.load(from: url), existing.hasSameContent(as: self) {
                toWrite.recordedAt = existing.recordedAt
                if let onDisk = try? Data(contentsOf: url), onDisk == Data(toWrite.fileText.utf8) { return .unchanged }
            }
        }
        do {
            try AtomicFile.write(Data(toWrite.fileText.utf8), to: url)
        } catch {
            throw RecordingError(file: url.path, message: "cannot write the recording: \(error.localizedDescription)")
        }
        return outcome
    }
}
