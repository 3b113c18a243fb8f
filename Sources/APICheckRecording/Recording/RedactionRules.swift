import Foundation
import WireFormat

/// What to redact before a recording is written; on by default with the built-in names.
///
/// Values become the string `"<redacted>"` and keep their key, so recordings still verify and
/// replay. Names are exact (`token`, not `token_type`); header names compare case-insensitively. A value the server
/// hands out under a redacted key of an answer (a login's `token`) becomes `"<redacted#N>"`, numbered in the recording's
/// ``SecretLedger``, there and wherever a later request sends it back.
public struct RedactionRules: Hashable, Sendable {
    /// The placeholder that replaces a redacted value.
    public static let placeholder = "<redacted>"

    /// Request headers whose values are redacted (lower-case).
    public var requestHeaders: Set<String>
    /// Response headers whose values are redacted (lower-case).
    public var responseHeaders: Set<String>
    /// JSON keys whose values are redacted, at any depth, in requests and responses.
    public var jsonKeys: Set<String>
    /// Form fields and query items whose values are redacted (requests, and form-encoded responses).
    public var formFields: Set<String>
    /// Secret values (from the environment) scrubbed wherever they appear.
    public var secretValues: [String]

    /// The built-in rules (docs/REPLAY.md, "Record once, replay", lists them).
    public static let builtIn = RedactionRules(
        requestHeaders: ["authorization", "cookie", "proxy-authorization", "x-csrf-token", "sesackey", "refresh", "x-api-key"],
        responseHeaders: ["set-cookie"],
        jsonKeys: ["token", "access_token", "accessToken", "refresh_token", "refreshToken", "client_secret", "password"],
        formFields: ["client_secret", "code", "password", "access_token", "refresh_token"],
        secretValues: []
    )

    /// No redaction at all (for tests of the redaction itself).
    public static let none = RedactionRules(requestHeaders: [], responseHeaders: [], jsonKeys: [], formFields: [], secretValues: [])

    /// Creates rules; header names are lower-cased.
    public init(
        requestHeaders: Set<String>, responseHeaders: Set<String>, jsonKeys: Set<String>, formFields: Set<String>, secretValues: [String]
    ) {
        self.requestHeaders = Set(requestHeaders.map { $0.lowercased() })
        self.responseHeaders = Set(responseHeaders.map { $0.lowercased() })
        self.jsonKeys = jsonKeys
        self.formFields = formFields
        self.secretValues = secretValues
    }

    /// These rules with secret values added; values shorter than 4 characters are ignored (they would redact everything).
    public func addingSecrets(_ values: [String]) -> RedactionRules {
        var copy = self
        copy.secretValues += values.filter { $0.count >= 4 }
        return copy
    }

    /// The secret values an interaction carries in places these rules redact: the values of redacted
    /// headers (and their part after a scheme such as `Bearer `), of redacted JSON keys and form fields.
    public func secrets(in interaction: Interaction) -> [String] {
        var found: [String] = []
        for (fields, names) in [(interaction.request.headers, requestHeaders), (interaction.response.headers, responseHeaders)] {
            for field in fields where names.contains(field.name.lowercased()) {
                found.append(field.value)
                if field.name.lowercased() == "cookie" { found += (CookieHeader.pairs(field.value) ?? []).map(\.value) }
                if let space = field.value.firstIndex(of: " ") { found.append(String(field.value[field.value.index(after: space)...])) }
            }
        }
        for body in [interaction.request.body, interaction.response.body].compactMap({ $0 }) {
            switch body {
            case .json(let value): collect(value, into: &found)
            case .form(let fields, _): found += fields.filter { formFields.contains($0.name) }.map(\.value)
            default: break
            }
        }
        return found.filter { !Self.isPlaceholder($0) }
    }

    private func collect(_ value: JSONValue, into found: inout [String]) {
        switch value {
        case .array(let items):
            for item in items { collect(item, into: &found) }
        case .object(let object):
            for member in object {
                if jsonKeys.contains(member.key), case .string(let text) = member.value {
                    found.append(text)
                } else {
                    collect(member.value, into: &found)
                }
            }
        default:
            break
        }
    }

    // MARK: Applying

    /// The interaction with every secret replaced by a placeholder, as the first interaction of a recording.
    public func redact(_ interaction: Interaction) -> Interaction {
        var ledger = SecretLedger()
        return redact(interaction, ledger: &ledger)
    }

