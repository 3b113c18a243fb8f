/// The secrets a server handed out in one recording, numbered in the order they first appear: the values of redacted
/// keys in its answers (a login's `token` and `refreshToken`, a refresh's new `token`).
///
/// Redaction writes such a value as `<redacted#N>` in the answer that handed it out and wherever a later request of the
/// same recording sends it back (`Authorization: <redacted#N>`), so that the recording keeps which secret each request
/// carried without keeping any of them. Replay hands the client the placeholder as the token and, when the client sends
/// it back, requires the one the recorded request carried: a client that retries with the token a refresh replaced is
/// caught instead of being answered because both were `<redacted>`. A secret the server never handed out (a key from the
/// environment, a password the client typed) stays `<redacted>`.
public struct SecretLedger: Sendable, Hashable {
    private var numbers: [String: Int] = [:]
    private var next: Int

    /// The shortest value numbered; a shorter one (an empty token) stays `<redacted>`.
    static let minimumLength = 4

    /// An empty ledger whose numbers start after every numbered placeholder in `interactions` (a recording that new
    /// interactions are added to keeps its numbers).
    public init(after interactions: [Interaction] = []) {
        var highest = 0
        for interaction in interactions {
            for value in Self.strings(in: interaction) {
                for number in RedactionRules.placeholderNumbers(in: value) { highest = max(highest, number) }
            }
        }
        next = highest + 1
    }

    /// The number of a value a server handed out, given the next one when it is new; nil for a value too short to number.
    mutating func number(issuing value: String) -> Int? {
        guard value.utf8.count >= Self.minimumLength else { return nil }
        if let number = numbers[value] { return number }
        numbers[value] = next
        next += 1
        return numbers[value]
    }

    /// The number of a value a server handed out earlier in the recording, or nil.
    func number(of value: String) -> Int? {
        numbers.isEmpty ? nil : numbers[value]
    }

    /// Every header value and body string of an interaction (to find the placeholders already in it).
    private static func strings(in interaction: Interaction) -> [String] {
        var found = [interaction.request.url]
        for headers in [interaction.request.headers, interaction.response.headers] { found += headers.map(\.value) }
        for body in [interaction.request.body, interaction.response.body].compactMap({ $0 }) {
            switch body {
            case .json(let value): collect(value, into: &found)
            case .form(let fields, _): found += fields.map(\.value)
            case .multipart(let parts):
                for part in parts { if case .text(let text) = part.content { found.append(text) } }
            case .text(let text): found.append(text)
            case .base64: break
            }
        }
        return found
    }

    private static func collect(_ value: JSONValue, into found: inout [String]) {
        switch value {
        case .string(let text): found.append(text)
        case .array(let items): for item in items { collect(item, into: &found) }
        case .object(let object): for member in object { collect(member.value, into: &found) }
        default: break
        }
    }
}

extension RedactionRules {
    /// The placeholder of the `number`-th secret the server handed out in a recording: `<redacted#3>`.
    public static func placeholder(_ number: Int) -> String {
        "<redacted#\(number)>"
    }

    /// Whether `text` is a placeholder: `<redacted>`, or a numbered one such as `<redacted#3>`.
    public static func isPlaceholder(_ text: String) -> Bool {
        text == placeholder || placeholderNumber(text) != nil
    }

    /// The number of a numbered placeholder (`<redacted#3>` is 3); nil for any other text, `<redacted>` included.
    public static func placeholderNumber(_ text: String) -> Int? {
        let bytes = text.utf8
        guard bytes.count > numberedPrefix.count + 1, bytes.last == UInt8(ascii: ">"), bytes.starts(with: numberedPrefix) else {
            return nil
        }
        let digits = bytes.dropFirst(numberedPrefix.count).dropLast()
        guard digits.count <= 9, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    /// The numbers of the numbered placeholders in `text`, in order (`Bearer <redacted#3>` holds 3).
    public static func placeholderNumbers(in text: String) -> [Int] {
        guard text.utf8.count > numberedPrefix.count else { return [] }
        var numbers: [Int] = []
        var rest = Substring(text)
        while let start = rest.range(of: "<redacted#") {
            let after = rest[start.upperBound...]
            let digits = after.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, digits.count <= 9, after.dropFirst(digits.count).first == ">", let number = Int(digits) {
                numbers.append(number)
            }
            rest = after
        }
        return numbers
    }

    /// Whether a live value is one the recorded value stands for: the same text, or a recorded placeholder. A numbered
    /// placeholder stands for one secret the server handed out, so a live value that carries other numbered placeholders
    /// (a token an earlier replayed answer handed out) is not it.
    public static func matches(live: String, recorded: String) -> Bool {
        if live == recorded || recorded == placeholder { return true }
        guard let number = placeholderNumber(recorded) else { return false }
        return sendsBack(live, number)
    }

    /// Whether `live` may be the secret numbered `number`: it carries no numbered placeholder (a real value, from
    /// anywhere), or only that one.
    package static func sendsBack(_ live: String, _ number: Int) -> Bool {
        guard live.utf8.count > numberedPrefix.count, live.contains("<redacted#") else { return true }
        return placeholderNumbers(in: live).allSatisfy { $0 == number }
    }

    private static let numberedPrefix = Array("<redacted#".utf8)
}
