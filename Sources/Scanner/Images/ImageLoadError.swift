#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why an image could not be turned into a frame. Each description names
/// the file and says what to do about it.
public enum ImageLoadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes start with no signature of a supported format; `content`
    /// names what they look like instead, when that is known.
    case notAnImage(name: String, content: ContentKind? = nil)
    /// The format was recognised but the data is truncated or damaged;
    /// `reason` is the decoding library's own message.
    case corrupt(name: String, format: ImageFormat, reason: String)
    /// The format was recognised, but the library that reads it (loaded on
    /// first use) cannot be loaded; `package` is the Debian package that
    /// installs it, `reason` the loader's message.
    case missingLibrary(name: String, format: ImageFormat, package: String, reason: String)
    /// The header claims a size over `limit`; nothing was allocated.
    case tooLarge(name: String, width: Int, height: Int, limit: ImageSizeLimit)
    /// Decoding the image as its header describes it would take `bytes` of
    /// memory, over `limit.maxDecodingBytes`; nothing was allocated.
    case tooMuchMemory(name: String, format: ImageFormat, width: Int, height: Int, bytes: Int, limit: ImageSizeLimit)
    /// The input goes on past `limit.maxBytes` (an endless stream or a huge file);
    /// what was read is dropped.
    case tooManyBytes(name: String, limit: ImageSizeLimit)
    /// The file could not be read at all.
    case unreadable(path: String, reason: UnreadableReason)
    /// A one-picture call (`ImageLoader.load`) met a file of several pages
    /// or frames, where returning the first alone would drop the rest unsaid.
    case severalPages(name: String, format: ImageFormat)

    /// Why a file could not be read, from `errno`.
    public enum UnreadableReason: Sendable, Hashable {
        case notFound
        case permissionDenied
        case isDirectory
        /// A FIFO, a device or a socket, which may never end or never start.
        case notARegularFile(kind: String)
        case other(errno: Int32)

        package init(errno code: Int32) {
            switch Errno(code).meaning {
            case .notFound: self = .notFound
            case .permissionDenied: self = .permissionDenied
            case .isDirectory: self = .isDirectory
            case .busy, .deviceGone, .other: self = .other(errno: code)
            }
        }
    }

    /// The message for a person: which file, what failed and what to do.
    public var description: String {
        switch self {
        case .notAnImage(let name, let content):
            "\(name) is not an image the scanner can read" + (content.map { ": \($0.description)" } ?? "") + "; "
                + (content?.advice
                    ?? "scan reads JPEG, PNG, WebP, TIFF, GIF, BMP, PDF and PBM/PGM/PPM, recognised by content, not extension")
        case .corrupt(let name, let format, let reason):
            "\(name) is a damaged or truncated \(format.rawValue) image (\(reason)); "
                + "re-export or re-download the file"
        case .missingLibrary(let name, let format, let package, let reason):
            "\(name) is a \(format.rawValue) file, and the library that reads it cannot be loaded (\(reason)); "
                + "install it: sudo apt install \(package)"
        case .tooLarge(let name, let width, let height, let limit):
            "\(name) is \(width)x\(height) pixels, over the limit of \(limit.maxPixels) pixels and "
                + "\(limit.maxSide) per side; scale it down before scanning"
        case .tooMuchMemory(let name, let format, let width, let height, let bytes, let limit):
            "\(name) is a \(width)x\(height) \(format.rawValue) image whose decoding would take about \(bytes >> 20) MiB, "
                + "over the limit of \(limit.maxDecodingBytes >> 20) MiB; scale it down or convert it to PNG or JPEG"
        case .tooManyBytes(let name, let limit):
            "\(name) goes on past \(limit.maxBytes >> 20) MiB, more than any image the scanner reads; "
                + "check that it is an image file, or scale the image down"
        case .unreadable(let path, .notFound):
            "cannot read \(path): no such file; check the path"
        case .unreadable(let path, .permissionDenied):
            "cannot read \(path): permission denied; make the file readable (chmod +r) or run as its owner"
        case .unreadable(let path, .isDirectory):
            "cannot read \(path): it is a directory; pass the image files inside it instead"
        case .unreadable(let path, .notARegularFile(let kind)):
            "cannot read \(path): it is \(kind), not a regular file; to scan what it delivers, use scan - < \(path)"
        case .severalPages(let name, let format):
            "\(name) is a \(format.rawValue) file of several pages or frames, and load reads one picture; "
                + "read each with ImageLoader.forEachPage(contentsOf:), which names them page=N or frame=N"
        case .unreadable(let path, .other(let code)):
            "cannot read \(path): \(Errno(code)); check the file and the disk"
        }
    }
}
