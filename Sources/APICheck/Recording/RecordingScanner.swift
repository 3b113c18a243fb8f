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
struct RecordingScanner {
    private struct GiveUp: Error {}

    private var parser: Parser

    private init(_ buffer: UnsafeBufferPointer<UInt8>) {
        parser = Parser(bytes: buffer)
    }

    /// The recording in `bytes`, or nil when the usual reader must decide.
    static func recording(_ bytes: [UInt8]) -> Recording? {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = RecordingScanner(buffer)
            return try? scanner.document()
        }
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
        try object { scanner, key throws(GiveUp) in
            switch key {
            case "format": format = try scanner.string()
            case "api": api = try scanner.string()
            case "name": name = try scanner.string()
            case "recorded_at": recordedAt = try scanner.string()
            case "recorded_from": recordedFrom = try scanner.string()
            case "interactions": interactions = try scanner.interactions()
            default: throw GiveUp()
            }
        }
        parser.skipWhitespace()
        guard parser.i == b.count, format == Recording.format, let api, let name, let recordedAt, let recordedFrom, let interactions else { throw GiveUp() }
        return Recording(api: api, name: name, recordedAt: recordedAt, recordedFrom: recordedFrom, interactions: interactions)
    }

    private mutating func interactions() throws(GiveUp) -> [Interaction] {
        var list: [Interaction] = []
        try array { scanner throws(GiveUp) in
            var step: String?
            var request: RecordedRequest?
            var response: RecordedResponse?
            try scanner.object { scanner, key throws(GiveUp) in
                switch key {
                case "step": step = try scanner.string()
                case "request": request = try scanner.request()
                case "response": response = try scanner.response()
                default: throw GiveUp()
                }
            }
            guard let request, let response else { throw GiveUp() }
            list.append(Interaction(step: step, request: request, response: response))
        }
        return list
    }

    private mutating func request() throws(GiveUp) -> RecordedRequest {
        var method: String?
        var url: String?
        var base: String?
        var headers: HeaderFields?
        var body: RecordedBody?
        try object { scanner, key throws(GiveUp) in
            switch key {
            case "method": method = try scanner.string()
            case "url": url = try scanner.string()
            case "base": base = try scanner.string()
            case "headers": headers = try scanner.headers()
            case "body": body = try scanner.body()
            default: throw GiveUp()
            }
        }
        guard let method, let url, url.hasPrefix("/"), let headers else { throw GiveUp() }
        return RecordedRequest(method: method, url: url, base: base, headers: headers, body: body)
    }

    private mutating func response() throws(GiveUp) -> RecordedResponse {
        var status: Int?
        var headers: HeaderFields?
        var body: RecordedBody?
        try object { scanner, key throws(GiveUp) in
            switch key {
            case "status":
                guard case .number(let number) = try scanner.value(), let code = number.intValue, (100...599).contains(code) else { throw GiveUp() }
                status = code
            case "headers": headers = try scanner.headers()
            case "body": body = try scanner.body()
            default: throw GiveUp()
            }
        }
        guard let status, let headers else { throw GiveUp() }
        return RecordedResponse(status: status, headers: headers, body: body)
    }

    /// Headers and bodies are read as values and then as the usual reader reads them (they are small, or they are
    /// the JSON body, which is a value anyway).
    private mutating func headers() throws(GiveUp) -> HeaderFields {
        try read { value throws(RecordingError) in try HeaderFields(json: value, at: .root) }
    }

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

    /// `{`, then for each member its key to `member` (which reads the value), then `}`. A key seen twice gives up,
    /// as the parser refuses it; the depth counts as the parser's does, so a body nested too deep is refused here
    /// where the usual reader refuses it.
    private mutating func object(_ member: (inout RecordingScanner, String) throws(GiveUp) -> Void) throws(GiveUp) {
        guard try open(UInt8(ascii: "{"), UInt8(ascii: "}")) else { return }
        var seen: [String] = []
        repeat {
            let key = try string()
            guard !seen.contains(key) else { throw GiveUp() }
            seen.append(key)
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
