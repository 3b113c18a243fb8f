import APICheckJSONSchema
import APICheckRecording
import Foundation

/// A contract with the files its `$ref`s name beside it, read as one document.
///
/// A contract written by hand is often split: `$ref: schemas/todo.yaml`, `$ref: ../common.yaml#/components/schemas/Error`,
/// `paths: {/todos: {$ref: paths/todos.yaml}}`. Each file a `$ref` names by path (relative to the file the `$ref` is in)
/// is read once, however often it is named, YAML or JSON as the contract is, and placed at `/x-apicheck-files/N` of the
/// document; every `$ref` to it becomes local (`#/x-apicheck-files/0/...`), and every `$ref` inside it is read relative
/// to it. The compiler, the 3.0 reading and `breaking` then follow local pointers only, and ``place(of:)`` maps every
/// place back to its own file, so an error names the file and line it is written at.
///
/// A `$ref` to a URL is left as it is, and the compiler refuses what reaches it: apicheck reaches no network while it
/// checks. A file that cannot be read, or a fragment that names nothing in it, refuses the document: the files are read
/// before anything is compiled.
package struct ContractBundle {
    /// The member of the document's root that holds the other files, by number.
    static let member = DocumentIndex.bundledFiles

    /// The contract itself.
    package let main: ContractSource
    /// The other files, the first at `/x-apicheck-files/0` of ``tree``.
    let files: [ContractSource]
    /// The contract with the other files under ``member`` and every `$ref` between them local; the contract's own tree
    /// when it names no other file.
    let tree: JSONValue
    /// What the files say that was read as their authors meant (a map of properties written as one `$ref`), at places
    /// in ``tree``: warnings.
    var notices: [SchemaError] = []

    /// This bundle for finding lines only: its files without their trees, and no tree.
    var forLocating: ContractBundle {
        ContractBundle(main: main.forLocating, files: files.map(\.forLocating), tree: .null)
    }

    /// The file `pointer` (into ``tree``) is in, and where it is in that file.
    func place(of pointer: JSONPointer) -> (source: ContractSource, pointer: JSONPointer) {
        let tokens = pointer.tokens
        guard tokens.count >= 2, tokens[0] == Self.member, let index = Int(tokens[1]), files.indices.contains(index) else {
            return (main, pointer)
        }
        return (files[index], JSONPointer(tokens: Array(tokens.dropFirst(2))))
    }

    /// Reads the files `main` names, and the files they name, from `files`; `diskPath` is where `main` is.
    ///
    /// - Throws: ``ConfigurationError`` at the `$ref` for a file that cannot be read or a fragment that names nothing in
    ///   it, and with its own file and line for a file that does not parse.
    static func gather(_ main: ContractSource, at diskPath: String, from files: ReferencedFiles) throws(ConfigurationError)
        -> ContractBundle
    {
        guard case .object(var root) = main.tree else { return ContractBundle(main: main, files: [], tree: main.tree) }
        if root[member] != nil {
            let at = JSONPointer(tokens: [member])
            throw Gatherer.error(
                in: main, at: at, "unknown extension \(member) (apicheck keeps the files a contract's $refs name there; remove it)")
        }
        // Most contracts are one file: a walk that builds no pointer finds that first.
        guard main.mayNameAnotherFile, Gatherer.namesAnotherFile(main.tree) else {
            return ContractBundle(main: main, files: [], tree: main.tree)
        }
        var gatherer = Gatherer(files: files, main: main, mainDisk: Gatherer.normalized(diskPath))
        let mainPlace = Gatherer.Place(file: nil, source: main, directory: Gatherer.directory(of: gatherer.mainDisk))
        let tree = try gatherer.rewritten(main.tree, at: .root, keysAreNames: false, in: mainPlace) ?? main.tree
        var trees: [JSONValue] = []
        var next = 0
        while next < gatherer.sources.count {
            let place = Gatherer.Place(
                file: next, source: gatherer.sources[next], directory: Gatherer.directory(of: gatherer.diskPaths[next]))
            trees.append(
                try gatherer.rewritten(gatherer.sources[next].tree, at: .root, keysAreNames: false, in: place) ?? place.source.tree)
            next += 1
        }
        guard !trees.isEmpty, case .object(let rewrittenRoot) = tree else {
            return ContractBundle(main: main, files: [], tree: tree, notices: gatherer.allNotices)
        }
        root = rewrittenRoot
        root[member] = .array(trees)
        return ContractBundle(main: main, files: gatherer.sources, tree: .object(root), notices: gatherer.allNotices)
    }
}

