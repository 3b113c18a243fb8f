import APICheckRecording
import Foundation

/// The file side of `apicheck har`: import a HAR into `recordings/<api>/imported/`, export a recording as HAR.
public enum HARFiles {
    /// Imports the HAR at `harPath` as `recordings/<api>/imported/<name>.json`, redacted; returns the file written and what happened.
    public static func importFile(
        _ harPath: String, api apiName: String, name: String, configuration: ConfigurationFile, environment: [String: String]
    ) throws(ConfigurationError) -> (path: String, outcome: SaveOutcome, interactions: Int) {
        guard let api = configuration.api(apiName) else {
            throw ConfigurationError(
                file: configuration.path,
                message:
                    """
                    unknown API '\(apiName)' (--api); \(configuration.path) defines: \
                    \(configuration.apis.map(\.name).joined(separator: ", "))
                    """
            )
        }
        guard name.range(of: #"^[A-Za-z0-9._-]+$"#, options: .regularExpression) != nil else {
            throw ConfigurationError(
                file: harPath, message: "--name must be letters, digits, '.', '_' or '-' (it becomes a file name), not '\(name)'")
        }
        guard let data = FileBytes.read(harPath).map({ Data($0) }) else {
            throw ConfigurationError(file: harPath, message: "cannot read the HAR file: \(FileBytes.whyUnreadable(harPath))")
        }
        let bases = try api.knownBaseURLs(environment: environment)
        let recording: Recording
        do {
            recording = try HAR.importRecording(
                [UInt8](data), file: harPath, api: api.name, name: name,
                baseURLs: bases, redaction: api.redactionRules(environment: environment),
                acceptingAnyOrigin: true
            )
        } catch {
            throw ConfigurationError(error, defaultFile: harPath)
        }
        let target = RecordingKind.imported.folder(in: configuration.resolve(api.recordings)).appendingPathComponent("\(name).json")
        do {
            return (target.path, try recording.save(to: target), recording.interactions.count)
        } catch {
            throw ConfigurationError(file: target.path, message: error.message)
        }
    }

    /// The recording at `recordingPath` as HAR 1.2 text, with absolute URLs under its API's base URLs.
    public static func exportFile(_ recordingPath: String, configuration: ConfigurationFile?, environment: [String: String])
        throws(ConfigurationError) -> String
    {
        let recording: Recording
        do {
            recording = try Recording.load(from: URL(fileURLWithPath: recordingPath))
        } catch {
            throw ConfigurationError(error, defaultFile: recordingPath)
        }
        var bases: [String: URL] = try configuration?.api(recording.api)?.knownBaseURLs(environment: environment) ?? [:]
        if bases[""] == nil {
            // No configuration for this API: use where it was recorded from, when that is a URL.
            bases[""] = URL(string: recording.recordedFrom).flatMap { $0.scheme == nil ? nil : $0 } ?? URL(string: "http://localhost")
        }
        return JSONWriter.pretty(HAR.export(recording, baseURLs: bases))
    }
}
