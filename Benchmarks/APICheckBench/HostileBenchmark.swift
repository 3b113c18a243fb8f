import APICheckLive
import Foundation
import TestSupport

/// The live runner's HTTP client against each fault of `HostileServer`: how long the fault takes to end (the
/// target: within the deadline plus one second), what it ends as, and the most body bytes held (the target:
/// at most the body limit). Median, min and max of 5 runs per fault, the faults alternated.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
enum HostileBenchmark {
    static func run(deadline: Duration = .seconds(2), runs: Int = 5) async throws -> Bool {
        let good = Array(#"{"data":[{"id":1,"title":"a","is_done":false}]}"#.utf8)
        let server = try HostileServer(goodBody: good)
        defer { server.stop() }
        print("hostile: each fault of the hostile test server through the live client, deadline \(deadline), \(runs) runs each, alternated")
        print("  \(pad("fault", 18)) \(pad("outcome", 26))  median     min     max   budget   peak body held")
        var times: [HostileServer.Fault: [Double]] = [:]
        var outcomes: [HostileServer.Fault: String] = [:]
        var peaks: [HostileServer.Fault: Int] = [:]
        let clock = ContinuousClock()
        for _ in 0..<runs {
            for fault in HostileServer.Fault.allCases {
                let transport = HTTPTransport()
                let request = LiveRequest(
                    method: "GET", url: server.baseURL.appendingPathComponent("api/v2/todos"), headers: [("X-Hostile", fault.rawValue)])
                let start = clock.now
                let outcome: String
                do {
                    let response = try await transport.send(request, deadline: start + deadline)
                    outcome = "answer \(response.status), \(response.body.count) B"
                } catch {
                    outcome = "\(error.kind)"
                }
                let elapsed = start.duration(to: clock.now)
                times[fault, default: []].append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
                outcomes[fault] = outcome
                peaks[fault] = max(peaks[fault] ?? 0, transport.peakBodyBytes)
                await transport.shutdown()
            }
        }
        let budget = Double(deadline.components.seconds) + 1
        var within = true
        for fault in HostileServer.Fault.allCases {
            let sorted = times[fault, default: []].sorted()
            let median = sorted[sorted.count / 2]
            within = within && sorted.last! <= budget
            let figures = String(format: "%7.3f s %7.3f %7.3f  %5.1f s", median, sorted.first!, sorted.last!, budget)
            print("  \(pad(fault.rawValue, 18)) \(pad(outcomes[fault] ?? "?", 26)) \(figures)   \(peaks[fault] ?? 0) B")
        }
        let peak = peaks.values.max() ?? 0, bound = HTTPTransport.mostBodyBytesHeld(limit: HTTPTransport.defaultMaximumBodyBytes)
        print(
            "  every fault within its budget: \(within ? "yes" : "NO"); the most body held: \(peak) B (limit \(HTTPTransport.defaultMaximumBodyBytes) B, "
                + "at most \(bound) B with one read and a chunk line)"
        )
        return within && peak <= bound
    }
}
