import APICheckLive
import Foundation
import Locking
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
    func get(_ url: String, timeout: Duration = .seconds(10), throughSecureClient: Bool = false) async -> Result<
        LiveResponse, TransportError
    > {
        let transport = HTTPTransport()
        let result: Result<LiveResponse, TransportError>
        do {
            let request = LiveRequest(method: "GET", url: URL(string: url)!)
            result = .success(
                throughSecureClient
                    ? try await transport.sendThroughSecureClient(request, deadline: .now + timeout)
                    : try await transport.send(request, deadline: .now + timeout))
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
    @Test("a closed port is refused, at once, through either client", arguments: [false, true])
    func refused(throughSecureClient: Bool) async throws {
        let result = try await LoopbackListener.withRefusingPort { port in
            await get("http://127.0.0.1:\(port)/api/v2/todos", timeout: .seconds(30), throughSecureClient: throughSecureClient)
        }
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
    @Test(
        "the https client sends the request's own headers and body, adding only Host, Content-Length and Accept-Encoding: identity, and keeps a repeated response header apart",
        arguments: [false, true])
    func sentAsWritten(throughSecureClient: Bool) async throws {
        let received = Locked<[ReceivedRequest]>([])
        let server = try HTTPServer(
            host: "127.0.0.1", port: 0, maximumBodyBytes: 4 << 20,
            handler: { request in
                received.withLock { $0.append(request) }
                return HTTPServer.Response(status: 201, headers: [("Set-Cookie", "a=1"), ("X-B", "2"), ("Set-Cookie", "b=2")], body: [])
            }, tooLarge: { _ in HTTPServer.Response(status: 413, headers: [], body: []) })
        defer { server.stop() }
        let transport = HTTPTransport()
        // A body with no Content-Type, and no Accept: libcurl would add both, and `Expect: 100-continue` to a body over 1 MiB.
        let body = Array(repeating: UInt8(ascii: "x"), count: 2 << 20)
        let request = LiveRequest(
            method: "PUT", url: try #require(URL(string: "http://127.0.0.1:\(server.port)/api/v2/todos/7?a=%20b")),
            headers: [("X-One", "1"), ("X-Empty", "")], body: body)
        let send = { (request: LiveRequest) async throws -> LiveResponse in
            throughSecureClient
                ? try await transport.sendThroughSecureClient(request, deadline: .now + .seconds(30))
                : try await transport.send(request, deadline: .now + .seconds(30))
        }
        let response = try await send(request)
        // A POST without a body still says its length (a server may refuse one without with 411).
        _ = try await send(LiveRequest(method: "POST", url: try #require(URL(string: "http://127.0.0.1:\(server.port)/api/v2/todos"))))
        await transport.shutdown()
        let requests = received.withLock { $0 }
        #expect(requests.count == 2)
        let post = try #require(requests.last)
        #expect(post.method == "POST" && post.body.isEmpty)
        #expect(post.headers.first { $0.name.lowercased() == "content-length" }?.value == "0", "\(post.headers)")
        #expect(!post.headers.contains { ["content-type", "accept", "expect"].contains($0.name.lowercased()) }, "\(post.headers)")
        let sent = try #require(requests.first)
        #expect(sent.method == "PUT" && sent.path == "/api/v2/todos/7" && sent.query == "a=%20b")
        #expect(sent.body == body)
        let names = sent.headers.map { $0.name.lowercased() }
        let added: Set<String> = throughSecureClient ? ["host", "content-length", "accept-encoding"] : ["host", "content-length"]
        #expect(Set(names) == added.union(["x-one", "x-empty"]), "\(sent.headers)")
        #expect(names.count == Set(names).count, "no header twice: \(sent.headers)")
        #expect(sent.headers.first { $0.name.lowercased() == "x-empty" }?.value == "")
        if throughSecureClient { #expect(sent.headers.first { $0.name.lowercased() == "accept-encoding" }?.value == "identity") }
        #expect(response.status == 201)
        #expect(response.headers.filter { $0.0.lowercased() == "set-cookie" }.map(\.1) == ["a=1", "b=2"], "\(response.headers)")
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
