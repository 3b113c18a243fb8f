import APICheckJSONSchema
import APICheckRecording
import Foundation
import WireFormat

/// A parameter's or header's value as the wire carries it, read the way its ``CompiledContract/ValueEncoding`` says.
enum ReadValue: Equatable {
    /// Not in the request; `empty` when it is there with an empty value only.
    case absent(empty: Bool)
    /// The value. `typed`: JSON (checked as it is); otherwise text, read as the schema's type (`"3"` an integer).
    case value(JSONValue, typed: Bool)
    /// Not written the way the encoding says: what was expected, what was found.
    case malformed(expected: String, found: String)
}

/// The items of a request's query: decoded, and as written (a comma-separated value is split before it is decoded).
struct QueryItems {
    let decoded: [FormField]
    private let query: String?

    init(_ query: String?) {
        self.query = query
        decoded = (query.flatMap { try? FormURLEncoding.decode($0) }) ?? []
    }

    /// Each item's name decoded and its value still percent-encoded; nil when a name does not decode.
    /// Read only for a comma-separated value (split before it is decoded).
    func raw() -> [(name: String, value: Substring)]? {
        var pairs: [(name: String, value: Substring)] = []
        for segment in (query ?? "").split(separator: "&") {
            let pieces = segment.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = try? FormURLEncoding.unescape(pieces[0]) else { return nil }
            pairs.append((name, pieces.count > 1 ? pieces[1] : ""))
        }
        return pairs
    }
}

extension CompiledContract.ValueEncoding {
    /// A query parameter's value. `others` are the operation's other query parameters: an exploded form object
    /// takes every item they do not name (nor start with a deepObject's `name[`).
    func readQuery(
        _ name: String, schema: CompiledSchema?, allowsEmpty: Bool, items: QueryItems, others: () -> [CompiledContract.Parameter]
    ) -> ReadValue {
        let isObject = schema?.isObjectOnly == true
        if mediaType == nil && style == .deepObject {
            var members: [(String, String)] = []
            let prefix = name + "["
            for item in items.decoded where item.name.hasPrefix(prefix) && item.name.hasSuffix("]") && item.name.count > prefix.count {
                members.append((String(item.name.dropFirst(prefix.count).dropLast()), item.value))
            }
            if let branches = schema.flatMap(ContractCompiler.deepObjectBranches) {
                return Self.deepObjectAlternative(name, members: members, branches: branches, allowsEmpty: allowsEmpty, items: items)
            }
            if schema?.mask.subtracting(.null) == .array {
                // `name[]=a` and `name[0]=a`: the elements of an array (Rails, qs and Stripe write arrays so).
                if let stray = members.first(where: { !$0.0.allSatisfy { $0.isASCII && $0.isNumber } }) {
                    return .malformed(expected: "\(name)[]=a&\(name)[]=b (an array)", found: "\(name)[\(stray.0)]=\(stray.1)")
                }
                return members.isEmpty ? .absent(empty: false) : .value(.array(members.map { .string($0.1) }), typed: false)
            }
            return members.isEmpty ? .absent(empty: false) : .value(Self.object(members, schema: schema), typed: false)
        }
        if mediaType == nil && isObject && explode {
            let others = others()
            let claimed = Set(others.map(\.name))
            let prefixes = others.filter { $0.encoding.style == .deepObject }.map { $0.name + "[" }
            let members = items.decoded.filter { item in !claimed.contains(item.name) && !prefixes.contains { item.name.hasPrefix($0) } }
            return members.isEmpty
                ? .absent(empty: false) : .value(Self.object(members.map { ($0.name, $0.value) }, schema: schema), typed: false)
        }
        var values = items.decoded.filter { $0.name == name }.map(\.value)
        let given = !values.isEmpty
        if !allowsEmpty { values.removeAll { $0.isEmpty } }
        guard let last = values.last else { return .absent(empty: given) }
        if let mediaType { return Self.json(last, mediaType: mediaType) }
        let array = schema?.mask.contains(.array) ?? false
        if !explode && (isObject || array) {
            // Split on the commas as written: a comma inside a value is escaped (%2C).
            guard let raw = items.raw()?.last(where: { $0.name == name })?.value else {
                return .malformed(expected: "a percent-encoded query", found: last)
            }
            var pieces: [String] = []
            for piece in raw.split(separator: ",", omittingEmptySubsequences: false) {
                guard let decoded = try? FormURLEncoding.unescape(piece) else {
                    return .malformed(expected: "a percent-encoded query", found: String(raw))
                }
                pieces.append(decoded)
            }
            return isObject ? Self.pairs(pieces, written: last, schema: schema) : .value(.array(pieces.map(JSONValue.string)), typed: false)
        }
        if array { return .value(.array(values.map(JSONValue.string)), typed: false) }
        return .value(.string(last), typed: false)
    }

