import APICheckRecording
import APICheckReplay
import Foundation

/// What a test's project says about one API: `apicheck.yml` (found from the ``ProjectSource``, or `APICHECK_CONFIG`)
/// and where its recordings are.
package struct ProjectSettings {
    package let api: APIConfiguration?
    /// The folder of `apicheck.yml`, against which its paths resolve.
    package let folder: URL?
    /// The folder holding the project's files (the package root, the folder given, the bundle's copy), for display.
    package let root: URL?
    /// The recordings folder for all APIs: `APICHECK_RECORDINGS`, or `recordings/` in the root.
    let recordingsRoot: URL

    /// Reads the configuration of `source` if there is one; a configuration that does not parse is an error with its
    /// file and line.
    package static func load(api name: String, source: ProjectSource, environment: [String: String]) throws(ReplayError) -> ProjectSettings
    {
        let root = try source.root()
        let recordingsRoot: URL
        if case .sourceFile(let path) = source.kind {
            recordingsRoot = RecordingsFolder.locate(from: path, environment: environment)
        } else if let override = environment["APICHECK_RECORDINGS"], !override.isEmpty {
            recordingsRoot = URL(fileURLWithPath: override, isDirectory: true)
        } else {
            recordingsRoot = (root ?? URL(fileURLWithPath: "/")).appendingPathComponent("recordings", isDirectory: true)
        }
        let path: String
        if let explicit = environment["APICHECK_CONFIG"], !explicit.isEmpty {
            path = explicit
        } else if let root {
            path = root.appendingPathComponent("apicheck.yml").path
        } else {
            return ProjectSettings(api: nil, folder: nil, root: nil, recordingsRoot: recordingsRoot)
        }
        guard FileManager.default.fileExists(atPath: path) else {
            return ProjectSettings(api: nil, folder: nil, root: root, recordingsRoot: recordingsRoot)
        }
        do {
            let configuration = try ConfigurationFile.load(path)
            return ProjectSettings(api: configuration.api(name), folder: configuration.folder, root: root, recordingsRoot: recordingsRoot)
        } catch {
            throw ReplayError(message: error.description)
        }
    }

    /// The API's recordings folder: `APICHECK_RECORDINGS/<api>` when set, else `apicheck.yml`'s `recordings`, else `recordings/<api>`.
    package func recordingsFolder(api name: String, environment: [String: String]) -> URL {
        let fallback = recordingsRoot.appendingPathComponent(name)
        if let override = environment["APICHECK_RECORDINGS"], !override.isEmpty { return fallback }
        guard let api, let folder else { return fallback }
        return ConfigurationFile.resolve(api.recordings, in: folder)
    }

    var matchingRules: MatchingRules? {
        api.map { MatchingRules($0.matching) }
    }

    package func otherBaseURLs(environment: [String: String]) throws(ReplayError) -> [String: URL] {
        var bases: [String: URL]
        do {
            bases = try api?.knownBaseURLs(environment: environment) ?? [:]
        } catch {
            throw ReplayError(message: error.description)
        }
        bases[""] = nil
        return bases
    }

    /// Every URL `apicheck.yml` names for each base (`base_url`, `base_url_env`'s value, `other_bases`): replay answers
    /// them all, so that an app keeps its production URL.
    package func baseURLAliases(environment: [String: String]) throws(ReplayError) -> [String: [URL]] {
        do {
            return try api?.namedBaseURLs(environment: environment) ?? [:]
        } catch {
            throw ReplayError(message: error.description)
        }
    }
}