/// Walks a file's tree for `$ref`s, reading each file they name and rewriting each to the local pointer of its target.
private struct Gatherer {
    /// A file being walked: its number (nil: the contract), its text and its folder.
    struct Place {
        let file: Int?
        let source: ContractSource
        let directory: String
    }

    let files: ReferencedFiles
    let main: ContractSource
    let mainDisk: String
    private(set) var sources: [ContractSource] = []
    /// Maps of properties written as one `$ref`, read as the map it names (``propertiesByReference(_:at:in:)``).
    private(set) var notices: [SchemaError] = []
    /// Descriptions and summaries written as a `$ref` to a file of text, read and not (``text(of:at:in:key:)``).
    private var textsRead: [SchemaError] = []
    private var textsUnread: [SchemaError] = []
    private(set) var diskPaths: [String] = []
    private var numbers: [String: Int] = [:]
    private var resourceTables: [Int: SchemaResources] = [:]

    init(files: ReferencedFiles, main: ContractSource, mainDisk: String) {
        self.files = files
        self.main = main
        self.mainDisk = mainDisk
    }

    /// File `number`'s text (nil: the contract's).
    func source(of number: Int?) -> ContractSource { number.map { sources[$0] } ?? main }

    /// Members whose values are data, where a `$ref` key is no reference (OpenAPI's Example `value`, JSON Schema's
    /// `enum`, `const`, `default`, and `example`).
    static let data: Set<String> = ["enum", "const", "default", "example", "value"]
    /// Members whose keys are names (a property called `$ref` or `default`, a response called `default`), not keywords.
    static let nameMaps: Set<String> = [
        "properties", "patternProperties", "$defs", "dependentSchemas", "schemas", "responses", "parameters", "headers",
        "requestBodies", "securitySchemes", "links", "callbacks", "pathItems", "webhooks", "paths", "content", "encoding",
        "mediaTypes",
    ]

    /// What a member of an object is to the walk: a `$ref`, data or an extension to leave alone, or a value to walk
    /// (whose keys are names, or keywords).
    enum MemberRole {
        case reference(String)
        case skipped
        case walked(keysAreNames: Bool)
    }

    /// The role of `member` of an object whose keys are names (a map of properties, responses, ...) or keywords.
    static func role(of member: JSONObject.Member, keysAreNames: Bool) -> MemberRole {
        if keysAreNames { return .walked(keysAreNames: false) }
        if member.key == "$ref", case .string(let reference) = member.value { return .reference(reference) }
        if data.contains(member.key) || member.key.hasPrefix("x-") { return .skipped }
        // `examples`: OpenAPI's map of Example Objects (each may be a $ref); a schema's list of values is data.
        if member.key == "examples" { return member.value.arrayValue != nil ? .skipped : .walked(keysAreNames: true) }
        return .walked(keysAreNames: nameMaps.contains(member.key))
    }

