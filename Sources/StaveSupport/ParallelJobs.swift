import Dispatch

/// Runs independent jobs on all cores and returns their results in job order.
///
/// The lexer and parser use it for halves of a file and phrase bodies, the Composition stage
/// for lowering bodies, the MIDI writer for joining each phrase's notes. Small
/// workloads run on the calling thread, where starting threads would cost more than it saves.
/// Each job writes only its own result slot, so there is no shared mutable state.
public enum ParallelJobs {
    /// Calls `job(0..<count)`, concurrently when `parallel` is true, and returns the results in order.
    public static func run<Result>(_ count: Int, parallel: Bool, _ job: (Int) -> Result?) -> [Result?] {
        guard parallel, count > 1 else { return (0..<count).map(job) }
        var results = [Result?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { buffer in
            let slots = Slots(base: buffer.baseAddress!)
            withoutActuallyEscaping(job) { job in
                DispatchQueue.concurrentPerform(iterations: count) { index in
                    slots.base[index] = job(index)
                }
            }
        }
        return results
    }

    /// The result buffer, shared by jobs that each write a different slot.
    private struct Slots<Result>: @unchecked Sendable {
        let base: UnsafeMutablePointer<Result?>
    }
}
