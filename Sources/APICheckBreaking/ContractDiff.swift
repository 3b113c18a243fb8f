import APICheckContracts
import APICheckRecording
import Foundation

/// Every change between two versions of a contract, classified by whom it breaks (`apicheck breaking`).
///
/// Operations are matched by method and path with the path parameters' names left out, so renaming `{id}` to
/// `{todo_id}` is no change; parameters by where they go (path parameters by their place in the path) and name;
/// `$ref`s are followed and `allOf` merged before schemas are compared, so moving a schema into `components` or
/// reordering keys is no change either. A change inside a request body is judged as the client sends it, one inside
/// a response as the client reads it: a field made nullable breaks the client in a response and only asks more of the
/// server in a request.
public struct ContractDiff {
    let old: ContractVersion
    let new: ContractVersion
    /// The day a sunset date is compared with (`--date`).
    var today = Date()
    var changes: [ContractChange] = []
    /// The pairs of places already told, by the number of an operation's part (a shared or recursive schema ends here).
    var visited: [Int: PlaceSet] = [:]
    /// What each pair of schemas finds on its own, worked out once for every operation that reaches it.
    var pairs = SchemaPairs()
    /// The queue of the last walk of the pairs, kept for its room: each walk from a vendor's list operation queues
    /// thousands of steps, and growing a new queue each time was a twentieth of comparing two versions.
    var walkQueue: [(pair: Int, from: Int, edge: Int, depth: Int)] = []

