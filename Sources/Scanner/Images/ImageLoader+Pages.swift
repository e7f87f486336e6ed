#if canImport(Glibc)
    import Glibc
#endif

/// Files of several pictures: TIFF and PDF pages, GIF frames.
extension ImageLoader {
    /// Decodes the file at `path` page by page, handing each to `body`
    /// before the next is decoded; `body` returns false to stop. Throws when
    /// the file as a whole cannot be read; a damaged page is handed over as
    /// its error and the pages after it still come. A JPEG cut short comes
    /// as what arrived, with its `warning` (`load` throws for it instead).
    public func forEachPage(contentsOf path: String, _ body: (ImagePage) -> Bool) throws(ImageLoadError) {
        try withContents(ofFile: path) { bytes throws(ImageLoadError) in try forEachPage(bytes, name: path, body) }
    }

    /// Reads standard input, up to `limit.maxBytes`, and decodes it page by page.
    public func forEachPageOfStandardInput(_ body: (ImagePage) -> Bool) throws(ImageLoadError) {
        try withContents(of: STDIN_FILENO, name: "standard input", size: nil) { bytes throws(ImageLoadError) in
            try forEachPage(bytes, name: "standard input", body)
        }
    }

    /// Decodes an image held in memory page by page; `name` identifies it
    /// in messages.
    public func forEachPage(_ bytes: UnsafeRawBufferPointer, name: String, _ body: (ImagePage) -> Bool) throws(ImageLoadError) {
        switch ImageFormat(detecting: bytes) {
        case .tiff: try TIFFDecoder.forEachPage(bytes, name: name, limit: limit, body)
        case .gif: try GIFDecoder.forEachFrame(bytes, name: name, limit: limit, allFrames: allGIFFrames, body)
        case .pdf: try PDFDecoder.forEachPage(bytes, name: name, limit: limit, dotsPerInch: pdfDotsPerInch, body)
        case .jpeg:
            // A file cut short still holds the codes above the cut.
            let (frame, truncated) = try JPEGDecoder.decodeWhatArrived(bytes, name: name, limit: limit)
            _ = body(ImagePage(fragment: nil, frame: .success(frame), warning: truncated ? .truncated(name: name, format: .jpeg) : nil))
        default: _ = body(ImagePage(fragment: nil, frame: .success(try load(bytes, name: name))))
        }
    }

    /// The only page of a TIFF, GIF or PDF, for callers that want one
    /// frame; a file of several throws, as its first page alone is not what
    /// the file holds (a page with a fragment is one of several).
    func onlyPage(_ bytes: UnsafeRawBufferPointer, name: String, format: ImageFormat) throws(ImageLoadError) -> Frame {
        var first: ImagePage?
        try forEachPage(bytes, name: name) { page in
            first = page
            return false
        }
        guard let first else { throw .notAnImage(name: name) }
        guard first.fragment == nil else { throw .severalPages(name: name, format: format) }
        return try first.frame.get()
    }
}
