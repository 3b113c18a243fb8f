import Foundation
import WireFormat

/// What saving a recording did.
public struct SaveOutcome: Hashable, Sendable, CustomStringConvertible {
    let name: String
    /// There was no file; it was written.
    public static let created = SaveOutcome(name: "created")
    /// The file held other content; it was replaced.
    public static let updated = SaveOutcome(name: "updated")
    /// The file already held the same content; it was left byte for byte as it was.
    public static let unchanged = SaveOutcome(name: "unchanged")
    /// A dry run: there is no file; a run that writes would create it.
    public static let wouldCreate = SaveOutcome(name: "would create")
    /// A dry run: the file holds other content; a run that writes would replace it.
    public static let wouldUpdate = SaveOutcome(name: "would update")
    /// `created`, `updated`, `unchanged`, `would create` or `would update`.
    public var description: String { name }
    /// Whether the file was written (`created` or `updated`).
    public var wrote: Bool { self == .created || self == .updated }
}

extension Recording {
    /// Saves the recording atomically; when the file already holds the same content, leaves it untouched.
    ///
    /// "The same content" ignores `recorded_at`, so re-recording with nothing changed keeps the
    /// file byte for byte, old timestamp included.
    @discardableResult
    public func save(to url: URL) throws(RecordingError) -> SaveOutcome {
        // The temporary files of saves that a killed process left in this folder go first.
        AtomicFile.removeLeftovers(in: url.deletingLastPathComponent())
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
