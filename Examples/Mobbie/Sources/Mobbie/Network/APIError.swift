import Foundation

/// How a call failed, as the app's screens tell it: LSLP's status with its message, the refresh token expired (the app
/// went back to its login screen), an answer that did not decode, or the transport.
public enum APIError: Error, Sendable {
    case status(Int, message: String?)
    case sessionExpired
    case decoding(String)
    case transport(String)
}
