import Foundation
import WireFormat

/// A throwaway project folder holding only an `apicheck.yml`, and the search for secrets in what the
/// commands run in it write and print (the secrets suites of each API share it).
struct SecretsProject {
    /// The folder; the caller removes it.
    let folder: URL
    /// Every form of every secret that must not appear anywhere.
    let secrets: [String]

    init(configuration: String, secrets: [String]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-secrets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try configuration.write(to: folder.appendingPathComponent("apicheck.yml"), atomically: true, encoding: .utf8)
        self.secrets = secrets
    }

    /// Every form a secret could be written in: as is, percent-encoded (form and query style), and
    /// JSON-escaped (`\/`, `\u0026`).
    static func forms(of secret: String) -> [String] {
        [
            secret, FormURLEncoding.escape(secret), secret.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? secret,
            secret.replacingOccurrences(of: "/", with: "\\/"), secret.replacingOccurrences(of: "&", with: "\\u0026"),
        ]
    }

    /// Every secret found in `text`, with where.
    func leaks(in text: String, at place: String) -> [String] {
        Search(secrets: secrets).leaks(in: text, at: place)
    }

    /// How many files are under `path` (relative to the folder), and every secret any of them holds.
    func leaks(inFilesUnder path: String) throws -> (files: Int, leaks: [String]) {
        try Search(secrets: secrets).leaks(inFilesUnder: folder.appendingPathComponent(path))
    }

    /// A search for secrets known only after the commands ran (the tokens a replica issued).
    struct Search {
        let secrets: [String]

        func leaks(in text: String, at place: String) -> [String] {
            secrets.filter { text.contains($0) }.map { "\(place) holds \($0)" }
        }

        func leaks(inFilesUnder root: URL) throws -> (files: Int, leaks: [String]) {
            var found: [String] = []
            var count = 0
            for case let relative as String in FileManager.default.enumerator(atPath: root.path) ?? FileManager.DirectoryEnumerator() {
                let url = root.appendingPathComponent(relative)
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
                count += 1
                found += leaks(in: String(decoding: try Data(contentsOf: url), as: UTF8.self), at: relative)
            }
            return (count, found)
        }
    }
}
