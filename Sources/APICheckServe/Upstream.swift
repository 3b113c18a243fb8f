import Foundation
import Locking

#if os(Linux)
    import Libcurl
#else
    import APICheckReplay
#endif

/// Where `apicheck serve` sends a request it records: the live API, as the app's own URLSession would (redirects
/// followed, a compressed body decoded). On Linux through libcurl, loaded when the first request is recorded (as
/// URLSession there is); on Apple platforms through URLSession.
enum Upstream {
    /// The live API's answer.
    struct Answer {
        let status: Int
        let headers: [(String, String)]
        let body: Data?
    }

    /// Why there is no answer, in words for the app's 502.
    struct Failure: Error {
        let text: String
    }

    #if os(Linux)
        /// Sends one request and waits for the whole answer.
        static func send(_ method: String, to target: URL, headers: [(String, String)], body: Data?) -> Result<Answer, Failure> {
            var exchange = CurlExchange(method: method, url: target.absoluteString, headers: headers, body: body.map { [UInt8]($0) })
            exchange.followsRedirects = true
            exchange.decodesBodies = true
            // URLSession's request timeout: 60 s without a byte.
            exchange.idleSeconds = 60
            let received = Locked<[UInt8]>([])
            var observer = CurlExchange.Observer()
            observer.body = { bytes in
                received.withLock { $0.append(contentsOf: bytes) }
                return true
            }
            switch exchange.perform(observer) {
            case .success(let head):
                let bytes = received.withLock { $0 }
                return .success(Answer(status: head.status, headers: head.headers, body: Data(bytes)))
            case .failure(let failure):
                return .failure(Failure(text: failure.message))
            }
        }
    #else
        /// The session that sends requests upstream, one for the process.
        private static let session = URLSession(configuration: .ephemeral)

        /// Sends one request and waits for the whole answer.
        static func send(_ method: String, to target: URL, headers: [(String, String)], body: Data?) -> Result<Answer, Failure> {
            var outgoing = URLRequest(url: target)
            outgoing.httpMethod = method
            for (name, value) in headers { outgoing.addValue(value, forHTTPHeaderField: name) }
            outgoing.httpBody = body
            let answer = Locked<(Data?, URLResponse?, Error?)>((nil, nil, nil))
            let done = DispatchSemaphore(value: 0)
            session.dataTask(with: outgoing) { data, response, error in
                answer.withLock { $0 = (data, response, error) }
                done.signal()
            }.resume()
            done.wait()
            let (data, response, error) = answer.withLock { $0 }
            guard let http = response as? HTTPURLResponse else {
                return .failure(Failure(text: error.map { "\($0.localizedDescription)" } ?? "no HTTP answer"))
            }
            return .success(Answer(status: http.statusCode, headers: http.headerPairs, body: data))
        }
    #endif
}
