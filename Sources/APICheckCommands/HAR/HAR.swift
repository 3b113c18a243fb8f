import APICheckRecording
import Foundation
import WireFormat

/// HAR 1.2 import and export: method, URL, headers, status and bodies are kept; cookies, timings
/// and HTTP versions are not.
///
/// Import accepts what the HAR 1.2 spec allows, including what real tools write differently:
/// decimal `time` and `timings` (mitmproxy), extra `_fields`, HTTP/2 pseudo-headers (dropped),
/// base64 `content`, and `postData` given as `params` without `text`.
public enum HAR {
    /// Reads a HAR file into a recording, redacting as `redaction` says before anything else sees it.
    ///
    /// - Parameters:
    ///   - baseURLs: The API's base URLs by name, `""` for the main one; every entry must be under one.
    ///   - acceptingAnyOrigin: Take the first entry's origin as the main base when it is under none (for verifying).
    ///   - file: The HAR's path, for error messages.
    /// - Throws: ``RecordingError`` with the file, line and pointer of what is wrong.
    public static func importRecording(
        _ bytes: [UInt8], file: String? = nil, api: String, name: String,
        baseURLs: [String: URL], redaction: RedactionRules = .builtIn, acceptingAnyOrigin: Bool = false
    ) throws(RecordingError) -> Recording {
        let json = try RecordingError.parseJSON(bytes, file: file)
        var bases = baseURLs
        if acceptingAnyOrigin, let first = json[pointer: "/log/entries/0/request/url"]?.stringValue, let url = URL(string: first),
            BaseURLSet(baseURLs).relativeURL(url) == nil, let scheme = url.scheme, let host = url.host
        {
            // Verifying only needs paths: take the HAR's own origin (a proxy's or a staging host's) as the main base.
            bases[""] = URL(string: "\(scheme)://\(host)\(url.port.map { ":\($0)" } ?? "")")
        }
        do {
            return try importRecording(json, api: api, name: name, baseURLs: bases, redaction: redaction)
        } catch {
            throw error.located(in: bytes, file: file)
        }
    }

    static func importRecording(
        _ json: JSONValue, api: String, name: String, baseURLs: [String: URL], redaction: RedactionRules
    ) throws(RecordingError) -> Recording {
        guard let entries = json[pointer: "/log/entries"]?.arrayValue else {
            let pointer: JSONPointer = json["log"] == nil ? .root : "/log"
            throw RecordingError(pointer: pointer, message: "not a HAR file: expected {\"log\": {\"entries\": [...]}}")
        }
        var captured: [Interaction] = []
        var firstStart: String?
        for (index, entry) in entries.enumerated() {
            let pointer = JSONPointer("/log/entries").appending(index)
            if firstStart == nil { firstStart = entry["startedDateTime"]?.stringValue }
            let exchange = try capturedExchange(entry, at: pointer)
            do {
                captured.append(try Interaction(capturing: exchange, baseURLs: baseURLs))
            } catch {
                throw RecordingError(pointer: pointer.appending("request").appending("url"), message: error.message)
            }
        }
        // A token a login answered (under a redacted key) or a request sent (in a redacted header) is a secret
        // wherever else in the session it shows up: a later answer that echoes it is scrubbed too.
        let rules = redaction.addingSecrets(captured.flatMap(redaction.secrets(in:)))
        var ledger = SecretLedger()
        let interactions = captured.map { rules.redact($0, ledger: &ledger) }
        let recordedAt = firstStart.flatMap { try? ISO8601Timestamp(parsing: $0).formatted(as: .secondsUTC) } ?? "1970-01-01T00:00:00Z"
        // A loopback origin is a local server or proxy; its port means nothing to anyone else.
        let main = baseURLs[""]
        let loopback = ["127.0.0.1", "localhost", "::1", "[::1]"].contains(main?.host ?? "")
        return Recording(
            api: api, name: name, recordedAt: recordedAt,
            recordedFrom: loopback ? "local" : (main?.absoluteString ?? "imported"), interactions: interactions
        )
    }

