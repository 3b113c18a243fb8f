import APICheckLive
import Foundation
import Sandbox
import Sockets
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("The live runner's HTTP client", timeLimit(minutes: 5))
struct HTTPTransportTests {
    // 30 s: a deadline no healthy answer meets late, even on a busy machine or under a sanitizer.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    func get(_ port: Int, timeout: Duration = .seconds(30)) async -> Result<LiveResponse, TransportError> {
        await get("http://127.0.0.1:\(port)/api/v2/todos", timeout: timeout)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    func get(_ url: String, timeout: Duration = .seconds(10)) async -> Result<LiveResponse, TransportError> {
        let transport = HTTPTransport()
        let result: Result<LiveResponse, TransportError>
        do {
            result = .success(try await transport.send(LiveRequest(method: "GET", url: URL(string: url)!), deadline: .now + timeout))
        } catch {
            result = .failure(error)
        }
        await transport.shutdown()
        return result
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
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

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a host name that does not resolve is a DNS failure (from a resolver that fails at once, not this machine's)")
    func dns() async throws {
        let failing = Resolver { _, _ throws(ConnectError) in throw ConnectError(resolution: "Name or service not known") }
        let transport = HTTPTransport(resolver: failing)
        let request = LiveRequest(method: "GET", url: try #require(URL(string: "http://no-such-host.invalid/api")))
        var thrown: TransportError?
        do {
            _ = try await transport.send(request, deadline: .now + .seconds(10))
        } catch {
            thrown = error
        }
        await transport.shutdown()
        let error = try #require(thrown)
        #expect(error.kind == .dns, "\(error)")
        #expect(error.description.contains("no-such-host.invalid"))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("https to a plain-http server is a TLS failure that says so")
    func tls() async throws {
        let sandbox = try await SandboxServer.start()
        let port = try #require(sandbox.baseURL.port)
        // The failure comes at once; the deadline only bounds the wait, as its neighbours' do: under the whole suite
        // with the address sanitizer on two cores, 10 s was twice not enough for the handshake's answer.
        let result = await get("https://127.0.0.1:\(port)/api/v2/todos", timeout: .seconds(30))
        await sandbox.stop()
        #expect(result.failureKind == .tls, "\(String(describing: result.failureText))")
        #expect(result.failureText?.contains("speak TLS here") == true)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a closed port is refused, at once")
    func refused() async throws {
        let result = try await LoopbackListener.withRefusingPort { port in await get(port, timeout: .seconds(30)) }
        // Refused, not a timeout: the connection pool did not retry it until the deadline (the runner decides about retries).
        #expect(result.failureKind == .refused, "\(String(describing: result.failureText))")
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a server that never answers times out at the deadline, with the deadline in the message")
    func timeout() async throws {
        let silent = try LoopbackListener()
        defer { silent.close() }
        let started = ContinuousClock.now
        let result = await get(silent.port, timeout: .milliseconds(500))
        let elapsed = started.duration(to: .now)
        #expect(result.failureKind == .timeout)
        #expect(result.failureText?.contains("within 0.5 s") == true)
        // Not before the deadline (a busy machine can only make it later, so no upper bound is asserted).
        #expect(elapsed >= .milliseconds(450))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a server that closes the connection unanswered is a reset, not a timeout")
    func reset() async throws {
        let closing = try LoopbackListener(acceptAndClose: true)
        defer { closing.close() }
        let result = await get(closing.port)
        #expect(result.failureKind == .reset, "\(String(describing: result.failureText))")
    }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
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