    /// A deepObject parameter whose schema is an `anyOf` or `oneOf` (``ContractCompiler/deepObjectBranches(_:)``):
    /// `name[key]=v` members are an object (or, all of them `[]` or `[0]`, an array when a branch is one), and with none,
    /// `name=v` is the value itself; the whole schema then decides which branch it is.
    static func deepObjectAlternative(
        _ name: String, members: [(String, String)], branches: [CompiledSchema], allowsEmpty: Bool, items: QueryItems
    ) -> ReadValue {
        guard !members.isEmpty else {
            let values = items.decoded.filter { $0.name == name }.map(\.value)
            guard let last = values.last, allowsEmpty || !last.isEmpty else { return .absent(empty: !values.isEmpty) }
            return .value(.string(last), typed: false)
        }
        return .value(deepObjectValue(members, schema: nil, branches: branches), typed: false)
    }

    /// The value deepObject members (`name[key]=v`, `name[]=v`) write for `schema` (or, given, its `anyOf`/`oneOf`
    /// `branches`): an array when every key is empty or an index and the schema (a branch) is an array of scalars, else
    /// an object, for the schema's (a branch's) object. Query parameters and form fields read them alike.
    static func deepObjectValue(_ members: [(String, String)], schema: CompiledSchema?, branches: [CompiledSchema]? = nil) -> JSONValue {
        let choices = branches ?? schema.map { ContractCompiler.deepObjectBranches($0) ?? [$0] } ?? []
        let indexed = members.allSatisfy { $0.0.allSatisfy { $0.isASCII && $0.isNumber } }
        if indexed, choices.contains(where: ContractCompiler.isArrayOfScalars) { return .array(members.map { .string($0.1) }) }
        return object(members, schema: choices.first { $0.isObjectOnly })
    }

    /// A path parameter's or header's value (one text; a header's comma-separated list may have spaces after its commas).
    func readText(_ text: String?, schema: CompiledSchema?, allowsEmpty: Bool, header: Bool) -> ReadValue {
        guard let text, allowsEmpty || !text.isEmpty else { return .absent(empty: text != nil) }
        if let mediaType { return Self.json(text, mediaType: mediaType) }
        let isObject = schema?.isObjectOnly == true
        guard isObject || schema?.mask.contains(.array) ?? false else { return .value(.string(text), typed: false) }
        let pieces = text.split(separator: ",", omittingEmptySubsequences: false).map {
            header ? $0.trimmingCharacters(in: .whitespaces) : String($0)
        }
        guard isObject else { return .value(.array(pieces.map(JSONValue.string)), typed: false) }
        guard explode else { return Self.pairs(pieces, written: text, schema: schema) }
        var members: [(String, String)] = []
        for piece in pieces {
            let pair = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2 else { return .malformed(expected: "name=value pairs separated by commas", found: text) }
            members.append((String(pair[0]), String(pair[1])))
        }
        return .value(Self.object(members, schema: schema), typed: false)
    }

    static func json(_ text: String, mediaType: String) -> ReadValue {
        do {
            return .value(try JSONReader.parse(text), typed: true)
        } catch {
            return .malformed(expected: "\(mediaType) text (\(error))", found: "\"\(preview(text))\"")
        }
    }

    /// `id,3,name,A` as the object it writes.
    static func pairs(_ pieces: [String], written: String, schema: CompiledSchema?) -> ReadValue {
        guard pieces.count % 2 == 0 else {
            return .malformed(expected: "names and values in turn, separated by commas (an even number of pieces)", found: written)
        }
        let members = stride(from: 0, to: pieces.count, by: 2).map { (pieces[$0], pieces[$0 + 1]) }
        return .value(object(members, schema: schema), typed: false)
    }

