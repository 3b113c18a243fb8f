import APICheckContracts
import APICheckRecording
import Foundation

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension LiveRun {
    /// `apicheck diff --live`: runs the scenarios and checks every live interaction against the contract
    /// and against the recorded interaction of its step.
    public func diff(progress: (@Sendable (Int, Int) -> Void)? = nil) async -> Result {
        var result = Result()
        for (api, outcomes) in await runScenarios(concurrency: options.concurrency, progress: progress, into: &result) {
            // Each scenario's recording is read and its answers checked on their own, on every core; the parts join
            // in scenario order, so what is reported never depends on timing.
            let parts = Parallel.map(outcomes.count, jobs: ProcessInfo.processInfo.activeProcessorCount, context: { _ in () }) { _, index in
                var part = Result()
                part.findings = checkScenario(outcomes[index], api: api, into: &part)
                return part
            }
            for part in parts { result.add(part) }
            // The contract's coverage by this run's live answers (not by the recordings).
            if let verifier = api.verifier {
                var tally = result.tallies[api.api.name] ?? CoverageTally()
                tally.recordings = outcomes.filter { $0.notRun == nil }.count
                result.coverage.append(ContractCoverage(api: api.api.name, contract: verifier.contract, tally: tally))
            }
        }
        return result
    }

    /// One scenario's findings against its recording (read here) and the contract.
    private func checkScenario(_ outcome: ScenarioOutcome, api: Prepared, into result: inout Result) -> [Finding] {
        let recordingFile = api.scenarioFolder.appendingPathComponent("\(outcome.scenario).json")
        var recorded: (recording: Recording, bytes: [UInt8])?
        if let bytes = FileBytes.read(recordingFile.path) {
            do {
                recorded = (try Recording(bytes: bytes, file: displayPath(recordingFile)), bytes)
            } catch {
                result.errors.append(error.description)
            }
        } else if outcome.notRun == nil {
            result.notes.append(
                """
                \(api.api.name)/\(outcome.scenario): no recording at \(displayPath(recordingFile)) to compare with (run 'apicheck \
                record --scenario \(outcome.scenario)')
                """
            )
        }
        return check(outcome, api: api, recorded: recorded, file: displayPath(recordingFile), into: &result)
    }

    /// The index of the `occurrence`-th (from 0) interaction of `step` in a recording.
    static func index(of step: String, occurrence: Int, in recording: Recording) -> Int? {
        recording.interactions.indices.filter { recording.interactions[$0].step == step }.dropFirst(occurrence).first
    }

    /// Findings for one scenario's outcome; counts its requests into `result`.
    func check(
        _ outcome: ScenarioOutcome, api: Prepared, recorded: (recording: Recording, bytes: [UInt8])?, file: String,
        into result: inout Result
    ) -> [Finding] {
        if let reason = outcome.notRun {
            result.notes.append("\(api.api.name)/\(outcome.scenario): \(reason)")
            return []
        }
        result.scenarios += 1
        count(outcome.steps + outcome.cleanup, into: &result)
        result.notes += Self.notes(of: outcome, api: api.api.name)
        var findings: [Finding] = []
        // A step with `repeat` is sent several times: its n-th answer is compared with its n-th recorded one.
        var occurrences: [String: Int] = [:]
        let lastOfStep = Dictionary(zip(outcome.steps.map(\.step), 0...), uniquingKeysWith: { max($0, $1) })
        for (position, step) in outcome.steps.enumerated() where step.step != outcome.rateLimit?.step {
            let occurrence = occurrences[step.step, default: 0]
            occurrences[step.step] = occurrence + 1
            let recordedIndex = recorded.flatMap { Self.index(of: step.step, occurrence: occurrence, in: $0.recording) }
            findings += checkStep(
                step, isLast: lastOfStep[step.step] == position, of: outcome, api: api, recorded: recorded, at: recordedIndex,
                file: file, into: &result)
        }
        if let recorded {
            for (name, count) in occurrences {
                let recordedCount = recorded.recording.interactions.filter { $0.step == name }.count
                if recordedCount > 0, recordedCount != count {
                    result.notes.append(
                        """
                        \(api.api.name)/\(outcome.scenario): step \(name) was sent \(count) time\(count == 1 ? "" : "s") (repeat), \
                        \(recordedCount) in the recording; the extra answers are checked against the contract only
                        """
                    )
                }
            }
        }
        // Problems of steps that were never sent (a placeholder with no value).
        for problem in outcome.problems where !outcome.steps.contains(where: { $0.step == problem.step }) {
            var finding = FindingPlace(.request, operation: "\(outcome.scenario) step \(problem.step)").finding(
                .expectFailed, problem.pointer, expected: problem.expected, found: problem.found)
            finding.file = file
            findings.append(finding)
        }
        return findings
    }

    /// What a scenario's outcome says besides its findings: steps skipped after a problem, clean-ups that failed, a rate
    /// limit that stopped the checks.
    static func notes(of outcome: ScenarioOutcome, api: String) -> [String] {
        var notes: [String] = []
        if !outcome.skipped.isEmpty {
            notes.append(
                """
                \(api)/\(outcome.scenario): skipped \(outcome.skipped.joined(separator: ", ")) after \
                \(outcome.transportError?.description ?? "an earlier problem")
                """
            )
        }
        for cleanup in outcome.cleanup {
            if case .failure(let error) = cleanup.outcome {
                notes.append("\(api)/\(outcome.scenario): clean-up \(cleanup.step) failed: \(error)")
            }
        }
        if let limit = outcome.rateLimit {
            notes.append("\(api)/\(outcome.scenario): step \(limit.step): the rate limit is spent (\(limit.describe())); not checked")
        }
        return notes
    }

    /// One step's findings: its answer against the contract and against the recorded answer at `recordedIndex`, and (on
    /// the step's last answer, `isLast`) its `expect` problems; each placed in the recording `file`.
    func checkStep(
        _ step: StepResult, isLast: Bool, of outcome: ScenarioOutcome, api: Prepared, recorded: (recording: Recording, bytes: [UInt8])?,
        at recordedIndex: Int?, file: String, into result: inout Result
    ) -> [Finding] {
        // The step's operation, looked up once for the name, the verifier and the comparison.
        let matched = match(step.request, api: api)
        let operation = matched?.operation.name ?? "\(step.request.method) \(relativePath(step.request, api: api))"
        var stepFindings: [Finding] = []
        var liveInteraction: Interaction?
        switch step.outcome {
        case .failure(let error) where error.kind.isAnswer:
            // An answer apicheck will not read (too large, compressed) is never passed as checked.
            let rule: RuleID = error.kind == .tooLarge ? .bodyTooLarge : .bodyUnparsable
            let expected = error.kind == .tooLarge ? "a body within the limit" : "a body that is not compressed"
            let place = FindingPlace(.response, operation: operation, status: error.status, source: "")
            stepFindings.append(place.finding(rule, "", expected: expected, found: error.description))
        case .failure(let error):
            let place = FindingPlace(.request, operation: operation, source: "")
            stepFindings.append(place.finding(.transportError, "", expected: "a response", found: error.description))
        case .success:
            // Checked on its own: the numbers of the secrets it sends back are the recording's business, not the check's.
            var ledger = SecretLedger()
            guard let interaction = interaction(step, api: api, secrets: outcome.secrets, ledger: &ledger, into: &result) else {
                return []
            }
            liveInteraction = interaction
            if let verifier = api.verifier {
                stepFindings += verifier.verify(interaction, matched: matched)
                result.tallies[api.api.name, default: CoverageTally()].add(interaction, contract: verifier.contract)
            }
            if let recorded, let recordedIndex {
                let declared = api.verifier == nil ? .everything : ShapeComparison.Declared(operation: matched?.operation)
                stepFindings += ShapeComparison.compare(
                    live: interaction, recorded: recorded.recording.interactions[recordedIndex], operation: operation, declared: declared)
            }
        }
        // A step's problems go with its last answer (the one a repeat ended on).
        for problem in outcome.problems where problem.step == step.step && isLast {
            let source = problem.pointer == "/status" ? "/response/status" : "/response/body" + problem.pointer
            stepFindings.append(
                FindingPlace(.response, operation: operation, status: step.response?.status, source: source).finding(
                    .expectFailed, problem.pointer,
                    expected: problem.kind == .capture ? problem.expected : "\(problem.expected) (step \(step.step))", found: problem.found)
            )
        }
        stepFindings = ShapeComparison.merge(stepFindings)
        if let verifier = api.verifier { stepFindings = verifier.applyingSettings(stepFindings) }
        // The recorded and the live value at each finding's place, for the HTML report's side-by-side view.
        let recordedInteraction = recordedIndex.flatMap { index in recorded.map { $0.recording.interactions[index] } }
        Finding.attachValues(
            &stepFindings, recorded: recordedInteraction, live: liveInteraction, secrets: outcome.secrets + api.redaction.secretValues)
        for index in stepFindings.indices {
            stepFindings[index].file = file
            if let recorded, let recordedIndex {
                stepFindings[index].line = Self.line(
                    of: "/interactions/\(recordedIndex)" + (stepFindings[index].sourcePointer ?? ""), in: recorded.bytes)
            }
        }
        return stepFindings
    }
}
