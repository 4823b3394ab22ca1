import Dispatch

/// Runs independent jobs on all cores and returns their results in job order.
///
/// Reading a save file uses it for phrases: parsing and decoding them, checking their bodies,
/// converting them to the Composition tree, printing them. Few jobs run on the calling thread,
/// where starting threads would cost more than it saves. Each job writes only its own result
/// slot, so there is no shared mutable state.
public enum ParallelJobs {
    /// Fewer jobs than this run on the calling thread.
    public static let worthThreads = 16

    /// `job(0..<count)`, on all cores when there are at least `worthThreads` jobs, in order.
    public static func run<Result>(_ count: Int, _ job: (Int) -> Result) -> [Result] {
        guard count >= worthThreads else { return (0..<count).map(job) }
        var results = [Result?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { buffer in
            let slots = Slots(base: buffer.baseAddress!)
            withoutActuallyEscaping(job) { job in
                DispatchQueue.concurrentPerform(iterations: count) { index in
                    slots.base[index] = job(index)
                }
            }
        }
        return results.map { $0! }   // concurrentPerform ran every index
    }

    /// `job(group, item)` for every item of every group (a song's tracks and their phrases:
    /// `groups` holds each group's count), as one run of jobs; the results grouped the same way.
    public static func run<Result>(groups: [Int], _ job: (Int, Int) -> Result) -> [[Result]] {
        let places = groups.indices.flatMap { group in (0..<groups[group]).map { (group, $0) } }
        var results = run(places.count) { job(places[$0].0, places[$0].1) }[...]
        return groups.map { count in
            defer { results = results.dropFirst(count) }
            return Array(results.prefix(count))
        }
    }

    /// The result buffer, shared by jobs that each write a different slot.
    private struct Slots<Result>: @unchecked Sendable {
        let base: UnsafeMutablePointer<Result?>
    }
}