    /// Where in the HAR file the part of an imported interaction that `pointer` names came from:
    /// `/interactions/3/response/body/json/data` is `/log/entries/3/response/content` (a HAR body is text).
    static func sourcePointer(of pointer: JSONPointer) -> JSONPointer {
        let tokens = pointer.tokens
        guard tokens.count >= 2, tokens[0] == "interactions" else { return pointer }
        var result = JSONPointer(tokens: ["log", "entries", tokens[1]])
        guard tokens.count >= 3 else { return result }
        result = result.appending(tokens[2])
        guard tokens.count >= 4 else { return result }
        switch (tokens[2], tokens[3]) {
        case ("request", "url"): return result.appending("url")
        case ("request", "headers"), ("response", "headers"): return result.appending("headers")
        case ("request", "body"): return result.appending("postData")
        case ("response", "status"): return result.appending("status")
        case ("response", "body"): return result.appending("content")
        default: return result
        }
    }

    static func capturedExchange(_ entry: JSONValue, at pointer: JSONPointer) throws(RecordingError) -> CapturedExchange {
        guard entry.objectValue != nil else {
            throw RecordingError(pointer: pointer, message: "expected an entry object, found \(entry.briefDescription)")
        }
        let requestPointer = pointer.appending("request")
        let responsePointer = pointer.appending("response")
        guard let request = entry["request"], request.objectValue != nil else {
            throw RecordingError(pointer: pointer, message: "missing required field \"request\"")
        }
        guard let response = entry["response"], response.objectValue != nil else {
            throw RecordingError(pointer: pointer, message: "missing required field \"response\"")
        }
        guard let method = request["method"]?.stringValue else {
            throw RecordingError(pointer: requestPointer.appending("method"), message: "expected the method as a string")
        }
        guard let urlText = request["url"]?.stringValue, let url = URL(string: urlText), url.scheme != nil else {
            throw RecordingError(pointer: requestPointer.appending("url"), message: "expected an absolute URL")
        }
        guard let status = response["status"]?.numberValue?.intValue else {
            throw RecordingError(pointer: responsePointer.appending("status"), message: "expected the status as an integer")
        }
        let requestHeaders = try headers(request["headers"], at: requestPointer.appending("headers"))
        let responseHeaders = try headers(response["headers"], at: responsePointer.appending("headers"))

        var requestBody: Data?
        if let postData = request["postData"], postData.objectValue != nil {
            if let text = postData["text"]?.stringValue {
                requestBody = bytes(ofText: text, mimeType: postData["mimeType"]?.stringValue)
            } else if let params = postData["params"]?.arrayValue {
                let fields = params.compactMap { param -> FormField? in
                    guard let name = param["name"]?.stringValue else { return nil }
                    return FormField(name, param["value"]?.stringValue ?? "")
                }
                requestBody = Data(FormURLEncoding.encode(fields).utf8)
            }
        }
        var responseBody: Data?
        if let content = response["content"], let text = content["text"]?.stringValue {
            if content["encoding"]?.stringValue == "base64" {
                guard let data = Data(base64Encoded: text) else {
                    throw RecordingError(
                        pointer: responsePointer.appending("content").appending("text"), message: "declared base64 but not valid base64")
                }
                responseBody = data
            } else {
                responseBody = bytes(ofText: text, mimeType: content["mimeType"]?.stringValue)
            }
        }
        // A response may carry its content type only in content.mimeType.
        var responseHeaderList = responseHeaders
        if !responseHeaderList.contains(where: { $0.0.lowercased() == "content-type" }),
            let mime = response[pointer: "/content/mimeType"]?.stringValue, !mime.isEmpty, responseBody != nil
        {
            responseHeaderList.append(("Content-Type", mime))
        }
        var requestHeaderList = requestHeaders
        if !requestHeaderList.contains(where: { $0.0.lowercased() == "content-type" }),
            let mime = request[pointer: "/postData/mimeType"]?.stringValue, !mime.isEmpty, requestBody != nil
        {
            requestHeaderList.append(("Content-Type", mime))
        }
        var exchange = CapturedExchange(
            method: method, url: url, requestHeaders: requestHeaderList, requestBody: requestBody,
            status: status, responseHeaders: responseHeaderList, responseBody: responseBody
        )
        // A body the capture left out (a binary upload, a body over the tool's limit) is not a request without one.
        if requestBody == nil, let reason = request["_unseenBody"]?.stringValue, !reason.isEmpty {
            exchange.requestBodyUnseen = reason
        } else if requestBody == nil, let size = request["bodySize"]?.numberValue?.intValue, size > 0 {
            exchange.requestBodyUnseen = "the HAR holds no postData for this request's body of \(size) bytes"
        }
        return exchange
    }

