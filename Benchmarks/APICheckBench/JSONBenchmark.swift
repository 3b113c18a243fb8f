import APICheck
import Foundation

/// The JSON reader against Foundation's two readers on the same 10 MB todo list body, each labelled with what it builds.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
enum JSONBenchmark {
    struct Page: Decodable {
        let data: [DecodeBenchmark.TodoWithStringDates]
    }

    static func run(rounds: Int) throws {
        let body = DecodeBenchmark.makeBody(targetBytes: 10_000_000)
        let bytes = [UInt8](body)
        let megabytes = Double(bytes.count) / 1_000_000
        print("json: the same \(String(format: "%.1f", megabytes)) MB todo list body, \(rounds) rounds alternated: MB/s, median (min-max)")
        var ours = Samples()
        var serialization = Samples()
        var decoder = Samples()
        var writes = Samples()
        var value: JSONValue = .null
        for _ in 0..<rounds {
            ours.add(try DecodeBenchmark.time { value = try JSONReader.parse(bytes) })
            serialization.add(try DecodeBenchmark.time { _ = try JSONSerialization.jsonObject(with: body) })
            decoder.add(try DecodeBenchmark.time { _ = try JSONDecoder().decode(Page.self, from: body) })
            writes.add(DecodeBenchmark.time { _ = JSONWriter.pretty(value) })
        }
        func line(_ label: String, _ samples: Samples, _ note: String = "") {
            let rate = String(
                format: "%7.1f MB/s (%.1f-%.1f)", megabytes / samples.median, megabytes / samples.max, megabytes / samples.min)
            print("  \(pad(label, 66)) \(pad(rate, 26))\(note)")
        }
        line("JSONReader: a JSONValue tree, key order and number literals kept", ours, " target >= 150")
        line("JSONSerialization: NSDictionary/NSArray/NSNumber, order and literals lost", serialization)
        line("JSONDecoder: typed Todo structs (dates as strings), other keys dropped", decoder)
        line("JSONWriter.pretty: the tree back to text (rate of the input size)", writes)
        print(
            String(
                format: "  JSONReader vs JSONSerialization %.2fx, vs JSONDecoder %.2fx", serialization.median / ours.median,
                decoder.median / ours.median))
    }
}
