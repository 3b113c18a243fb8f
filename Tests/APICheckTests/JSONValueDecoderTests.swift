import Foundation
import OpenAPIKit
import TestSupport
import Testing

@testable import APICheckCommands
@testable import APICheckContracts
@testable import APICheckRecording

/// `JSONValueDecoder` gives OpenAPIKit's structure check the answers `JSONDecoder` gives on the same JSON text.
@Suite("JSONValueDecoder: OpenAPIKit's verdicts equal JSONDecoder's")
struct JSONValueDecoderTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every contract in the repository, as the structure check sees it (schemas blanked).
    static func documents() throws -> [(name: String, tree: JSONValue)] {
        let paths = [
            "contracts/todos.openapi.yaml", "contracts/github.openapi.yaml", "contracts/kakao.openapi.yaml", "contracts/lslp.openapi.yaml",
            "Tests/APICheckTestingTests/Resources/AppProject/contracts/demo.openapi.yaml",
        ]
        return try paths.map { path in
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            return (path, Contract.withoutSchemas(try YAMLReader.parse(text, file: path).json()))
        }
    }

    /// nil when the document is accepted; otherwise the error's kind and coding path.
    static func verdict(_ decode: () throws -> OpenAPI.Document) -> String? {
        do {
            _ = try decode()
            return nil
        } catch {
            return describe(error)
        }
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? OpenAPI.Error.Decoding.Document {
            return "document at \(error.codingPath.map(\.stringValue).joined(separator: "/")): \(error.localizedDescription)"
        }
        if let error = error as? DecodingError {
            switch error {
            case .typeMismatch(_, let context): return "typeMismatch at \(context.codingPath.map(\.stringValue).joined(separator: "/"))"
            case .valueNotFound(_, let context): return "valueNotFound at \(context.codingPath.map(\.stringValue).joined(separator: "/"))"
            case .keyNotFound(let key, let context):
                return "keyNotFound \(key.stringValue) at \(context.codingPath.map(\.stringValue).joined(separator: "/"))"
            case .dataCorrupted(let context): return "dataCorrupted at \(context.codingPath.map(\.stringValue).joined(separator: "/"))"
            @unknown default: return "\(error)"
            }
        }
        return "\(type(of: error)): \(error)"
    }

    /// Our verdict, and `JSONDecoder`'s; ours is the same whether or not `AnyCodable` objects keep only their `x-`
    /// members' values (as loading decodes), or the test records which differs.
    static func both(_ tree: JSONValue, sourceLocation: SourceLocation = #_sourceLocation) -> (ours: String?, theirs: String?) {
        let ours = verdict { try JSONValueDecoder().decode(OpenAPI.Document.self, from: tree) }
        let skimmed = verdict { try JSONValueDecoder(extensionValuesOnly: true).decode(OpenAPI.Document.self, from: tree) }
        #expect(
            skimmed == ours, "with only extensions' values kept: \(skimmed ?? "accepted"), in full: \(ours ?? "accepted")",
            sourceLocation: sourceLocation)
        let theirs = verdict { try JSONDecoder().decode(OpenAPI.Document.self, from: Data(JSONWriter.compactBytes(tree))) }
        return (ours, theirs)
    }

    @Test("every contract of the repository: both accept it")
    func contractsAccepted() throws {
        let documents = try Self.documents()
        #expect(documents.count == 5)
        for document in documents {
            let (ours, theirs) = Self.both(document.tree)
            #expect(ours == nil && theirs == nil, "\(document.name): ours \(ours ?? "accepted"), JSONDecoder \(theirs ?? "accepted")")
        }
    }

    /// Every pointer in `value` (objects' members and arrays' items).
    static func pointers(_ value: JSONValue, at pointer: [String] = []) -> [[String]] {
        switch value {
        case .object(let object): return object.flatMap { [pointer + [$0.key]] + pointers($0.value, at: pointer + [$0.key]) }
        case .array(let items): return items.indices.flatMap { [pointer + [String($0)]] + pointers(items[$0], at: pointer + [String($0)]) }
        default: return []
        }
    }

    @Test("mutated contracts (a key renamed or removed, a value of another type): the same verdict and the same coding path")
    func mutationsAgree() throws {
        var generator = SeededGenerator(seed: 2_028)
        var compared = 0
        var refused = 0
        let replacements: [JSONValue] = [
            .string("x"), .number(JSONNumber(3)), .number(JSONNumber(1.5)), .bool(true), .null, .array([]), .object(JSONObject()),
            .string("not a url ^"), .string("3.0.0"),
        ]
        for document in try Self.documents() {
            let all = Self.pointers(document.tree)
            for _ in 0..<40 {
                var tree = document.tree
                let pointer = all.randomElement(using: &generator)!
                switch Int.random(in: 0..<4, using: &generator) {
                case 0:
                    // A key renamed to one no OpenAPI object has (an array item is replaced instead).
                    let value = tree[pointer: JSONPointer(tokens: pointer)]
                    tree.set(nil, at: JSONPointer(tokens: pointer))
                    tree.set(value, at: JSONPointer(tokens: Array(pointer.dropLast()) + ["bogusKey"]))
                case 1:
                    tree.set(nil, at: JSONPointer(tokens: pointer))
                case 2:
                    tree.set(.string("added"), at: JSONPointer(tokens: pointer + ["x-added"]))
                default:
                    tree.set(replacements.randomElement(using: &generator)!, at: JSONPointer(tokens: pointer))
                }
                let (ours, theirs) = Self.both(tree)
                #expect(
                    ours == theirs,
                    "\(document.name), \(pointer.joined(separator: "/")): ours \(ours ?? "accepted"), JSONDecoder \(theirs ?? "accepted")")
                compared += 1
                if theirs != nil { refused += 1 }
            }
        }
        #expect(compared == 200)
        // The mutations must reach the checks, not only pass them.
        #expect(refused > 40, "only \(refused) of \(compared) mutations were refused")
    }

    @Test("a contract's structural mistake is reported where it is, as before")
    func mistakeLocated() {
        #expect {
            _ = try Contract.parse("openapi: 3.1.0\ninfo:\n  title: x\n  version: '1'\n  bogus: 1\npaths: {}\n", path: "c.yaml")
        } throws: { error in
            guard let error = error as? ConfigurationError else { return false }
            return error.line == 3 && error.description.contains("not a valid OpenAPI 3.1 document") && error.description.contains("bogus")
        }
    }
}
