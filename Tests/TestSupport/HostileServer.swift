import Foundation
import Locking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An HTTP server on 127.0.0.1 that misbehaves on command, for the live runner's fault tests and benchmark.
///
/// Each request names its fault in the `X-Hostile` header (a scenario step sets it); without one the
/// server answers `ok`. It speaks just enough HTTP/1.1 to read a request head, and writes every answer
/// byte by byte as the fault needs: a body cut short, a length that lies, a body that never ends, a reset.
/// Each connection runs on a thread of its own, off Swift's cooperative pool. ``stop()`` closes the
/// listener and ends every connection.
public final class HostileServer: Sendable {
    /// What the server does with a request.
    public enum Fault: String, CaseIterable, Sendable {
        /// The good body, `Content-Length`, keep-alive.
        case ok
        /// `Content-Length: 1000`, 20 bytes of body, then the connection is closed.
        case truncated
        /// `Content-Length: 1000`, 20 bytes of body, then nothing: the connection stays open.
        case lengthTooLarge = "length-too-large"
        /// A body that never ends: chunked, one byte a second.
        case endless
        /// A 100 MB JSON body (`Content-Length`).
        case huge
        /// A 100 MB JSON body, chunked: no length announced, so a client finds out by reading.
        case hugeChunked = "huge-chunked"
        /// A JSON string with bytes that are not UTF-8 (`\xff\xfe`).
        case invalidUTF8 = "invalid-utf8"
        /// `Content-Encoding: gzip` (not asked for) whose body expands to 1 GiB of zeros.
        case gzipBomb = "gzip-bomb"
        /// `302` to itself.
        case redirectLoop = "redirect-loop"
        /// An HTML page with `200` and `text/html`.
        case html
        /// Half the body, then a TCP reset.
        case resetMidBody = "reset-mid-body"
        /// `HTTP/1.0`, no `Content-Length`: the body ends when the connection closes (a valid answer).
        case http10
        /// A header line of 1 MB.
        case hugeHeader = "huge-header"
    }

    /// The size of the `huge` body.
    public static let hugeBodyBytes = 100 * 1_000_000

    public let port: Int
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    private let descriptor: Int32
    private let goodBody: [UInt8]
    /// Whether ``stop()`` was called, the connections open now, and the requests for each fault.
    private struct State {
        var stopped = false
        var connections: Set<Int32> = []
        var counts: [Fault: Int] = [:]
    }

    private let state = Locked(State())

