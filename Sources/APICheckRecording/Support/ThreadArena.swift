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
/// Each page first touched is a page fault as well: 9,000 of them in that run, a tenth of its CPU again. Where the
/// kernel backs memory with transparent huge pages (its setting `always` or `madvise`, not `never`), the reserved room
/// and the stack of a ``LargeStack`` thread (the compile recurses megabytes deep on such a description) are asked to be
/// (``adviseHugePages(_:_:)``): one fault per 2 MiB rather than per 4 KiB.
///
/// Off unless ``enable(reserving:)`` is called: the `apicheck` command does, as the owner of its process and its
/// allocator; a library linked into an app's tests leaves malloc as it found it. Only on Linux (glibc).
package enum ThreadArena {
    /// The room each thread reserves (0 when off), the address of the last block reserved with it (kept, so that the
    /// compiler cannot leave out a block taken and freed unused), and the kernel's huge page size (0: none asked for).
    private static let state = Locked((room: 0, last: 0, hugePage: 0))

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
            let hugePage = hugePageSize()
            state.withLock {
                $0.room = bytes
                $0.hugePage = hugePage
            }
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
            adviseHugePages(block, bytes)
            state.withLock { $0.last = Int(bitPattern: block) }
            free(block)
        #endif
    }

    /// Asks the kernel to back the huge pages that lie wholly inside `bytes` from `start` with transparent huge pages,
    /// when ``enable(reserving:)`` found it can (a page is faulted in, and taken, only where it is touched).
    private static func adviseHugePages(_ start: UnsafeMutableRawPointer, _ bytes: Int) {
        #if os(Linux)
            let page = state.withLock { $0.hugePage }
            guard page > 0 else { return }
            let first = (Int(bitPattern: start) + page - 1) & ~(page - 1)
            let end = (Int(bitPattern: start) + bytes) & ~(page - 1)
            guard end > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
            _ = madvise(aligned, end - first, MADV_HUGEPAGE)
        #endif
    }

    /// Asks for huge pages for the calling thread's stack (``adviseHugePages(_:_:)``), when ``enable(reserving:)`` was
    /// called: at the start of a thread whose work recurses deep.
    package static func adviseHugePagesForStack() {
        #if os(Linux)
            // pthread_getattr_np is not in Swift's Glibc module (a GNU extension); glibc's own, as mallopt is found.
            typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
            guard state.withLock({ $0.hugePage }) > 0, let symbol = dlsym(nil, "pthread_getattr_np") else { return }
            var attributes = pthread_attr_t()
            guard unsafeBitCast(symbol, to: GetAttributes.self)(pthread_self(), &attributes) == 0 else { return }
            defer { pthread_attr_destroy(&attributes) }
            var stack: UnsafeMutableRawPointer?
            var size = 0
            guard pthread_attr_getstack(&attributes, &stack, &size) == 0, let stack else { return }
            adviseHugePages(stack, size)
        #endif
    }

    /// The kernel's transparent huge page size, when it backs memory with them where `madvise` asks (its `enabled` is
    /// `always` or `madvise`); else 0.
    private static func hugePageSize() -> Int {
        #if os(Linux)
            let folder = "/sys/kernel/mm/transparent_hugepage/"
            guard let enabled = text(of: folder + "enabled"), !enabled.contains("[never]"),
                let bytes = text(of: folder + "hpage_pmd_size").flatMap({ Int($0.prefix { $0.isNumber }) }), bytes > 0,
                bytes & (bytes - 1) == 0
            else { return 0 }
            return bytes
        #else
            return 0
        #endif
    }

    #if os(Linux)
        /// The first bytes (up to 127) of a small file of the kernel's, as text; nil when it cannot be read.
        private static func text(of path: String) -> String? {
            let descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var buffer = [UInt8](repeating: 0, count: 128)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 127) }
            return count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : nil
        }
    #endif
}
