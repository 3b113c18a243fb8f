import APICheckLive
import Foundation
import Sandbox
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("The live runner's HTTP client")
struct AsyncHTTPTransportTests {
    /// A loopback socket listening on a free port; with `acceptAndClose`, every connection is closed unanswered.
    static func listener(acceptAndClose: Bool) throws -> (descriptor: Int32, port: Int) {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) } }
        listen(descriptor, 64)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
        if acceptAndClose {
            Thread.detachNewThread {
                while true {
                    let connection = accept(descriptor, nil, nil)
                    if connection < 0 { return }
                    close(connection)
                }
            }
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    func get(_ port: Int, timeout: Duration = .seconds(5)) async -> Result<LiveResponse, TransportError> {
        await get("http://127.0.0.1:\(port)/api/v2/todos", timeout: timeout)
    }

    func get(_ url: String, timeout: Duration = .seconds(10)) async -> Result<LiveResponse, TransportError> {
        let transport = AsyncHTTPTransport()
        let result: Result<LiveResponse, TransportError>
        do {
            result = .success(try await transport.send(LiveRequest(method: "GET", url: URL(string: url)!), deadline: .now + timeout))
        } catch {
            result = .failure(error)
        }
        await transport.shutdown()
        return result
    }

    @Test("a response from the sandbox: status, headers and the whole body")
    func response() async throws {
        let sandbox = try await SandboxServer.start()
        let port = try #require(sandbox.baseURL.port)
        let result = await get(port)
        await sandbox.stop()
        let response = try result.get()
        #expect(response.status == 200)
        #expect(response.header("content-type")?.hasPrefix("application/json") == true)
        #expect(String(decoding: response.body, as: UTF8.self).hasSuffix("}"))
    }

    @Test("a host name that does not resolve is a DNS failure")
    func dns() async throws {
        let result = await get("http://no-such-host.invalid/api")
        #expect(result.failureKind == .dns, "\(String(describing: result.failureText))")
        #expect(result.failureText?.contains("no-such-host.invalid") == true)
    }

    @Test("https to a plain-http server is a TLS failure that says so")
    func tls() async throws {
        let sandbox = try await SandboxServer.start()
        let port = try #require(sandbox.baseURL.port)
        let result = await get("https://127.0.0.1:\(port)/api/v2/todos")
        await sandbox.stop()
        #expect(result.failureKind == .tls, "\(String(describing: result.failureText))")
        #expect(result.failureText?.contains("does not speak TLS here") == true)
    }

    @Test("a closed port is refused, at once")
    func refused() async throws {
        let (descriptor, port) = try Self.listener(acceptAndClose: false)
        close(descriptor)
        let started = ContinuousClock.now
        let result = await get(port, timeout: .seconds(30))
        #expect(result.failureKind == .refused)
        // Not retried by the connection pool until the deadline: the runner decides about retries.
        #expect(started.duration(to: .now) < .seconds(10))
    }

    @Test("a server that never answers times out at the deadline, with the deadline in the message")
    func timeout() async throws {
        let (descriptor, port) = try Self.listener(acceptAndClose: false)
        defer { close(descriptor) }
        let started = ContinuousClock.now
        let result = await get(port, timeout: .milliseconds(500))
        let elapsed = started.duration(to: .now)
        #expect(result.failureKind == .timeout)
        #expect(result.failureText?.contains("within 0.5 s") == true)
        #expect(elapsed >= .milliseconds(450) && elapsed < .seconds(10))
    }

    @Test("a server that closes the connection unanswered is a reset, not a timeout")
    func reset() async throws {
        let (descriptor, port) = try Self.listener(acceptAndClose: true)
        defer { close(descriptor) }
        let result = await get(port)
        #expect(result.failureKind == .reset, "\(String(describing: result.failureText))")
    }
}

extension Result where Failure == TransportError {
    var failureKind: TransportError.Kind? {
        if case .failure(let error) = self { return error.kind }
        return nil
    }

    var failureText: String? {
        if case .failure(let error) = self { return error.description }
        return nil
    }
}
