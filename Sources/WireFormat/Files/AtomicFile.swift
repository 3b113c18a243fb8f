import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files atomically: a temporary file beside the target, flushed to disk, then renamed over it.
///
/// A crash or error at any point leaves either the old file or the new one, never a mix.
package enum AtomicFile {
    /// Writes `data` to `url`, creating the folder if needed.
    ///
    /// - Parameter beforeRename: Runs after the temporary file is complete and before the rename;
    ///   tests use it to simulate an interruption.
    package static func write(_ data: Data, to url: URL, beforeRename: (URL) throws -> Void = { _ in }) throws {
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
            synchronizeDirectory(folder)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// Whether `name` is the temporary file of a write that never finished (`.<name>.tmp-<pid>-<uuid>`).
    /// The UUID at the end is checked, so a file of that shape by accident (a repository named `.a.tmp-b`) is kept.
    package static func isLeftover(_ name: String) -> Bool {
        name.hasPrefix(".") && name.contains(".tmp-") && UUID(uuidString: String(name.suffix(36))) != nil
    }

    /// Deletes the temporary files that killed writers left in `folder` (not in its subfolders).
    package static func removeLeftovers(in folder: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where isLeftover(name) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// Flushes the folder's entry for the renamed file, so the new name survives a power loss too.
    private static func synchronizeDirectory(_ folder: URL) {
        let descriptor = open(folder.path, O_RDONLY)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        _ = close(descriptor)
    }
}