    /// Whether a `$ref` in `value` names something other than a place in the same document.
    static func namesAnotherFile(_ value: JSONValue, keysAreNames: Bool = false) -> Bool {
        switch value {
        case .object(let object):
            if !keysAreNames, case .string? = object["$id"] { return false }
            if keysAreNames, let reference = Self.mapReference(object) { return !reference.hasPrefix("#") }
            return object.contains { member in
                switch role(of: member, keysAreNames: keysAreNames) {
                case .reference(let reference): !reference.hasPrefix("#")
                case .skipped: false
                case .walked(let names): namesAnotherFile(member.value, keysAreNames: names)
                }
            }
        case .array(let items):
            return items.contains { namesAnotherFile($0) }
        default:
            return false
        }
    }

    /// `value` with every `$ref` in it rewritten, or nil when none changed.
    mutating func rewritten(_ value: JSONValue, at pointer: JSONPointer, keysAreNames: Bool, in place: Place) throws(ConfigurationError)
        -> JSONValue?
    {
        switch value {
        case .object(let object):
            if case .string? = object["$id"], !keysAreNames {
                // A schema resource: its `$ref`s are URIs read against its `$id` (SchemaResources), not paths of files.
                guard place.file == nil else {
                    throw Self.error(
                        in: place.source, at: pointer.appending("$id"),
                        """
                        $id in a file a $ref names is not read yet: its $refs would be read against the file, not the $id; move the \
                        schema into the contract
                        """
                    )
                }
                return nil
            }
            if keysAreNames, pointer.lastToken == "properties", let reference = Self.mapReference(object) {
                return try propertiesByReference(reference, at: pointer, in: place)
            }
            var changed: [(key: String, value: JSONValue)] = []
            for member in object {
                let at = pointer.appending(member.key)
                if !keysAreNames, let file = Self.textFile(member) {
                    changed.append((member.key, .string(text(of: file, at: at.appending("$ref"), in: place, key: member.key))))
                    continue
                }
                switch Self.role(of: member, keysAreNames: keysAreNames) {
                case .reference(let reference):
                    if let local = try rewrittenReference(reference, at: at, in: place) { changed.append((member.key, .string(local))) }
                case .skipped:
                    continue
                case .walked(let names):
                    if let new = try rewritten(member.value, at: at, keysAreNames: names, in: place) { changed.append((member.key, new)) }
                }
            }
            guard !changed.isEmpty else { return nil }
            var copy = object
            for change in changed { copy[change.key] = change.value }
            return .object(copy)
        case .array(var items):
            var any = false
            for index in items.indices {
                if let new = try rewritten(items[index], at: pointer.appending(index), keysAreNames: false, in: place) {
                    items[index] = new
                    any = true
                }
            }
            return any ? .array(items) : nil
        default:
            return nil
        }
    }

    /// The file a `description` or `summary` written as a `$ref` to a file of text names (Dropbox Sign's `description:
    /// {$ref: ./markdown/en/tags/account-tag-description.md}`, which its bundler inlines): a whole file, not JSON or YAML.
    static func textFile(_ member: JSONObject.Member) -> String? {
        guard member.key == "description" || member.key == "summary", case .object(let object) = member.value,
            let reference = mapReference(object), !reference.contains("#"), !reference.contains(":")
        else { return nil }
        let lowered = reference.lowercased()
        return [".json", ".yaml", ".yml"].contains(where: { lowered.hasSuffix($0) }) ? nil : reference
    }

    /// The text of a file a `description` or `summary` names (``textFile(_:)``), read as bundlers read it, with a
    /// warning at the `$ref`; a file that cannot be read leaves it empty, with a warning. apicheck reads no description,
    /// so neither refuses anything.
    private mutating func text(of reference: String, at pointer: JSONPointer, in place: Place, key: String) -> String {
        let inBundle = place.file.map { JSONPointer(tokens: [ContractBundle.member, String($0)] + pointer.tokens) } ?? pointer
        var read: Result<[UInt8], ReferencedFiles.ReadFailure> = .failure(.init("a malformed %-escape"))
        if let decoded = reference.percentDecoded {
            read = files.read(Self.normalized(decoded.hasPrefix("/") ? decoded : place.directory + decoded))
        }
        switch read {
        case .success(let bytes):
            textsRead.append(
                SchemaError(
                    pointer: inBundle,
                    message: "\(key) is a $ref to a file: read as that file's text, as bundlers read it (OpenAPI writes the text itself)"))
            return String(decoding: bytes, as: UTF8.self)
        case .failure(let failure):
            textsUnread.append(
                SchemaError(
                    pointer: inBundle,
                    message:
                        "\(key) is a $ref to \"\(reference)\", which cannot be read (\(failure.reason)): left empty; apicheck reads no \(key)"
                ))
            return ""
        }
    }

