import Foundation
import TodoAPI
import WireFormat

/// Decoding a 10 MB todo list body: dates as `Date` (the real models) against dates left as `String`.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
enum DecodeBenchmark {
    /// The same keys as `Todo`, with the dates left as strings: the baseline the codec is measured against.
    struct TodoWithStringDates: Decodable, Sendable {
        let id: Int
        let title: String
        let isDone: Bool
        let createdAt: String
        let updatedAt: String
        enum CodingKeys: String, CodingKey {
            case id, title, isDone = "is_done", createdAt = "created_at", updatedAt = "updated_at"
        }
    }

    /// The same keys as `Todo`, with the dates read by the decoder's date strategy (Foundation's formatter here).
    struct TodoWithFoundationDates: Decodable, Sendable {
        let id: Int
        let title: String
        let isDone: Bool
        let createdAt: Date
        let updatedAt: Date
        enum CodingKeys: String, CodingKey {
            case id, title, isDone = "is_done", createdAt = "created_at", updatedAt = "updated_at"
        }
    }

    /// A Laravel-shaped list body of about `targetBytes`, with microsecond dates that vary.
    static func makeBody(targetBytes: Int) -> Data {
        let codec = ISO8601DateCodec(wireForm: .microsecondsUTC)
        var items: [String] = []
        var size = 0
        var id = 1
        let titles = ["장보기", "Write tests", "Don't forget: a+b & c", "운동하기 30분", "Review the pull request"]
        while size < targetBytes {
            let created = Date(timeIntervalSince1970: 1_693_526_400 + Double(id) * 3_607.123457)
            let updated = created.addingTimeInterval(Double(id % 97) * 86_400.000321)
            let item =
                #"{"id":\#(id),"title":"\#(titles[id % titles.count]) \#(id)","is_done":\#(id % 3 == 0),"created_at":"\#(codec.string(from: created))","updated_at":"\#(codec.string(from: updated))"}"#
            size += item.utf8.count + 1
            items.append(item)
            id += 1
        }
        let meta = #"{"current_page":1,"from":1,"last_page":1,"per_page":\#(items.count),"to":\#(items.count),"total":\#(items.count)}"#
        return Data(#"{"data":[\#(items.joined(separator: ","))],"meta":\#(meta),"message":"성공"}"#.utf8)
    }

    static func run() throws {
        let body = makeBody(targetBytes: 10_000_000)
        let megabytes = Double(body.count) / 1_000_000
        print(
            "decode: \(String(format: "%.1f", megabytes)) MB list body, \(try TodoClient.makeDecoder().decode(TodoPage.self, from: body).data.count) todos"
        )

        // Foundation's formatter, created once and reused (the fair way to use it); it reads only
        // milliseconds, so it is a speed reference, not a correct alternative.
        nonisolated(unsafe) let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let foundationDecoder = JSONDecoder()
        foundationDecoder.dateDecodingStrategy = .custom { decoder in
            let string = try decoder.singleValueContainer().decode(String.self)
            guard let date = formatter.date(from: string) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "bad date"))
            }
            return date
        }

        // Interleave the variants so that machine noise hits them alike; report the median of each.
        var dates: [Double] = []
        var strings: [Double] = []
        var foundation: [Double] = []
        for round in 0..<7 {
            strings.append(try time { _ = try TodoClient.makeDecoder().decode(Envelope<[TodoWithStringDates]>.self, from: body) })
            dates.append(try time { _ = try TodoClient.makeDecoder().decode(TodoPage.self, from: body) })
            if round < 3 {
                foundation.append(try time { _ = try foundationDecoder.decode(Envelope<[TodoWithFoundationDates]>.self, from: body) })
            }
        }
        let stringRate = megabytes / median(strings)
        let dateRate = megabytes / median(dates)
        let foundationRate = megabytes / median(foundation)
        print(String(format: "  dates as String (baseline)          %7.1f MB/s  (median of %d)", stringRate, strings.count))
        print(String(format: "  dates as Date, WireFormat codec     %7.1f MB/s  (median of %d)", dateRate, dates.count))
        print(
            String(
                format: "  dates as Date, ISO8601DateFormatter %7.1f MB/s  (median of %d; reads only milliseconds)", foundationRate,
                foundation.count))
        print(String(format: "  ratio Date/String: %.2fx (target >= 0.80x)", dateRate / stringRate))
    }

    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
    }
}
