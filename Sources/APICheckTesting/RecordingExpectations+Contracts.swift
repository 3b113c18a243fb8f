import APICheckContracts
import APICheckRecording
import APICheckReplayTesting
import Foundation
import Testing

extension RecordingExpectations {
    /// Loads and compiles a contract for ``expectConforms(_:to:failOn:sourceLocation:)``, recording an issue if it does not load.
    public static func verifier(contract url: URL, strict: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) -> Verifier? {
        do {
            return Verifier(contract: try Contract.load(url.path).compiled, options: .init(strict: strict))
        } catch {
            Issue.record(Comment(rawValue: error.description), sourceLocation: sourceLocation)
            return nil
        }
    }

    /// Expects the recording at `url` to conform to the verifier's contract: one issue per finding at or above `failOn`,
    /// each a compiler-style line with the file, line, pointer and rule.
    public static func expectConforms(
        _ url: URL, to verifier: Verifier, failOn: Severity = .warning, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("\(url.path): cannot read the recording", sourceLocation: sourceLocation)
            return
        }
        let bytes = [UInt8](data)
        do {
            let recording = try Recording(bytes: bytes, file: url.path)
            for finding in verifier.verify(recording, file: url.path, bytes: bytes) where finding.severity >= failOn {
                Issue.record(Comment(rawValue: finding.compilerLine), sourceLocation: sourceLocation)
            }
        } catch {
            Issue.record(Comment(rawValue: error.description), sourceLocation: sourceLocation)
        }
    }
}
