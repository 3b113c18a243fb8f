import APICheck
import Foundation

/// The order- and literal-preserving JSON reader against `JSONSerialization`, on a 10 MB todo list body.
enum JSONBenchmark {
    static func run() throws {
        let body = DecodeBenchmark.makeBody(targetBytes: 10_000_000)
        let bytes = [UInt8](body)
        let megabytes = Double(bytes.count) / 1_000_000
        print("json: \(String(format: "%.1f", megabytes)) MB todo list body")
        var ours: [Double] = []
        var foundation: [Double] = []
        var writes: [Double] = []
        var value: JSONValue = .null
        for _ in 0..<7 {
            ours.append(try DecodeBenchmark.time { value = try JSONReader.parse(bytes) })
            foundation.append(try DecodeBenchmark.time { _ = try JSONSerialization.jsonObject(with: body) })
            writes.append(DecodeBenchmark.time { _ = JSONWriter.pretty(value) })
        }
        let oursRate = megabytes / DecodeBenchmark.median(ours)
        let foundationRate = megabytes / DecodeBenchmark.median(foundation)
        print(String(format: "  JSONReader (keeps order and literals) %7.1f MB/s  (median of %d; target >= 150)", oursRate, ours.count))
        print(String(format: "  JSONSerialization                     %7.1f MB/s  (median of %d)", foundationRate, foundation.count))
        print(String(format: "  JSONWriter.pretty                     %7.1f MB/s  (of input size)", megabytes / DecodeBenchmark.median(writes)))
        print(String(format: "  ratio JSONReader/JSONSerialization: %.2fx", oursRate / foundationRate))
    }
}
