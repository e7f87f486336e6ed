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

    /// Reads and decodes the image file at `path`.
    public func load(contentsOf path: String) throws(ImageLoadError) -> Frame {
        let contents = try Self.readFile(path)
        defer { contents.deallocate() }
        return try load(UnsafeRawBufferPointer(contents), name: path)
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
        case .tiff, .gif, .pdf: try firstPage(bytes, name: name)
        case nil: throw .notAnImage(name: name)
        }
    }

    /// The whole file in one allocation the caller frees, read with plain
    /// system calls so that failures keep their errno.
    static func readFile(_ path: String) throws(ImageLoadError) -> UnsafeMutableRawBufferPointer {
        func failure(_ code: Int32) -> ImageLoadError { .unreadable(path: path, reason: .init(errno: code)) }
        let descriptor: Int32
        do {
            descriptor = try Syscall.retrying { open(path, O_RDONLY | O_CLOEXEC) }
        } catch {
            throw failure(error.code)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure(errno) }
        guard status.st_mode & S_IFMT != S_IFDIR else { throw failure(EISDIR) }

        // One byte more than the size, so that a regular file is read in a
        // single pass; pipes and growing files just take more passes.
        var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(Int(status.st_size), 0) + 1, alignment: 16)
        var count = 0
        while true {
            if count == buffer.count {
                let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: buffer.count * 2, alignment: 16)
                larger.copyMemory(from: UnsafeRawBufferPointer(buffer))
                buffer.deallocate()
                buffer = larger
            }
            let result: Int
            do {
                result = try Syscall.retrying { read(descriptor, buffer.baseAddress! + count, buffer.count - count) }
            } catch {
                buffer.deallocate()
                throw failure(error.code)
            }
            if result == 0 { return UnsafeMutableRawBufferPointer(rebasing: buffer[0..<count]) }
            count += result
        }
    }
}
