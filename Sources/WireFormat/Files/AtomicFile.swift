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
            // open(2) itself, not FileManager.createFile: on Linux that writes through a temporary file of its
            // own (`.dat.nosync…`), which a kill at the wrong moment would leave behind under another name.
            let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else { throw Self.failure(temporary.path) }
            var isOpen = true
            do {
                try FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).write(contentsOf: data)
                guard fsync(descriptor) == 0 else { throw Self.failure(temporary.path) }
                isOpen = false
                guard close(descriptor) == 0 else { throw Self.failure(temporary.path) }
            } catch {
                if isOpen { _ = close(descriptor) }
                throw error
            }
            try beforeRename(temporary)
            guard rename(temporary.path, url.path) == 0 else { throw Self.failure(url.path) }
            synchronizeDirectory(folder)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// The error of a failed system call on `path`, with `errno`'s text.
    private static func failure(_ path: String) -> CocoaError {
        CocoaError(
            .fileWriteUnknown,
            userInfo: [NSFilePathErrorKey: path, NSLocalizedDescriptionKey: "\(path): \(String(cString: strerror(errno)))"])
    }

    /// Whether `name` is the temporary file of a write that never finished (`.<name>.tmp-<pid>-<uuid>`).
    /// The UUID at the end is checked, so a file of that shape by accident (a repository named `.a.tmp-b`) is kept.
    package static func isLeftover(_ name: String) -> Bool {
        name.hasPrefix(".") && name.contains(".tmp-") && UUID(uuidString: String(name.suffix(36))) != nil
    }

    /// Whether `name` is a leftover whose writer is gone: the process in its name is not running (it was
    /// killed mid-save). The temporary files of this process and of other running processes are saves
    /// still under way, never touched.
    package static func isAbandoned(_ name: String) -> Bool {
        guard isLeftover(name), let pid = writerPID(name) else { return false }
        guard pid != getpid() else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    /// The process id in a temporary file's name (`.<name>.tmp-<pid>-<uuid>`).
    static func writerPID(_ name: String) -> pid_t? {
        let withoutUUID = name.dropLast(37)
        guard let marker = withoutUUID.range(of: ".tmp-", options: .backwards) else { return nil }
        return pid_t(withoutUUID[marker.upperBound...])
    }

    /// Deletes the temporary files that killed writers left in `folder` (not in its subfolders), and
    /// returns how many. Saves under way in this or another running process keep theirs.
    @discardableResult
    package static func removeLeftovers(in folder: URL) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var removed = 0
        for name in names where isAbandoned(name) {
            if (try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))) != nil { removed += 1 }
        }
        return removed
    }

    /// Flushes the folder's entry for the renamed file, so the new name survives a power loss too.
    private static func synchronizeDirectory(_ folder: URL) {
        let descriptor = open(folder.path, O_RDONLY)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        _ = close(descriptor)
    }
}
