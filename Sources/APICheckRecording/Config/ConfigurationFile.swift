import Foundation
import WireFormat

/// `apicheck.yml`: the APIs apicheck checks, and how.
///
/// ```yaml
/// version: 1
/// apis:
///   todos:
///     contract: contracts/todos.openapi.yaml
///     base_url: https://phplaravel-574671-2962113.cloudwaysapps.com
///     base_url_env: TODOS_BASE_URL
/// ```
/// The full schema is in docs/CONFIGURATION.md. Unknown keys and wrong types are errors with file and line.
public struct ConfigurationFile: Sendable {
    /// The schema version; 1.
    public var version: Int
    /// The APIs, in the order the file lists them.
    public var apis: [APIConfiguration]
    /// The file it was read from.
    public var path: String
    /// The folder relative paths in the file are resolved against.
    public var folder: URL

    /// A path written in the file: an absolute path as written, a relative one from the file's folder.
    public func resolve(_ path: String) -> URL {
        Self.resolve(path, in: folder)
    }

    /// `path` as written when absolute, else relative to `folder`.
    public static func resolve(_ path: String, in folder: URL) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
    }

    /// The API named `name`, or nil.
    public func api(_ name: String) -> APIConfiguration? { apis.first { $0.name == name } }

    /// The APIs `--api` selects (all of them for nil).
    ///
    /// - Throws: ``ConfigurationError`` naming the known APIs when `name` is not one of them.
    public func selecting(_ name: String?) throws(ConfigurationError) -> [APIConfiguration] {
        guard let name else { return apis }
        guard let api = api(name) else {
            throw ConfigurationError(
                file: path, message: "unknown API '\(name)' (--api); \(path) defines: \(apis.map(\.name).joined(separator: ", "))")
        }
        return [api]
    }

    /// The one API a single-API command works on: `--api`'s, or the only one defined.
    ///
    /// - Throws: ``ConfigurationError`` naming the APIs when `name` is unknown, or nil with more than one defined.
    public func selectingOne(_ name: String?) throws(ConfigurationError) -> APIConfiguration {
        let apis = try selecting(name)
        guard apis.count == 1, let chosen = apis.first else {
            throw ConfigurationError(
                file: path,
                message: "apicheck.yml defines \(apis.count) APIs; pick one with --api (\(apis.map(\.name).joined(separator: ", ")))")
        }
        return chosen
    }

    /// Reads and checks `apicheck.yml` at `path`.
    public static func load(_ path: String) throws(ConfigurationError) -> ConfigurationFile {
        guard let bytes = FileBytes.read(path) else {
            let reason = FileBytes.whyUnreadable(path)
            if reason == "no such file" {
                throw ConfigurationError(
                    file: path,
                    message:
                        """
                        no such file; run apicheck in the folder that holds apicheck.yml, or pass --config PATH (its schema is in \
                        docs/CONFIGURATION.md)
                        """
                )
            }
            throw ConfigurationError(file: path, message: "cannot read the configuration: \(reason)")
        }
        guard let text = String.validatingUTF8(bytes) else {
            throw ConfigurationError(file: path, message: "the configuration is not UTF-8 text")
        }
        return try parse(text, path: path)
    }

    /// Checks the text of an `apicheck.yml`; `path` is used in errors and to resolve relative paths.
    public static func parse(_ text: String, path: String) throws(ConfigurationError) -> ConfigurationFile {
        let root = try YAMLReader.parse(text, file: path)
        let members = try root.mapping(allowed: ["version", "apis"])
        let version = try root.optional("version", in: members)?.int() ?? 1
        guard version == 1 else {
            throw (root.optional("version", in: members) ?? root).fail("unsupported version \(version); this apicheck reads version 1")
        }
        let apisNode = try root.required("apis", in: members)
        var apis: [APIConfiguration] = []
        for (name, node) in try apisNode.mapping(allowed: nil) {
            apis.append(try APIConfiguration(name: name, node))
        }
        guard !apis.isEmpty else { throw apisNode.fail("no APIs defined") }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        return ConfigurationFile(version: version, apis: apis, path: path, folder: folder)
    }
}
