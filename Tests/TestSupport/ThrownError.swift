/// Runs `body` and returns the error it threw when that error is an `E`; nil when it threw nothing or something else.
///
/// The typed clients' suites wrap it once (`kakaoError { ... }`) and then expect on the error's fields.
public func thrownError<E: Error>(_ type: E.Type, _ body: () async throws -> Void) async -> E? {
    do {
        try await body()
        return nil
    } catch let error as E {
        return error
    } catch {
        return nil
    }
}
