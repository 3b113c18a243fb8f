import Foundation
import Locking
import Sockets

/// A small HTTP/1.1 server (RFC 9112) on plain sockets: one pool thread per open connection,
/// kept-alive connections, `Content-Length` and chunked request bodies, `Expect: 100-continue`.
///
/// It is the sandbox's transport (and `apicheck serve`'s), written for what a replica of four JSON APIs needs on a
/// developer's machine and in CI: correct framing (the shared codec, `HTTP1`), bounded reads (a head over
/// `HTTP1.maximumHeadBytes`, 64 KiB, is 431, a body over the limit 413), and a clean stop that closes every
/// connection.
package final class HTTPServer: @unchecked Sendable {
    /// A response: the status, headers (`Content-Length` is added) and body.
    package struct Response {
        package var status: Int
        package var headers: [(String, String)]
        package var body: [UInt8]

        package init(status: Int, headers: [(String, String)], body: [UInt8]) {
            self.status = status
            self.headers = headers
            self.body = body
        }
    }

    /// How long a request may take to arrive, and a response to be written, in seconds.
    static let idleTimeout = 60.0
    /// How long (seconds) a kept-alive connection waits for its next request before the server closes it (a
    /// client's pool notices and opens a new one): open connections, and their threads, stay few.
    static let keepAliveTimeout = 5.0
    /// After an error answer, how much of a request body still arriving is read and dropped, and for how
    /// long (seconds), before the connection closes (``Socket/finishSending(discardingUpTo:deadline:)``).
    static let lingeringBytes = 16 << 20
    static let lingeringTime = 5.0

    let listener: Listener
    let maximumBodyBytes: Int
    /// Answers a request; `tooLarge` answers a body over the limit.
    let handler: @Sendable (ReceivedRequest) -> Response
    let tooLarge: @Sendable (_ announced: Int?) -> Response
    private let pool = ThreadPool.connections
    private let condition = NSCondition()
    private var connections: [ObjectIdentifier: Socket] = [:]
    private var stopped = false
    private var acceptorDone = false

    package init(
        host: String, port: Int, maximumBodyBytes: Int, handler: @escaping @Sendable (ReceivedRequest) -> Response,
        tooLarge: @escaping @Sendable (Int?) -> Response
    ) throws(ConnectError) {
        listener = try Listener(host: host, port: port)
        self.maximumBodyBytes = maximumBodyBytes
        self.handler = handler
        self.tooLarge = tooLarge
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "apicheck.sandbox.accept"
        thread.start()
    }

    package var port: Int { listener.port }

    /// Stops accepting, ends every connection and waits until their threads are done.
    package func stop() {
        let open = condition.withLock {
            stopped = true
            return Array(connections.values)
        }
        listener.shutdown()
        for socket in open { socket.shutdown() }
        condition.lock()
        while !connections.isEmpty || !acceptorDone { condition.wait() }
        condition.unlock()
    }

    private func acceptLoop() {
        while let socket = listener.accept() {
            let admitted = condition.withLock {
                guard !stopped else { return false }
                connections[ObjectIdentifier(socket)] = socket
                return true
            }
            guard admitted else {
                socket.close()
                break
            }
            pool.run { [self] in
                serve(socket)
                socket.close()
                condition.withLock {
                    connections[ObjectIdentifier(socket)] = nil
                    condition.broadcast()
                }
            }
        }
        listener.close()
        condition.withLock {
            acceptorDone = true
            condition.broadcast()
        }
    }

    /// Answers requests on one connection until it closes, asks to close, or breaks the protocol.
    private func serve(_ socket: Socket) {
        var reader = RequestReader(socket: socket)
        var first = true
        while true {
            let request: RequestReader.Head
            do throws(RequestReader.Failure) {
                let wait = first ? Self.idleTimeout : Self.keepAliveTimeout
                first = false
                guard let head = try reader.readHead(deadline: .after(seconds: wait)) else { return }
                request = head
            } catch {
                if let status = error.status {
                    write(Self.plain(status), keepAlive: false, head: false, to: socket)
                    socket.finishSending(discardingUpTo: Self.lingeringBytes, deadline: .after(seconds: Self.lingeringTime))
                }
                return
            }
            let deadline = Deadline.after(seconds: Self.idleTimeout)
            let body: [UInt8]
            do throws(RequestReader.Failure) {
                if request.expectsContinue, request.announcedLength.map({ $0 <= maximumBodyBytes }) ?? true {
                    try? socket.write(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8), deadline: deadline)
                }
                body = try reader.readBody(of: request, limit: maximumBodyBytes, deadline: deadline)
            } catch {
                if error.isTooLarge {
                    write(tooLarge(request.announcedLength), keepAlive: false, head: request.method == "HEAD", to: socket)
                } else if let status = error.status {
                    write(Self.plain(status), keepAlive: false, head: false, to: socket)
                }
                // The client may still be sending the body: let it, so that it reads the answer.
                socket.finishSending(discardingUpTo: Self.lingeringBytes, deadline: .after(seconds: Self.lingeringTime))
                return
            }
            let response = handler(
                ReceivedRequest(method: request.method, path: request.path, query: request.query, fields: request.fields, body: body))
            guard write(response, keepAlive: request.keepAlive, head: request.method == "HEAD", to: socket), request.keepAlive else {
                return
            }
        }
    }

    /// Writes `response`; false when the peer is gone.
    @discardableResult
    private func write(_ response: Response, keepAlive: Bool, head: Bool, to socket: Socket) -> Bool {
        var text = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
        text += "Date: \(HTTPDate.now())\r\n"
        for (name, value) in response.headers { text += "\(name): \(value)\r\n" }
        // No length on a 1xx, 204 or 304 (RFC 9110, 8.6); a HEAD gets the length a GET would.
        if !(100...199).contains(response.status), response.status != 204, response.status != 304 {
            text += "Content-Length: \(response.body.count)\r\n"
        }
        if !keepAlive { text += "Connection: close\r\n" }
        text += "\r\n"
        var bytes = Array(text.utf8)
        if !head { bytes.append(contentsOf: response.body) }
        do {
            try socket.write(bytes, deadline: .after(seconds: Self.idleTimeout))
            return true
        } catch {
            return false
        }
    }

    /// An answer to a request that broke the protocol: the status and no body.
    static func plain(_ status: Int) -> Response {
        Response(status: status, headers: [], body: [])
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 409: "Conflict"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 418: "I'm a teapot"
        case 419: "Page Expired"
        case 420: "Enhance Your Calm"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}

/// The `Date` header's IMF-fixdate (RFC 9110, 5.6.7), made once a second.
enum HTTPDate {
    private static let cache = Locked<(second: Int, text: String)>((-1, ""))

    static func now() -> String {
        var seconds = time(nil)
        return cache.withLock { cached in
            if cached.second == seconds { return cached.text }
            var parts = tm()
            gmtime_r(&seconds, &parts)
            let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
            let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
            let text =
                "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
                + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
            cached = (seconds, text)
            return text
        }
    }
}
