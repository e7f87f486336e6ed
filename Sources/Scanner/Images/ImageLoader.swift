#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns image files or bytes (JPEG, PNG, WebP, PBM/PGM/PPM, TIFF, GIF, BMP,
/// PDF, told apart by their first bytes) into 8-bit luma frames. A file of
/// several pages gives them one by one through `forEachPage`.
public struct ImageLoader: Sendable {
    /// Images over this size are refused from their header, before decoding.
    public var limit: ImageSizeLimit
    /// Every frame of an animated GIF, not just the first.
    public var allGIFFrames = false
    /// The resolution PDF pages are rendered at.
    public var pdfDotsPerInch = 200

    /// A loader that refuses images over `limit`.
    public init(limit: ImageSizeLimit = .standard) {
        self.limit = limit
    }

    /// Reads and decodes the image file at `path`, which holds one picture:
    /// a TIFF or PDF of several pages (a GIF's frames, with `allGIFFrames`)
    /// throws `severalPages`; `forEachPage(contentsOf:)` reads each.
    public func load(contentsOf path: String) throws(ImageLoadError) -> Frame {
        try withContents(ofFile: path) { bytes throws(ImageLoadError) in try load(bytes, name: path) }
    }

    /// Reads an image from standard input, up to `limit.maxBytes`, and decodes it.
    public func loadStandardInput() throws(ImageLoadError) -> Frame {
        try withContents(of: STDIN_FILENO, name: "standard input", size: nil) { bytes throws(ImageLoadError) in
            try load(bytes, name: "standard input")
        }
    }

    /// The bytes of the file at `path`, for `body`. Only regular files are
    /// read: a FIFO or a device may never end, or never start.
    func withContents<R>(
        ofFile path: String, _ body: (UnsafeRawBufferPointer) throws(ImageLoadError) -> R
    ) throws(ImageLoadError) -> R {
        func failure(_ code: Int32) -> ImageLoadError { .unreadable(path: path, reason: .init(errno: code)) }
        // Non-blocking, so that opening a FIFO nobody writes to returns at once.
        let descriptor: Int32
        do {
            descriptor = try Syscall.retrying { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        } catch {
            throw failure(error.code)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure(errno) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw failure(EISDIR)
        case S_IFIFO: throw .unreadable(path: path, reason: .notARegularFile(kind: "a FIFO"))
        case S_IFCHR, S_IFBLK: throw .unreadable(path: path, reason: .notARegularFile(kind: "a device"))
        default: throw .unreadable(path: path, reason: .notARegularFile(kind: "a socket"))
        }
        return try withContents(of: descriptor, name: path, size: Int(status.st_size), body)
    }

    /// Decodes an image held in memory; `name` identifies it in messages.
    public func load(_ bytes: [UInt8], name: String) throws(ImageLoadError) -> Frame {
        // Array's withUnsafeBytes is untyped-rethrows; Result keeps the type.
        try bytes.withUnsafeBytes { buffer in Result { () throws(ImageLoadError) in try load(buffer, name: name) } }.get()
    }

    /// Decodes an image held in memory; `name` identifies it in messages.
    public func load(_ bytes: UnsafeRawBufferPointer, name: String) throws(ImageLoadError) -> Frame {
        switch ImageFormat(detecting: bytes) {
        case .jpeg: try JPEGDecoder.decode(bytes, name: name, limit: limit)
        case .png: try PNGDecoder.decode(bytes, name: name, limit: limit)
        case .webP: try WebPDecoder.decode(bytes, name: name, limit: limit)
        case .pnm: try PNMDecoder.decode(bytes, name: name, limit: limit)
        case .bmp: try BMPDecoder.decode(bytes, name: name, limit: limit)
        case .tiff: try onlyPage(bytes, name: name, format: .tiff)
        case .gif: try onlyPage(bytes, name: name, format: .gif)
        case .pdf: try onlyPage(bytes, name: name, format: .pdf)
        case nil: throw .notAnImage(name: name, content: ContentKind(detecting: bytes))
        }
    }

    /// Reads `descriptor` to its end and hands the bytes to `body`. The
    /// format is sniffed from the first bytes, and the size checked, before
    /// the rest is read, so a huge file of something else costs one small read.
    func withContents<R>(
        of descriptor: Int32, name: String, size: Int?, _ body: (UnsafeRawBufferPointer) throws(ImageLoadError) -> R
    ) throws(ImageLoadError) -> R {
        var input = InputBuffer(capacity: min(size.map { $0 + 1 } ?? Self.sniffBytes, limit.maxBytes + 1))
        defer { input.deallocate() }
        guard try input.fill(from: descriptor, upTo: Self.sniffBytes, name: name) else {
            return try body(input.bytes)  // the whole input was short
        }
        guard ImageFormat(detecting: input.bytes) != nil else {
            throw .notAnImage(name: name, content: ContentKind(detecting: input.bytes))
        }
        if let size, size > limit.maxBytes { throw .tooManyBytes(name: name, limit: limit) }
        guard try !input.fill(from: descriptor, upTo: limit.maxBytes + 1, name: name) else {
            throw .tooManyBytes(name: name, limit: limit)
        }
        return try body(input.bytes)
    }

    /// Enough for every format's signature and a PNM header with comments.
    private static let sniffBytes = 4096
}

/// Bytes read from a descriptor into one growing allocation, read with plain
/// system calls so that failures keep their errno.
private struct InputBuffer {
    private var storage: UnsafeMutableRawBufferPointer
    private var count = 0

    init(capacity: Int) {
        storage = .allocate(byteCount: max(capacity, 1), alignment: 16)
    }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: storage[0..<count]) }

    func deallocate() { storage.deallocate() }

    /// Reads until `target` bytes are held (true) or the input ends (false).
    mutating func fill(from descriptor: Int32, upTo target: Int, name: String) throws(ImageLoadError) -> Bool {
        while count < target {
            if count == storage.count {
                let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: min(storage.count * 2, target), alignment: 16)
                larger.copyMemory(from: UnsafeRawBufferPointer(storage))
                storage.deallocate()
                storage = larger
            }
            let result: Int
            do {
                result = try Syscall.retrying { read(descriptor, storage.baseAddress! + count, min(storage.count, target) - count) }
            } catch {
                throw .unreadable(path: name, reason: .init(errno: error.code))
            }
            if result == 0 { return false }
            count += result
        }
        return true
    }
}
