/// A problem a scenario step found that is not about the contract: an `expect` that does not hold,
/// a capture that found nothing, a placeholder with no value.
public struct StepProblem: Sendable, Hashable {
    /// What kind of problem: a struct, so that kinds can be added without breaking a `switch`.
    public struct Kind: Sendable, Hashable {
        let name: String
        /// An `expect` of the step does not hold.
        public static let expect = Kind(name: "expect")
        /// A `capture` found nothing at its pointer.
        public static let capture = Kind(name: "capture")
        /// A `{{name}}` placeholder had no value.
        public static let unresolved = Kind(name: "unresolved")
        /// The request could not be built: no base URL of that name, or no valid URL from the path and query.
        public static let request = Kind(name: "request")
    }

    /// The step's name.
    public var step: String
    /// What kind of problem it is.
    public var kind: Kind
    /// `/status`, or the JSON pointer in the response body.
    public var pointer: String
    /// What the scenario expected there.
    public var expected: String
    /// What the response held.
    public var found: String
}
