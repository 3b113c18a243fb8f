import Foundation
import TestSupport
import Testing
import WireFormat

@testable import APICheckCommands
@testable import APICheckContracts
@testable import APICheckJSONSchema
@testable import APICheckRecording

/// `apicheck verify` with response bodies checked as they are read (`StreamingCheck`) against the usual way (each body
/// parsed into a tree and checked by `SchemaChecker`): the same findings, lines, recorded values, errors and coverage,
/// on every recording of the four APIs and on thousands of damaged copies, through the real `VerifyRun`.
@Suite("StreamingCheck: equal to checking the tree")
struct StreamingCheckTests {

    static func configuration() throws -> ConfigurationFile {
        try ConfigurationFile.load(repositoryRoot.appendingPathComponent("apicheck.yml").path)
    }

    /// Every recording of the four APIs (tests, scenarios, contract examples).
    static func files() throws -> [URL] {
        var found: [URL] = []
        for api in ["todos", "github", "kakao", "lslp"] {
            for kind in ["tests", "scenarios", "examples"] {
                let folder = repositoryRoot.appendingPathComponent("recordings/\(api)/\(kind)")
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                found += names.filter { $0.hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0) }
            }
        }
        return found
    }

    /// Everything a run reports, as text: each finding with its place and values, the errors, the coverage.
    static func report(_ result: VerifyRun.Result) -> [String] {
        let findings = result.findings.map {
            "\($0.file ?? "-"):\($0.line ?? -1) \($0.rule.rawValue) \($0.severity) \($0.side) \($0.operation) \($0.status ?? 0) \($0.pointer) "
                + "[\($0.expected)] [\($0.found)] x\($0.count) \($0.sourcePointer ?? "-") \($0.recordedValue ?? "-")"
        }
        let coverage = result.coverage.flatMap { api in
            api.measures.flatMap { measure in measure.items.map { "\(api.api) \($0.exercised ? "+" : "-") \(measure.name) \($0.name)" } }
        }
        return findings + result.errors + coverage + ["\(result.recordings) recordings, \(result.interactions) interactions"]
    }

    /// Runs `paths` both ways; expects the same report and gives how many bodies were streamed.
    static func expectSame(_ run: VerifyRun, paths: [String], context: @autoclosure () -> String) -> (streamed: Int, findings: Int) {
        var options = VerifyRun.Options(paths: paths, jobs: 1)
        let streaming = run.verify(options)
        options.streamsBodies = false
        let usual = run.verify(options)
        #expect(usual.streamedBodies == 0)
        let (a, b) = (report(streaming), report(usual))
        if a != b {
            let differing = zip(a, b).filter { $0 != $1 }.prefix(3).map { "streaming: \($0.0)\n    usual: \($0.1)" }
            Issue.record("\(context()): \(a.count) vs \(b.count) lines; \(differing.joined(separator: "\n"))")
        }
        return (streaming.streamedBodies, usual.findings.count + usual.errors.count)
    }

    @Test("every recording of the four APIs: the same report both ways, and most JSON bodies streamed")
    func repositoryRecordings() throws {
        let configuration = try Self.configuration()
        let run = try VerifyRun(configuration: configuration, options: VerifyRun.Options(jobs: 1))
        let files = try Self.files()
        #expect(files.count > 80)
        let (streamed, _) = Self.expectSame(run, paths: files.map(\.path), context: "the repository's recordings")
        // The bodies that are not streamed are those whose schemas use an applicator (oneOf, allOf...) or whose
        // interactions carry a finding; if this falls, the fast path stopped being taken.
        var jsonBodies = 0
        for file in files {
            let recording = try Recording.load(from: file)
            jsonBodies += recording.interactions.filter { if case .json = $0.response.body { true } else { false } }.count
        }
        #expect(streamed * 2 > jsonBodies, "\(streamed) of \(jsonBodies) JSON response bodies streamed")
    }

    // MARK: Damaged copies

    /// Values put in place of a body's value, chosen to meet each check a program makes.
    static let palette: [JSONValue] = [
        .null, .bool(true), .bool(false), .number(JSONNumber(1)), .number(JSONNumber(literal: "1.0")), .number(JSONNumber(literal: "-0")),
        .number(JSONNumber(literal: "1e2")), .number(JSONNumber(literal: "123456789012345678901")), .number(JSONNumber(-5)),
        .number(JSONNumber(literal: "0.5")), .string(""), .string("x"), .string("é"), .string("e\u{301}"), .string("\u{212A}"),
        .string("😀"), .string("cafe\u{301}"), .string("café"), .string("calm"), .number(JSONNumber(100)), .number(JSONNumber(99)),
        .string("2024-01-01T00:00:00Z"), .string("2024-01-01T00:00:00.123456Z"), .string("2024-01-01T09:00:00+09:00"),
        .string("2024-01-01T00:00:00.000000+09:00"), .string("2024-01-01"), .string("not a date"), .string("https://example.com/a?b=c"),
        .string("https://example.com/a b"), .string("0123456789abcdef01234567"), .string("0123456789abcdef01234567\n"),
        .string("12345"), .string("true"), .string("none"), .string(String(repeating: "a", count: 300)),
        .string("line\nbreak \"quoted\" \\"),
        .array([]), .array([.null]), .object(JSONObject()), .object(JSONObject([.init(key: "a", value: .number(JSONNumber(1)))])),
        .object(JSONObject([.init(key: "camelKey", value: .null)])),
    ]

    static let keys = ["extra_field", "camelCase", "\u{212A}", "K", "", "a/b", "with space", "_links", "+1", "id", "created_at", "Name"]

    /// Every place in `value`, by its path of member and element positions.
    static func places(_ value: JSONValue, at path: [Int] = [], into found: inout [[Int]]) {
        found.append(path)
        switch value {
        case .object(let object): for (index, member) in object.enumerated() { places(member.value, at: path + [index], into: &found) }
        case .array(let items): for (index, item) in items.enumerated() { places(item, at: path + [index], into: &found) }
        default: break
        }
    }

    /// `value` with `change` applied to the place at `path` (which gets the value there and may delete it: nil).
    static func changing(_ value: JSONValue, at path: ArraySlice<Int>, _ change: (JSONValue) -> JSONValue?) -> JSONValue? {
        guard let first = path.first else { return change(value) }
        switch value {
        case .object(let object):
            var members = Array(object)
            if let changed = changing(members[first].value, at: path.dropFirst(), change) {
                members[first].value = changed
            } else {
                members.remove(at: first)
            }
            return .object(JSONObject(members))
        case .array(var items):
            if let changed = changing(items[first], at: path.dropFirst(), change) {
                items[first] = changed
            } else {
                items.remove(at: first)
            }
            return .array(items)
        default:
            return value
        }
    }

    static func damage(_ body: JSONValue, using generator: inout SeededGenerator) -> JSONValue {
        var places: [[Int]] = []
        Self.places(body, into: &places)
        // Half the time near the root, so that a deep body's few top-level places are met as often as its many others.
        if Bool.random(using: &generator) { places = places.filter { $0.count <= 2 } }
        var values: [[Int]: JSONValue] = [:]
        for place in places {
            _ = changing(body, at: place[...]) {
                values[place] = $0
                return $0
            }
        }
        func parent(_ place: [Int]) -> JSONValue? { place.isEmpty ? nil : values[Array(place.dropLast())] }
        let members = places.filter { if case .object? = parent($0) { true } else { false } }
        let objects = places.filter { if case .object? = values[$0] { true } else { false } }
        let strings = places.filter { if case .string? = values[$0] { true } else { false } }
        let replacement = palette.randomElement(using: &generator)!
        let key = keys.randomElement(using: &generator)!
        switch Int.random(in: 0..<7, using: &generator) {
        case 0:
            return changing(body, at: places.randomElement(using: &generator)![...]) { _ in replacement } ?? body
        case 1:
            // Another place's value: a date where an id was, a list where an object was.
            let borrowed = values[places.randomElement(using: &generator)!]!
            return changing(body, at: places.randomElement(using: &generator)![...]) { _ in borrowed } ?? body
        case 2:
            guard let place = members.randomElement(using: &generator) else { return body }
            return changing(body, at: place[...]) { _ in nil } ?? body
        case 3:
            guard let place = objects.randomElement(using: &generator) else { return body }
            return changing(body, at: place[...]) { value in
                guard case .object(let object) = value else { return value }
                return .object(JSONObject(Array(object) + [.init(key: key, value: replacement)]))
            } ?? body
        case 4:
            // One more item: a copy of one already there.
            let arrays = places.filter { if case .array(let items)? = values[$0] { !items.isEmpty } else { false } }
            guard let place = arrays.randomElement(using: &generator) else { return body }
            return changing(body, at: place[...]) { value in
                guard case .array(let items) = value else { return value }
                return .array(items + [items.randomElement(using: &generator)!])
            } ?? body
        default:
            guard let place = strings.randomElement(using: &generator) else { return body }
            let tweak = Int.random(in: 0..<7, using: &generator)
            return changing(body, at: place[...]) { value in
                guard case .string(let text) = value else { return value }
                if let stamp = try? ISO8601Timestamp(parsing: text) {
                    // The same instant in another wire form, or the date alone.
                    let forms = [
                        DateWireForm(fractionDigits: 0, offset: .zulu), DateWireForm(fractionDigits: 3, offset: .zulu),
                        DateWireForm(fractionDigits: 6, offset: .zulu),
                        DateWireForm(fractionDigits: 6, offset: UTCOffset(hours: 9)),
                        DateWireForm(fractionDigits: 0, offset: UTCOffset(hours: -5)),
                    ]
                    return tweak < forms.count ? .string(stamp.formatted(as: forms[tweak])) : .string(String(text.prefix(10)))
                }
                // The last tweak writes "café" decomposed: the same string to Swift, other bytes on the wire.
                if tweak == 6 { return .string(text.decomposedStringWithCanonicalMapping) }
                return .string(text + ["Z", "\n", "é", " ", "0", "\u{212A}"][tweak])
            } ?? body
        }
    }

    /// Changes to the text that keep the value (escapes) or break the file (repeated keys, stray bytes).
    static func damageBytes(_ text: String, using generator: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<6, using: &generator) {
        case 0: return text.replacingOccurrences(of: "://", with: ":\\/\\/")
        case 1: return text.replacingOccurrences(of: "\"id\":", with: "\"\\u0069d\":")
        case 2:
            guard let range = text.range(of: "\"id\":", options: .backwards) else { return text }
            return text.replacingCharacters(in: range, with: "\"id\": 0, \"id\":")
        case 3:
            var bytes = Array(text.utf8)
            let at = Int.random(in: 0..<bytes.count, using: &generator)
            bytes[at] = [UInt8(ascii: "{"), UInt8(ascii: "]"), UInt8(ascii: "\""), UInt8(ascii: ","), 0x80, UInt8(ascii: "\\")]
                .randomElement(using: &generator)!
            return String(decoding: bytes, as: UTF8.self)
        default:
            return text
        }
    }

    /// How many copies streamed a body, and how many reported something.
    struct Reach {
        var streamed = 0
        var reporting = 0
    }

    /// Writes `recording` to `file` (pretty or compact, and one time in `oneIn` with its text damaged), runs it both
    /// ways, counts it in `reach`, and removes it.
    static func writeAndCompare(
        _ recording: Recording, oneIn: Int, to file: URL, run: VerifyRun, using generator: inout SeededGenerator, reach: inout Reach,
        context: @autoclosure () -> String
    ) throws {
        var text = Bool.random(using: &generator) ? JSONWriter.pretty(recording.jsonValue) : JSONWriter.compact(recording.jsonValue)
        if Int.random(in: 0..<oneIn, using: &generator) == 0 { text = damageBytes(text, using: &generator) }
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let (streamed, reported) = expectSame(run, paths: [file.path], context: context())
        if streamed > 0 { reach.streamed += 1 }
        if reported > 0 { reach.reporting += 1 }
    }

    @Test(
        "damaged copies of the recordings: the same report both ways (values changed, keys added and removed, escapes, repeated keys, bad bytes)"
    )
    func damagedCopies() throws {
        let configuration = try Self.configuration()
        let run = try VerifyRun(configuration: configuration, options: VerifyRun.Options(jobs: 1))
        let recordings = try Self.files().map { try Recording.load(from: $0) }.filter { recording in
            recording.interactions.contains { if case .json = $0.response.body { true } else { false } }
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("streaming-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var generator = SeededGenerator(seed: 4_177)
        var reach = Reach()
        for round in 0..<1_500 {
            var recording = recordings.randomElement(using: &generator)!
            let indices = recording.interactions.indices.filter {
                if case .json = recording.interactions[$0].response.body { true } else { false }
            }
            let index = indices.randomElement(using: &generator)!
            guard case .json(let body) = recording.interactions[index].response.body else { continue }
            var damaged = body
            for _ in 0..<(Int.random(in: 0..<4, using: &generator) == 0 ? 2 : 1) { damaged = Self.damage(damaged, using: &generator) }
            recording.interactions[index].response.body = .json(damaged)
            try Self.writeAndCompare(
                recording, oneIn: 3, to: folder.appendingPathComponent("copy-\(round).json"), run: run, using: &generator, reach: &reach,
                context: "copy \(round) of \(recording.api)/\(recording.name)"
            )
        }
        // Both must be common, or the damage is not reaching the checks (or the fast path is never taken).
        #expect(reach.streamed > 300 && reach.reporting > 300, "streamed \(reach.streamed), reporting \(reach.reporting)")
    }

    // MARK: Every keyword a program checks

    /// A contract with every keyword a program checks, and a few it does not (so that both ways meet).
    static let edgeContract = #"""
        openapi: 3.1.0
        info: { title: things, version: "1" }
        x-apicheck-key-case: snake_case
        paths:
          /things:
            get:
              responses:
                "200":
                  description: a page
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [data, total]
                        minProperties: 2
                        maxProperties: 8
                        properties:
                          data: { type: array, minItems: 1, maxItems: 4, items: { $ref: "#/components/schemas/Thing" } }
                          total: { type: integer, minimum: 0, maximum: 1000 }
                          next: { type: [string, "null"], format: uri }
                          meta: { type: object, maxProperties: 2, additionalProperties: { type: integer, exclusiveMinimum: -1, exclusiveMaximum: 100 } }
                          extras: { type: object, x-apicheck-key-case: any, additionalProperties: true }
                          loose: {}
                          free_list: { type: array }
                          wide: { $ref: "#/components/schemas/Wide" }
                    application/vnd.things+json:
                      schema:
                        type: object
                        properties:
                          data: { type: array, items: { type: object, properties: { mood: { enum: [calm, "café"] } } } }
                "4XX":
                  description: an error
                  content:
                    application/json:
                      schema:
                        type: object
                        additionalProperties: false
                        required: [message]
                        properties:
                          message: { type: string, minLength: 1, maxLength: 40 }
                          userID: { type: integer }
                          code: { const: E_THING }
          /others:
            get:
              responses:
                "200":
                  description: not streamable (oneOf, a number enum)
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          rank: { enum: [1, 2, 3] }
                          either: { oneOf: [{ type: string }, { type: integer }] }
        components:
          schemas:
            Thing:
              type: object
              required: [id, state, created_at]
              properties:
                id: { type: string, pattern: "^[0-9a-f]{24}$" }
                state: { type: string, enum: [open, closed, "café"] }
                created_at: { type: string, format: date-time, x-apicheck-date: { fraction-digits: 6, offset: Z } }
                day: { type: string, format: date }
                title: { type: string, maxLength: 10, pattern: "\\S" }
                note: { type: [string, "null"], pattern: "^(a|b)+$" }
                mood: { type: string }
                sealed: { type: object, additionalProperties: false }
                score: { type: number, minimum: 0 }
                parent: { $ref: "#/components/schemas/Thing" }
                tags: { type: array, items: { type: string }, maxItems: 3 }
                camel: { type: object, x-apicheck-key-case: camelCase, properties: { innerValue: { type: boolean } } }
                owner: { oneOf: [{ type: "null" }, { $ref: "#/components/schemas/Owner" }] }
                license: { anyOf: [{ $ref: "#/components/schemas/License" }, { type: "null" }] }
            Owner: { type: object, required: [login], properties: { login: { type: string } } }
            License: { type: object, properties: { key: { type: string, enum: [mit, apache] } } }
            Wide: { type: object, required: [p0, p66], properties: { \#((0..<68).map { "p\($0): { type: integer }" }.joined(separator: ", ")), pCamel: { type: integer }, p69: { type: integer, maximum: 9 } } }
        """#

    /// A project folder with the edge contract, and a run of it.
    static func edgeProject() throws -> (folder: URL, run: VerifyRun) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("streaming-edge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("recordings"), withIntermediateDirectories: true)
        try Self.edgeContract.write(to: folder.appendingPathComponent("things.openapi.yaml"), atomically: true, encoding: .utf8)
        try
            "version: 1\napis:\n  things:\n    contract: things.openapi.yaml\n    recordings: recordings\n    base_url: https://things.example\n"
            .write(to: folder.appendingPathComponent("apicheck.yml"), atomically: true, encoding: .utf8)
        let configuration = try ConfigurationFile.load(folder.appendingPathComponent("apicheck.yml").path)
        return (folder, try VerifyRun(configuration: configuration, options: VerifyRun.Options(jobs: 1)))
    }

    /// A recording of one `GET path` answered with `status` and `body` (JSON text, written as it is).
    static func recordingText(path: String, status: Int, body: String) -> String {
        """
        {"format": "apicheck-recording/1", "api": "things", "name": "case", "recorded_at": "2026-11-24T00:00:00Z", "recorded_from": "sandbox",
         "interactions": [{"request": {"method": "GET", "url": "\(path)", "headers": {}},
          "response": {"status": \(status), "headers": {"Content-Type": "application/json"}, "body": {"json": \(body)}}}]}
        """
    }

    static let thing = #"{"id": "65f1a2b3c4d5e6f708192a3b", "state": "open", "created_at": "2024-01-01T00:00:00.000000Z""#

    /// Bodies of one fault each, or none: (name, path, status, body, whether it is read as it streams).
    static let crafted: [(String, String, Int, String, Bool)] = [
        ("plain", "/things", 200, #"{"data": [\#(thing)}], "total": 3}"#, true),
        (
            "every property", "/things", 200,
            #"{"data": [\#(thing), "day": "2024-02-29", "title": "short", "note": "abab", "mood": "calm", "score": 0.5, "tags": ["a", "b"], "camel": {"innerValue": true}, "sealed": {}, "parent": \#(thing)}}], "total": 3, "next": "https://example.com/p?2", "meta": {"a": 5, "b": 99}, "extras": {"+1": 1, "camelCase": {"X": [1]}}, "loose": {"snake_key": [1, {"also_snake": true}]}, "free_list": [{"ok_key": null}, 2]}"#,
            true
        ),
        (
            "enum value decomposed", "/things", 200,
            #"{"data": [{"id": "65f1a2b3c4d5e6f708192a3b", "state": "cafe\#u{301}", "created_at": "2024-01-01T00:00:00.000000Z", "mood": "cafe\#u{301}"}], "total": 3}"#,
            true
        ),
        (
            "enum value escaped", "/things", 200,
            #"{"data": [{"id": "65f1a2b3c4d5e6f708192a3b", "state": "caf\u00e9", "created_at": "2024-01-01T00:00:00.000000Z", "mood": "caf\u00e9"}], "total": 3}"#,
            true
        ),
        ("a key escaped", "/things", 200, #"{"data": [\#(thing)}], "tot\u0061l": 3}"#, false),
        (
            "nested deeper than a program reads", "/things", 200,
            #"{"data": [\#(thing)}], "total": 3, "loose": \#(String(repeating: "[", count: 140))\#(String(repeating: "]", count: 140))}"#,
            false
        ),
        ("meta: too many keys", "/things", 200, #"{"data": [\#(thing)}], "total": 3, "meta": {"a": 1, "b": 2, "c": 3}}"#, false),
        ("meta: exclusiveMaximum", "/things", 200, #"{"data": [\#(thing)}], "total": 3, "meta": {"a": 100}}"#, false),
        ("meta: exclusiveMinimum", "/things", 200, #"{"data": [\#(thing)}], "total": 3, "meta": {"a": -1}}"#, false),
        ("sealed: a key", "/things", 200, #"{"data": [\#(thing), "sealed": {"x": 1}}], "total": 3}"#, false),
        ("total: maximum", "/things", 200, #"{"data": [\#(thing)}], "total": 1001}"#, false),
        ("total: minimum", "/things", 200, #"{"data": [\#(thing)}], "total": -1}"#, false),
        ("total: not an integer", "/things", 200, #"{"data": [\#(thing)}], "total": 1.5}"#, false),
        ("total: an integer written 1.0", "/things", 200, #"{"data": [\#(thing)}], "total": 1.0}"#, true),
        ("total: an integer of 20 digits", "/things", 200, #"{"data": [\#(thing)}], "total": 10000000000000000000}"#, false),
        ("score: a fraction below the minimum", "/things", 200, #"{"data": [\#(thing), "score": -0.001}], "total": 3}"#, false),
        ("score: a fraction above it", "/things", 200, #"{"data": [\#(thing), "score": 1e-3}], "total": 3}"#, true),
        ("data: minItems", "/things", 200, #"{"data": [], "total": 3}"#, false),
        ("data: maxItems", "/things", 200, #"{"data": [\#(thing)}, \#(thing)}, \#(thing)}, \#(thing)}, \#(thing)}], "total": 3}"#, false),
        ("tags: maxItems", "/things", 200, #"{"data": [\#(thing), "tags": ["a", "b", "c", "d"]}], "total": 3}"#, false),
        ("title: maxLength", "/things", 200, #"{"data": [\#(thing), "title": "12345678901"}], "total": 3}"#, false),
        ("title: maxLength in code points", "/things", 200, #"{"data": [\#(thing), "title": "할일할일할일할일할일"}], "total": 3}"#, true),
        ("title: pattern", "/things", 200, #"{"data": [\#(thing), "title": "   "}], "total": 3}"#, false),
        ("note: pattern through ICU", "/things", 200, #"{"data": [\#(thing), "note": "abc"}], "total": 3}"#, false),
        (
            "created_at: precision", "/things", 200,
            #"{"data": [{"id": "65f1a2b3c4d5e6f708192a3b", "state": "open", "created_at": "2024-01-01T00:00:00Z"}], "total": 3}"#, false
        ),
        (
            "created_at: offset", "/things", 200,
            #"{"data": [{"id": "65f1a2b3c4d5e6f708192a3b", "state": "open", "created_at": "2024-01-01T09:00:00.000000+09:00"}], "total": 3}"#,
            false
        ),
        (
            "created_at: not a date", "/things", 200,
            #"{"data": [{"id": "65f1a2b3c4d5e6f708192a3b", "state": "open", "created_at": "nope"}], "total": 3}"#, false
        ),
        ("day: no such day", "/things", 200, #"{"data": [\#(thing), "day": "2024-02-30"}], "total": 3}"#, false),
        ("next: not a URI", "/things", 200, #"{"data": [\#(thing)}], "total": 3, "next": "a b"}"#, false),
        (
            "state: not in the enum", "/things", 200,
            #"{"data": [{"id": "65f1a2b3c4d5e6f708192a3b", "state": "opened", "created_at": "2024-01-01T00:00:00.000000Z"}], "total": 3}"#,
            false
        ),
        (
            "id: pattern", "/things", 200,
            #"{"data": [{"id": "65f1a2b3c4d5e6f708192a3b\n", "state": "open", "created_at": "2024-01-01T00:00:00.000000Z"}], "total": 3}"#,
            false
        ),
        ("loose: a camelCase key", "/things", 200, #"{"data": [\#(thing)}], "total": 3, "loose": {"camelKey": 1}}"#, false),
        ("free_list: a camelCase key", "/things", 200, #"{"data": [\#(thing)}], "total": 3, "free_list": [{"badKey": 1}]}"#, false),
        ("camel: a snake_case key", "/things", 200, #"{"data": [\#(thing), "camel": {"inner_value": true}}], "total": 3}"#, false),
        (
            "state: missing", "/things", 200,
            #"{"data": [{"id": "65f1a2b3c4d5e6f708192a3b", "created_at": "2024-01-01T00:00:00.000000Z"}], "total": 3}"#, false
        ),
        ("an undeclared key", "/things", 200, #"{"data": [\#(thing)}], "total": 3, "unknown_key": 1}"#, false),
        ("a repeated key", "/things", 200, #"{"data": [\#(thing)}], "total": 3, "total": 4}"#, false),
        ("a repeated key in a free object", "/things", 200, #"{"data": [\#(thing)}], "total": 3, "loose": {"a": 1, "a": 2}}"#, false),
        (
            "a repeated key in a value no schema describes", "/things", 200,
            #"{"data": [\#(thing)}], "total": 3, "free_list": [{"a": 1, "a": 2}]}"#, false
        ),
        ("a stray byte after a nested object", "/things", 200, #"{"data": [\#(thing), "sealed": {} x}], "total": 3}"#, false),
        ("a stray byte after a nested list", "/things", 200, #"{"data": [\#(thing), "tags": [] x}], "total": 3}"#, false),
        ("owner: null", "/things", 200, #"{"data": [\#(thing), "owner": null}], "total": 3}"#, true),
        ("owner: an object", "/things", 200, #"{"data": [\#(thing), "owner": {"login": "octocat"}}], "total": 3}"#, true),
        (
            "owner: an undeclared key", "/things", 200,
            #"{"data": [\#(thing), "owner": {"login": "octocat", "site_admin": false}}], "total": 3}"#, false
        ),
        (
            "owner: a camelCase key", "/things", 200,
            #"{"data": [\#(thing), "owner": {"login": "octocat", "siteAdmin": false}}], "total": 3}"#, false
        ),
        ("owner: login missing", "/things", 200, #"{"data": [\#(thing), "owner": {}}], "total": 3}"#, false),
        ("owner: a string", "/things", 200, #"{"data": [\#(thing), "owner": "octocat"}], "total": 3}"#, false),
        ("license: null", "/things", 200, #"{"data": [\#(thing), "license": null}], "total": 3}"#, true),
        ("license: an object", "/things", 200, #"{"data": [\#(thing), "license": {"key": "mit"}}], "total": 3}"#, true),
        ("license: not in the enum", "/things", 200, #"{"data": [\#(thing), "license": {"key": "gpl"}}], "total": 3}"#, false),
        (
            "wide: 70 properties, two required", "/things", 200,
            #"{"data": [\#(thing)}], "total": 3, "wide": {"p0": 1, "p66": 2, "p67": 3, "p69": 4}}"#, true
        ),
        (
            "wide: the required one past 64 missing", "/things", 200, #"{"data": [\#(thing)}], "total": 3, "wide": {"p0": 1, "p67": 3}}"#,
            false
        ),
        (
            "wide: a declared name past 64 that breaks the key case", "/things", 200,
            #"{"data": [\#(thing)}], "total": 3, "wide": {"p0": 1, "p66": 2, "pCamel": 3}}"#, false
        ),
        ("wide: a bound past 64", "/things", 200, #"{"data": [\#(thing)}], "total": 3, "wide": {"p0": 1, "p66": 2, "p69": 10}}"#, false),
        (
            "wide: a key past 64 repeated", "/things", 200, #"{"data": [\#(thing)}], "total": 3, "wide": {"p0": 1, "p66": 2, "p66": 2}}"#,
            false
        ),
        ("a list for an object", "/things", 200, #"[{"data": []}]"#, false),
        ("error: plain", "/things", 404, #"{"message": "gone", "code": "E_THING"}"#, true),
        ("error: minLength", "/things", 404, #"{"message": ""}"#, false),
        ("error: maxLength", "/things", 404, #"{"message": "\#(String(repeating: "x", count: 41))"}"#, false),
        ("error: const", "/things", 404, #"{"message": "x", "code": "E_OTHER"}"#, false),
        ("error: additionalProperties false", "/things", 404, #"{"message": "x", "extra": 1}"#, false),
        ("error: a declared key that breaks the key case", "/things", 404, #"{"message": "x", "userID": 1}"#, false),
        ("no program (oneOf)", "/others", 200, #"{"rank": 1, "either": "a"}"#, false),
    ]

    @Test("crafted bodies, one fault each: the same report both ways, streamed only when valid", arguments: 0..<crafted.count)
    func craftedBodies(index: Int) throws {
        let (name, path, status, body, streams) = Self.crafted[index]
        let (folder, run) = try Self.edgeProject()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("recordings/case.json")
        try Self.recordingText(path: path, status: status, body: body).write(to: file, atomically: true, encoding: .utf8)
        let (streamed, reported) = Self.expectSame(run, paths: [file.path], context: name)
        #expect(streamed == (streams ? 1 : 0), "\(name): streamed \(streamed)")
        if !streams && !name.hasPrefix("a key escaped") && !name.hasPrefix("nested") && !name.hasPrefix("no program") {
            #expect(reported > 0, "\(name): nothing reported")
        }
    }

    @Test("a contract with every keyword a program checks: synthesized bodies, damaged, give the same report both ways")
    func everyKeyword() throws {
        let (folder, run) = try Self.edgeProject()
        defer { try? FileManager.default.removeItem(at: folder) }
        let contract = try Contract.load(folder.appendingPathComponent("things.openapi.yaml").path).compiled
        let things = try #require(contract.operation(method: "GET", path: "/things")?.operation)
        let others = try #require(contract.operation(method: "GET", path: "/others")?.operation)
        let cases: [(path: String, status: Int, schema: CompiledSchema)] = [
            ("/things", 200, try #require(things.responses["200"]?.content["application/json"]?.schema)),
            ("/things", 404, try #require(things.responses["4XX"]?.content["application/json"]?.schema)),
            ("/others", 200, try #require(others.responses["200"]?.content["application/json"]?.schema)),
        ]
        var generator = SeededGenerator(seed: 90_210)
        var reach = Reach()
        for round in 0..<1_200 {
            let chosen = cases[round % 8 == 7 ? 2 : round % 3 == 2 ? 1 : 0]
            var synthesizer = ValueSynthesizer(
                mode: .init(maximal: Bool.random(using: &generator), unicode: Bool.random(using: &generator)), seed: UInt64(round))
            guard var body = try? synthesizer.value(chosen.schema, at: .root) else { continue }
            for _ in 0..<Int.random(in: 0..<3, using: &generator) { body = Self.damage(body, using: &generator) }
            let recording = Recording(
                api: "things", name: "round-\(round)", recordedAt: "2026-11-24T00:00:00Z", recordedFrom: "sandbox",
                interactions: [
                    Interaction(
                        request: RecordedRequest(method: "GET", url: chosen.path),
                        response: RecordedResponse(
                            status: chosen.status, headers: HeaderFields([("Content-Type", "application/json")]), body: .json(body))
                    )
                ])
            try Self.writeAndCompare(
                recording, oneIn: 4, to: folder.appendingPathComponent("recordings/round-\(round).json"), run: run, using: &generator,
                reach: &reach,
                context: "round \(round): \(JSONWriter.compact(body).prefix(400))"
            )
        }
        #expect(reach.streamed > 150 && reach.reporting > 300, "streamed \(reach.streamed), reporting \(reach.reporting)")
    }
}
