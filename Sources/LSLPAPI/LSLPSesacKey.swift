#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The course's `SesacKey`: sent on every request, and never shown.
///
/// Printing, interpolating, dumping or mirroring a key shows `LSLPSesacKey(<redacted>)`; only the client
/// reads ``value``.
public struct LSLPSesacKey: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The environment variable the key is read from by default.
    public static let environmentVariable = "LSLP_SESAC_KEY"

    /// The key itself.
    public let value: String

    /// A key given in code.
    ///
    /// - Throws: `LSLPAPIError.Kind.missingKey` when it is empty or has white space in it.
    public init(_ value: String) throws(LSLPAPIError) {
        guard !value.isEmpty, !value.contains(where: { $0.isWhitespace || $0.isNewline }) else {
            throw LSLPAPIError(kind: .missingKey, request: nil, detail: "the key is empty or contains white space")
        }
        self.value = value
    }

    /// The key in `environment[variable]` (`LSLP_SESAC_KEY` by default).
    ///
    /// - Throws: `LSLPAPIError.Kind.missingKey` naming the variable when it is not set or empty.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment, variable: String = environmentVariable
    ) throws(LSLPAPIError) -> LSLPSesacKey {
        guard let value = environment[variable]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else {
            throw LSLPAPIError(kind: .missingKey, request: nil, detail: "set \(variable) to the course's SesacKey")
        }
        return try LSLPSesacKey(value)
    }

    /// `LSLPSesacKey(<redacted>)`.
    public var description: String { "LSLPSesacKey(<redacted>)" }
    /// `LSLPSesacKey(<redacted>)`.
    public var debugDescription: String { description }
    /// No children: `dump` and mirrors show nothing of the key.
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
