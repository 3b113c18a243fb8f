import APICheckRecording
import Foundation

/// Finds the `recordings/` folder: `APICHECK_RECORDINGS`, or beside the `Package.swift` above a test file.
public enum RecordingsFolder {
    /// The recordings folder for tests written in `filePath`.
    ///
    /// Walks up from the file to the first folder holding `Package.swift` and appends
    /// `recordings`; `APICHECK_RECORDINGS` in the environment overrides it.
    public static func locate(from filePath: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let override = environment["APICHECK_RECORDINGS"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        let root = packageRoot(from: filePath) ?? URL(fileURLWithPath: filePath).deletingLastPathComponent()
        return root.appendingPathComponent("recordings", isDirectory: true)
    }

    /// The folder holding `Package.swift` above `filePath`, or nil.
    public static func packageRoot(from filePath: String) -> URL? {
        var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while folder.path != "/" && !folder.path.isEmpty {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// Every `*.json` recording below `recordings/<api>/<kind>`, sorted by name.
    public static func recordings(api: String, kind: RecordingKind = .tests, from filePath: String) -> [URL] {
        recordings(api: api, kind: kind.rawValue, from: filePath)
    }

    /// Every `*.json` recording below `recordings/<api>/<kind>` (kind: `tests`, `scenarios`, `imported`, `examples`), sorted by name.
    public static func recordings(api: String, kind: String, from filePath: String) -> [URL] {
        let folder = locate(from: filePath).appendingPathComponent(api).appendingPathComponent(kind)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
    }
}
