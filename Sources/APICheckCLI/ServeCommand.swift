import APICheckCommands
import APICheckRecording
import APICheckReplayCore
import APICheckServe
import ArgumentParser
import Foundation
import Sandbox
import Sockets

/// `apicheck serve`: answers an app in its own process from an API's recordings until Ctrl-C or a stop request.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Answer an app in its own process (UI tests, the simulator, any client) from recordings.",
        discussion: """
            apicheck serve listens on 127.0.0.1 and answers each request from the API's recordings (every .json under \
            its recordings folder, or those --recording names) with replay's matcher: repeated requests in order, each \
            recorded answer once. The app says which URL it addressed in the X-APICheck-URL header (the replay \
            product's bootstrap does), or sends its requests to the server as to the API's base URL. A request the \
            recordings lack is answered 502 with X-APICheck-Unmatched: 1, the reason and the nearest recorded requests.

            When apicheck.yml names the API's contract, each request is checked against it as verify checks a \
            recorded one; the findings go into the journal, and the app is answered all the same (with \
            --refuse-invalid-requests, a request with an error gets 422 and its findings instead).

            Every exchange is kept in a journal. The control API, under /__apicheck/, asks for the token in \
            X-APICheck-Token:
              GET  /__apicheck/journal      the journal as JSON (matched, unmatched with candidates)
              GET  /__apicheck/recordings   the recordings available and those answered from
              POST /__apicheck/recordings   {"use": ["tests/list-first-page"]} (or null for all): answer from those
              POST /__apicheck/reset        every recorded answer again, an empty journal
              POST /__apicheck/stop         stop the server

            With --upstream URL, or --sandbox (the API's local replica, started for the session), each request goes \
            there instead and the app gets its answer, journaled and checked the same. Add --record NAME and the \
            exchanges, redacted as apicheck record redacts, are written to recordings/<api>/sessions/NAME.json when \
            the server stops (atomically: a run \
            killed before leaves the file as it was). A manual session in the simulator becomes a recording that \
            verify, coverage and infer read, and that serve --recording sessions/NAME answers from.

            Exit status: 0 when every request was answered (from the recordings, or upstream when recording) and none \
            has an error against the contract, 1 otherwise, 2 for a configuration error (a recording that does not \
            read, a contract that does not load, a port taken).

            Examples:
              apicheck serve --api todos
              apicheck serve --api todos --port 8090 --recording tests/list-first-page --recording tests/read-first
              curl -H "X-APICheck-Token: $TOKEN" http://127.0.0.1:8090/__apicheck/journal
              apicheck serve --api todos --record onboarding --sandbox
              apicheck serve --api todos --record onboarding --upstream https://api.example.com
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(
        name: .long, help: ArgumentHelp("The API whose recordings are served (needed when apicheck.yml has several).", valueName: "name"))
    var api: String?

    @Option(name: .long, help: "The port to listen on; 0 (the default) takes a free one, which is printed.")
    var port: Int = 0

    @Option(name: .long, help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Answer from this recording (repeatable): its path under the API's recordings folder without .json, such as tests/list-first-page; default every one.",
            valueName: "name"))
    var recording: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp("The token the control API asks for in X-APICheck-Token; default a random one, printed.", valueName: "token"))
    var token: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Record instead: send each request upstream (--upstream or --sandbox) and write the answers, redacted, to recordings/<api>/sessions/<name>.json when the server stops.",
            valueName: "name"))
    var record: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Answer from this upstream instead of recordings: the API's base URL there (the real API, or a server of your own).",
            valueName: "url"))
    var upstream: String?

    @Flag(
        name: .long,
        help: "Answer a request whose recorded answers are used up with the last of them again (an app that polls), instead of 502.")
    var `repeat` = false

    @Flag(name: .long, help: "Answer from a local replica of the API (apicheck sandbox), started for the session, instead of recordings.")
    var sandbox = false

    @Flag(
        name: .long,
        help:
            "Answer a request that has an error against the contract with 422 and its findings (X-APICheck-Refused: 1) instead of the recorded answer."
    )
    var refuseInvalidRequests = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535, not \(port)") }
        if let record {
            guard !record.isEmpty, !record.hasPrefix("/"), !record.split(separator: "/").contains(".."), !record.hasSuffix(".json") else {
                throw ValidationError(
                    "--record takes a session's name, such as onboarding (written to recordings/<api>/sessions/onboarding.json)")
            }
            guard upstream != nil || sandbox else { throw ValidationError("--record needs one of --upstream URL and --sandbox") }
        }
        if upstream != nil && sandbox { throw ValidationError("--upstream and --sandbox are two upstreams: give one") }
        if (upstream != nil || sandbox) && refuseInvalidRequests {
            throw ValidationError("--refuse-invalid-requests applies to answers from recordings; the upstream answers for itself")
        }
        if (upstream != nil || sandbox) && !recording.isEmpty {
            throw ValidationError(
                "--recording chooses what is replayed; \(sandbox ? "--sandbox" : "--upstream") answers from the upstream alone")
        }
        if let upstream {
            guard let url = URL(string: upstream), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                url.host != nil
            else { throw ValidationError("--upstream must be an http(s) URL, not \"\(upstream)\"") }
        }
        if let token, token.isEmpty || token.contains(where: { $0.isWhitespace || $0.isNewline }) {
            throw ValidationError("--token must be a non-empty token without spaces")
        }
    }

    func run() async throws {
        var configuration = try serveConfiguration()
        configuration.repeatsLast = `repeat`
        configuration.refusesInvalidRequests = refuseInvalidRequests
        if refuseInvalidRequests && configuration.verifier == nil {
            throw CommandFailure(
                message: "error: --refuse-invalid-requests needs a contract: apicheck.yml names none for \(configuration.api)",
                status: .usage)
        }
        let replica = try await startReplica(api: configuration.api)
        if let upstreamURL = replica?.baseURL ?? upstream.flatMap(URL.init(string:)) {
            configuration.record = ServeConfiguration.RecordSession(
                name: record, upstream: upstreamURL, redaction: try redaction(sandbox: replica != nil),
                recordedFrom: replica == nil ? nil : "sandbox")
        }
        // Installed before the server answers, so that a Ctrl-C at once is not lost.
        let signals = SignalWaiter([SIGINT, SIGTERM])
        let server: ReplayServer
        do {
            server = try ReplayServer(configuration)
        } catch {
            throw CommandFailure(message: "error: \(error.description)", status: .usage)
        }
        Output.err(banner(server))
        let stopRequested = Task {
            await server.waitForStopRequest()
            guard !Task.isCancelled else { return }
            // The stop request's answer is on its way: let it go out before the connections close.
            try? await Task.sleep(nanoseconds: 200_000_000)
            signals.wake()
        }
        await signals.wait()
        // Stopped by a signal: the task waiting for a stop request goes on, and ends, before the process does.
        stopRequested.cancel()
        server.requestStop()
        await stopRequested.value
        await server.stop()
        await replica?.stop()
        if server.sessionFile != nil {
            let problems = server.finish()
            if !problems.isEmpty { throw CommandFailure(message: problems.joined(separator: "\n"), status: .usage) }
        }
        let journal = server.journal
        let unmatched = journal.unmatched
        let total = journal.entries.count + journal.dropped
        let missed = journal.unmatchedCount
        let how =
            configuration.record == nil ? "answered from recordings" : configuration.record?.name == nil ? "answered upstream" : "recorded"
        var summary = "apicheck serve: \(total) request\(total == 1 ? "" : "s"), \(total - missed) \(how)"
        summary += missed == 0 ? "\n" : ", \(missed) not:\n"
        for entry in unmatched.prefix(20) { summary += "  #\(entry.number) \(entry.method) \(entry.url)\n" }
        if missed > min(unmatched.count, 20) { summary += "  ... and \(missed - min(unmatched.count, 20)) more\n" }
        if let file = server.sessionFile { summary += "  written to \(file.path)\n" }
        let checked = journal.checked
        if !checked.isEmpty {
            summary += "\(checked.count) request\(checked.count == 1 ? "" : "s") the contract has findings on:\n"
            for line in journal.findingLines(requests: 20) { summary += "  \(line)\n" }
        }
        Output.err(summary)
        try ExitReason.of(failing: missed > 0 || checked.contains { $0.findings.contains { $0.severity >= .error } }).exit()
    }

    /// The server's configuration from apicheck.yml's API and the flags.
    private func serveConfiguration() throws -> ServeConfiguration {
        let file = try global.loadConfiguration()
        let chosen: APIConfiguration
        do {
            chosen = try file.selectingOne(api)
        } catch {
            throw CommandFailure(message: error.description, status: .usage)
        }
        do {
            return try ServeConfiguration(
                project: chosen, folder: file.folder, recordings: recording.isEmpty ? nil : recording, host: host, port: port,
                token: token ?? ServeConfiguration.randomToken())
        } catch {
            throw CommandFailure(message: error.description, status: .usage)
        }
    }

    /// The API's replica, started for a session recorded with --sandbox.
    private func startReplica(api: String) async throws -> SandboxServer? {
        guard sandbox else { return nil }
        do {
            return try await SandboxServer.start(SandboxConfiguration(apis: [try SandboxAPI.named(api)], port: 0, deterministic: true))
        } catch {
            throw CommandFailure(message: "error: \(error.description)", status: .usage)
        }
    }

    /// apicheck.yml's redaction for the API, its secrets (and the replica's credentials) included.
    private func redaction(sandbox: Bool) throws -> RedactionRules {
        let file = try global.loadConfiguration()
        do {
            return try file.selectingOne(api).redactionRules(environment: ProcessInfo.processInfo.environment, sandbox: sandbox)
        } catch {
            throw CommandFailure(message: error.description, status: .usage)
        }
    }

    private func banner(_ server: ReplayServer) -> String {
        let configuration = server.configuration
        let url = server.url.absoluteString
        let count = server.recordings.count
        let what =
            configuration.record.map { session in
                let upstream = session.recordedFrom ?? session.upstream.absoluteString
                return session.name.map { "recording \($0) from \(upstream) into \(server.sessionFile?.path ?? "")" }
                    ?? "answering from \(upstream) (nothing recorded)"
            }
            ?? "\(count) recording\(count == 1 ? "" : "s")"
        return """
            apicheck serve: \(configuration.api) on \(url), \(what)
              the app's launch environment: \(ReplayServer.urlVariable)=\(url) \(ReplayServer.tokenVariable)=\(configuration.token)
              a client pointed at the server itself: \(url) stands for \(configuration.baseURL?.absoluteString ?? "the API's base URL")
              the journal: curl -H '\(ReplayServer.tokenHeader): \(configuration.token)' \(url)/__apicheck/journal
            Press Ctrl-C to stop.

            """
    }
}
