import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads whole files straight into bytes, without a `Data` copy in between.
package enum FileBytes {
    /// Why `path` cannot be read as a file, for an error message: `no such file`, `a folder, not a file`,
    /// or the system's reason (`too many levels of symbolic links`, `permission denied`).
    package static func whyUnreadable(_ path: String) -> String {
        var status = stat()
        guard lstat(path, &status) == 0 else { return errno == ENOENT ? "no such file" : String(cString: strerror(errno)).lowercased() }
        if (status.st_mode & S_IFMT) == S_IFDIR { return "a folder, not a file" }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return errno == ENOENT ? "a symbolic link to nothing" : String(cString: strerror(errno)).lowercased() }
        defer { close(descriptor) }
        if fstat(descriptor, &status) == 0 {
            if (status.st_mode & S_IFMT) == S_IFDIR { return "a folder, not a file" }
            if (status.st_mode & S_IFMT) != S_IFREG { return "not a regular file" }
        }
        return "a read error"
    }

    /// The bytes of the regular file at `path`, or `nil` when it cannot be opened or read.
    package static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        let expected = Int(status.st_size)
        var failed = false
        var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, count in
            guard let start = buffer.baseAddress else { return }
            while count < expected {
                let got = Foundation.read(descriptor, start + count, expected - count)
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else {
                    failed = got < 0
                    break
                }
                count += got
            }
        }
        guard !failed else { return nil }
        // A file that grew while it was read: take the rest too.
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let got = chunk.withUnsafeMutableBytes { buffer in
                guard let start = buffer.baseAddress else { return -1 }
                return Foundation.read(descriptor, start, buffer.count)
            }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return got < 0 ? nil : bytes }
            bytes += chunk[0..<got]
        }
    }
}
