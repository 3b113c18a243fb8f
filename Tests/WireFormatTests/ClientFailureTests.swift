import Testing
import WireFormat

/// The shape the four clients' errors share: its one line, and secrets gone before anything is kept.
@Suite("Client errors' shared shape")
struct ClientFailureTests {
    enum Owner {}

    @Test("the line: request, status, kind, what the client adds, the key path, the message and the detail, in that order")
    func line() {
        let failure = ClientFailure<Owner>(
            kind: .decoding, request: "GET /x", status: 200, message: "m", keyPath: "/data/0/id", detail: "expected Int"
        )
        #expect(failure.line() == "GET /x: 200 undecodable body at /data/0/id: m: expected Int")
        #expect(
            failure.line(afterKind: " (k)", beforeMessage: ": B", afterMessage: " (A)")
                == "GET /x: 200 undecodable body (k) at /data/0/id: B: m (A): expected Int")
        let bare = ClientFailure<Owner>(kind: .transport, request: nil, status: nil, message: nil, keyPath: nil, detail: nil)
        #expect(bare.line() == "transport failure")
    }

    @Test("every secret is redacted from the message and the detail, the longer first where one holds another")
    func redaction() {
        let failure = ClientFailure<Owner>(
            kind: .unexpectedStatus, request: "POST /login", status: 401, message: "bad key sk-12345 (sk-1)", keyPath: nil,
            detail: "token sk-12345 refused", secrets: ["sk-1", "sk-12345", ""]
        )
        #expect(failure.message == "bad key <redacted> (<redacted>)")
        #expect(failure.detail == "token <redacted> refused")
        #expect(!failure.line().contains("sk-1"))
    }

    @Test("the shared kinds compare by name within one owner")
    func kinds() {
        #expect(ClientErrorKind<Owner>.transport == .transport)
        #expect(ClientErrorKind<Owner>.transport != .decoding)
        #expect(ClientErrorKind<Owner>.invalidRequest.description == "invalid request")
    }
}
