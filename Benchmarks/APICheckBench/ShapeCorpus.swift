import APICheck
import Foundation

/// Recordings of the four APIs' list responses, grown from the repository's own recordings to a size, half of the
/// files pretty-printed as `apicheck record` writes them and half compact, each API's schema written out as JSON
/// Schema for the peer: the corpus `guard` and `verify --shapes` measure `apicheck verify` against
/// json.loads + jsonschema-rs on.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct ShapeCorpus {
    /// One API's list response, and how a page of it grows.
    struct Shape: Sendable {
        let api: String
        let label: String
        /// The repository's recording the interaction is taken from (request and response headers included).
        let seed: String
        /// The contract's path template of the operation, and the seed interaction's request path.
        let template: String
        let path: String
        /// Where the page's items are: nil for a top-level array.
        let listKey: String?
        let items: Int

        static let all: [Shape] = [
            Shape(
                api: "todos", label: "todo lists", seed: "recordings/todos/tests/list-first-page.json", template: "/api/v2/todos",
                path: "/api/v2/todos", listKey: "data", items: 50),
            Shape(
                api: "github", label: "GitHub events", seed: "recordings/github/tests/events-first-page.json",
                template: "/repos/{owner}/{repo}/events", path: "/repos/apple/swift/events", listKey: nil, items: 30),
            Shape(
                api: "kakao", label: "Kakao documents", seed: "recordings/kakao/tests/blog-search.json", template: "/v2/search/blog",
                path: "/v2/search/blog", listKey: "documents", items: 50),
            Shape(
                api: "lslp", label: "LSLP posts", seed: "recordings/lslp/tests/feed-pages.json", template: "/post", path: "/post",
                listKey: "data", items: 20),
        ]
    }

    struct Written {
        let shape: Shape
        let files: Int
        let bytes: Int
        let interactions: Int
        let prettyBytes: Int
    }

    let folder: URL
    let shapes: [Written]
    var bytes: Int { shapes.reduce(0) { $0 + $1.bytes } }
    var configPath: String { folder.appendingPathComponent("apicheck.yml").path }
    var manifestPath: String { folder.appendingPathComponent("peer.json").path }

    /// Writes about `bytesPerShape` of recordings for each shape into `folder` (created), with `apicheck.yml`, the
    /// contracts, one JSON Schema per shape and the peer's manifest. `root` is the package root.
    static func write(in folder: URL, bytesPerShape: Int, root: String = FileManager.default.currentDirectoryPath) throws -> ShapeCorpus {
        let manager = FileManager.default
        try manager.createDirectory(at: folder.appendingPathComponent("contracts"), withIntermediateDirectories: true)
        try manager.createDirectory(at: folder.appendingPathComponent("schemas"), withIntermediateDirectories: true)
        var config = "apis:\n"
        var manifest: [JSONValue] = []
        var written: [Written] = []
        for shape in Shape.all {
            let recordings = folder.appendingPathComponent("recordings/\(shape.api)")
            try manager.createDirectory(at: recordings, withIntermediateDirectories: true)
            let contract = "contracts/\(shape.api).openapi.yaml"
            try manager.copyItem(atPath: root + "/" + contract, toPath: folder.appendingPathComponent(contract).path)
            config +=
                "  \(shape.api):\n    contract: \(contract)\n    recordings: recordings/\(shape.api)\n    base_url: https://\(shape.api).example.invalid\n"
            let schema = "schemas/\(shape.api).schema.json"
            try Data(JSONWriter.compactBytes(try peerSchema(contract: root + "/" + contract, template: shape.template))).write(
                to: folder.appendingPathComponent(schema))
            manifest.append(
                .object(
                    JSONObject([
                        .init(key: "schema", value: .string(schema)), .init(key: "recordings", value: .string("recordings/\(shape.api)")),
                    ])))

            let seed = try seedInteraction(shape, root: root)
            var total = 0
            var pretty = 0
            var index = 0
            var interactions = 0
            while total < bytesPerShape {
                let page = (0..<4).map { page in grown(seed, shape, page: index * 4 + page) }
                let recording = Recording(
                    api: shape.api, name: "shape-\(index)", recordedAt: "2026-01-01T00:00:00Z", recordedFrom: "sandbox", interactions: page)
                // Even files as `apicheck record` writes them, odd files compact (a hand-made or another tool's file).
                let data =
                    index % 2 == 0
                    ? Data(recording.fileText.utf8) : Data(JSONWriter.compactBytes(recording.jsonValue) + [UInt8(ascii: "\n")])
                try data.write(to: recordings.appendingPathComponent("shape-\(index).json"))
                total += data.count
                if index % 2 == 0 { pretty += data.count }
                interactions += page.count
                index += 1
            }
            written.append(Written(shape: shape, files: index, bytes: total, interactions: interactions, prettyBytes: pretty))
        }
        try config.write(to: folder.appendingPathComponent("apicheck.yml"), atomically: true, encoding: .utf8)
        try Data(JSONWriter.compactBytes(.array(manifest))).write(to: folder.appendingPathComponent("peer.json"))
        return ShapeCorpus(folder: folder, shapes: written)
    }

    /// The seed recording's first 200 answer to `GET shape.path`.
    static func seedInteraction(_ shape: Shape, root: String) throws -> Interaction {
        let recording = try Recording.load(from: URL(fileURLWithPath: root + "/" + shape.seed))
        guard
            let interaction = recording.interactions.first(where: {
                $0.request.method == "GET" && $0.request.path == shape.path && $0.response.status == 200
            })
        else {
            throw BenchError("\(shape.seed) has no 200 answer to GET \(shape.path)")
        }
        return interaction
    }

    /// The seed with its list grown to `shape.items` (the seed's items over and over, each with the page's own
    /// numbers where the item has an integer `id`) and the page number in the query.
    static func grown(_ seed: Interaction, _ shape: Shape, page: Int) -> Interaction {
        var interaction = seed
        guard case .json(let body) = seed.response.body else { return interaction }
        let original = (shape.listKey.map { body[$0] } ?? body)?.arrayValue ?? []
        guard !original.isEmpty else { return interaction }
        let items = (0..<shape.items).map { index -> JSONValue in
            var item = original[index % original.count]
            if case .object(var object) = item, case .number(let id)? = object["id"], id.isInteger {
                object["id"] = .number(JSONNumber(page * shape.items + index + 1))
                item = .object(object)
            }
            return item
        }
        if let key = shape.listKey, case .object(var object) = body {
            object[key] = .array(items)
            interaction.response.body = .json(.object(object))
        } else {
            interaction.response.body = .json(.array(items))
        }
        return interaction
    }

    /// The contract as one JSON Schema 2020-12 document whose root refers to the operation's 200 JSON body: the
    /// contract's own schemas, so the peer checks what the contract declares (formats included, with
    /// `validate_formats`), and skips what jsonschema-rs does not know (`x-apicheck-date`, `x-apicheck-key-case`:
    /// apicheck checks more than its peer here).
    static func peerSchema(contract path: String, template: String) throws -> JSONValue {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        guard case .object(var document) = try Contract.document(text, path: path) else { throw BenchError("\(path) is not a mapping") }
        let root = JSONValue.object(document)
        var pointer = ["paths", template, "get", "responses", "200"]
        func resolve(_ pointer: [String]) -> JSONValue? {
            pointer.reduce(Optional(root)) { value, key in value?[key] }
        }
        // A response may be a reference to components/responses.
        while let reference = resolve(pointer)?["$ref"]?.stringValue, reference.hasPrefix("#/") {
            pointer = reference.dropFirst(2).split(separator: "/").map {
                String($0).replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            }
        }
        guard let content = resolve(pointer + ["content"])?.objectValue, let type = content.keys.first(where: { $0.contains("json") })
        else {
            throw BenchError("\(path): no JSON body for GET \(template) 200")
        }
        let escaped = (pointer + ["content", type, "schema"]).map {
            $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
        }
        document["$schema"] = .string("https://json-schema.org/draft/2020-12/schema")
        document["$ref"] = .string("#/" + escaped.joined(separator: "/"))
        return .object(document)
    }
}