    /// The bytes a HAR `text` stands for.
    ///
    /// mitmproxy writes a body whose content type names no charset (a multipart form, say) as if
    /// it were Latin-1, so UTF-8 arrives as mojibake (`할` as `í\u{95}\u{a0}`). When every character
    /// is below U+0100 and those bytes are valid UTF-8 with at least one multi-byte sequence, the
    /// text is taken as such bytes; otherwise as UTF-8 text.
    static func bytes(ofText text: String, mimeType: String?) -> Data {
        let declaresCharset = mimeType.map { MediaType.parameter("charset", in: $0) != nil } ?? false
        let scalars = text.unicodeScalars
        if !declaresCharset, scalars.contains(where: { $0.value >= 0x80 }), scalars.allSatisfy({ $0.value <= 0xFF }) {
            let latin1 = scalars.map { UInt8($0.value) }
            if String.validatingUTF8(latin1) != nil { return Data(latin1) }
        }
        return Data(text.utf8)
    }

    static func headers(_ value: JSONValue?, at pointer: JSONPointer) throws(RecordingError) -> [(String, String)] {
        guard let value else { return [] }
        guard let items = value.arrayValue else {
            throw RecordingError(pointer: pointer, message: "expected an array of {name, value}, found \(value.briefDescription)")
        }
        var result: [(String, String)] = []
        for (index, item) in items.enumerated() {
            guard let name = item["name"]?.stringValue, let headerValue = item["value"]?.stringValue else {
                throw RecordingError(pointer: pointer.appending(index), message: "expected a header {\"name\": string, \"value\": string}")
            }
            // HTTP/2 pseudo-headers (:authority, :path) describe the transfer, not the request.
            if name.hasPrefix(":") { continue }
            result.append((name, headerValue))
        }
        return result
    }

    // MARK: Export

    /// Writes a recording as HAR 1.2, with absolute URLs under `baseURLs` (by name, `""` for the main one).
    public static func export(_ recording: Recording, baseURLs: [String: URL]) -> JSONValue {
        let entries = recording.interactions.map { interaction -> JSONValue in
            .object(
                JSONObject([
                    .init(key: "startedDateTime", value: .string(recording.recordedAt)),
                    .init(key: "time", value: 0),
                    .init(key: "request", value: .object(JSONObject(exportedRequest(interaction.request, baseURLs: baseURLs)))),
                    .init(key: "response", value: .object(JSONObject(exportedResponse(interaction.response)))),
                    .init(key: "cache", value: .object(JSONObject())),
                    .init(key: "timings", value: ["send": 0, "wait": 0, "receive": 0]),
                ]))
        }
        return [
            "log": .object(
                JSONObject([
                    .init(key: "version", value: "1.2"),
                    .init(key: "creator", value: ["name": "apicheck", "version": .string(ToolVersion.current)]),
                    .init(key: "entries", value: .array(entries)),
                ]))
        ]
    }

