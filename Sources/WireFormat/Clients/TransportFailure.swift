import Foundation

/// Says in a few words why a request got no HTTP answer, for the typed clients' transport errors.
package enum TransportFailure {
    /// `timed out`, `connection refused`, `host not found`, or the error's own description.
    package static func describe(_ error: any Error) -> String {
        if let urlError = error as? URLError {
            switch urlError.code {
            case .timedOut: return "timed out"
            case .cannotConnectToHost: return "connection refused"
            case .cannotFindHost, .dnsLookupFailed: return "host not found"
            case .notConnectedToInternet: return "not connected to the internet"
            case .networkConnectionLost: return "the connection was lost"
            case .cancelled: return "cancelled"
            default: return urlError.localizedDescription
            }
        }
        return "\(error)"
    }
}
