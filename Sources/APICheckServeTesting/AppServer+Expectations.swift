import APICheckRecording
import APICheckServe
import Foundation
import Testing

#if canImport(XCTest)
    import XCTest
#endif

extension AppServer {
    /// What went wrong for the app so far, one each: every request the server could not answer (with the recorded
    /// requests nearest to it and what differs), and every request finding at `severity` or above against
    /// the API's contract. Empty when the app was answered throughout and sent only what the contract allows.
    public func problems(failingOn severity: Severity = .error) -> [String] {
        let journal = journal
        var lines: [String] = []
        for entry in journal.unmatched {
            var line = "#\(entry.number) \(entry.method) \(entry.url) was not answered (\(entry.status))"
            // Replay's message: the reason, and the recorded requests nearest to it with what differs.
            if let unmatched = entry.unmatched { line += ": \(unmatched.message)" }
            lines.append(line)
        }
        let kept = journal.unmatched.count
        if journal.unmatchedCount > kept {
            lines.append("\(journal.unmatchedCount - kept) more unanswered requests, older than the journal keeps")
        }
        return lines + journal.findingLines(atLeast: severity)
    }

    /// Records a test failure for each of ``problems(failingOn:)``: an issue in a Swift Testing test, `XCTFail` in an
    /// XCTest one (a UI test), at the caller's line.
    ///
    /// - Parameters:
    ///   - severity: the least severe request finding that fails the test (`.error` by default).
    ///   - fileID: the caller's file, for Swift Testing.
    ///   - file: the caller's file path.
    ///   - line: the caller's line.
    ///   - column: the caller's column, for Swift Testing.
    public func expectClean(
        failingOn severity: Severity = .error, fileID: String = #fileID, file: StaticString = #filePath, line: UInt = #line,
        column: Int = #column
    ) {
        let location = SourceLocation(fileID: fileID, filePath: "\(file)", line: Int(line), column: column)
        for problem in problems(failingOn: severity) {
            if Test.current != nil {
                Issue.record(Comment(rawValue: "apicheck serve: \(problem)"), sourceLocation: location)
            } else {
                #if canImport(XCTest)
                    XCTFail("apicheck serve: \(problem)", file: file, line: line)
                #else
                    Issue.record(Comment(rawValue: "apicheck serve: \(problem)"), sourceLocation: location)
                #endif
            }
        }
    }
}
