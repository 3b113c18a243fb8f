import APICheckContracts
import APICheckRecording
import Foundation

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension LiveRun {
    /// `apicheck record`: runs the scenarios one at a time and writes one recording per scenario
    /// (unless `dryRun`), with a summary of what changed against the old recording. `recordedFrom`
    /// names the source in each recording; nil names the host of the API's base URL.
    public func record(dryRun: Bool, recordedFrom: String? = nil, progress: (@Sendable (Int, Int) -> Void)? = nil) async -> Result {
        var result = Result()
        // One at a time, so that what is recorded does not depend on timing.
        for (api, outcomes) in await runScenarios(concurrency: 1, progress: progress, into: &result) {
            for outcome in outcomes {
                if let reason = outcome.notRun {
                    result.notes.append("\(api.api.name)/\(outcome.scenario): \(reason)")
                    continue
                }
                result.scenarios += 1
                count(outcome.steps + outcome.cleanup, into: &result)
                let file = api.scenarioFolder.appendingPathComponent("\(outcome.scenario).json")
                if let limit = outcome.rateLimit {
                    result.notes.append(
                        """
                        \(api.api.name)/\(outcome.scenario): not recorded: the rate limit is spent (\(limit.describe())); the old \
                        recording, if any, is kept
                        """
                    )
                    continue
                }
                if let error = outcome.transportError {
                    result.notes.append("\(api.api.name)/\(outcome.scenario): not recorded: \(error) (the old recording, if any, is kept)")
                    continue
                }
                for problem in outcome.problems {
                    result.notes.append(
                        """
                        \(api.api.name)/\(outcome.scenario): step \(problem.step): \
                        \(problem.pointer.isEmpty ? "" : problem.pointer + ": ")expected \(problem.expected), found \(problem.found)
                        """
                    )
                }
                var interactions: [Interaction] = []
                var ledger = SecretLedger()
                for step in outcome.steps {
                    guard case .success = step.outcome,
                        let interaction = interaction(step, api: api, secrets: outcome.secrets, ledger: &ledger, into: &result)
                    else { continue }
                    interactions.append(interaction)
                }
                let recording = Recording(
                    api: api.api.name, name: outcome.scenario, recordedAt: Self.timestamp(),
                    recordedFrom: recordedFrom ?? api.endpoint.baseURLs[""]?.host ?? "live", interactions: interactions
                )
                var old: Recording?
                if let bytes = FileBytes.read(file.path) { old = try? Recording(bytes: bytes, file: file.path) }
                let changes = old.map { stepChanges(from: $0, to: interactions, api: api) } ?? []
                let saved: SaveOutcome
                if dryRun {
                    saved = old.map { $0.hasSameContent(as: recording) ? .unchanged : .wouldUpdate } ?? .wouldCreate
                } else {
                    do {
                        saved = try recording.save(to: file)
                    } catch {
                        result.errors.append(error.description)
                        continue
                    }
                }
                result.saved.append((outcome.scenario, displayPath(file), saved, changes))
                // What the new responses say that the contract does not: the contract changes they imply.
                if let verifier = api.verifier {
                    let findings = verifier.verify(recording, file: displayPath(file), bytes: Array(recording.fileText.utf8))
                    result.recordedFindings.append((api.api.name, findings))
                }
            }
        }
        return result
    }

    /// What changed: each step's new interaction against the old one of the same step (its n-th answer against the
    /// n-th, for a step sent again).
    func stepChanges(from old: Recording, to interactions: [Interaction], api: Prepared) -> [Finding] {
        var changes: [Finding] = []
        var occurrences: [String: Int] = [:]
        for interaction in interactions {
            let step = interaction.step ?? ""
            let occurrence = occurrences[step, default: 0]
            occurrences[step] = occurrence + 1
            guard let index = Self.index(of: step, occurrence: occurrence, in: old) else { continue }
            let operation = operationName(interaction, api: api)
            changes += ShapeComparison.compare(live: interaction, recorded: old.interactions[index], operation: operation)
        }
        return changes
    }
}