    /// The changes from `old` to `new`, in the new contract's order of operations (removed ones last); a sunset date
    /// is compared with `today`.
    ///
    /// With `operationsApart` operations or more in the new version, a second thread works beside this one: the two
    /// work out the pairs of schemas the operations reach together (``SharedPairs``), then take the operations a few at
    /// a time (their walks differ in length), and the changes are put back in the operations' order (a change depends
    /// only on its operation and the two documents).
    public static func compare(
        _ old: ContractVersion, _ new: ContractVersion, today: Date = Date(), operationsApart: Int = operationsApart
    ) -> [ContractChange] {
        ContractVersion.prepareLocations([old, new])
        let oldOperations = operations(of: old)
        let newOperations = operations(of: new)
        let oldByKey = Dictionary(oldOperations.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let half = newOperations.count >= operationsApart ? newOperations.count / 2 : newOperations.count
        let shared = SharedPairs(threads: half < newOperations.count ? 2 : 1)
        let apart = OperationsApart(
            old: old.detached(), new: new.detached(), operations: newOperations, half: half, oldByKey: oldByKey, shared: shared)
        let later = half < newOperations.count ? BackgroundResult { apart.compare(today: today) } : nil
        var diff = ContractDiff(old: old, new: new)
        diff.today = today
        diff.workOutPairs(of: newOperations[..<half], oldByKey: oldByKey, with: shared)
        var found = diff.compare(newOperations, takingFrom: shared, oldByKey: oldByKey)
        // Taken, not shared with the thread's result: each run's changes are then moved, never copied, into one list.
        if let later { found += later.take() }
        diff.changes = Self.joined(consume found)
        diff.reportRemovals(oldOperations, newKeys: Set(newOperations.map(\.key)))
        shared.release()
        return diff.released()
    }

    /// The changes of runs of operations, in the operations' order. Each change is moved, not copied (a vendor's release
    /// is 40,000 changes of a dozen strings each: a copy retains each string, and freeing the runs releases it again).
    private static func joined(_ runs: consuming [(start: Int, changes: [ContractChange])]) -> [ContractChange] {
        runs.sort { $0.start < $1.start }
        let count = runs.reduce(0) { $0 + $1.changes.count }
        // Each change moved into its place from the last (`popLast` moves it out): a reverse of a list built from the
        // first copied every change three times, a tenth of a vendor's comparison's time on one thread.
        return [ContractChange](unsafeUninitializedCapacity: count) { buffer, initialized in
            var end = count
            while var run = runs.popLast() {
                while let change = run.changes.popLast() {
                    end -= 1
                    buffer.initializeElement(at: end, to: change)
                }
            }
            initialized = count
        }
    }

    /// The changes found, the rest let go of on a thread of its own (``ReleasedApart``): what a comparison of a
    /// vendor's versions worked out on the way (the pairs of schemas compared, the walks) is a million small
    /// allocations, and freeing them was a twentieth of the run.
    private consuming func released() -> [ContractChange] {
        let found = changes
        changes = []
        ReleasedApart.release(self)
        return found
    }

    /// The changes of the operations this thread takes from `shared` a few at a time, by where each run of them
    /// starts in `operations`.
    private mutating func compare(_ operations: [Operation], takingFrom shared: SharedPairs, oldByKey: [String: Operation])
        -> [(start: Int, changes: [ContractChange])]
    {
        var found: [(start: Int, changes: [ContractChange])] = []
        while let taken = shared.nextOperations(of: operations.count) {
            changes = []
            compare(operations[taken], oldByKey: oldByKey)
            found.append((taken.lowerBound, changes))
        }
        changes = []
        return found
    }

    /// How many operations a new version has from which a second thread compares them too (`compare`'s
    /// `operationsApart` by default).
    public static let operationsApart = 16

    /// The second thread's part of a comparison, with versions whose ``ContractVersion/Locations`` are their own: the
    /// pairs that the later half of the operations start at, then operations as ``SharedPairs`` hands them out.
    ///
    /// `@unchecked Sendable`: the versions share with the caller's only what nobody changes (the documents, the files
    /// as read, the resources, the scans of the files under way, whose `wait()` any thread may call).
    private struct OperationsApart: @unchecked Sendable {
        let old: ContractVersion
        let new: ContractVersion
        let operations: [Operation]
        let half: Int
        let oldByKey: [String: Operation]
        let shared: SharedPairs

        func compare(today: Date) -> [(start: Int, changes: [ContractChange])] {
            var diff = ContractDiff(old: old, new: new)
            diff.today = today
            diff.workOutPairs(of: operations[half...], oldByKey: oldByKey, with: shared)
            let found = diff.compare(operations, takingFrom: shared, oldByKey: oldByKey)
            _ = diff.released()
            return found
        }
    }

    // MARK: Operations

    /// An operation of one version.
    struct Operation {
        let method: String
        let template: String
        let value: JSONValue
        let pointer: JSONPointer
        let pathItem: JSONValue
        let pathItemPointer: JSONPointer
        /// A webhook (`webhooks` of OpenAPI 3.1): a request the API sends to the app, whose body the app reads, and
        /// whose responses the app writes; `template` is `webhook <name>`.
        var isWebhook = false
        /// `GET /todos/{}`: the method and the path without its parameters' names.
        var key: String { "\(method) \(ContractDiff.skeleton(template))" }
        var name: String { "\(method) \(template)" }
        /// How the request is judged: as the client sends it, or, for a webhook, as the app reads it.
        var requestDirection: ChangeDirection { isWebhook ? .response : .request }
        /// How the responses are judged: as the client reads them, or, for a webhook, as the app writes them.
        var responseDirection: ChangeDirection { isWebhook ? .request : .response }
        var lifecycle: Lifecycle { Lifecycle(of: value, responses: value["responses"]) }
        /// The path parameters' names in the order the path has them.
        var pathParameterNames: [String] { PathTemplate(template).parameterNames }
    }

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// The operations of `version`'s paths, then those of its webhooks.
    static func operations(of version: ContractVersion) -> [Operation] {
        var found: [Operation] = []
        for section in ["paths", "webhooks"] {
            guard case .object(let items)? = version.document[section] else { continue }
            for member in items {
                let (item, itemPointer) = version.resolve(member.value, at: JSONPointer(tokens: [section, member.key]))
                for method in methods {
                    guard let written = item[method] else { continue }
                    // An operation written as a `$ref` (DigitalOcean's) is what it names, as the compiler reads it.
                    let (operation, pointer) = version.resolve(written, at: itemPointer.appending(method))
                    var entry = Operation(
                        method: method.uppercased(), template: section == "paths" ? member.key : "webhook \(member.key)",
                        value: operation, pointer: pointer, pathItem: item, pathItemPointer: itemPointer)
                    entry.isWebhook = section == "webhooks"
                    found.append(entry)
                }
            }
        }
        return found
    }

    /// `/todos/{id}/comments/{cid}` as `/todos/{}/comments/{}`.
    package static func skeleton(_ template: String) -> String {
        var result = ""
        var inside = false
        for character in template {
            if character == "{" {
                inside = true
                result += "{}"
            } else if character == "}" {
                inside = false
            } else if !inside {
                result.append(character)
            }
        }
        return result
    }

    /// Compares each of `newOperations` with the operation of `oldByKey` it is, or tells it added.
    mutating func compare(_ newOperations: some Collection<Operation>, oldByKey: [String: Operation]) {
        for operation in newOperations {
            guard let before = oldByKey[operation.key] else {
                if operation.isWebhook {
                    add(
                        .breakingWebhookAdded, ChangePlace(operation, .operation), "", old: nil, new: operation.pointer,
                        "a new webhook: the API may call the app")
                } else {
                    add(
                        .breakingOperationAdded, ChangePlace(operation, .operation), "", old: nil, new: operation.pointer, "a new operation"
                    )
                }
                continue
            }
            compareOperation(before, operation)
        }
    }

    /// Tells each of `oldOperations` whose key is not among `newKeys` removed.
    mutating func reportRemovals(_ oldOperations: [Operation], newKeys: Set<String>) {
        for operation in oldOperations where !newKeys.contains(operation.key) {
            reportRemoval(
                operation.isWebhook ? .breakingWebhookRemoved : .breakingOperationRemoved,
                operation.isWebhook ? "the webhook is gone: the app no longer hears of these events" : "the operation is gone",
                operation.lifecycle, what: operation.isWebhook ? "the webhook" : "the operation", ChangePlace(operation, .operation), "",
                old: operation.pointer)
        }
    }

    mutating func compareOperation(_ before: Operation, _ after: Operation) {
        let place = ChangePlace(after, .operation)
        compareDocumentation(before.value, before.pointer, after.value, after.pointer, place, "", keys: ["summary", "description"])
        compareLifecycle(
            before.lifecycle, after.lifecycle, what: "the operation", place, "", old: before.pointer, new: after.pointer)
        let oldCase = before.value["x-apicheck-key-case"] ?? old.document["x-apicheck-key-case"]
        let newCase = after.value["x-apicheck-key-case"] ?? new.document["x-apicheck-key-case"]
        if oldCase != newCase {
            add(
                .breakingKeyCase, place, "", old: before.pointer, new: after.pointer,
                "x-apicheck-key-case: \(Self.brief(oldCase)) -> \(Self.brief(newCase))")
        }
        compareParameters(before, after)
        compareRequestBody(before, after)
        compareResponses(before, after)
    }

    // MARK: Parameters

    /// A parameter of an operation: the operation's own, then the path item's it does not override.
    struct Parameter {
        let key: String
        let name: String
        let location: String
        let value: JSONValue
        let pointer: JSONPointer
        var required: Bool { value["required"]?.boolValue ?? (location == "path") }
        /// `query parameter page`.
        var part: ContractChange.Part { .parameter(location: location, name: name) }
    }

    func parameters(of operation: Operation, in version: ContractVersion) -> [Parameter] {
        var found: [Parameter] = []
        var seen: Set<String> = []
        let lists: [(JSONValue?, JSONPointer)] = [
            (operation.value["parameters"], operation.pointer.appending("parameters")),
            (operation.pathItem["parameters"], operation.pathItemPointer.appending("parameters")),
        ]
        let pathNames = operation.pathParameterNames
        for (list, listPointer) in lists {
            guard case .array(let items)? = list else { continue }
            for (index, item) in items.enumerated() {
                let (value, pointer) = version.resolve(item, at: listPointer.appending(index))
                guard let name = value["name"]?.stringValue, let location = value["in"]?.stringValue else { continue }
                // Path parameters by their place in the path (a rename is no change); headers case-insensitively.
                let key: String
                switch location {
                case "path": key = "path#\(pathNames.firstIndex(of: name).map(String.init) ?? name)"
                case "header": key = "header#\(name.lowercased())"
                default: key = "\(location)#\(name)"
                }
                guard seen.insert(key).inserted else { continue }
                found.append(Parameter(key: key, name: name, location: location, value: value, pointer: pointer))
            }
        }
        return found
    }

    /// How a parameter or header is written, defaults filled in: `style form, explode true`, `content application/json`.
    static func wireForm(_ value: JSONValue, location: String) -> String {
        if case .object(let content)? = value["content"], let type = content.first?.key {
            return "content \(MediaType.essence(of: type))"
        }
        let (style, explode) = CompiledContract.ValueEncoding.resolved(
            style: value["style"]?.stringValue, explode: value["explode"]?.boolValue, location: location)
        // deepObject has one form whatever explode says (as the verifier reads it).
        return style == "deepObject" ? "style deepObject" : "style \(style), explode \(explode)"
    }

    /// A parameter's or header's schema: `schema`, or the one of its `content`'s media type.
    static func valueSchema(_ value: JSONValue, at pointer: JSONPointer) -> (JSONValue?, JSONPointer) {
        if case .object(let content)? = value["content"], let entry = content.first {
            return (entry.value["schema"], pointer.appending("content").appending(entry.key).appending("schema"))
        }
        return (value["schema"], pointer.appending("schema"))
    }

    mutating func compareParameters(_ before: Operation, _ after: Operation) {
        let oldParameters = parameters(of: before, in: old)
        let newParameters = parameters(of: after, in: new)
        let oldByKey = Dictionary(oldParameters.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let newKeys = Set(newParameters.map(\.key))
        // A webhook's parameters are what the API sends and the app reads: judged as a response's fields.
        let webhook = after.isWebhook
        for parameter in newParameters {
            let place = ChangePlace(after, parameter.part)
            guard let previous = oldByKey[parameter.key] else {
                if parameter.required {
                    add(
                        webhook ? .breakingResponseFieldRequired : .breakingParameterRequired, place, "", old: nil,
                        new: parameter.pointer, "a new required parameter")
                } else {
                    add(
                        webhook ? .breakingResponseFieldAdded : .breakingParameterAdded, place, "", old: nil,
                        new: parameter.pointer, "a new optional parameter")
                }
                continue
            }
            if parameter.required && !previous.required {
                add(
                    webhook ? .breakingResponseFieldRequired : .breakingParameterRequired, place, "",
                    old: previous.pointer, new: parameter.pointer, "required: no -> yes")
            } else if !parameter.required && previous.required {
                add(
                    webhook ? .breakingResponseFieldOptional : .breakingParameterOptional, place, "",
                    old: previous.pointer, new: parameter.pointer, "required: yes -> no")
            }
            compareDocumentation(previous.value, previous.pointer, parameter.value, parameter.pointer, place, "")
            compareLifecycle(
                Lifecycle(of: previous.value), Lifecycle(of: parameter.value), what: "the parameter", place, "",
                old: previous.pointer, new: parameter.pointer)
            let pointer = "/\(parameter.location == "header" ? "headers" : parameter.location)/\(parameter.name)"
            let (before, after) = (
                Self.wireForm(previous.value, location: previous.location), Self.wireForm(parameter.value, location: parameter.location)
            )
            if before != after {
                add(
                    .breakingValueEncodingChanged, place, "", old: previous.pointer, new: parameter.pointer,
                    "\(before) -> \(after)")
            }
            compareSchemas(
                at: Self.valueSchema(previous.value, at: previous.pointer), Self.valueSchema(parameter.value, at: parameter.pointer),
                place, JSONPointer(pointer))
        }
        for parameter in oldParameters where !newKeys.contains(parameter.key) {
            let place = ChangePlace(after, parameter.part)
            reportRemoval(
                webhook ? .breakingResponseFieldRemoved : .breakingParameterRemoved, "the parameter is gone",
                Lifecycle(of: parameter.value),
                what: "the parameter", place, "", old: parameter.pointer)
        }
    }

    // MARK: Request bodies

    mutating func compareRequestBody(_ before: Operation, _ after: Operation) {
        let place = ChangePlace(after, .requestBody)
        let (oldBody, oldPointer) = old.resolve(before.value["requestBody"] ?? .null, at: before.pointer.appending("requestBody"))
        let (newBody, newPointer) = new.resolve(after.value["requestBody"] ?? .null, at: after.pointer.appending("requestBody"))
        let oldRequired = oldBody["required"]?.boolValue ?? false
        let newRequired = newBody["required"]?.boolValue ?? false
        if newRequired && !oldRequired {
            // A webhook's body the API must now send asks nothing of the app.
            add(
                after.isWebhook ? .breakingResponseFieldRequired : .breakingRequestBodyRequired, place, "",
                old: before.value["requestBody"] == nil ? nil : oldPointer, new: newPointer, "required: no -> yes")
        }
        if oldRequired && !newRequired && after.value["requestBody"] != nil {
            // The server must now cope without a body (for a webhook, the app).
            add(
                after.isWebhook ? .breakingResponseFieldOptional : .breakingRequestFieldOptional, place, "", old: oldPointer,
                new: newPointer, "required: yes -> no (the body may be left out)")
        }
        // A body where there was none at all is a new requirement only when it is required (above).
        compareContent((oldBody, oldPointer), (newBody, newPointer), of: after, status: nil)
    }

    /// The media types of the request body of `operation` (`status` nil) or of its response `status`: added, removed,
    /// and the schemas of those in both.
    mutating func compareContent(
        _ before: (JSONValue, JSONPointer), _ after: (JSONValue, JSONPointer), of operation: Operation, status: String?
    ) {
        func place(_ mediaType: String) -> ChangePlace {
            ChangePlace(operation, status.map { .response(status: $0, mediaType: mediaType) } ?? .request(mediaType: mediaType))
        }
        let oldContent = before.0["content"]?.objectValue ?? JSONObject()
        let newContent = after.0["content"]?.objectValue ?? JSONObject()
        // Media types are told apart by type, not by parameters (as the verifier does): `application/json` and
        // `application/json; charset=utf-8` are one media type whose parameters changed.
        let oldKeys = Dictionary(oldContent.map { (MediaType.essence(of: $0.key), $0.key) }, uniquingKeysWith: { first, _ in first })
        let newEssences = Set(newContent.map { MediaType.essence(of: $0.key) })
        for member in newContent {
            let place = place(member.key)
            let newMedia = after.1.appending("content").appending(member.key)
            let oldKey = oldContent[member.key] == nil ? oldKeys[MediaType.essence(of: member.key)] : member.key
            guard let oldKey, let previous = oldContent[oldKey] else {
                if place.direction == .request {
                    add(.breakingRequestContentTypeAdded, place, "", old: nil, new: newMedia, "the server accepts \(member.key) too")
                } else {
                    add(.breakingResponseContentTypeAdded, place, "", old: nil, new: newMedia, "the answer may be \(member.key)")
                }
                continue
            }
            let oldMedia = before.1.appending("content").appending(oldKey)
            if oldKey != member.key {
                report(
                    Self.parametersTendency(oldKey, member.key), "media type: \(oldKey) -> \(member.key)", place, .root,
                    old: oldMedia, new: newMedia)
            }
            compareSchemas(
                at: (previous["schema"], oldMedia.appending("schema")), (member.value["schema"], newMedia.appending("schema")),
                place, .root)
        }
        for member in oldContent where newContent[member.key] == nil && !newEssences.contains(MediaType.essence(of: member.key)) {
            let oldMedia = before.1.appending("content").appending(member.key)
            let place = place(member.key)
            if place.direction == .request {
                add(.breakingRequestContentTypeRemoved, place, "", old: oldMedia, new: nil, "\(member.key) is no longer accepted")
            } else {
                add(.breakingResponseContentTypeRemoved, place, "", old: oldMedia, new: nil, "\(member.key) is no longer declared")
            }
        }
    }

    /// Whether a media type accepts more or fewer bodies when its parameters go from those of `old` to those of `new`
    /// (one essence): a parameter the body's `Content-Type` must carry added is tighter, removed looser, its value
    /// changed (`charset` told apart case-insensitively) a change with no one direction.
    static func parametersTendency(_ old: String, _ new: String) -> Tendency {
        func parameters(_ type: String) -> [String: String] {
            var found: [String: String] = [:]
            for (name, value) in MediaType.parameters(in: type) where found[name] == nil {
                found[name] = name == "charset" ? value.lowercased() : value
            }
            return found
        }
        let before = parameters(old)
        let after = parameters(new)
        if before == after { return .same }
        if before.allSatisfy({ after[$0.key] == $0.value }) { return .tighter }
        if after.allSatisfy({ before[$0.key] == $0.value }) { return .looser }
        return .undecided
    }

    // MARK: Responses

    mutating func compareResponses(_ before: Operation, _ after: Operation) {
        let oldResponses = before.value["responses"]?.objectValue ?? JSONObject()
        let newResponses = after.value["responses"]?.objectValue ?? JSONObject()
        for member in newResponses {
            let newStatusPointer = after.pointer.appending("responses").appending(member.key)
            let place = ChangePlace(after, .status(member.key))
            guard let previous = oldResponses[member.key] else {
                if after.isWebhook {
                    // The app answers a webhook: the API taking another status asks the API to cope.
                    add(
                        .breakingRequestConstraintLoosened, place, "", old: nil, new: newStatusPointer,
                        "the API takes the app's answer with status \(member.key) too")
                } else {
                    add(.breakingStatusAdded, place, "", old: nil, new: newStatusPointer, "a new status \(member.key)")
                }
                continue
            }
            let (oldResponse, oldPointer) = old.resolve(previous, at: before.pointer.appending("responses").appending(member.key))
            let (newResponse, newPointer) = new.resolve(member.value, at: newStatusPointer)
            compareResponse(member.key, (oldResponse, oldPointer), (newResponse, newPointer), of: after)
        }
        for member in oldResponses where newResponses[member.key] == nil {
            let oldStatus = before.pointer.appending("responses").appending(member.key)
            let place = ChangePlace(after, .status(member.key))
            if after.isWebhook {
                add(
                    .breakingRequestConstraintTightened, place, "", old: oldStatus, new: nil,
                    "the API no longer takes the app's answer with status \(member.key)")
            } else if member.key.hasPrefix("2") {
                add(
                    .breakingSuccessStatusRemoved, place, "", old: oldStatus, new: nil,
                    "the success status \(member.key) is no longer declared")
            } else {
                add(.breakingStatusRemoved, place, "", old: oldStatus, new: nil, "status \(member.key) is no longer declared")
            }
        }
    }

    /// Response `status` of `operation` in both versions: its documentation, its media types, its headers.
    mutating func compareResponse(
        _ status: String, _ before: (JSONValue, JSONPointer), _ after: (JSONValue, JSONPointer), of operation: Operation
    ) {
        let place = ChangePlace(operation, .status(status))
        compareDocumentation(before.0, before.1, after.0, after.1, place, "")
        compareContent(before, after, of: operation, status: status)
        // Headers, case-insensitively.
        let oldHeaders = Dictionary(
            (before.0["headers"]?.objectValue ?? JSONObject()).map { ($0.key.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        let newHeaders = Dictionary(
            (after.0["headers"]?.objectValue ?? JSONObject()).map { ($0.key.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        for (key, member) in (after.0["headers"]?.objectValue ?? JSONObject()).map({ ($0.key.lowercased(), $0) }) {
            let (header, pointer) = new.resolve(member.value, at: after.1.appending("headers").appending(member.key))
            let headerPointer = "/headers/\(key)"
            guard let previousMember = oldHeaders[key] else {
                add(.breakingResponseHeaderAdded, place, headerPointer, old: nil, new: pointer, "a new header \(member.key)")
                continue
            }
            let (previous, previousPointer) = old.resolve(
                previousMember.value, at: before.1.appending("headers").appending(previousMember.key))
            let wasRequired = previous["required"]?.boolValue ?? false
            let isRequired = header["required"]?.boolValue ?? false
            if wasRequired && !isRequired {
                add(
                    .breakingResponseHeaderRemoved, place, headerPointer, old: previousPointer, new: pointer,
                    "required: yes -> no")
            } else if isRequired && !wasRequired {
                add(.breakingResponseFieldRequired, place, headerPointer, old: previousPointer, new: pointer, "required: no -> yes")
            }
            let (before, after) = (Self.wireForm(previous, location: "header"), Self.wireForm(header, location: "header"))
            if before != after {
                add(.breakingValueEncodingChanged, place, headerPointer, old: previousPointer, new: pointer, "\(before) -> \(after)")
            }
            compareSchemas(
                at: Self.valueSchema(previous, at: previousPointer), Self.valueSchema(header, at: pointer),
                place, JSONPointer(tokens: ["headers", key]))
        }
        for (key, member) in oldHeaders where newHeaders[key] == nil {
            let (previous, pointer) = old.resolve(member.value, at: before.1.appending("headers").appending(member.key))
            if previous["required"]?.boolValue ?? false {
                add(.breakingResponseHeaderRemoved, place, "/headers/\(key)", old: pointer, new: nil, "the header is gone")
            } else {
                add(.breakingOptionalResponseHeaderRemoved, place, "/headers/\(key)", old: pointer, new: nil, "the header is gone")
            }
        }
    }

    // MARK: Recording changes

    mutating func add(
        _ rule: RuleID, _ place: ChangePlace, _ pointer: String, old oldPointer: JSONPointer?,
        new newPointer: JSONPointer?, _ message: String
    ) {
        changes.append(
            ContractChange(
                rule: rule, operation: place.operation, part: place.part, pointer: pointer, old: oldPointer.map(old.location),
                new: newPointer.map(new.location), message: message))
    }

    /// `description`, `summary`, `title` and examples: a change is `breaking.documentation`, whom it breaks neither.
    mutating func compareDocumentation(
        _ before: JSONValue, _ beforePointer: JSONPointer, _ after: JSONValue, _ afterPointer: JSONPointer, _ place: ChangePlace,
        _ pointer: String, keys: [String] = ["description", "summary", "title", "example", "examples"]
    ) {
        let changed = keys.filter { before[$0] != after[$0] }
        guard !changed.isEmpty else { return }
        add(
            .breakingDocumentation, place, pointer, old: beforePointer, new: afterPointer, "\(changed.joined(separator: ", ")) changed"
        )
    }

    /// A value in a message: `snake_case`, `none`.
    static func brief(_ value: JSONValue?) -> String {
        switch value {
        case nil, .null?: return "none"
        case .string(let text)?: return text
        case let other?: return JSONWriter.compact(other)
        }
    }
}
