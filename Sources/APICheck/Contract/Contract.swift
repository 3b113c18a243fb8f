import Foundation
import OpenAPIKit
import Yams

/// An OpenAPI 3.1 contract, loaded with OpenAPIKit and dereferenced, with the raw document kept for positions.
///
/// Not `Sendable`: OpenAPIKit's documents are not. The verifier compiles it into its own `Sendable` form.
public struct Contract {
    /// The file it was read from.
    public let path: String
    /// The dereferenced document.
    public let document: DereferencedDocument
    /// The document's text, for line numbers in errors.
    let text: String

    /// Reads and dereferences the contract at `path`.
    ///
    /// - Throws: ``ConfigurationError`` with the file and, where it can be found, the line of what is wrong.
    public static func load(_ path: String) throws(ConfigurationError) -> Contract {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ConfigurationError(file: path, message: "cannot read the contract: \(error.localizedDescription)")
        }
        return try parse(text, path: path)
    }

    /// Parses contract text; `path` is used in errors.
    public static func parse(_ text: String, path: String) throws(ConfigurationError) -> Contract {
        // Yams first: a syntax error gets its line from the YAML parser.
        _ = try YAMLReader.parse(text, file: path)
        let document: OpenAPI.Document
        do {
            document = try YAMLDecoder().decode(OpenAPI.Document.self, from: text)
        } catch {
            throw locate(error, in: text, path: path)
        }
        do {
            return Contract(path: path, document: try document.locallyDereferenced(), text: text)
        } catch {
            throw ConfigurationError(file: path, message: "cannot resolve a $ref: \(error)")
        }
    }

    /// Turns an OpenAPIKit or decoding error into one with the line of the offending key, found in a Yams node tree.
    static func locate(_ error: any Error, in text: String, path: String) -> ConfigurationError {
        // Yams wraps what OpenAPIKit threw in a DecodingError; look inside.
        if case DecodingError.dataCorrupted(let context) = error, let inner = context.underlyingError {
            return locate(inner, in: text, path: path)
        }
        var codingPath: [String] = []
        var message = "\(error)"
        if let error = error as? OpenAPI.Error.Decoding.Document {
            codingPath = error.codingPath.map(\.stringValue)
            message = error.localizedDescription
        } else if let error = error as? DecodingError {
            switch error {
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context):
                codingPath = context.codingPath.map(\.stringValue)
                message = context.debugDescription
            @unknown default:
                break
            }
        }
        var located = ConfigurationError(file: path, keyPath: codingPath.joined(separator: "."), message: "not a valid OpenAPI 3.1 document: \(message)")
        if let root = try? Yams.compose(yaml: text) {
            var node: Node? = root
            var mark = root.mark
            for key in codingPath {
                if let index = Int(key), case .sequence(let sequence)? = node, sequence.indices.contains(index) {
                    node = sequence[index]
                } else if case .mapping(let mapping)? = node, let value = mapping[Node(key)] {
                    node = value
                } else {
                    break
                }
                mark = node?.mark ?? mark
            }
            located.line = mark?.line
            located.column = mark?.column
        }
        return located
    }
}
