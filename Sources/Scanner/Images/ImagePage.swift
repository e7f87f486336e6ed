/// One picture within an image file: a page of a TIFF or PDF, a frame of a
/// GIF, or the only picture of any other file.
public struct ImagePage: Sendable {
    /// Where the picture sits in its file, as a URL fragment (`page=3`,
    /// `frame=2`); nil when the file holds a single picture.
    public let fragment: String?
    /// The decoded picture, or why this page could not be decoded (the other
    /// pages of the file may still be fine).
    public let frame: Result<Frame, ImageLoadError>
    /// What was wrong with a page that still decoded (a JPEG cut short):
    /// its frame holds what arrived, and the caller should say so.
    public internal(set) var warning: ImageLoadWarning? = nil

    /// The page's name for output: `name`, or `name#page=3` for a page of a
    /// file with several.
    public func source(in name: String) -> String {
        fragment.map { name + "#" + $0 } ?? name
    }

    /// The name of page `number` (1-based) of a file of `count` pages,
    /// `#page=N` marking it only when there are several.
    static func fragment(_ kind: String, number: Int, of count: Int) -> String? {
        count > 1 ? "\(kind)=\(number)" : nil
    }
}
