/// Reads a recording straight from its bytes into a ``Recording``: the envelope (the recording, each interaction, its
/// request and response) is read field by field as the bytes go by, and only headers and bodies become `JSONValue`s.
/// The usual way builds the whole file as a tree, looks each field up in it, and frees it again: for a recording of
/// small interactions that was most of loading.
///
/// It gives up (nil) at the first thing that is not plainly valid: an unknown or repeated key, a value of another
/// type, a URL not starting with `/`, a status outside 100-599, bad JSON. `Recording(bytes:file:)` then reads the
/// file the usual way, which finds the same thing and says where. So it is never the one that reports an error,
/// and what it accepts it reads as the usual way would (`RecordingScannerTests` holds the two equal on every
/// recording of the repository and on thousands of damaged copies).
package struct RecordingScanner {
    private struct GiveUp: Error {}

    private var parser: JSONParser
    /// Set while responses' JSON bodies are deferred (``deferringResponseJSON(_:reader:)``).
    private var deferral: Deferral?

    /// While responses' JSON bodies `{"json": ...}` are offered to a reader: where each value it took is, and what is
    /// known so far of the recording and the interaction being read.
    private struct Deferral {
        let reader: any ResponseBodyReader
        var bodies: [Range<Int>?] = []
        /// The parser's depth at a deferred body's value (the same for every interaction).
        var depth = 0
        var api: String?
        var body: Range<Int>?
        var request: RecordedRequest?
        var status: Int?
        var headers: HeaderFields?
    }

    private init(_ buffer: UnsafeBufferPointer<UInt8>, deferral: Deferral? = nil) {
        parser = JSONParser(bytes: buffer)
        self.deferral = deferral
    }

    /// The recording in `bytes`, or nil when the usual reader must decide.
    static func recording(_ bytes: [UInt8]) -> Recording? {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = RecordingScanner(buffer)
            return try? scanner.document()
        }
    }

    /// A recording whose responses' JSON bodies a reader took (``ResponseBodyReader``): `recording` has no body where
    /// `bodies` has the place of the body's JSON value in the bytes. For `apicheck verify`, which checks each body
    /// where it stands, and parses one (``parseDeferred(_:in:depth:)``) only when its interaction must be verified the
    /// usual way after all.
    package struct Deferred {
        package let recording: Recording
        /// Per interaction, where the response body's JSON value the reader took is (nil: the body, if any, is in
        /// `recording`).
        package let bodies: [Range<Int>?]
        /// The parser's depth at those values, so that one parsed alone is refused as deep as in the whole file.
        package let depth: Int
    }

    /// `bytes` as a ``Deferred`` recording, or nil when the usual reader must decide. Each response body `{"json": ...}`
    /// is offered to `reader` where it stands, once the recording's API and the interaction's request, status and
    /// headers have been read (the order `apicheck record` writes); a body it does not take is read here as usual.
    package static func deferringResponseJSON(_ bytes: [UInt8], reader: any ResponseBodyReader) -> Deferred? {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = RecordingScanner(buffer, deferral: Deferral(reader: reader))
            guard let recording = try? scanner.document(), let deferral = scanner.deferral else { return nil }
            return Deferred(recording: recording, bodies: deferral.bodies, depth: deferral.depth)
        }
    }

    /// The JSON value of a deferred body, parsed as the whole file's parse would; nil where it is not valid.
    package static func parseDeferred(_ range: Range<Int>, in buffer: UnsafeBufferPointer<UInt8>, depth: Int) -> JSONValue? {
        var parser = JSONParser(bytes: buffer)
        parser.i = range.lowerBound
        parser.depth = depth
        // The value must end where the range does (`JSONValue` is nil-literal expressible: no `nil` in a ternary here).
        guard let value = try? parser.value(), parser.i == range.upperBound else { return nil }
        return value
    }

    private var b: UnsafeBufferPointer<UInt8> { parser.b }

    private mutating func document() throws(GiveUp) -> Recording {
        if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { parser.i = 3 }
        var format: String?
        var api: String?
        var name: String?
        var recordedAt: String?
        var recordedFrom: String?
        var interactions: [Interaction]?
        try object(["format", "api", "name", "recorded_at", "recorded_from", "interactions"]) { scanner, key throws(GiveUp) in
            switch key {
            case "format": format = try scanner.string()
            case "api":
                api = try scanner.string()
                scanner.deferral?.api = api
            case "name": name = try scanner.string()
            case "recorded_at": recordedAt = try scanner.string()
            case "recorded_from": recordedFrom = try scanner.string()
            case "interactions": interactions = try scanner.interactions()
            default: throw GiveUp()
            }
        }
        parser.skipWhitespace()
        guard parser.i == b.count, format == Recording.format, let api, let name, let recordedAt, let recordedFrom, let interactions else {
            throw GiveUp()
        }
        return Recording(api: api, name: name, recordedAt: recordedAt, recordedFrom: recordedFrom, interactions: interactions)
    }

    private mutating func interactions() throws(GiveUp) -> [Interaction] {
        var list: [Interaction] = []
        try array { scanner throws(GiveUp) in
            var step: String?
            var request: RecordedRequest?
            var response: RecordedResponse?
            if scanner.deferral != nil {
                scanner.deferral?.body = nil
                scanner.deferral?.request = nil
            }
            try scanner.object(["step", "request", "response"]) { scanner, key throws(GiveUp) in
                switch key {
                case "step": step = try scanner.string()
                case "request":
                    request = try scanner.request()
                    scanner.deferral?.request = request
                case "response": response = try scanner.response()
                default: throw GiveUp()
                }
            }
            guard let request, let response else { throw GiveUp() }
            list.append(Interaction(step: step, request: request, response: response))
            if let deferral = scanner.deferral { scanner.deferral?.bodies.append(deferral.body) }
        }
        return list
    }

    private mutating func request() throws(GiveUp) -> RecordedRequest {
        var method: String?
        var url: String?
        var base: String?
        var headers: HeaderFields?
        var body: (body: RecordedBody?, unseen: String?) = (nil, nil)
        try object(["method", "url", "base", "headers", "body"]) { scanner, key throws(GiveUp) in
            switch key {
            case "method": method = try scanner.string()
            case "url": url = try scanner.string()
            case "base": base = try scanner.string()
            case "headers": headers = try scanner.headers()
            case "body": body = try scanner.read { value throws(RecordingError) in try RecordedRequest.body(json: value, at: .root) }
            default: throw GiveUp()
            }
        }
        guard let method, let url, url.hasPrefix("/"), let headers else { throw GiveUp() }
        return RecordedRequest(method: method, url: url, base: base, headers: headers, body: body.body).unseen(body.unseen)
    }

    private mutating func response() throws(GiveUp) -> RecordedResponse {
        var status: Int?
        var headers: HeaderFields?
        var body: RecordedBody?
        if deferral != nil {
            deferral?.status = nil
            deferral?.headers = nil
        }
        try object(["status", "headers", "body"]) { scanner, key throws(GiveUp) in
            switch key {
            case "status":
                guard case .number(let number) = try scanner.value(), let code = number.intValue, (100...599).contains(code) else {
                    throw GiveUp()
                }
                status = code
                scanner.deferral?.status = code
            case "headers":
                headers = try scanner.headers()
                scanner.deferral?.headers = headers
            case "body":
                if let range = try scanner.deferredJSON() {
                    scanner.deferral?.body = range
                } else {
                    body = try scanner.body()
                }
            default: throw GiveUp()
            }
        }
        guard let status, let headers else { throw GiveUp() }
        return RecordedResponse(status: status, headers: headers, body: body)
    }

    /// Headers straight from the bytes, as ``HeaderFields/init(json:at:)`` reads them: an object of strings. A name
    /// repeated in any case gives up (the parser refuses one repeated exactly; the usual reader joins the values of
    /// one repeated in another case, which a recording written by apicheck never holds).
    private mutating func headers() throws(GiveUp) -> HeaderFields {
        var fields = HeaderFields()
        guard try open(UInt8(ascii: "{"), UInt8(ascii: "}")) else { return fields }
        repeat {
            let name = try string()
            guard fields[name] == nil else { throw GiveUp() }
            parser.skipWhitespace()
            guard parser.i < b.count, b[parser.i] == UInt8(ascii: ":") else { throw GiveUp() }
            parser.i += 1
            fields.add(name: name, value: try string())
        } while try next(UInt8(ascii: "}"))
        return fields
    }

    /// Bodies are read as values and then as the usual reader reads them (they are small, or they are the JSON body,
    /// which is a value anyway).

    private mutating func body() throws(GiveUp) -> RecordedBody {
        try read { value throws(RecordingError) in try RecordedBody(json: value, at: .root) }
    }

    private mutating func read<T>(_ reader: (JSONValue) throws(RecordingError) -> T) throws(GiveUp) -> T {
        let value = try value()
        do {
            return try reader(value)
        } catch {
            throw GiveUp()
        }
    }

    /// At a body `{"json": VALUE}` (that key alone) whose VALUE the reader reads and finds valid: steps over it and
    /// gives VALUE's place. Otherwise nil, having moved nowhere: the body is then read as a value, as without a reader
    /// (a body the reader did not take is parsed here, once, and never stepped over).
    private mutating func deferredJSON() throws(GiveUp) -> Range<Int>? {
        guard let deferral, let api = deferral.api, let request = deferral.request,
            let status = deferral.status, let headers = deferral.headers
        else { return nil }
        let save = parser.i
        parser.skipWhitespace()
        let key = "\"json\"".utf8
        guard parser.i < b.count, b[parser.i] == UInt8(ascii: "{") else {
            parser.i = save
            return nil
        }
        parser.i += 1
        parser.skipWhitespace()
        guard parser.i + key.count <= b.count, b[parser.i..<(parser.i + key.count)].elementsEqual(key) else {
            parser.i = save
            return nil
        }
        parser.i += key.count
        parser.skipWhitespace()
        guard parser.i < b.count, b[parser.i] == UInt8(ascii: ":") else {
            parser.i = save
            return nil
        }
        parser.i += 1
        parser.skipWhitespace()
        let start = parser.i
        guard let end = deferral.reader.read(b, at: start, api: api, request: request, status: status, headers: headers) else {
            parser.i = save
            return nil
        }
        parser.i = end
        parser.skipWhitespace()
        guard parser.i < b.count, b[parser.i] == UInt8(ascii: "}") else {
            parser.i = save
            return nil
        }
        parser.i += 1
        self.deferral?.depth = parser.depth + 1
        return start..<end
    }

    // MARK: The parser's steps, giving up on any failure

    private mutating func value() throws(GiveUp) -> JSONValue {
        do {
            return try parser.value()
        } catch {
            throw GiveUp()
        }
    }

    private mutating func string() throws(GiveUp) -> String {
        parser.skipWhitespace()
        guard parser.i < b.count, b[parser.i] == UInt8(ascii: "\"") else { throw GiveUp() }
        do {
            return try parser.string()
        } catch {
            throw GiveUp()
        }
    }

    /// `{`, then for each member its key to `member` (which reads the value), then `}`. A key not `known`, or seen
    /// twice (which the parser refuses), gives up; the depth counts as the parser's does, so a body nested too deep is refused here
    /// where the usual reader refuses it.
    private mutating func object(_ known: [String], _ member: (inout RecordingScanner, String) throws(GiveUp) -> Void) throws(GiveUp) {
        guard try open(UInt8(ascii: "{"), UInt8(ascii: "}")) else { return }
        var seen: UInt64 = 0
        repeat {
            let key = try string()
            guard let position = known.firstIndex(of: key), seen & (1 << UInt64(position)) == 0 else { throw GiveUp() }
            seen |= 1 << UInt64(position)
            parser.skipWhitespace()
            guard parser.i < b.count, b[parser.i] == UInt8(ascii: ":") else { throw GiveUp() }
            parser.i += 1
            try member(&self, key)
        } while try next(UInt8(ascii: "}"))
    }

    /// `[`, then `item` for each element (which reads it), then `]`.
    private mutating func array(_ item: (inout RecordingScanner) throws(GiveUp) -> Void) throws(GiveUp) {
        guard try open(UInt8(ascii: "["), UInt8(ascii: "]")) else { return }
        repeat {
            try item(&self)
        } while try next(UInt8(ascii: "]"))
    }

    /// Steps over `opening` (one level deeper); false when the container is empty, its `closing` stepped over too.
    private mutating func open(_ opening: UInt8, _ closing: UInt8) throws(GiveUp) -> Bool {
        parser.skipWhitespace()
        guard parser.i < b.count, b[parser.i] == opening else { throw GiveUp() }
        do { try parser.enter() } catch { throw GiveUp() }
        parser.i += 1
        parser.skipWhitespace()
        guard parser.i < b.count, b[parser.i] == closing else { return true }
        parser.i += 1
        parser.depth -= 1
        return false
    }

    /// After a member or an item: true at a comma (stepped over), false at `closing` (stepped over, one level up).
    private mutating func next(_ closing: UInt8) throws(GiveUp) -> Bool {
        parser.skipWhitespace()
        guard parser.i < b.count else { throw GiveUp() }
        if b[parser.i] == UInt8(ascii: ",") {
            parser.i += 1
            return true
        }
        guard b[parser.i] == closing else { throw GiveUp() }
        parser.i += 1
        parser.depth -= 1
        return false
    }
}

/// Reads a response body's JSON where it stands in a recording, while ``RecordingScanner`` reads the recording (so that
/// the bytes are gone over once): `apicheck verify`'s check of each body against its program.
package protocol ResponseBodyReader: AnyObject {
    /// Reads the JSON value at `start` in `bytes`, the response body of an interaction of `api` with `request`, `status`
    /// and `headers`: the index just past the value when it was read and found valid, or nil to leave it (it is then
    /// skipped, and parsed later).
    func read(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, api: String, request: RecordedRequest, status: Int, headers: HeaderFields)
        -> Int?
}