    /// Text members as an object (``grouped(_:schema:)``).
    static func object(_ members: [(String, String)], schema: CompiledSchema?) -> JSONValue {
        grouped(members.map { ($0.0, JSONValue.string($0.1)) }, schema: schema)
    }

    /// Values by name as an object for `schema`, names in the order first given: a name given once is its value
    /// unless its property is an array; a name that repeats is an array of its values. How deepObject and form
    /// members, form fields and multipart parts become the object their schema checks.
    static func grouped(_ members: [(String, JSONValue)], schema: CompiledSchema?) -> JSONValue {
        var order: [String] = []
        var values: [String: [JSONValue]] = [:]
        for (name, value) in members {
            if values[name] == nil { order.append(name) }
            values[name, default: []].append(value)
        }
        return .object(JSONObject(order.map { .init(key: $0, value: collapsed(values[$0] ?? [], property: schema?.property($0))) }))
    }

    /// One name's values: the value itself when there is one and its property is not an array, else the array.
    static func collapsed(_ items: [JSONValue], property: CompiledSchema?) -> JSONValue {
        items.count == 1 && property?.mask != [.array] ? items[0] : .array(items)
    }

    /// A text shortened for a message: its first 60 characters and `...`.
    static func preview(_ text: String) -> String { text.count > 60 ? String(text.prefix(60)) + "..." : text }
}

extension CompiledContract.Parameter {
    /// The query items that write `value` as this parameter, each `name=value` already percent-encoded
    /// (the commas of a non-exploded value are not escaped; those inside a value are).
    package func encodedQuery(_ value: JSONValue) -> [String] {
        let escapedName = FormURLEncoding.escape(name)
        func item(_ name: String, _ text: String) -> String { FormURLEncoding.escape(name) + "=" + FormURLEncoding.escape(text) }
        if encoding.mediaType != nil { return [escapedName + "=" + FormURLEncoding.escape(JSONWriter.compact(value))] }
        switch value {
        case .object(let object):
            let members = object.map { ($0.key, $0.value) }
            if encoding.style == .deepObject {
                return members.flatMap { key, member in Self.texts(member).map { item("\(name)[\(key)]", $0) } }
            }
            if encoding.explode { return members.flatMap { key, member in Self.texts(member).map { item(key, $0) } } }
            let pieces = members.flatMap { key, member in [key] + Self.texts(member) }
            return [escapedName + "=" + pieces.map(FormURLEncoding.escape).joined(separator: ",")]
        case .array(let items):
            let texts = items.map(Self.text)
            if encoding.style == .deepObject { return texts.map { item("\(name)[]", $0) } }
            if encoding.explode { return texts.map { item(name, $0) } }
            return [escapedName + "=" + texts.map(FormURLEncoding.escape).joined(separator: ",")]
        default:
            return [item(name, Self.text(value))]
        }
    }

    /// The text that writes `value` as this path parameter or header (`a,b`, `id,3,name,A`, JSON for content).
    package func encodedText(_ value: JSONValue) -> String {
        CompiledContract.Header.encodedText(value, encoding)
    }

    static func texts(_ value: JSONValue) -> [String] {
        if case .array(let items) = value { return items.map(text) }
        return [text(value)]
    }

    /// A scalar as text (`3`, `true`, `done`; null is empty; an array or object as JSON).
    package static func text(_ value: JSONValue) -> String {
        switch value {
        case .null: return ""
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return number.literal
        case .string(let string): return string
        case .array, .object: return JSONWriter.compact(value)
        }
    }
}

extension CompiledContract.Header {
    /// The text that writes `value` as a header of this encoding (`a,b`, `id,3,name,A`, JSON for content).
    package func encodedText(_ value: JSONValue) -> String { Self.encodedText(value, encoding) }

    static func encodedText(_ value: JSONValue, _ encoding: CompiledContract.ValueEncoding) -> String {
        if encoding.mediaType != nil { return JSONWriter.compact(value) }
        switch value {
        case .object(let object):
            let pieces = object.map { member in
                encoding.explode
                    ? [member.key + "=" + CompiledContract.Parameter.text(member.value)]
                    : [member.key, CompiledContract.Parameter.text(member.value)]
            }
            return pieces.flatMap { $0 }.joined(separator: ",")
        case .array(let items):
            return items.map(CompiledContract.Parameter.text).joined(separator: ",")
        default:
            return CompiledContract.Parameter.text(value)
        }
    }
}