    /// Starts listening. `goodBody` is what `ok` and `http10` answer (JSON).
    public init(goodBody: [UInt8]) throws {
        self.goodBody = goodBody
        (descriptor, port) = try LoopbackListener.listen()
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// How many requests asked for `fault`.
    public func requests(_ fault: Fault) -> Int {
        state.withLock { $0.counts[fault, default: 0] }
    }

    /// Closes the listener and every open connection.
    public func stop() {
        // Shut down, never close, what another thread may still use: a descriptor closed under a thread
        // waiting in accept or read lets that thread act on whatever socket the system gives the number to
        // next (another test's server). The accepting thread closes the listener, each connection's thread its own.
        state.withLock { state in
            state.stopped = true
            shutdown(descriptor, Int32(SHUT_RDWR))
            for connection in state.connections { shutdown(connection, Int32(SHUT_RDWR)) }
        }
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    private func acceptLoop() {
        defer { Foundation.close(descriptor) }
        while !isStopped {
            let connection = accept(descriptor, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR { continue }
                return
            }
            #if canImport(Darwin)
                // Darwin's send has no MSG_NOSIGNAL: the socket itself must not raise SIGPIPE.
                var one: Int32 = 1
                _ = setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
            #endif
            let admitted = state.withLock { state in
                guard !state.stopped else { return false }
                state.connections.insert(connection)
                return true
            }
            guard admitted else {
                Foundation.close(connection)
                return
            }
            Thread.detachNewThread { [self] in
                serve(connection)
                state.withLock { state in
                    _ = state.connections.remove(connection)
                    Foundation.close(connection)
                }
            }
        }
    }

    /// Answers requests on one connection until a fault ends it or the peer closes it.
    private func serve(_ connection: Int32) {
        var pending: [UInt8] = []
        while !isStopped {
            guard let head = readHead(connection, &pending) else { return }
            let fault = Self.fault(in: head) ?? .ok
            state.withLock { $0.counts[fault, default: 0] += 1 }
            guard answer(fault, on: connection) else { return }
        }
    }

    /// Reads one request head (the body of a GET is empty; a body with `Content-Length` is skipped).
    private func readHead(_ connection: Int32, _ pending: inout [UInt8]) -> String? {
        let terminator: [UInt8] = [13, 10, 13, 10]
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            if let end = Self.find(terminator, in: pending) {
                let head = String(decoding: pending[..<end], as: UTF8.self)
                pending.removeFirst(end + 4)
                let length = Self.headerValue("content-length", in: head).flatMap(Int.init) ?? 0
                while pending.count < length {
                    let count = recv(connection, &chunk, chunk.count, 0)
                    guard count > 0 else { return nil }
                    pending += chunk[..<count]
                }
                pending.removeFirst(length)
                return head
            }
            guard pending.count < 1 << 20 else { return nil }
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            pending += chunk[..<count]
        }
    }

    /// Writes the fault's answer; false when the connection must end.
    private func answer(_ fault: Fault, on connection: Int32) -> Bool {
        switch fault {
        case .ok:
            return transmit(connection, head(200, ["Content-Type: application/json", "Content-Length: \(goodBody.count)"]) + goodBody)
        case .truncated:
            _ = transmit(connection, head(200, ["Content-Type: application/json", "Content-Length: 1000"]) + Array(goodBody.prefix(20)))
            return false
        case .lengthTooLarge:
            _ = transmit(connection, head(200, ["Content-Type: application/json", "Content-Length: 1000"]) + Array(goodBody.prefix(20)))
            waitForPeerToClose(connection, byteEverySecond: false)
            return false
        case .endless:
            guard
                transmit(
                    connection, head(200, ["Content-Type: application/json", "Transfer-Encoding: chunked"]) + Array("1\r\n{\r\n".utf8))
            else { return false }
            waitForPeerToClose(connection, byteEverySecond: true)
            return false
        case .huge:
            let opening = Array(#"{"data":""#.utf8), closing = Array(#""}"#.utf8)
            guard transmit(connection, head(200, ["Content-Type: application/json", "Content-Length: \(Self.hugeBodyBytes)"]) + opening)
            else { return false }
            let block = [UInt8](repeating: UInt8(ascii: "a"), count: 64 * 1024)
            var remaining = Self.hugeBodyBytes - opening.count - closing.count
            while remaining > 0 {
                let size = min(remaining, block.count)
                guard transmit(connection, Array(block[..<size])) else { return false }
                remaining -= size
            }
            return transmit(connection, closing)
        case .hugeChunked:
            guard transmit(connection, head(200, ["Content-Type: application/json", "Transfer-Encoding: chunked"])) else { return false }
            let opening = Array(#"{"data":""#.utf8), closing = Array(#""}"#.utf8)
            func chunk(_ bytes: [UInt8]) -> [UInt8] { Array(String(bytes.count, radix: 16).utf8) + [13, 10] + bytes + [13, 10] }
            guard transmit(connection, chunk(opening)) else { return false }
            let block = chunk([UInt8](repeating: UInt8(ascii: "a"), count: 64 * 1024))
            var remaining = Self.hugeBodyBytes - opening.count - closing.count
            while remaining > 0 {
                guard transmit(connection, block) else { return false }
                remaining -= 64 * 1024
            }
            return transmit(connection, chunk(closing) + Array("0\r\n\r\n".utf8))
        case .invalidUTF8:
            let body = Array(#"{"data":{"id":1,"title":""#.utf8) + [0xFF, 0xFE, 0x41] + Array(#""}}"#.utf8)
            return transmit(connection, head(200, ["Content-Type: application/json", "Content-Length: \(body.count)"]) + body)
        case .gzipBomb:
            let body = GzipBomb.body
            return transmit(
                connection, head(200, ["Content-Type: application/json", "Content-Encoding: gzip", "Content-Length: \(body.count)"]) + body)
        case .redirectLoop:
            return transmit(connection, head(302, ["Location: /api/v2/todos", "Content-Length: 0"]))
        case .html:
            let body = Array(
                "<!DOCTYPE html><html><head><title>Maintenance</title></head><body><h1>We'll be right back</h1></body></html>".utf8)
            return transmit(connection, head(200, ["Content-Type: text/html; charset=utf-8", "Content-Length: \(body.count)"]) + body)
        case .resetMidBody:
            _ = transmit(
                connection,
                head(200, ["Content-Type: application/json", "Content-Length: \(goodBody.count)"])
                    + Array(goodBody.prefix(goodBody.count / 2)))
            // SO_LINGER with a zero timeout: close sends RST instead of FIN.
            var option = linger(l_onoff: 1, l_linger: 0)
            _ = setsockopt(connection, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
            return false
        case .http10:
            _ = transmit(
                connection, Array("HTTP/1.0 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n".utf8) + goodBody)
            return false
        case .hugeHeader:
            let value = String(repeating: "x", count: 1_000_000)
            return transmit(
                connection,
                head(200, ["Content-Type: application/json", "X-Padding: \(value)", "Content-Length: \(goodBody.count)"]) + goodBody)
        }
    }

    private func head(_ status: Int, _ headers: [String]) -> [UInt8] {
        let reason = [200: "OK", 302: "Found"][status] ?? "Status"
        return Array((["HTTP/1.1 \(status) \(reason)"] + headers + ["", ""]).joined(separator: "\r\n").utf8)
    }

    /// Writes every byte; false when the peer is gone (no SIGPIPE).
    private func transmit(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Self.noSignal) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// Holds the connection open until the peer closes it or the server stops, writing a chunk of one byte
    /// a second when asked to.
    private func waitForPeerToClose(_ connection: Int32, byteEverySecond: Bool) {
        var scratch = [UInt8](repeating: 0, count: 4096)
        while !isStopped {
            var entry = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, 1000)
            if ready > 0 {
                // Readable: data we ignore, or the end of the connection.
                if recv(connection, &scratch, scratch.count, 0) <= 0 { return }
                continue
            }
            if byteEverySecond, !transmit(connection, Array("1\r\n \r\n".utf8)) { return }
        }
    }

    #if canImport(Glibc)
        static let noSignal = Int32(MSG_NOSIGNAL)
    #else
        static let noSignal: Int32 = 0  // Darwin: SO_NOSIGPIPE is set on each accepted socket instead
    #endif

    static func fault(in head: String) -> Fault? {
        headerValue("x-hostile", in: head).flatMap(Fault.init(rawValue:))
    }

    static func headerValue(_ name: String, in head: String) -> String? {
        for line in head.split(separator: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":"), line[..<colon].lowercased() == name else { continue }
            return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count)
        where haystack[start] == needle[0] && Array(haystack[start..<start + needle.count]) == needle {
            return start
        }
        return nil
    }
}
