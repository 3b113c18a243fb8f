import APICheckContracts
import APICheckRecording
import Testing

extension Contract {
    /// What loading `text` refused: the error that refused the document, or the reason the first operation (or
    /// schema no operation uses) was refused. Records an issue when the contract loads with nothing refused.
    public static func refusal(_ text: String, path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> ConfigurationError
    {
        let contract: Contract
        do {
            contract = try Contract.parse(text, path: path)
        } catch {
            return error
        }
        let refusal = try #require(contract.compiled.refused.first, "nothing was refused", sourceLocation: sourceLocation)
        return refusal.reason
    }
}
