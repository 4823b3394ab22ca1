/// The one growable byte buffer a MIDI file is streamed into, with the primitives of the
/// Standard MIDI File format. A class: the file writer and every track encoder append to the
/// same buffer, and the writer hands out its bytes once at the end.
final class MIDIBuffer {
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes written so far.
    private(set) var count = 0

    init(capacity: Int = 1 << 16) {
        self.capacity = max(capacity, 16)
        self.storage = .allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    /// A copy of the bytes written.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage, count: count)) }

    private func grow(toHold extra: Int) {
        var newCapacity = capacity * 2
        while newCapacity < count + extra { newCapacity *= 2 }
        let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStorage.update(from: storage, count: count)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }

    /// Makes room for `extra` more bytes, which `appendReserved` may then write unchecked.
    @inline(__always)
    func reserve(_ extra: Int) {
        if count + extra > capacity { grow(toHold: extra) }
    }

    /// Appends a byte into room made by `reserve`.
    @inline(__always)
    func appendReserved(_ byte: UInt8) {
        storage[count] = byte
        count += 1
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: 1) }
        storage[count] = byte
        count += 1
    }

    func append(_ data: [UInt8]) {
        if count + data.count > capacity { grow(toHold: data.count) }
        data.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { (storage + count).update(from: base, count: source.count) }
        }
        count += data.count
    }

    func append(_ data: UnsafeBufferPointer<UInt8>) {
        if count + data.count > capacity { grow(toHold: data.count) }
        if let base = data.baseAddress { (storage + count).update(from: base, count: data.count) }
        count += data.count
    }

    func appendUInt32(_ value: Int) {
        append(UInt8((value >> 24) & 0xFF))
        append(UInt8((value >> 16) & 0xFF))
        append(UInt8((value >> 8) & 0xFF))
        append(UInt8(value & 0xFF))
    }

    func appendUInt16(_ value: Int) {
        append(UInt8((value >> 8) & 0xFF))
        append(UInt8(value & 0xFF))
    }

    /// Overwrites four bytes at `offset` with a big-endian value (a chunk length known only at its end).
    func patchUInt32(_ value: Int, at offset: Int) {
        storage[offset] = UInt8((value >> 24) & 0xFF)
        storage[offset + 1] = UInt8((value >> 16) & 0xFF)
        storage[offset + 2] = UInt8((value >> 8) & 0xFF)
        storage[offset + 3] = UInt8(value & 0xFF)
    }

    /// Writes a byte into room made by `reserve` and keeps it when `keep` is 1 (else 0): the
    /// next byte written replaces it. For bytes present or not in no order (a running status),
    /// so that no branch mispredicts on them.
    @inline(__always)
    func appendReserved(_ byte: UInt8, keeping keep: Int) {
        storage[count] = byte
        count &+= keep
    }

    /// A variable-length quantity (at most 0x0FFFFFFF): 7 bits a byte, most significant first,
    /// the high bit set on every byte but the last. The delta times of notes (below 0x4000)
    /// take one byte or two in no order: both are written without a branch on which.
    @inline(__always)
    func appendVariableLength(_ value: Int) {
        reserve(4)
        if value < 0x4000 {
            let two = value >= 0x80 ? 1 : 0
            // One byte: the value. Two: the high seven bits marked 0x80, then the low seven.
            appendReserved(UInt8(truncatingIfNeeded: two &* (value &>> 7 | 0x80) | (1 &- two) &* value), keeping: 1)
            appendReserved(UInt8(truncatingIfNeeded: value & 0x7F), keeping: two)
            return
        }
        var shift = 21
        while shift > 0 && value >> shift == 0 { shift -= 7 }
        while shift > 0 {
            appendReserved(UInt8((value >> shift) & 0x7F) | 0x80)
            shift -= 7
        }
        appendReserved(UInt8(value & 0x7F))
    }
}
