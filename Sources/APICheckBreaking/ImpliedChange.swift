import APICheckContracts
import APICheckRecording

/// A change to the contract that new recordings imply (`apicheck record`): what the API did that the contract does not
/// say, as the `breaking.*` change that would make the contract say it, where to make it, and the recordings that show it.
public struct ImpliedChange: Sendable, Hashable {
    /// The change, classified by the rules of `apicheck breaking`; ``ContractChange/old`` is where the contract says
    /// otherwise now (the schema to edit, or the response or operation it belongs to); ``ContractChange/new`` is nil.
    public var change: ContractChange
    /// The recordings (`file:line`) whose responses show it, in the order found.
    public var seenIn: [String]
    /// Every operation whose responses show it (one schema reached from several operations is one edit), the
    /// change's own first.
    public var operations: [String]

    /// The changes `findings` (of responses recorded now, verified against `contract`) imply, one per rule and place in
    /// the contract (a schema several operations share is one edit), in the order first found. Request findings are
    /// left out: a request is the app's (or the scenario's), not a change of the API.
    public static func changes(implied findings: [Finding], by contract: ContractVersion) -> [ImpliedChange] {
        var result: [ImpliedChange] = []
        var index: [String: Int] = [:]
        for finding in findings where finding.side == .response {
            guard let (rule, message) = classify(finding) else { continue }
            let (part, location) = contract.place(of: finding)
            let key = "\(rule.rawValue) " + (location.map { $0.pointer } ?? "\(finding.operation) \(part) \(finding.pointer)")
            let seen = finding.file.map { file in finding.line.map { "\(file):\($0)" } ?? file }
            if let position = index[key] {
                if let seen, !result[position].seenIn.contains(seen) { result[position].seenIn.append(seen) }
                if !result[position].operations.contains(finding.operation) { result[position].operations.append(finding.operation) }
                continue
            }
            index[key] = result.count
            let change = ContractChange(
                rule: rule, operation: finding.operation, part: part, pointer: finding.pointer, old: location, new: nil, message: message)
            result.append(ImpliedChange(change: change, seenIn: seen.map { [$0] } ?? [], operations: [finding.operation]))
        }
        return result
    }

    /// The contract change a response finding stands for, and what to write: nil for a finding no contract edit answers.
    static func classify(_ finding: Finding) -> (RuleID, String)? {
        let found = finding.found
        switch finding.rule {
        case .fieldMissing:
            return (.breakingResponseFieldOptional, "the API left it out: remove it from required")
        case .fieldNull:
            return (.breakingResponseNullable, "the API sent null: add \"null\" to its type")
        case .fieldAdded, .fieldUnexpected:
            return (.breakingResponseFieldAdded, "the API sent a field the contract does not declare (\(found)): declare it")
        case .shapeType, .shapeListVsSingle:
            return (.breakingResponseTypeChanged, "the API sent \(found) where the contract says \(finding.expected): change its type")
        case .enumValue:
            return (.breakingResponseEnumValueAdded, "the API sent \(found), not one of the contract's values: add it to the enum")
        case .statusUndeclared:
            return (.breakingStatusAdded, "the API answered \(found): declare the status")
        case .contentType:
            return (.breakingResponseContentTypeAdded, "the API answered \(found): declare the media type")
        case .datePrecision, .dateOffset:
            return (.breakingDateForm, "the API writes dates as \(found): change x-apicheck-date")
        case .dateFormat, .schemaFormat:
            return (.breakingFormatChanged, "the API sent \(found) where the contract says \(finding.expected): change its format")
        case .keyCase:
            return (.breakingKeyCase, "the API's key \(found) is not \(finding.expected): change x-apicheck-key-case")
        case .headerMissing:
            return (.breakingResponseHeaderRemoved, "the API left the header out: make it required: false")
        case .bodyUnparsable, .paramUnparsable, .secretUnredacted, .recordingUnmatchedOperation, .contractOperationRefused,
            .contractInvalid:
            return nil
        default:
            // A schema keyword the value breaks (maxLength, pattern, minimum, ...): the contract claims more than the API keeps.
            guard finding.rule.rawValue.hasPrefix("schema.") else { return nil }
            return (
                .breakingResponseConstraintLoosened,
                "the API sent \(found), which breaks \(finding.rule.rawValue.dropFirst("schema.".count)) (\(finding.expected)): loosen it"
            )
        }
    }
}

extension ContractVersion {
    /// A response finding's part (`200 application/json`, as `apicheck breaking` names it) and where the contract says
    /// what the finding contradicts: the schema at its pointer, or the nearest enclosing schema, response or operation.
    func place(of finding: Finding) -> (part: ContractChange.Part, location: ContractChange.Location?) {
        let found = compiled.operations.first { $0.name == finding.operation }
        guard let operation = found, let status = finding.status else {
            return (finding.status.map { .status(String($0)) } ?? .operation, nil)
        }
        let methodPointer = JSONPointer(tokens: ["paths", operation.template, operation.method.lowercased()])
        guard let (key, response) = operation.response(for: status), finding.rule != .statusUndeclared else {
            return (.status(String(status)), location(methodPointer.appending("responses")))
        }
        let responsePointer = methodPointer.appending("responses").appending(key)
        let (responseValue, resolvedResponse) = resolve(document[pointer: responsePointer] ?? .null, at: responsePointer)
        if finding.pointer.hasPrefix("/headers/") || finding.rule == .contentType {
            let header = finding.pointer.hasPrefix("/headers/") ? String(finding.pointer.dropFirst("/headers/".count)) : nil
            let named = header.flatMap { name in
                responseValue["headers"]?.objectValue?.first { $0.key.lowercased() == name.lowercased() }?.key
            }
            let pointer = named.map { resolvedResponse.appending("headers").appending($0) } ?? resolvedResponse
            return (.status(key), location(pointer))
        }
        guard let mediaType = response.content.keys.sorted().first(where: MediaType.isJSON) ?? response.content.keys.sorted().first else {
            return (.status(key), location(resolvedResponse))
        }
        let part = ContractChange.Part.response(status: key, mediaType: mediaType)
        let contentKey = responseValue["content"]?.objectValue?.first { MediaType.essence(of: $0.key) == mediaType }?.key ?? mediaType
        var pointer = resolvedResponse.appending("content").appending(contentKey).appending("schema")
        var (schema, at) = resolve(document[pointer: pointer] ?? .null, at: pointer)
        pointer = at
        // Down the instance pointer through properties and items (and allOf members), as far as the schema goes.
        for token in JSONPointer(finding.pointer).tokens {
            var next: (JSONValue, JSONPointer)?
            for (candidate, candidatePointer) in [(schema, pointer)] + Self.allOfMembers(schema, at: pointer, in: self) {
                if token == "*" || JSONPointer.arrayIndex(token) != nil, let items = candidate["items"] {
                    next = resolve(items, at: candidatePointer.appending("items"))
                } else if let property = candidate["properties"]?[token] {
                    next = resolve(property, at: candidatePointer.appending("properties").appending(token))
                }
                if next != nil { break }
            }
            guard let (value, valuePointer) = next else { break }
            (schema, pointer) = (value, valuePointer)
        }
        return (part, location(pointer))
    }

    private static func allOfMembers(_ schema: JSONValue, at pointer: JSONPointer, in version: ContractVersion) -> [(
        JSONValue, JSONPointer
    )] {
        guard case .array(let members)? = schema["allOf"] else { return [] }
        return members.indices.map { version.resolve(members[$0], at: pointer.appending("allOf").appending($0)) }
    }
}