    /// A HAR entry's `request`: the absolute URL, the headers (a multipart body's boundary put back), the query and the
    /// body as `postData`.
    static func exportedRequest(_ recorded: RecordedRequest, baseURLs: [String: URL]) -> [JSONObject.Member] {
        let base = baseURLs[recorded.base ?? ""] ?? baseURLs[""] ?? URL(fileURLWithPath: "/")
        var prefix = base.absoluteString
        while prefix.hasSuffix("/") { prefix.removeLast() }
        let boundary = "apicheck-boundary"
        var requestHeaders = recorded.headers
        if case .multipart = recorded.body, let type = requestHeaders["Content-Type"] {
            // The recording drops the boundary; the exported bytes need one.
            requestHeaders["Content-Type"] = type + "; boundary=\(boundary)"
        }
        var request: [JSONObject.Member] = [
            .init(key: "method", value: .string(recorded.method)),
            .init(key: "url", value: .string(prefix + recorded.url)),
            .init(key: "httpVersion", value: "HTTP/1.1"),
            .init(key: "cookies", value: []),
            .init(key: "headers", value: headerList(requestHeaders)),
            .init(
                key: "queryString",
                value: .array(
                    queryItems(recorded.query).map { field in
                        JSONValue.object(
                            JSONObject([
                                .init(key: "name", value: .string(field.name)), .init(key: "value", value: .string(field.value)),
                            ]))
                    })),
        ]
        if let body = recorded.body {
            let mime = requestHeaders["Content-Type"] ?? "application/octet-stream"
            let text = String(decoding: body.bytes(boundary: boundary), as: UTF8.self)
            request.append(
                .init(
                    key: "postData",
                    value: .object(
                        JSONObject([
                            .init(key: "mimeType", value: .string(mime)), .init(key: "text", value: .string(text)),
                        ]))))
        }
        request.append(.init(key: "headersSize", value: -1))
        if let reason = recorded.unseenBody {
            // Its size is unknown (-1, as HAR says); the reason travels in a custom field, which import reads back.
            request.append(.init(key: "bodySize", value: -1))
            request.append(.init(key: "_unseenBody", value: .string(reason)))
        } else {
            request.append(.init(key: "bodySize", value: .number(JSONNumber(recorded.body?.bytes().count ?? 0))))
        }
        return request
    }

    /// A HAR entry's `response`: status, headers and the body as `content` (bytes that are not text in base64).
    static func exportedResponse(_ recorded: RecordedResponse) -> [JSONObject.Member] {
        var content: [JSONObject.Member] = []
        let responseData = recorded.body?.bytes() ?? Data()
        content.append(.init(key: "size", value: .number(JSONNumber(responseData.count))))
        content.append(.init(key: "mimeType", value: .string(recorded.headers["Content-Type"] ?? "")))
        if let body = recorded.body {
            if case .base64(let data) = body {
                content.append(.init(key: "text", value: .string(data.base64EncodedString())))
                content.append(.init(key: "encoding", value: "base64"))
            } else {
                content.append(.init(key: "text", value: .string(String(decoding: responseData, as: UTF8.self))))
            }
        }
        return [
            .init(key: "status", value: .number(JSONNumber(recorded.status))),
            .init(key: "statusText", value: .string(HTTPStatusText.text(for: recorded.status))),
            .init(key: "httpVersion", value: "HTTP/1.1"),
            .init(key: "cookies", value: []),
            .init(key: "headers", value: headerList(recorded.headers)),
            .init(key: "content", value: .object(JSONObject(content))),
            .init(key: "redirectURL", value: .string(recorded.headers["Location"] ?? "")),
            .init(key: "headersSize", value: -1),
            .init(key: "bodySize", value: .number(JSONNumber(responseData.count))),
        ]
    }

    static func headerList(_ headers: HeaderFields) -> JSONValue {
        .array(
            headers.map {
                JSONValue.object(JSONObject([.init(key: "name", value: .string($0.name)), .init(key: "value", value: .string($0.value))]))
            })
    }

    static func queryItems(_ query: String?) -> [FormField] {
        guard let query, !query.isEmpty else { return [] }
        return (try? FormURLEncoding.decode(query)) ?? []
    }
}

/// Reason phrases for HAR's `statusText`.
enum HTTPStatusText {
    static func text(for status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 201: return "Created"
        case 204: return "No Content"
        case 304: return "Not Modified"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 409: return "Conflict"
        case 413: return "Content Too Large"
        case 418: return "I'm a teapot"
        case 422: return "Unprocessable Content"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        default: return ""
        }
    }
}
