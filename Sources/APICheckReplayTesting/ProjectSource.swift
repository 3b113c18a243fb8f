import APICheckReplay
import Foundation

/// Where a test's `apicheck.yml`, contracts and recordings are: beside the `Package.swift` above the test file, in a
/// folder you name, or among a test bundle's resources (an Xcode app's test target has no `Package.swift`).
package struct ProjectSource: Sendable {
    enum Kind: Sendable {
        /// Walk up from this test file to the folder holding `Package.swift`.
        case sourceFile(String)
        /// This folder holds `apicheck.yml` and/or `recordings/`.
        case folder(URL)
        /// A test bundle's resources (its folder, and the bundle's name for messages): `apicheck.yml` and/or
        /// `recordings/` are there or in one folder directly inside it.
        case bundle(URL, name: String)
    }

    let kind: Kind

    static func sourceFile(_ path: String) -> ProjectSource { ProjectSource(kind: .sourceFile(path)) }

    /// The source a trait names: its bundle, else its folder, else the test file.
    ///
    /// - Throws: `ReplayError` when both a bundle and a folder are named (`by` says who named them, for the message).
    package static func named(bundle: Bundle?, folder: URL?, filePath: String, by caller: String) throws(ReplayError) -> ProjectSource {
        if bundle != nil && folder != nil { throw ReplayError(message: "\(caller) takes bundle: or folder:, not both") }
        if let bundle {
            let resources = bundle.resourceURL ?? bundle.bundleURL
            return ProjectSource(kind: .bundle(resources, name: bundle.bundleURL.lastPathComponent))
        }
        if let folder { return ProjectSource(kind: .folder(folder)) }
        return .sourceFile(filePath)
    }

    /// Whether the files are a test bundle's copy, which recording must not write to.
    var isBundle: Bool {
        if case .bundle = kind { return true }
        return false
    }

    /// The folder that holds the project's files, or nil for a test file with no `Package.swift` above it.
    func root() throws(ReplayError) -> URL? {
        switch kind {
        case .sourceFile(let path):
            return RecordingsFolder.packageRoot(from: path)
        case .folder(let folder):
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
                throw ReplayError(message: "the recordings folder \(folder.path) does not exist (given as folder:)")
            }
            return folder
        case .bundle(let resources, let name):
            return try Self.root(inBundle: resources, name: name)
        }
    }

    /// The folder of a bundle's resources that holds `apicheck.yml` or `recordings/`: the resources themselves, or
    /// the one folder inside them that does (a folder copied whole: `.copy("apicheck")`, a folder reference in Xcode).
    static func root(inBundle resources: URL, name: String) throws(ReplayError) -> URL {
        if holdsProject(resources) { return resources }
        let children = ((try? FileManager.default.contentsOfDirectory(at: resources, includingPropertiesForKeys: nil)) ?? [])
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let found = children.filter(holdsProject)
        if found.count == 1 { return found[0] }
        if found.count > 1 {
            throw ReplayError(
                message:
                    """
                    test bundle \(name) holds more than one apicheck project \
                    (\(found.map(\.lastPathComponent).joined(separator: ", "))); pass the one to use as folder: \
                    Bundle.module.resourceURL!.appendingPathComponent(\"\(found[0].lastPathComponent)\")
                    """
            )
        }
        throw ReplayError(
            message: """
                test bundle \(name) holds no apicheck.yml and no recordings/ folder (looked in \(resources.path) and the folders directly \
                inside it).
                  Copy the folder holding them into the test target whole: resources: [.copy("apicheck")] in Package.swift, or, in Xcode, \
                add it as a folder reference (a blue folder), not as a group
                """)
    }

    private static func holdsProject(_ folder: URL) -> Bool {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        return manager.fileExists(atPath: folder.appendingPathComponent("apicheck.yml").path)
            || (manager.fileExists(atPath: folder.appendingPathComponent("recordings").path, isDirectory: &isFolder) && isFolder.boolValue)
    }
}

extension ProjectSource {
    /// Tells sources apart in a cache key.
    package var key: String {
        switch kind {
        case .sourceFile(let path): return "file:\(path)"
        case .folder(let url): return "folder:\(url.path)"
        case .bundle(let url, _): return "bundle:\(url.path)"
        }
    }
}
