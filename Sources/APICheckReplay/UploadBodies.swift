import Foundation
import Locking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The bodies of upload tasks, handed to the replay by the code that made them.
///
/// `URLSession` keeps an upload task's body to itself (`uploadTask(with:from:)`, `uploadTask(with:fromFile:)`,
/// `upload(for:from:)`): the replay's `URLProtocol` gets neither `httpBody` nor `httpBodyStream`, on Apple platforms
/// and on Linux alike, so it cannot match or record a body it cannot see. The code that creates the task knows the body:
/// register it before the task is resumed, and the replay matches, records and verifies it like a data task's body.
/// In a Swift Testing test, `TestRecording.registerUpload(_:for:)` registers here. Alamofire tells an `EventMonitor`
/// both halves, so a test adds one monitor to the session it builds from `TestRecording.configuration`:
///
/// ```swift
/// final class UploadBodiesMonitor: EventMonitor {
///     func request(_ request: Request, didCreateTask task: URLSessionTask) {
///         guard let upload = request as? UploadRequest, let uploadable = upload.uploadable else { return }
///         switch uploadable {
///         case .data(let data): TestRecording.registerUpload(data, for: task)
///         case .file(let url, _): TestRecording.registerUpload(fileAt: url, for: task)
///         case .stream: break  // a stream can be read once, by URLSession: not handed over
///         }
///     }
/// }
/// ```
///
/// A registration is taken by the task's first request and dropped with the task; an upload task whose body was not
/// registered is refused by name.
public enum UploadBodies {
    /// What an upload task sends.
    public enum Source: Sendable, Hashable {
        /// The bytes (`uploadTask(with:from:)`, Alamofire's `.data`).
        case data(Data)
        /// A file, read when the request is sent (`uploadTask(with:fromFile:)`, Alamofire's `.file`).
        case file(URL)
    }

    /// One registration: the task, weakly (a task that is gone takes nothing), and its body.
    private struct Entry {
        weak var task: URLSessionTask?
        let source: Source
    }

    private static let entries = Locked<[ObjectIdentifier: Entry]>([:])

    /// Hands `task`'s body to the replay; call it after creating the task and before resuming it.
    public static func register(_ source: Source, for task: URLSessionTask) {
        entries.withLock { entries in
            entries = entries.filter { $0.value.task != nil }
            entries[ObjectIdentifier(task)] = Entry(task: task, source: source)
        }
    }

    /// The body registered for `task` (and no longer registered), or nil.
    static func take(for task: URLSessionTask) -> Source? {
        entries.withLock { entries in
            let key = ObjectIdentifier(task)
            guard let entry = entries[key], entry.task === task else { return nil }
            entries[key] = nil
            return entry.source
        }
    }

    /// The bytes of `source`; a file that cannot be read is an error naming it.
    static func bytes(of source: Source) throws(ReplayError) -> Data {
        switch source {
        case .data(let data):
            return data
        case .file(let url):
            do {
                return try Data(contentsOf: url)
            } catch {
                throw ReplayError(
                    message: "apicheck: the upload body registered as \(url.path) cannot be read: \(error.localizedDescription)")
            }
        }
    }
}
