#if canImport(XCTest)
    import APICheckRecording
    import APICheckReplay
    import Foundation
    import XCTest
    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    extension XCTestCase {
        /// The XCTest form of `.replaying(name)`: runs `body` with a replaying session and fails the test for what did not match.
        ///
        /// It reads `apicheck.yml` as the trait does (recordings folder, matching, redaction, secrets, base URLs);
        /// `matching` and `redaction` given here replace the file's. Inside `body`, `TestRecording.configuration` builds
        /// sessions answered by the same replay, and with `scope: .global` so does `URLSession.shared`.
        ///
        /// ```swift
        /// func testListDecodes() async throws {
        ///     try await replaying("list-first-page", api: "todos") { session, baseURL in
        ///         let page = try await TodoClient(session: session, baseURL: baseURL).todos()
        ///         XCTAssertEqual(page.data.count, 10)
        ///     }
        /// }
        /// ```
        public func replaying(
            _ name: String, api: String, liveBaseURL: URL? = nil, scope: ReplayScope = .session, bundle: Bundle? = nil, folder: URL? = nil,
            strict: Bool = false, matching: MatchingRules? = nil, redaction: RedactionRules? = nil,
            file: StaticString = #filePath, line: UInt = #line,
            _ body: (URLSession, URL) async throws -> Void
        ) async throws {
            try await replaying(
                name, api: api, liveBaseURL: liveBaseURL, scope: scope,
                source: Self.source(bundle: bundle, folder: folder, file: file, line: line),
                strict: strict, matching: matching, redaction: redaction, file: file, line: line
            ) { replay in
                try await body(replay.session, replay.baseURL)
            }
        }

        /// ``replaying(_:api:liveBaseURL:scope:bundle:folder:strict:matching:redaction:file:line:_:)`` handing `body` the
        /// whole `ReplaySession`: its `session`, `baseURL`, `sessionConfiguration` for the sessions your app builds, and
        /// `baseURL(named:)`.
        ///
        /// ```swift
        /// func testFeedThroughTheAppsOwnSession() async throws {
        ///     try await replaying("feed", api: "lslp") { replay in
        ///         let network = AppNetwork(configuration: replay.sessionConfiguration)
        ///         XCTAssertEqual(try await network.feed().count, 10)
        ///     }
        /// }
        /// ```
        public func replaying(
            _ name: String, api: String, liveBaseURL: URL? = nil, scope: ReplayScope = .session, bundle: Bundle? = nil, folder: URL? = nil,
            strict: Bool = false, matching: MatchingRules? = nil, redaction: RedactionRules? = nil,
            file: StaticString = #filePath, line: UInt = #line,
            _ body: (ReplaySession) async throws -> Void
        ) async throws {
            try await replaying(
                name, api: api, liveBaseURL: liveBaseURL, scope: scope,
                source: Self.source(bundle: bundle, folder: folder, file: file, line: line),
                strict: strict, matching: matching, redaction: redaction, file: file, line: line, body
            )
        }

        /// ``replaying(_:api:liveBaseURL:strict:matching:redaction:file:line:_:)`` with the test file's path as a string
        /// (`apicheck.yml` is found beside the `Package.swift` above it).
        package func replaying(
            _ name: String, api: String, liveBaseURL: URL? = nil, scope: ReplayScope = .session, strict: Bool = false,
            matching: MatchingRules? = nil, redaction: RedactionRules? = nil, sourceFile: String,
            file: StaticString = #filePath, line: UInt = #line,
            _ body: (URLSession, URL) async throws -> Void
        ) async throws {
            try await replaying(
                name, api: api, liveBaseURL: liveBaseURL, scope: scope, source: .sourceFile(sourceFile),
                strict: strict, matching: matching, redaction: redaction, file: file, line: line
            ) { replay in
                try await body(replay.session, replay.baseURL)
            }
        }

        private static func source(bundle: Bundle?, folder: URL?, file: StaticString, line: UInt) -> ProjectSource? {
            do {
                return try ProjectSource.named(bundle: bundle, folder: folder, filePath: "\(file)", by: "replaying(_:api:)")
            } catch {
                XCTFail(error.message, file: file, line: line)
                return nil
            }
        }

        private func replaying(
            _ name: String, api: String, liveBaseURL: URL?, scope: ReplayScope, source: ProjectSource?, strict: Bool,
            matching: MatchingRules?, redaction: RedactionRules?, file: StaticString, line: UInt,
            _ body: (ReplaySession) async throws -> Void
        ) async throws {
            guard let source else { return }
            let replay: ReplaySession
            do {
                let plan = try ReplayPlan(
                    api: api, name: name, source: source, environment: TraitEnvironment.current, liveBaseURL: liveBaseURL, hasServer: false
                )
                replay = try ReplaySession(
                    plan.configuration(matching: matching, redaction: redaction, secrets: [], strict: strict, testFilter: self.name))
            } catch {
                XCTFail(error.message, file: file, line: line)
                return
            }
            let outcome = await ScopedReplay.run(replay, scope: scope) {
                try await TestRecording.$current.withValue(replay) { try await body(replay) }
            }
            for problem in replay.finish() {
                XCTFail(problem, file: file, line: line)
            }
            if let refused = outcome.refused { XCTFail(refused, file: file, line: line) }
            if let thrown = outcome.thrown { throw thrown }
        }
    }
#endif