    /// The notices of the walk: each kind of text read from a file said once, at its first, with how many more.
    var allNotices: [SchemaError] {
        notices
            + [textsRead, textsUnread].compactMap { found in
                guard var first = found.first else { return nil }
                if found.count > 1 {
                    first = SchemaError(
                        pointer: first.pointer, message: first.message + " (and \(found.count - 1) more descriptions and summaries like it)"
                    )
                }
                return first
            }
    }

    /// The `$ref` of a map of names (`properties`) that holds nothing but one `$ref` to a string: a map written as a
    /// reference to a map elsewhere.
    static func mapReference(_ object: JSONObject) -> String? {
        guard object.count == 1, case .string(let reference)? = object["$ref"] else { return nil }
        return reference
    }

    /// A map of properties written as one `$ref` to a map of properties (DigitalOcean's `properties: {$ref:
    /// 'models/attributes.yml#/load_balancer_droplet_ids'}`), read as `$ref` resolvers read it: the map it names, each
    /// property a `$ref` to its schema there, so that what is wrong in one is named at its own file and line. JSON
    /// Schema reads it as a property named `$ref`, which is no schema: a warning says how to write it. Nil (as written)
    /// when the `$ref` is a URL or does not name a map of schemas.
    private mutating func propertiesByReference(_ reference: String, at pointer: JSONPointer, in place: Place)
        throws(ConfigurationError) -> JSONValue?
    {
        let at = pointer.appending("$ref")
        let local = try rewrittenReference(reference, at: at, in: place) ?? reference
        guard local.hasPrefix("#"), let decoded = local.dropFirst().percentDecoded else { return nil }
        let target = JSONPointer(decoded)
        let tokens = target.tokens
        let map: JSONValue?
        if tokens.count >= 2, tokens[0] == ContractBundle.member, let number = Int(tokens[1]), sources.indices.contains(number) {
            map = sources[number].tree[pointer: JSONPointer(tokens: Array(tokens.dropFirst(2)))]
        } else {
            map = source(of: place.file).tree[pointer: target]
        }
        guard case .object(let members)? = map, !members.isEmpty,
            members.allSatisfy({ $0.value.objectValue != nil || $0.value.boolValue != nil })
        else { return nil }
        let inBundle = place.file.map { JSONPointer(tokens: [ContractBundle.member, String($0)] + at.tokens) } ?? at
        notices.append(
            SchemaError(
                pointer: inBundle,
                message: """
                    properties is a $ref to a map of properties: read as that map, as $ref resolvers read it (JSON Schema reads \
                    a property named $ref); to say it in JSON Schema, write allOf: [{$ref: <a schema with those properties>}]
                    """))
        return .object(
            JSONObject(
                members.map { member in
                    let named = Self.reference(to: JSONPointer(tokens: tokens + [member.key]))
                    return .init(key: member.key, value: .object(JSONObject([.init(key: "$ref", value: .string(named))])))
                }))
    }