    /// The interaction with every secret replaced by a placeholder: a value its answer hands out under a redacted key is
    /// numbered in `ledger` (`<redacted#N>`), and a value its request sends back that `ledger` numbered carries that
    /// number; every other secret becomes `<redacted>`. Redact a recording's interactions in order with one ledger.
    public func redact(_ interaction: Interaction, ledger: inout SecretLedger) -> Interaction {
        var result = interaction
        let lookUp = Numbering(ledger, issuing: false)
        result.request.url = redactURL(interaction.request.url, lookUp)
        result.request.headers = redactHeaders(interaction.request.headers, names: requestHeaders, lookUp)
        result.request.body = interaction.request.body.map { redactBody($0, lookUp) }
        let issue = Numbering(ledger, issuing: true)
        result.response.headers = redactHeaders(interaction.response.headers, names: responseHeaders, nil)
        result.response.body = interaction.response.body.map { redactBody($0, issue) }
        ledger = issue.ledger
        return result
    }

    /// The recording with every interaction redacted, in order, with one ``SecretLedger``.
    public func redact(_ recording: Recording) -> Recording {
        var result = recording
        var ledger = SecretLedger()
        result.interactions = recording.interactions.map { redact($0, ledger: &ledger) }
        return result
    }

    /// The placeholders of one redaction: a request's look up the values the recording's answers handed out, an answer's
    /// number the values it hands out. A class, so that the body's walk shares it; it never leaves ``redact(_:ledger:)``.
    final class Numbering {
        private(set) var ledger: SecretLedger
        let issuing: Bool

        init(_ ledger: SecretLedger, issuing: Bool) {
            self.ledger = ledger
            self.issuing = issuing
        }

        /// The placeholder for `value`, found in a redacted place.
        func placeholder(for value: String) -> String {
            if issuing { return ledger.number(issuing: value).map(RedactionRules.placeholder) ?? RedactionRules.placeholder }
            if let number = ledger.number(of: value) { return RedactionRules.placeholder(number) }
            // A scheme before the value: `Bearer <token>`, `token <token>`.
            if let space = value.firstIndex(of: " "), let number = ledger.number(of: String(value[value.index(after: space)...])) {
                return RedactionRules.placeholder(number)
            }
            return RedactionRules.placeholder
        }
    }

    /// `text` with every secret value, and every base64 copy of one, replaced by the placeholder.
    public func scrub(_ text: String) -> String {
        var result = text
        for secret in secretValues {
            for form in Self.textForms(of: secret) where result.contains(form) {
                result = result.replacingOccurrences(of: form, with: Self.placeholder)
            }
        }
        return result
    }

    /// `bytes` (a binary body, a file part) with every secret, and every base64 copy of one, replaced by the
    /// placeholder's bytes.
    func scrub(bytes data: Data) -> Data {
        var bytes = [UInt8](data)
        var changed = false
        for secret in secretValues {
            for form in Self.textForms(of: secret) {
                changed = Self.replace(Array(form.utf8), with: Array(Self.placeholder.utf8), in: &bytes) || changed
            }
        }
        return changed ? Data(bytes) : data
    }

    /// The secret as written, and, for a secret of 8 bytes or more, its base64 copies (``base64Cores(of:)``).
    static func textForms(of secret: String) -> [String] {
        [secret] + (secret.utf8.count >= 8 ? base64Cores(of: secret) : [])
    }

    /// What any base64 text holding `secret` contains, standard and URL-safe alphabet: for each of the three
    /// byte alignments the secret can have inside longer data (`client_id:secret` in a Basic header), the
    /// characters of its encoding that depend on the secret's bytes alone.
    package static func base64Cores(of secret: String) -> [String] {
        let bytes = Array(secret.utf8)
        var cores: [String] = []
        for alignment in 0..<3 {
            let encoded = (Data(repeating: 0, count: alignment) + Data(bytes)).base64EncodedString()
            // Character j covers bits 6j..<6j+6; the secret covers bits 8a..<8(a+n).
            let first = (8 * alignment + 5) / 6
            let end = (8 * (alignment + bytes.count)) / 6
            guard end > first else { continue }
            let core = String(Array(encoded)[first..<end])
            cores.append(core)
            let urlSafe = core.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            if urlSafe != core { cores.append(urlSafe) }
        }
        return cores
    }

