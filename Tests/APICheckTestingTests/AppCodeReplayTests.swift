import APICheck
import APICheckReplay
import APICheckTesting
import Foundation
import Locking
import Sandbox
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Replay reaching code as apps write it: sessions the app builds from ``TestRecording/configuration``, custom
/// matching rules, recordings in a test bundle, and what a URLProtocol cannot see.
@Suite("Replay through the app's own sessions and bundles", timeLimit(minutes: 5))
struct AppCodeReplayTests {
    /// A session delegate of the app's own, as Alamofire's `SessionDelegate` is: the data and the completion of every
    /// task arrive through it (no completion handler).
    final class CountingDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        private struct Tasks {
            var completed = 0
            var received: [Int: Data] = [:]
            var waiting: [Int: CheckedContinuation<Data, any Error>] = [:]
        }

        private let tasks = Locked(Tasks())
        var count: Int { tasks.withLock { $0.completed } }

        /// Starts `request` as a delegate-driven data task and returns its body.
        func load(_ request: URLRequest, in session: URLSession) async throws -> Data {
            let task = session.dataTask(with: request)
            return try await withCheckedThrowingContinuation { continuation in
                tasks.withLock { $0.waiting[task.taskIdentifier] = continuation }
                task.resume()
            }
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            tasks.withLock { $0.received[dataTask.taskIdentifier, default: Data()].append(data) }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            let (continuation, data) = tasks.withLock { tasks in
                tasks.completed += 1
                return (
                    tasks.waiting.removeValue(forKey: task.taskIdentifier),
                    tasks.received.removeValue(forKey: task.taskIdentifier) ?? Data()
                )
            }
            if let error { continuation?.resume(throwing: error) } else { continuation?.resume(returning: data) }
        }
    }

    static func get(_ url: String, through session: URLSession) async throws -> JSONValue {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (data, _) = try await session.data(for: request)
        return try JSONReader.parse(data)
    }

    @Test("sessions the app builds from TestRecording.configuration share the test's replay: one order of interactions")
    func configurationSessionsShareTheReplay() async throws {
        // update-form: GET list, PUT, GET single; each request from another session, one with the app's own delegate.
        let trait: ReplayingTrait = .replaying("update-form", api: "todos", strict: true)
        let test = try #require(Test.current)
        try await trait.provideScope(for: test, testCase: nil) {
            let configuration = TestRecording.configuration
            let delegate = CountingDelegate()
            let appSession = URLSession(configuration: TestRecording.configuration, delegate: delegate, delegateQueue: nil)
            let production = GlobalScopeTests.production
            var first = URLRequest(url: try #require(URL(string: production + "/api/v2/todos?per_page=1")))
            first.setValue("application/json", forHTTPHeaderField: "Accept")
            let list = try JSONReader.parse(try await delegate.load(first, in: appSession))
            let id = try #require(list[pointer: "/data/0/id"]?.numberValue?.intValue)
            var put = URLRequest(url: try #require(URL(string: "\(production)/api/v2/todos/\(id)")))
            put.httpMethod = "PUT"
            put.setValue("application/json", forHTTPHeaderField: "Accept")
            put.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            put.httpBody = Data("title=Don%27t%20open%20a%2Bb%20%26%20%ED%95%A0%20%EC%9D%BC%20%231%2F2%3F%20100%25%20%3D&is_done=true".utf8)
            let (_, response) = try await URLSession(configuration: configuration).data(for: put)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            let single = try await Self.get("\(production)/api/v2/todos/\(id)", through: TestRecording.session)
            #expect(single[pointer: "/data/is_done"] == .bool(true))
            #expect(delegate.count == 1, "the app's own delegate saw its task complete")
        }
    }

    @Test("a custom matching rule is checked after the built-in rules, sees every live header, and is named when it refuses")
    func customMatchingRule() async throws {
        let package = try GlobalScopeSerializationTests.makePackage(recordings: ["signed"])
        defer { try? FileManager.default.removeItem(at: package) }
        let source = package.appendingPathComponent("Tests/AppTests/AppTests.swift").path
        let test = try #require(Test.current)
        // The app signs each request with a header the recording cannot hold (it changes every time): the rule checks
        // the signature fits the path instead of comparing it.
        let signed = MatchingRules.Custom("X-Signature is the path reversed") { recorded, live in
            recorded.path == live.path && live.headers["X-Signature"] == String(live.path.reversed())
        }
        let suite: RecordingsTrait = .recordings(api: "demo", matchingRule: signed, filePath: source)
        let trait: ReplayingTrait = .replaying("signed", filePath: source)
        @Sendable func send(_ request: Int, signature: String) async -> Int? {
            guard let url = URL(string: "https://api.demo.example/v1/items/\(request)") else { return nil }
            var outgoing = URLRequest(url: url)
            outgoing.setValue(signature, forHTTPHeaderField: "X-Signature")
            return try? await JSONReader.parse(TestRecording.session.data(for: outgoing).0)[pointer: "/request"]?.numberValue?.intValue
        }
        try await suite.provideScope(for: test, testCase: nil) {
            try await trait.provideScope(for: test, testCase: nil) {
                // The live request's path is relative to the base, as the recorded one's: /items/0.
                #expect(await send(0, signature: String("/items/0".reversed())) == 0)
            }
        }
        // The refusal is an issue of the test that names the rule.
        await withKnownScopeIssue {
            try await suite.provideScope(for: test, testCase: nil) {
                try await trait.provideScope(for: test, testCase: nil) {
                    _ = await send(1, signature: "wrong")
                }
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("custom rule \"X-Signature is the path reversed\" does not match") }
        }
    }

    @Test("a request sent as an upload task is refused by name: URLSession never hands its body to a URLProtocol")
    func uploadTaskIsRefused() async throws {
        let trait: ReplayingTrait = .replaying("create-json", api: "todos")
        let test = try #require(Test.current)
        await withKnownScopeIssue {
            try await trait.provideScope(for: test, testCase: nil) {
                var request = URLRequest(url: TestRecording.baseURL.appendingPathComponent("api/v2/todos-json"))
                request.httpMethod = "POST"
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                await #expect(throws: (any Error).self) {
                    _ = try await TestRecording.session.upload(for: request, from: Data(#"{"title":"JSON todo","is_done":"true"}"#.utf8))
                }
            }
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("was sent as an upload task") && $0.rawValue.contains("TestRecording.registerUpload(body, for: task)")
            }
        }
    }

    /// The todo the create-json recording sent, as an upload task would send it.
    static var createJSON: Data { Data(#"{"title":"JSON todo","is_done":"true"}"#.utf8) }

    static func createRequest() -> URLRequest {
        var request = URLRequest(url: TestRecording.baseURL.appendingPathComponent("api/v2/todos-json"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        return request
    }

    /// Sends `request` as an upload task of `source` (bytes or a file) whose body is handed over with UploadBodies before
    /// the task resumes, as an Alamofire EventMonitor's request(_:didCreateTask:) would.
    static func upload(_ request: URLRequest, _ source: UploadBodies.Source, in session: URLSession) async throws -> (Data, Int) {
        try await withCheckedThrowingContinuation { continuation in
            let finish: @Sendable (Data?, URLResponse?, (any Error)?) -> Void = { data, response, error in
                if let error { return continuation.resume(throwing: error) }
                continuation.resume(returning: (data ?? Data(), (response as? HTTPURLResponse)?.statusCode ?? 0))
            }
            let task: URLSessionUploadTask
            switch source {
            case .data(let data): task = session.uploadTask(with: request, from: data, completionHandler: finish)
            case .file(let url): task = session.uploadTask(with: request, fromFile: url, completionHandler: finish)
            }
            UploadBodies.register(source, for: task)
            task.resume()
        }
    }

    @Test("an upload task whose body the app hands over (bytes or a file) is matched by that body and answered")
    func uploadTaskWithRegisteredBody() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-upload-\(UUID().uuidString).json")
        try Self.createJSON.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        for source in [UploadBodies.Source.data(Self.createJSON), .file(file)] {
            let trait: ReplayingTrait = .replaying("create-json", api: "todos")
            try await trait.provideScope(for: try #require(Test.current), testCase: nil) {
                let (data, status) = try await Self.upload(Self.createRequest(), source, in: TestRecording.session)
                #expect(status == 200, "\(source)")
                #expect(String(decoding: data, as: UTF8.self).contains(#""title":"JSON todo""#), "\(source)")
            }
        }
    }

    @Test("an upload task's handed-over body is compared with the recorded one: another body is not answered")
    func uploadTaskWithAnotherBody() async throws {
        let trait: ReplayingTrait = .replaying("create-json", api: "todos")
        let test = try #require(Test.current)
        await withKnownScopeIssue {
            try await trait.provideScope(for: test, testCase: nil) {
                let other = Data(#"{"title":"another todo","is_done":"true"}"#.utf8)
                await #expect(throws: (any Error).self) {
                    _ = try await Self.upload(Self.createRequest(), .data(other), in: TestRecording.session)
                }
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("another todo") || $0.rawValue.contains("/title") }
        }
    }

    @Test("an upload body registered as a file that cannot be read is refused, naming the file")
    func uploadTaskWithMissingFile() async throws {
        let trait: ReplayingTrait = .replaying("create-json", api: "todos")
        let test = try #require(Test.current)
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-no-such-\(UUID().uuidString).json")
        await withKnownScopeIssue {
            try await trait.provideScope(for: test, testCase: nil) {
                let request = Self.createRequest()
                await #expect(throws: (any Error).self) {
                    // The file the task uploads exists; the one registered does not.
                    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                        let task = TestRecording.session.uploadTask(with: request, from: Self.createJSON) { _, _, error in
                            if let error { continuation.resume(throwing: error) } else { continuation.resume() }
                        }
                        UploadBodies.register(.file(missing), for: task)
                        task.resume()
                    }
                }
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("registered as \(missing.path) cannot be read") }
        }
    }

    @Test("TestRecording.configuration outside a replaying test is an issue, and its requests fail without reaching the network")
    func configurationOutsideATest() async throws {
        nonisolated(unsafe) var configuration: URLSessionConfiguration?
        withKnownIssue {
            configuration = TestRecording.configuration
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("TestRecording.configuration was used outside a test") }
        }
        let session = URLSession(configuration: try #require(configuration))
        let url = try #require(URL(string: GlobalScopeTests.production))
        await #expect(throws: (any Error).self) {
            _ = try await session.data(from: url)
        }
    }
}

/// Recordings and contracts as resources of a test bundle (`Bundle.module`), as an Xcode app's test target holds them.
@Suite("Recordings in a test bundle", timeLimit(minutes: 5))
struct BundledRecordingsTests {
    static let suite: RecordingsTrait = .recordings(api: "demo", bundle: .module)

    static func ping(_ session: URLSession = TestRecording.session) async throws -> JSONValue {
        try await AppCodeReplayTests.get("https://api.demo-app.example/v1/ping", through: session)
    }

    @Test("the suite trait finds apicheck.yml and the recordings in the bundle, and answers the app's own base URL")
    func replaysFromTheBundle() async throws {
        let test = try #require(Test.current)
        let trait: ReplayingTrait = .replaying("ping")
        try await Self.suite.provideScope(for: test, testCase: nil) {
            try await trait.provideScope(for: test, testCase: nil) {
                #expect(TestRecording.recordingURL?.path.contains("AppProject/recordings/demo/tests/ping.json") == true)
                let body = try await Self.ping()
                #expect(body[pointer: "/note"] == .string("from the bundle"))
            }
        }
    }

    @Test("record mode with a bundle and no APICHECK_RECORDINGS is refused at the trait's line, with the xcodebuild form")
    func recordingIntoTheBundleIsRefused() async throws {
        let test = try #require(Test.current)
        let trait: ReplayingTrait = .replaying("ping")
        let traitLine = #line - 1
        let ran = Answers()
        await withKnownScopeIssue {
            try await TraitEnvironment.$override.withValue(["APICHECK_RECORD": "all"]) {
                try await Self.suite.provideScope(for: test, testCase: nil) {
                    try await trait.provideScope(for: test, testCase: nil) { ran.add() }
                }
            }
        } matching: { issue in
            issue.sourceLocation?.line == traitLine
                && issue.comments.contains {
                    $0.rawValue.contains("into the test bundle") && $0.rawValue.contains("TEST_RUNNER_APICHECK_RECORDINGS=")
                        && $0.rawValue.contains("APICHECK_RECORDINGS=")
                }
        }
        #expect(ran.count == 0)
    }

    @Test("record mode with a bundle writes to APICHECK_RECORDINGS, never into the bundle")
    func recordingWithABundleWritesToTheFolderNamed() async throws {
        let test = try #require(Test.current)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-bundle-record-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let trait: ReplayingTrait = .replaying("todos-through-bundle", scope: .global)
        let suite: RecordingsTrait = .recordings(api: "todos", bundle: .module)
        try await withSandboxServer(SandboxConfiguration(apis: [.todos], deterministic: true)) { sandbox in
            // The bundle's apicheck.yml names no todos API: the app's URL is the live one itself (APICHECK_BASE_URL).
            let environment = [
                "APICHECK_RECORD": "once", "APICHECK_RECORDINGS": folder.path, "APICHECK_BASE_URL": sandbox.baseURL.absoluteString,
            ]
            try await TraitEnvironment.$override.withValue(environment) {
                try await suite.provideScope(for: test, testCase: nil) {
                    try await trait.provideScope(for: test, testCase: nil) {
                        let page = try await AppCodeReplayTests.get(
                            sandbox.baseURL.absoluteString + "/api/v2/todos?per_page=2", through: .shared)
                        #expect(page[pointer: "/meta/per_page"]?.numberValue?.intValue == 2)
                    }
                }
            }
        }
        let written = folder.appendingPathComponent("todos/tests/todos-through-bundle.json")
        let recording = try Recording.load(from: written)
        #expect(recording.interactions.map(\.request.url) == ["/api/v2/todos?per_page=2"])
        #expect(recording.recordedFrom.hasPrefix("http://127.0.0.1:"))
        let bundled = try #require(Bundle.module.resourceURL).appendingPathComponent("AppProject/recordings/todos")
        #expect(!FileManager.default.fileExists(atPath: bundled.path))
    }

    @Test("a bundle or folder without apicheck.yml or recordings/, or both given, is an issue at the trait's line naming what to do")
    func missingProjectIsAnIssue() async throws {
        let test = try #require(Test.current)
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-empty-bundle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty.appendingPathComponent("Other"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let bundle = try #require(Bundle(path: empty.path))
        let cases: [(RecordingsTrait, String)] = [
            (.recordings(api: "demo", bundle: bundle), "holds no apicheck.yml and no recordings/ folder"),
            (.recordings(api: "demo", folder: empty.appendingPathComponent("missing")), "does not exist (given as folder:)"),
            (.recordings(api: "demo", bundle: .module, folder: empty), "takes bundle: or folder:, not both"),
        ]
        for (suite, message) in cases {
            let trait: ReplayingTrait = .replaying("ping")
            let traitLine = #line - 1
            await withKnownScopeIssue {
                try await suite.provideScope(for: test, testCase: nil) {
                    try await trait.provideScope(for: test, testCase: nil) {}
                }
            } matching: { issue in
                issue.sourceLocation?.line == traitLine && issue.comments.contains { $0.rawValue.contains(message) }
            }
        }
    }

    @Test("ContractExample reads the contract and examples from the bundle")
    func contractExamplesFromTheBundle() async throws {
        let examples = try ContractExample.load(api: "demo", operation: "GET /ping", bundle: .module)
        #expect(examples.count == 4)
        struct Ping: Decodable {
            let pong: Bool
            let note: String?
        }
        for example in examples {
            let (outcome, problems) = await example.check { replay in
                let (data, _) = try await replay.session.data(from: try #require(URL(string: "https://api.demo-app.example/v1/ping")))
                return try JSONDecoder().decode(Ping.self, from: data)
            }
            #expect(problems.isEmpty, "\(problems)")
            guard case .returned = outcome else {
                Issue.record("\(example.step): the app's model did not decode")
                continue
            }
        }
    }
}

/// `ContractExample` with the app's own code: a service that calls `URLSession.shared` at its production URL.
@Suite("Contract examples through app code", timeLimit(minutes: 5))
struct ContractExampleAppCodeTests {
    /// A todo service as REST_TODO writes one: a hard-coded base URL and `URLSession.shared`.
    struct SeedStyleService<Model: Decodable> {
        func todo(id: Int) async throws -> Model {
            var request = URLRequest(url: try #require(URL(string: "\(GlobalScopeTests.production)/api/v2/todos/\(id)")))
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            let (data, _) = try await URLSession.shared.data(for: request)
            return try JSONDecoder().decode(Model.self, from: data)
        }
    }

    struct Envelope: Decodable {
        struct Todo: Decodable {
            let id: Int?
            let title: String?
        }
        let data: Todo?
    }

    /// A model that takes `data` for a list: the list-vs-single trap.
    struct ListEnvelope: Decodable {
        let data: [Envelope.Todo]
    }

    @Test("with scope .global, every example of GET /api/v2/todos/{id} reaches URLSession.shared at the production URL")
    func globalScopeWithAppCode() async throws {
        let examples = try ContractExample.load(api: "todos", operation: "GET /api/v2/todos/{id}", statuses: [200])
        #expect(examples.count > 5)
        for example in examples {
            let (outcome, problems) = await example.check(scope: .global) { _ in try await SeedStyleService<Envelope>().todo(id: 5126) }
            #expect(problems.isEmpty, "\(example.step): \(problems)")
            if case .returned(let envelope) = outcome {
                #expect(envelope.data != nil)
            } else {
                Issue.record("\(example.step): not returned")
            }
        }
    }

    @Test("the list model on a single answer fails offline with the example's line and the pointer /data")
    func listVersusSingleTrap() async throws {
        let example = try #require(try ContractExample.load(api: "todos", operation: "GET /api/v2/todos/{id}", statuses: [200]).first)
        let (_, problems) = await example.check(scope: .global) { _ in try await SeedStyleService<ListEnvelope>().todo(id: 5126) }
        #expect(problems.count == 1)
        #expect(problems.first?.contains("recordings/todos/examples/get-api-v2-todos-id.200.json:") == true, "\(problems)")
        #expect(
            problems.first?.contains("the client cannot decode a response the contract allows at /data (coding path data)") == true,
            "\(problems)")
    }

    @Test("ExampleReplay.configuration builds a session the example answers")
    func configurationFromExampleReplay() async throws {
        let example = try #require(try ContractExample.load(api: "todos", operation: "GET /api/v2/todos/{id}", statuses: [404]).first)
        let (outcome, problems) = await example.check { replay in
            let session = URLSession(configuration: replay.configuration, delegate: nil, delegateQueue: OperationQueue())
            let (_, response) = try await session.data(from: replay.baseURL.appendingPathComponent("api/v2/todos/1"))
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            if status >= 400 { throw TestFailure() }
            return status
        }
        #expect(problems.isEmpty, "\(problems)")
        if case .threw(let error) = outcome {
            #expect(error is TestFailure)
        } else {
            Issue.record("a 404 example must reach the client as its error")
        }
    }
}