    /// The local form of `reference` (written at `pointer` of `place`), or nil when it stays as it is: a local `$ref` of
    /// the contract itself, and a URL.
    private mutating func rewrittenReference(_ reference: String, at pointer: JSONPointer, in place: Place) throws(ConfigurationError)
        -> String?
    {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let target = String(parts[0])
        let fragment = parts.count > 1 ? String(parts[1]) : ""
        let file: Int?
        if target.isEmpty {
            guard let number = place.file else { return nil }
            file = number
        } else {
            // A scheme (`https:`, `urn:`) makes it a URL, never followed; a Windows drive letter is not written here.
            if let colon = target.firstIndex(of: ":"), !target[..<colon].contains("/"), target[..<colon].count > 1 { return nil }
            guard let decoded = target.percentDecoded else {
                throw Self.error(in: place.source, at: pointer, "\"\(reference)\" has a malformed %-escape")
            }
            let disk = Self.normalized(decoded.hasPrefix("/") ? decoded : place.directory + decoded)
            file = try number(of: disk, for: reference, at: pointer, in: place)
        }
        let source = source(of: file)
        let found: JSONPointer
        if fragment.isEmpty || fragment.hasPrefix("/") {
            guard let decoded = fragment.percentDecoded else {
                throw Self.error(in: place.source, at: pointer, "\"\(reference)\" has a malformed %-escape")
            }
            found = JSONPointer(decoded)
            guard source.tree[pointer: found] != nil else {
                throw Self.error(in: place.source, at: pointer, "\"\(reference)\" points at nothing in \(source.path)")
            }
        } else {
            guard case .found(let anchored) = try resources(of: file).resolve("#" + fragment, at: .root) else {
                throw Self.error(
                    in: place.source, at: pointer,
                    "\"\(reference)\" names an anchor no schema of \(source.path) declares ($anchor: \(fragment))")
            }
            found = anchored
        }
        guard let file else { return Self.reference(to: found) }
        let local = JSONPointer(tokens: [ContractBundle.member, String(file)] + found.tokens)
        return Self.reference(to: local)
    }

    /// A local `$ref` to `pointer`: the compiler percent-decodes a fragment, so a % in a key is written %25.
    static func reference(to pointer: JSONPointer) -> String {
        "#" + pointer.description.replacingOccurrences(of: "%", with: "%25")
    }

    /// The number of the file at `disk` (nil: the contract itself), read and parsed the first time it is named.
    private mutating func number(of disk: String, for reference: String, at pointer: JSONPointer, in place: Place)
        throws(ConfigurationError)
        -> Int?
    {
        if disk == mainDisk { return nil }
        if let known = numbers[disk] { return known }
        let bytes: [UInt8]
        switch files.read(disk) {
        case .success(let read): bytes = read
        case .failure(let failure):
            throw Self.error(in: place.source, at: pointer, "\"\(reference)\": cannot read \(files.display(disk)): \(failure.reason)")
        }
        let source = try ContractSource.parse(bytes, path: files.display(disk))
        numbers[disk] = sources.count
        sources.append(source)
        diskPaths.append(disk)
        return sources.count - 1
    }

    /// The anchors of a file (nil: the contract's).
    private mutating func resources(of file: Int?) throws(ConfigurationError) -> SchemaResources {
        let key = file ?? -1
        if let table = resourceTables[key] { return table }
        let source = source(of: file)
        let table: SchemaResources
        do {
            table = try SchemaResources(source.tree)
        } catch {
            throw Self.error(in: source, at: error.pointer, error.message)
        }
        resourceTables[key] = table
        return table
    }

    static func error(in source: ContractSource, at pointer: JSONPointer, _ message: String) -> ConfigurationError {
        let location = source.location(of: pointer)
        return ConfigurationError(
            file: source.path, line: location?.line, column: location?.column, keyPath: pointer.description, message: message)
    }

    /// The folder of a file's path, with its trailing `/` (empty for a file in the current folder).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    /// `path` with `.` and `x/..` taken out, so that one file named two ways is read once.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        let absolute = path.hasPrefix("/")
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == ".." && absolute {
                continue
            } else {
                parts.append(part)
            }
        }
        return (absolute ? "/" : "") + parts.joined(separator: "/")
    }
}
