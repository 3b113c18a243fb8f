import Foundation
import Locking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The replay that answers `URLSession.shared` now (global scope), and the lock that lets one at a time do so.
///
/// This is the one piece of process-wide state in the replay layer, and it cannot be otherwise:
/// `URLProtocol.registerClass` is process-wide, and a protocol class registered there cannot tell which test a
/// request of `URLSession.shared` belongs to (a task-local does not reach URLSession's threads). So global-scope
/// replays are serialized by ``lock``, held across the test's whole scope; session-scope replays route through
/// their own protocol classes (``ReplaySlots``) and never touch it.
package enum GlobalReplay {
    /// Held by the global replay that answers now; waiters queue in order.
    static let lock = AsyncSerialLock()
    /// Whether the current task already holds ``lock`` (a global replay inside another would wait for itself).
    @TaskLocal static var holding = false
    /// For tests of the lock only: when false, ``run(_:_:)`` skips the lock, to show what it prevents.
    @TaskLocal package static var serializes = true

    /// For tests: called when a global replay of this task has to wait for its turn, once it is queued.
    @TaskLocal package static var onQueued: (@Sendable () -> Void)?

    /// Runs `body` holding the lock with no replay registered (for tests that need `URLSession.shared` to be the app's).
    package static func exclusive<T>(_ body: () async throws -> T) async throws -> T {
        try await lock.acquire()
        defer { lock.release() }
        return try await body()
    }

    private static let active = ActiveStore()

    /// The store answering `URLSession.shared` now, if any.
    static var current: ReplayStore? { active.store }

    /// Runs `body` with `store` answering every request of `URLSession.shared`, once no other global replay runs.
    ///
    /// The protocol is registered after the lock is taken and unregistered before it is given back, also when
    /// `body` throws; a cancelled wait throws `CancellationError` and registers nothing.
    static func run<T>(_ store: ReplayStore, _ body: () async throws -> T) async throws -> T {
        if holding {
            throw ReplayError(
                message:
                    """
                    a global-scope replay cannot start inside another one (it would wait for itself): give the inner one scope \
                    .session, or drop the outer scope: .global
                    """
            )
        }
        let serialized = serializes
        if serialized { try await lock.acquire(onQueued: onQueued) }
        defer { if serialized { lock.release() } }
        active.set(store)
        defer { active.clear(store) }
        // Unreached, URLSession.shared would send the test's requests to the network: refuse rather than run the test.
        guard URLProtocol.registerClass(GlobalReplayProtocol.self) else {
            throw ReplayError(
                message: "URLProtocol.registerClass refused apicheck's global replay protocol, so URLSession.shared cannot be replayed")
        }
        defer { URLProtocol.unregisterClass(GlobalReplayProtocol.self) }
        #if canImport(FoundationNetworking)
            guard reachSharedSession() else {
                throw ReplayError(
                    message:
                        """
                        apicheck's global replay protocol could not be put first among URLSession.shared's protocol classes, so \
                        URLSession.shared cannot be replayed
                        """
                )
            }
        #endif
        return try await $holding.withValue(true) { try await body() }
    }

    #if canImport(FoundationNetworking)
        /// Puts the global protocol first in `URLSession.shared`'s own configuration, once per process.
        ///
        /// swift-corelibs-foundation builds `URLSession.shared` from the classes registered when it is first used, and a
        /// task asks its session's configuration's classes before any class registered later; so once anything has used
        /// `URLSession.shared`, `registerClass` no longer reaches it (measured on Linux with Swift 6.3.1). The shared
        /// session's `configuration` is its own object there (Apple platforms return a copy, and consult registered
        /// classes on every request, so they need nothing of this). The class stays in the list: it answers nothing
        /// while no global replay runs (``GlobalReplayProtocol/canInit(with:)``), so the list is written once.
        private static func reachSharedSession() -> Bool {
            sharedConfiguration.withLock { configuration in
                var classes = configuration.protocolClasses ?? []
                if let first = classes.first, first == GlobalReplayProtocol.self { return true }
                classes.removeAll { $0 == GlobalReplayProtocol.self }
                configuration.protocolClasses = [GlobalReplayProtocol.self] + classes
                return URLSession.shared.configuration.protocolClasses?.first == GlobalReplayProtocol.self
            }
        }

        /// `URLSession.shared`'s own configuration (read at the first global replay), which only the holder of this lock changes.
        private static let sharedConfiguration = Locked(URLSession.shared.configuration)
    #endif

    final class ActiveStore: Sendable {
        private let current = Locked<ReplayStore?>(nil)

        var store: ReplayStore? { current.withLock { $0 } }

        func set(_ store: ReplayStore) { current.withLock { $0 = store } }

        /// Clears the active store if it is still `store` (without the lock, another may have replaced it).
        func clear(_ store: ReplayStore) {
            current.withLock { current in
                if current === store { current = nil }
            }
        }
    }
}
