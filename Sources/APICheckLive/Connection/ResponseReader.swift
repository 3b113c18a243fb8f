import HTTP1
import Sockets

/// Reads one HTTP/1.1 response from a connection with the shared codec (``HTTP1Reader``), and decides what the
/// live runner reports: interim (1xx) responses are skipped, a compressed body is refused before it is read (it
/// could not be checked), a body over `--max-body-size` is an answer too large to read, and everything else that
/// goes wrong is a transport failure in words a report can show.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct ResponseReader {
    /// One read.
    static let readSize = 64 << 10

    private var reader: HTTP1Reader<SocketSource>
    let maximumBodyBytes: Int
    let peak: PeakCounter

    /// Whether any byte of a response arrived (a kept-alive connection closed before one is safe to retry).
    var receivedAnything: Bool { reader.receivedAnything }

    init(socket: Socket, deadline: Deadline, maximumBodyBytes: Int, peak: PeakCounter) {
        reader = HTTP1Reader(source: SocketSource(socket: socket, deadline: deadline), readSize: Self.readSize)
        self.maximumBodyBytes = maximumBodyBytes
        self.peak = peak
    }

    /// What was read, and whether the connection can carry another request.
    struct Result {
        var status: Int
        var headers: [(String, String)]
        var body: [UInt8]
        var reusable: Bool
    }

    /// Reads the response to a request with `method`.
    mutating func read(method: String) throws(ReadFailure) -> Result {
        let head = try readHead()
        let status = head.status
        if let encoding = head.fields.values("Content-Encoding").first(where: { $0.lowercased() != "identity" }) {
            throw .answer(
                .compressed, "Content-Encoding: \(encoding), not asked for; apicheck does not decompress, so it cannot check this body",
                status: status)
        }
        let framing: HTTPFraming
        do {
            framing = try head.framing(requestMethod: method)
        } catch {
            if error.kind == .unsupportedCoding {
                throw .answer(
                    .compressed, "\(error.detail), not asked for; apicheck does not decompress, so it cannot check this body",
                    status: status)
            }
            throw Self.failure(error)
        }
        let body: [UInt8]
        do {
            body = try reader.readBody(framing, limit: maximumBodyBytes)
        } catch {
            peak.record(reader.peakBodyBytes)
            switch error {
            case .source(let socket): throw .socket(socket)
            case .message(let message) where message.kind == .bodyTooLarge:
                let why = message.announcedLength.map { "not read: Content-Length is \($0)" } ?? "not read further"
                throw .answer(.tooLarge, "\(Megabytes(maximumBodyBytes)), --max-body-size; \(why)", status: status)
            case .message(let message): throw Self.failure(message)
            }
        }
        peak.record(reader.peakBodyBytes)
        return Result(status: status, headers: head.fields.pairs, body: body, reusable: head.isPersistent && framing != .untilClose)
    }

    /// The next final head (interim responses skipped); a connection closed before any byte of it is a reset with no
    /// words (the caller may retry).
    private mutating func readHead() throws(ReadFailure) -> ResponseHead {
        let head: ResponseHead?
        do {
            head = try reader.readFinalResponseHead()
        } catch {
            switch error {
            case .source(let socket): throw .socket(socket)
            case .message(let message): throw Self.failure(message)
            }
        }
        guard let head else { throw .failure(.reset, "") }
        return head
    }

    /// A message the codec could not read, as a transport failure.
    static func failure(_ error: HTTP1Error) -> ReadFailure {
        switch error.kind {
        case .truncated: .failure(.reset, error.detail)
        case .headTooLarge: .failure(.other, "the response's \(error.detail), the HTTP parser's limit")
        default: .failure(.other, "not a valid HTTP response (\(error.detail))")
        }
    }
}

/// Why a response could not be read: an answer apicheck will not read, a broken one, or a socket error.
enum ReadFailure: Error {
    case answer(TransportError.Kind, String, status: Int)
    case failure(TransportError.Kind, String)
    case socket(SocketError)
}

/// `50 MiB`, `512 KiB`: a body limit as `--max-body-size` takes it.
struct Megabytes: CustomStringConvertible {
    let bytes: Int
    init(_ bytes: Int) { self.bytes = bytes }
    var description: String { bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes >> 10) KiB" }
}
