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

    deinit {
        if owned {
            UnsafeMutableRawPointer(mutating: bytes.baseAddress)?.deallocate()
        } else {
            release?()
        }
    }
}
