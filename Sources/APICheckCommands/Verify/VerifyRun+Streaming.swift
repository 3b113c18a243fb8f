import APICheckContracts
import APICheckJSONSchema
import APICheckRecording

extension VerifyRun {
    /// Verifies a recording file with its responses' JSON bodies checked where they stand as the file is read
    /// (``StreamedBodies``): a body its program accepts, in an interaction where nothing else is found, never becomes a
    /// `JSONValue`. Any other interaction is verified the usual way, its body parsed then, so every finding, recorded
    /// value and coverage item is the usual way's. False, having added nothing to `result`, when the whole file must
    /// go the usual way (it is not plainly a valid recording, or no verifier here is its API's), which finds and says
    /// what is wrong.
    func verifyStreaming(
        _ bytes: [UInt8], path: String, options: Options, secrets: [String: [String]], verifiers: [String: Verifier],
        into result: inout Result
    ) -> Bool {
        let reader = StreamedBodies(verifiers: verifiers)
        guard let deferred = RecordingScanner.deferringResponseJSON(bytes, reader: reader) else { return false }
        let recording = deferred.recording
        guard let verifier = verifiers[recording.api] else { return false }
        let secretValues = secrets[recording.api] ?? []
        let counts = Self.counts(verifier, options) && !recording.isContractExample
        var tally = CoverageTally()
        var findings: [Finding] = []
        var streamed = 0
        let complete = bytes.withUnsafeBufferPointer { buffer -> Bool in
            for (index, interaction) in recording.interactions.enumerated() {
                let matched = verifier.contract.operation(method: interaction.request.method, path: interaction.request.path)
                var whole = interaction
                var found: [Finding]?
                if let range = deferred.bodies[index] {
                    if verifier.verify(interaction, matched: matched, responseBodyChecked: true).isEmpty {
                        found = []
                        streamed += 1
                    } else {
                        guard let value = RecordingScanner.parseDeferred(range, in: buffer, depth: deferred.depth) else { return false }
                        whole.response.body = .json(value)
                    }
                }
                let own = found ?? verifier.verify(whole, matched: matched)
                findings += verifier.placed(own, of: whole, at: index, file: path, secrets: secretValues)
                if counts { tally.add(whole, contract: verifier.contract) }
            }
            return true
        }
        guard complete else { return false }
        Verifier.addLines(to: &findings, in: bytes)
        result.findings += findings
        result.findings += Self.leaks(in: bytes, of: recording, file: path, secrets: secretValues)
        result.recordings += 1
        result.streamedBodies += streamed
        result.interactions += recording.interactions.count
        if Self.counts(verifier, options) {
            // A contract example counts nothing, but its API is still one whose files were verified.
            if counts {
                tally.recordings = 1
                tally.bits.formUnion(reader.check.counted)
            }
            result.tallies[recording.api, default: CoverageTally()].formUnion(tally)
        }
        return true
    }
}

/// Checks each response body of a recording against its program (``StreamingCheck``) where it stands, while
/// ``RecordingScanner`` reads the file: a valid body is read once, and its coverage items are counted at once (the
/// same items a body's tree would set, so an interaction verified the usual way after all counts nothing more). A
/// body it is not sure of costs the check up to where it stopped; the scanner then parses it as usual.
final class StreamedBodies: ResponseBodyReader {
    let verifiers: [String: Verifier]
    private(set) var check = StreamingCheck()

    init(verifiers: [String: Verifier]) {
        self.verifiers = verifiers
    }

    func read(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, api: String, request: RecordedRequest, status: Int, headers: HeaderFields)
        -> Int?
    {
        guard let verifier = verifiers[api],
            let operation = verifier.contract.operation(method: request.method, path: request.path)?.operation,
            let program = verifier.streamingProgram(operation: operation, status: status, contentType: headers["Content-Type"]),
            let end = check.check(bytes, from: start, program)
        else { return nil }
        check.commit()
        return end
    }
}