    /// Replaces every occurrence of `needle` in `bytes`; whether there was one.
    static func replace(_ needle: [UInt8], with replacement: [UInt8], in bytes: inout [UInt8]) -> Bool {
        guard !needle.isEmpty, bytes.count >= needle.count else { return false }
        var result: [UInt8] = []
        var index = 0
        var found = false
        while index < bytes.count {
            if index <= bytes.count - needle.count, bytes[index] == needle[0], bytes[index..<index + needle.count].elementsEqual(needle) {
                result += replacement
                index += needle.count
                found = true
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        if found { bytes = result }
        return found
    }

    /// `raw` (percent-encoded text: a form body, a query, a path) with every secret, as written or as
    /// escaped, replaced by the escaped placeholder, so the text stays validly encoded.
    func scrubEncoded(_ raw: String) -> String {
        var result = raw
        let placeholder = FormURLEncoding.escape(Self.placeholder)
        for secret in secretValues {
            let forms = Self.textForms(of: secret)
            for form in Set(forms + forms.map(FormURLEncoding.escape)) where result.contains(form) {
                result = result.replacingOccurrences(of: form, with: placeholder)
            }
        }
        return result
    }

    func redactHeaders(_ headers: HeaderFields, names: Set<String>, _ numbering: Numbering?) -> HeaderFields {
        var result = HeaderFields()
        for field in headers {
            let name = field.name.lowercased()
            // A Cookie header keeps its cookies' names (the contract's cookie parameters are checked against them).
            let value =
                names.contains(name)
                ? (name == "cookie"
                    ? scrub(CookieHeader.redacted(field.value, placeholder: Self.placeholder))
                    : numbering?.placeholder(for: field.value) ?? Self.placeholder)
                : scrub(field.value)
            result.add(name: field.name, value: value)
        }
        return result
    }

    func redactURL(_ url: String, _ numbering: Numbering? = nil) -> String {
        let parts = url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = scrubEncoded(String(parts[0]))
        guard parts.count > 1 else { return path }
        return path + "?" + redactEncodedPairs(String(parts[1]), numbering)
    }

    /// Rewrites `a=1&code=xyz` so that redacted fields carry the encoded placeholder; other bytes stay exactly.
    func redactEncodedPairs(_ raw: String, _ numbering: Numbering? = nil) -> String {
        let segments = raw.split(separator: "&", omittingEmptySubsequences: false).map { segment -> String in
            let pieces = segment.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = (try? FormURLEncoding.decode(String(pieces[0]) + "=").first?.name) ?? String(pieces[0])
            if formFields.contains(name), pieces.count > 1 {
                let value = (try? FormURLEncoding.decode("v=" + pieces[1]).first?.value) ?? String(pieces[1])
                return String(pieces[0]) + "=" + FormURLEncoding.escape(numbering?.placeholder(for: value) ?? Self.placeholder)
            }
            return String(segment)
        }
        return scrubEncoded(segments.joined(separator: "&"))
    }

    func redactBody(_ body: RecordedBody, _ numbering: Numbering? = nil) -> RecordedBody {
        switch body {
        case .json(let value):
            return .json(redactJSON(value, numbering))
        case .form(let fields, let raw):
            let redacted = fields.map { field in
                FormField(
                    field.name,
                    formFields.contains(field.name) ? numbering?.placeholder(for: field.value) ?? Self.placeholder : scrub(field.value))
            }
            return .form(fields: redacted, raw: redactEncodedPairs(raw, numbering))
        case .multipart(let parts):
            return .multipart(
                parts.map { part in
                    var copy = part
                    copy.headers = redactHeaders(part.headers, names: requestHeaders.union(responseHeaders), nil)
                    switch part.content {
                    case .text(let text):
                        copy.content = .text(
                            formFields.contains(part.name) || jsonKeys.contains(part.name)
                                ? numbering?.placeholder(for: text) ?? Self.placeholder : scrub(text))
                    case .bytes(let bytes):
                        copy.content = .bytes(scrub(bytes: bytes))
                    }
                    return copy
                })
        case .text(let text):
            return .text(scrub(text))
        case .base64(let bytes):
            // Bytes that are not UTF-8 text (an image, a JSON body with a stray byte) may still hold a secret.
            return .base64(scrub(bytes: bytes))
        }
    }

    func redactJSON(_ value: JSONValue, _ numbering: Numbering? = nil) -> JSONValue {
        switch value {
        case .string(let text):
            return .string(scrub(text))
        case .array(let items):
            return .array(items.map { redactJSON($0, numbering) })
        case .object(let object):
            return .object(
                JSONObject(
                    object.members.map { member in
                        if jsonKeys.contains(member.key), !member.value.isNull {
                            // Only a string is a secret the client can send back; any other value stays unnumbered.
                            let placeholder = member.value.stringValue.flatMap { numbering?.placeholder(for: $0) } ?? Self.placeholder
                            return JSONObject.Member(key: member.key, value: .string(placeholder))
                        }
                        return JSONObject.Member(key: member.key, value: redactJSON(member.value, numbering))
                    }))
        default:
            return value
        }
    }
}
