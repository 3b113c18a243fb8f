import APICheck
import APICheckTesting
import Foundation
import KakaoAPI
import TestSupport
import Testing
import WireFormat

/// The decoding contracts of Kakao's search, checked on every recording in `recordings/kakao/tests/`.
@Suite("Kakao decoding contracts", timeLimit(minutes: 5))
struct KakaoDecodingContracts {
    @Test(
        "every answer is application/json;charset=UTF-8; answers are snake_case, errors {errorType, message}",
        arguments: KakaoRecordings.files)
    func bodies(_ file: URL) {
        guard let recording = RecordingExpectations.load(file) else { return }
        for (index, interaction) in recording.interactions.enumerated() {
            let context = "\(file.lastPathComponent) #\(index)"
            #expect(interaction.response.headers["Content-Type"] == "application/json;charset=UTF-8", "\(context)")
            guard case .json(let body) = interaction.response.body else {
                Issue.record("\(context): not a JSON body")
                continue
            }
            if interaction.response.status == 200 {
                RecordingExpectations.expectKeys(in: body, follow: .snakeCase, context: context)
            } else if case .object(let object) = body {
                #expect(object.members.map(\.key) == ["errorType", "message"], "\(context)")
            }
        }
    }

    @Test("every datetime has three fraction digits and +09:00, and round-trips", arguments: KakaoRecordings.files)
    func datesAreMillisecondsSeoul(_ file: URL) {
        guard let recording = RecordingExpectations.load(file) else { return }
        for (index, interaction) in recording.interactions.enumerated() {
            if case .json(let json) = interaction.response.body {
                RecordingExpectations.expectDates(in: json, writtenAs: .millisecondsSeoul, context: "\(file.lastPathComponent) #\(index)")
            }
        }
    }

    @Test("each recorded datetime is the same instant in UTC, Asia/Seoul and America/Los_Angeles", arguments: KakaoRecordings.files)
    func sameInstantEverywhere(_ file: URL) throws {
        guard let recording = RecordingExpectations.load(file) else { return }
        let zones = try ["UTC", "Asia/Seoul", "America/Los_Angeles"].map { try #require(TimeZone(identifier: $0)) }
        for interaction in recording.interactions where interaction.response.status == 200 {
            guard case .json(let body) = interaction.response.body, case .array(let documents)? = body[pointer: "/documents"] else {
                continue
            }
            for document in documents {
                guard case .string(let text)? = document[pointer: "/datetime"] else { continue }
                let data = Data(JSONWriter.compactBytes(document))
                let date = try KakaoClient.makeDecoder().decode(WebDocument.self, from: data).datetime
                // In Seoul the fields are the wire's own digits (the fraction to the nearest millisecond: a Date is a Double).
                let seoul = CivilDateTime(date, in: zones[1])
                let digits = String(
                    format: "%04d-%02d-%02dT%02d:%02d:%02d.%03d", seoul.year, seoul.month, seoul.day, seoul.hour, seoul.minute,
                    seoul.second, (seoul.nanosecond + 500_000) / 1_000_000)
                #expect(text == digits + "+09:00")
                // Elsewhere they are the same instant moved by that zone's offset at that instant.
                for zone in zones {
                    let local = CivilDateTime(date, in: zone)
                    let shifted = CivilDateTime(date.addingTimeInterval(TimeInterval(zone.secondsFromGMT(for: date))), in: zones[0])
                    #expect(local == shifted, "\(zone.identifier) \(text)")
                }
            }
        }
    }

    @Test("highlighted text holds only <b> tags and entities; its plain form holds neither", arguments: KakaoRecordings.files)
    func highlighting(_ file: URL) {
        guard let recording = RecordingExpectations.load(file) else { return }
        for interaction in recording.interactions where interaction.response.status == 200 {
            guard case .json(let body) = interaction.response.body, case .array(let documents)? = body[pointer: "/documents"] else {
                continue
            }
            for document in documents {
                for key in ["/title", "/contents"] {
                    guard case .string(let html)? = document[pointer: JSONPointer(key)] else { continue }
                    let withoutBold = html.replacingOccurrences(of: "<b>", with: "").replacingOccurrences(of: "</b>", with: "")
                    #expect(!withoutBold.contains("<") && !withoutBold.contains(">"), "\(file.lastPathComponent) \(key): \(html)")
                    let plain = HighlightedText(html: html).plain
                    #expect(!plain.contains("<b>") && !plain.contains("&quot;") && !plain.contains("&amp;"), "\(plain)")
                }
            }
        }
    }
}
