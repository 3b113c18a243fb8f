import APICheckContracts
import APICheckRecording
import APICheckReplayCore
import Foundation

extension ServeConfiguration {
    /// A server for `api` as `apicheck.yml` describes it: its recordings folder, base URLs (every URL an app may
    /// address it by), matching rules, and its contract, against which each request the app sends is checked as
    /// `verify` checks a recorded one, with the file's severities and ignores.
    ///
    /// - Parameters:
    ///   - api: the API's entry in `apicheck.yml`.
    ///   - folder: the folder of `apicheck.yml`, against which its paths resolve.
    ///   - recordingsFolder: where the API's recordings are, when not at `apicheck.yml`'s `recordings`.
    ///   - environment: where `base_url_env` and the secrets are read.
    /// - Throws: ``ServeError`` when a base URL is no URL or the contract does not load (its file and line).
    public init(
        project api: APIConfiguration, folder: URL, recordingsFolder: URL? = nil, recordings: [String]? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment, host: String = "127.0.0.1", port: Int = 0,
        token: String = ServeConfiguration.randomToken()
    ) throws(ServeError) {
        do {
            var others = try api.knownBaseURLs(environment: environment)
            let main = others.removeValue(forKey: "")
            let verifier = try api.contract.map { path throws(ConfigurationError) in
                Verifier(
                    contract: try Contract.load(ConfigurationFile.resolve(path, in: folder).path, compiling: .asVerified).compiled,
                    options: Verifier.Options(severities: api.severities, ignored: api.ignore))
            }
            self.init(
                api: api.name, recordingsFolder: recordingsFolder ?? ConfigurationFile.resolve(api.recordings, in: folder),
                recordings: recordings, baseURL: main, otherBaseURLs: others,
                baseURLAliases: try api.namedBaseURLs(environment: environment),
                matching: MatchingRules(api.matching),
                host: host, port: port, token: token, verifier: verifier)
        } catch {
            throw ServeError(error.description)
        }
    }
}
