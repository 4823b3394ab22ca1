#if canImport(Glibc)
import Glibc
#endif

/// Start-up tuning of the C heap for compiling large songs.
///
/// A long song touches tens of megabytes of fresh heap, and on Linux most of the cost of that is
/// page faults (one per 4 KiB page). Asking for the heap to grow in one large step and advising
/// the kernel to back it with transparent huge pages turns thousands of faults into a handful.
/// Advice only: where huge pages are unavailable nothing changes. The tuning uses glibc's
/// `mallopt` and `sbrk` heap, so it is compiled only against glibc; on Darwin and musl the
/// system allocator is left as it is.
enum HeapTuning {
    #if canImport(Glibc)
    // <malloc.h> is not part of the Glibc module map; these are glibc's stable ABI values.
    @_silgen_name("mallopt") private static func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
    private static let M_TRIM_THRESHOLD: Int32 = -1
    private static let M_TOP_PAD: Int32 = -2
    private static let M_MMAP_THRESHOLD: Int32 = -3
    @_silgen_name("malloc_usable_size") private static func malloc_usable_size(_ pointer: UnsafeMutableRawPointer?) -> Int
    #endif

    static func apply() {
        #if canImport(Glibc)
        let hugePage = 2 << 20
        // Keep big arrays in the main heap (reused after free) rather than separate mappings.
        _ = mallopt(M_MMAP_THRESHOLD, Int32(64 << 20))
        _ = mallopt(M_TOP_PAD, Int32(64 << 20))
        _ = mallopt(M_TRIM_THRESHOLD, Int32(128 << 20))
        guard let before = sbrk(0) else { return }
        // Make the heap grow once now, by the pad (the size check keeps the allocation real).
        let probe = malloc(1 << 20)
        guard malloc_usable_size(probe) > 0 else { return }
        free(probe)
        guard let after = sbrk(0) else { return }
        let start = (Int(bitPattern: before) + hugePage - 1) & ~(hugePage - 1)
        let end = Int(bitPattern: after) & ~(hugePage - 1)
        if end > start, let address = UnsafeMutableRawPointer(bitPattern: start) {
            _ = madvise(address, end - start, MADV_HUGEPAGE)
        }
        #endif
    }
}
