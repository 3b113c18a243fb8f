import Foundation

/// How reports name files.
package enum DisplayPath {
    /// `path` relative to the current folder when it is under it (as a report and a CI annotation want it).
    package static func relative(_ path: String) -> String {
        // An absolute path with no `.`, `..` or empty part is already standard (the usual case: no URL built).
        let isStandard =
            path.hasPrefix("/") && !path.contains("/./") && !path.contains("/../") && !path.contains("//")
            && !path.hasSuffix("/.") && !path.hasSuffix("/..")
        let absolute = isStandard ? path : URL(fileURLWithPath: path).standardizedFileURL.path
        let current = FileManager.default.currentDirectoryPath
        return absolute.hasPrefix(current + "/") ? String(absolute.dropFirst(current.count + 1)) : path
    }
}
