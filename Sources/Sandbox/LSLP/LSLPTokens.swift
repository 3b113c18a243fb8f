import Foundation

/// The LSLP replica's JWTs: HS256, three base64url parts, `_id`, `kind` (`access` or `refresh`), `iat`
/// and a fractional `exp` (RFC 7519 allows it; it lets lifetimes of a second or two expire on time).
struct LSLPTokens: Sendable {
    enum Kind: String {
        case access
        case refresh
    }

    /// What a token says once its signature checks out.
    struct Claims {
        let userID: String
        let kind: Kind
        let expires: Double
    }

    private let secret: [UInt8]

    /// A fixed secret in deterministic mode, a random one otherwise.
    init(deterministic: Bool) {
        if deterministic {
            secret = Array("apicheck-lslp-sandbox-deterministic-secret".utf8)
        } else {
            var generator = SystemRandomNumberGenerator()
            secret = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        }
    }

    func issue(_ kind: Kind, userID: String, now: Double, lifetime: Double) -> String {
        let header = JSON.object([("alg", .string("HS256")), ("typ", .string("JWT"))])
        let expires = ((now + lifetime) * 1000).rounded(.down) / 1000
        let payload = JSON.object([
            ("_id", .string(userID)), ("kind", .string(kind.rawValue)), ("iat", .int(Int(now))),
            ("exp", .number(Self.literal(expires))),
        ])
        let signingInput = Base64URL.encode(header.bytes) + "." + Base64URL.encode(payload.bytes)
        return signingInput + "." + Base64URL.encode(SHA256.hmac(key: secret, Array(signingInput.utf8)))
    }

    /// The claims of a token this replica signed, whatever its expiry; nil for anything else.
    func verify(_ token: String) -> Claims? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let signature = Base64URL.decode(parts[2]) else { return nil }
        let signingInput = parts[0] + "." + parts[1]
        guard signature == SHA256.hmac(key: secret, Array(signingInput.utf8)),
            let payloadBytes = Base64URL.decode(parts[1]), let payload = JSON.parseObject(payloadBytes),
            let userID = payload["_id"] as? String, let kind = (payload["kind"] as? String).flatMap(Kind.init(rawValue:)),
            let expires = (payload["exp"] as? NSNumber)?.doubleValue
        else { return nil }
        return Claims(userID: userID, kind: kind, expires: expires)
    }

    /// Seconds with up to three fraction digits, without trailing zeros (`1704000491.9`).
    static func literal(_ seconds: Double) -> String {
        let millis = Int64((seconds * 1000).rounded(.down))
        let whole = millis / 1000
        var fraction = String(millis % 1000).leftPadded(to: 3)
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return fraction.isEmpty ? String(whole) : "\(whole).\(fraction)"
    }
}
