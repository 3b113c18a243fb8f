import WireFormat

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A Kakao app's REST API key: sent as `Authorization: KakaoAK <key>`, and never shown.
///
/// Printing, interpolating, dumping or mirroring a key shows `KakaoAPIKey(<redacted>)`, so it cannot
/// reach a log by accident; only the client reads ``value``.
public struct KakaoAPIKey: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The environment variable the key is read from by default.
    public static let environmentVariable = "KAKAO_REST_API_KEY"

    /// The key itself.
    public let value: String

    /// A key given in code (from the keychain, a test, a configuration file kept out of git).
    ///
    /// - Throws: `KakaoAPIError.Kind.missingKey` when it is empty or has white space in it.
    public init(_ value: String) throws(KakaoAPIError) {
        guard !value.isEmpty, !value.contains(where: { $0.isWhitespace || $0.isNewline }) else {
            throw KakaoAPIError(kind: .missingKey, request: nil, detail: "the key is empty or contains white space")
        }
        self.value = value
    }

    /// The key in `environment[variable]` (`KAKAO_REST_API_KEY` by default).
    ///
    /// - Throws: `KakaoAPIError.Kind.missingKey` naming the variable when it is not set or empty.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment, variable: String = environmentVariable
    ) throws(KakaoAPIError) -> KakaoAPIKey {
        guard let value = environment[variable]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else {
            throw KakaoAPIError(kind: .missingKey, request: nil, detail: "set \(variable) to the REST API key of your Kakao app")
        }
        return try KakaoAPIKey(value)
    }

    /// `KakaoAPIKey(<redacted>)`.
    public var description: String { "KakaoAPIKey(<redacted>)" }
    /// `KakaoAPIKey(<redacted>)`.
    public var debugDescription: String { description }
    /// No children: `dump` and mirrors show nothing of the key.
    public var customMirror: Mirror { Mirror(self, children: [:]) }

    /// `text` with the key, as written or percent-encoded, replaced by `<redacted>`: what the client
    /// does to every server message before it goes into an error (a 401 may echo a malformed key).
    func scrub(_ text: String) -> String {
        let forms = Set([value, FormURLEncoding.escape(value), value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value])
        return ClientFailure<KakaoAPIError>.redacting(Array(forms), in: text)
    }
}
