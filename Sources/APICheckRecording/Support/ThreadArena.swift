import Locking

#if canImport(Glibc)
    import Glibc
#endif

/// glibc's malloc gives each thread but the main one an arena of its own, and grows it a page at a time, with an
/// `mprotect(2)` for each page. A vendor's description, parsed, read and compiled on five threads, made 3,700 such calls:
/// a tenth of `apicheck coverage`'s CPU went to the kernel's bookkeeping of them. A thread made to do much work
/// (``BackgroundResult``, ``LargeStack``) reserves its arena's room at once instead (``reserve()``): a block taken and
/// given back grows the arena in one call, and glibc keeps it grown (it gives back the pages, never touched, not the room).
///
/// Off unless ``enable(reserving:)`` is called: the `apicheck` command does, as the owner of its process and its
/// allocator; a library linked into an app's tests leaves malloc as it found it. Only on Linux (glibc).
package enum ThreadArena {
    /// The room each thread reserves (0 when off), and the address of the last block reserved with it (kept, so that
    /// the compiler cannot leave out a block taken and freed unused).
    private static let state = Locked((room: 0, last: 0))

    /// Makes each thread of ``BackgroundResult`` and ``LargeStack`` started from now on reserve `bytes` of its arena;
    /// whether it took (not where malloc is not glibc's: another platform, or a sanitizer's allocator). Blocks up to a
    /// little over `bytes` come from an arena rather than a mapping of their own (`M_MMAP_THRESHOLD`, which glibc itself
    /// raises up to 32 MiB as a process frees such blocks), so that the reserving block is one of them.
    @discardableResult
    package static func enable(reserving bytes: Int) -> Bool {
        #if os(Linux)
            // mallopt is not in Swift's Glibc module; glibc's own, found as the process's symbol (RTLD_DEFAULT).
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(nil, "mallopt") else { return false }
            let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
            // M_MMAP_THRESHOLD is -3 in malloc.h, M_TRIM_THRESHOLD -1; mallopt answers 1 when it took the value. The trim
            // threshold about twice the mapping one, as glibc's own raising of it sets them: below it, memory freed at an
            // arena's top is kept for the next blocks rather than given back and faulted in again.
            guard mallopt(-3, Int32(clamping: bytes + (64 << 10))) == 1, mallopt(-1, Int32(clamping: bytes * 2)) == 1 else {
                return false
            }
            state.withLock { $0.room = bytes }
            return true
        #else
            return false
        #endif
    }

    /// Reserves the calling thread's arena room, when ``enable(reserving:)`` was called: at the start of a thread, before
    /// it allocates.
    package static func reserve() {
        #if os(Linux)
            let bytes = state.withLock { $0.room }
            guard bytes > 0, let block = malloc(bytes) else { return }
            state.withLock { $0.last = Int(bitPattern: block) }
            free(block)
        #endif
    }
}
