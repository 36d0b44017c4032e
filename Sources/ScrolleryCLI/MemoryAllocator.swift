import CAllocatorTuning
import CJemalloc

/// Which `malloc` this program runs with. It is linked with jemalloc (see Package.swift; a release binary
/// carries it, scripts/dist), which replaces the C library's only when the dynamic linker finds it first;
/// this asks the linker which one `malloc` is, rather than trusting the link.
enum MemoryAllocator {
    /// "jemalloc 5.3.0-0-g…", or what is in use instead.
    static var name: String {
        guard isJemalloc else { return "not jemalloc: the C library's malloc, or one preloaded" }
        return "jemalloc " + (scrollery_jemalloc_version().map { String(cString: $0) } ?? "(version unknown)")
    }

    /// Whether the `malloc` the program's calls resolve to is jemalloc's.
    private static var isJemalloc: Bool { scrollery_allocator_is_jemalloc() != 0 }

    /// "Memory allocator: jemalloc 5.3.0-0-g…", for `--verbose`.
    static var line: String { "Memory allocator: " + name }
}
