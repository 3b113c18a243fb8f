import APICheckRecording
import Foundation

/// The recordings a server answers from: each read once, and the chosen ones as one recording, in order, with where
/// each interaction came from.
struct ServedRecordings: Sendable {
    /// Every recording under the folder, by name (`tests/list-first-page`).
    let available: [String: Recording]
    /// The chosen names, in order.
    let chosen: [String]
    /// The chosen recordings' interactions, one after another.
    let combined: Recording
    /// For each interaction of ``combined``: its recording's name and its place there.
    let origins: [(recording: String, interaction: Int)]

    /// Reads every recording under `folder`; a file that does not read is an error naming it.
    static func read(api: String, folder: URL) throws(ServeError) -> [String: Recording] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw ServeError("no recordings folder at \(folder.path) for API \"\(api)\" (apicheck.yml's recordings)")
        }
        var found: [String: Recording] = [:]
        for path in (FileManager.default.subpaths(atPath: folder.path) ?? []).sorted() where path.hasSuffix(".json") {
            do {
                found[String(path.dropLast(5))] = try Recording.load(from: folder.appendingPathComponent(path))
            } catch {
                throw ServeError(error.description)
            }
        }
        return found
    }

    /// `names` of `available` (nil: all, in name order) combined; an unknown name is an error listing the others.
    init(available: [String: Recording], choosing names: [String]?, api: String) throws(ServeError) {
        let chosen = names ?? available.keys.sorted()
        let unknown = chosen.filter { available[$0] == nil }
        guard unknown.isEmpty else {
            let known = available.keys.sorted()
            throw ServeError(
                """
                no recording named \(unknown.map { "\"\($0)\"" }.joined(separator: ", ")) for API "\(api)"; \
                there \(known.count == 1 ? "is" : "are") \(known.isEmpty ? "none" : known.joined(separator: ", "))
                """)
        }
        var interactions: [Interaction] = []
        var origins: [(String, Int)] = []
        for name in chosen {
            let recording = available[name]?.interactions ?? []
            interactions += recording
            origins += recording.indices.map { (name, $0) }
        }
        self.available = available
        self.chosen = chosen
        self.origins = origins
        combined = Recording(api: api, name: chosen.joined(separator: "+"), recordedAt: "", recordedFrom: "", interactions: interactions)
    }
}
