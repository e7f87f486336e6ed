/// Read-only bytes behind one or more frames.
///
/// Frames are cheap views into a storage: cropping to a region of interest
/// shares it instead of copying. A storage either owns its memory or borrows
/// memory it does not own (a camera's mmap buffer) and calls `release` when
/// the last frame viewing it is gone, so that buffer can be queued again.
public final class PixelStorage: @unchecked Sendable {
    // Sendable because the bytes are never written after initialisation.
    let bytes: UnsafeRawBufferPointer
    private let release: (@Sendable () -> Void)?
    private let owned: Bool
    /// One value derived from these bytes and the key it was made for (`memoized`).
    private let memoLock = Lock()
    private var memo: (key: AnyHashable, value: Any)?

    /// Copies `pixels` into new storage.
    public init(copying pixels: some Collection<UInt8>) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(pixels.count, 1), alignment: 16)
        _ = buffer.initializeMemory(as: UInt8.self, from: pixels)
        bytes = UnsafeRawBufferPointer(rebasing: buffer[0..<pixels.count])
        release = nil
        owned = true
    }

    /// Allocates `count` bytes and lets `fill` write them once.
    public init(count: Int, fill: (UnsafeMutableRawBufferPointer) throws -> Void) rethrows {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(count, 1), alignment: 16)
        do {
            try fill(UnsafeMutableRawBufferPointer(rebasing: buffer[0..<count]))
        } catch {
            buffer.deallocate()
            throw error
        }
        bytes = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
        release = nil
        owned = true
    }

    /// Borrows memory that someone else owns; `release` runs when no frame
    /// uses it any more.
    public init(borrowing bytes: UnsafeRawBufferPointer, release: @escaping @Sendable () -> Void) {
        self.bytes = bytes
        self.release = release
        owned = false
    }

    /// The value `make` gives for `key`, made once while these bytes live and the key is the
    /// last asked for: what a pass's readers all derive from one view (its binarization), so
    /// that the first makes it and the others reuse it.
    func memoized<Key: Hashable & Sendable, Value>(_ key: Key, _ make: () -> Value) -> Value {
        if let kept = memoLock.withLock({ memo }), kept.key == AnyHashable(key), let value = kept.value as? Value { return value }
        let value = make()
        memoLock.withLock { memo = (AnyHashable(key), value) }
        return value
    }

    deinit {
        if owned {
            UnsafeMutableRawPointer(mutating: bytes.baseAddress)?.deallocate()
        } else {
            release?()
        }
    }
}
