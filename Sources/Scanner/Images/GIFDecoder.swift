import CGIF

#if canImport(Glibc)
    import Glibc
#endif

/// Decodes GIF with giflib, record by record: the first frame, or every
/// frame as it shows in an animation (each composed over the frames before
/// it, transparency and disposal honoured).
///
/// The logical screen and each frame are checked against the limit before
/// anything is allocated, and frames are decoded one at a time rather than
/// slurped, so a long animation costs one canvas, not one per frame.
enum GIFDecoder {
    /// The bytes giflib reads from, through its read callback.
    private struct Cursor {
        let bytes: UnsafeRawBufferPointer
        var position = 0
    }

    static func forEachFrame(
        _ bytes: UnsafeRawBufferPointer, name: String, limit: ImageSizeLimit, allFrames: Bool,
        _ body: (ImagePage) -> Bool
    ) throws(ImageLoadError) {
        func corrupt(_ reason: String) -> ImageLoadError { .corrupt(name: name, format: .gif, reason: reason) }
        func giflib(_ code: Int32) -> String { "giflib: " + (GifErrorString(code).map { String(cString: $0) } ?? "error \(code)") }

        let cursor = UnsafeMutablePointer<Cursor>.allocate(capacity: 1)
        cursor.initialize(to: Cursor(bytes: bytes))
        defer { cursor.deallocate() }
        var openError: Int32 = 0
        guard let gif = DGifOpen(cursor, { gif, buffer, count in
            guard let gif, let buffer, count > 0 else { return 0 }
            let cursor = gif.pointee.UserData.assumingMemoryBound(to: Cursor.self)
            let n = min(Int(count), cursor.pointee.bytes.count - cursor.pointee.position)
            guard n > 0 else { return 0 }
            memcpy(buffer, cursor.pointee.bytes.baseAddress! + cursor.pointee.position, n)
            cursor.pointee.position += n
            return Int32(n)
        }, &openError) else {
            throw corrupt(giflib(openError))
        }
        defer { DGifCloseFile(gif, nil) }

        let width = Int(gif.pointee.SWidth), height = Int(gif.pointee.SHeight)
        guard width > 0, height > 0 else { throw corrupt("the header gives an empty size of \(width)x\(height)") }
        guard limit.allows(width: width, height: height) else {
            throw .tooLarge(name: name, width: width, height: height, limit: limit)
        }
        var canvas = Canvas(width: width, height: height)
        var control = GraphicsControlBlock(DisposalMode: DISPOSAL_UNSPECIFIED, UserInputFlag: false, DelayTime: 0, TransparentColor: NO_TRANSPARENT_COLOR)
        var number = 0
        // A frame is handed on only when the next record shows whether it was
        // the last, so that a single-frame file gets no `#frame=1`.
        var pending: (number: Int, frame: Result<Frame, ImageLoadError>)?
        func flush(alone: Bool) -> Bool {
            guard let (number, frame) = pending else { return true }
            pending = nil
            return body(ImagePage(fragment: alone ? nil : "frame=\(number)", frame: frame))
        }

        while true {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &record) == GIF_OK else {
                if number == 0 { throw corrupt(giflib(gif.pointee.Error)) }
                // Damage after a frame: what came before stands.
                guard flush(alone: false) else { return }
                number += 1
                _ = body(ImagePage(fragment: "frame=\(number)", frame: .failure(corrupt(giflib(gif.pointee.Error)))))
                return
            }
            switch record {
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &block) == GIF_OK else { throw corrupt(giflib(gif.pointee.Error)) }
                if code == GRAPHICS_EXT_FUNC_CODE, let block {
                    DGifExtensionToGCB(Int(block[0]), block + 1, &control)
                }
                while block != nil {
                    guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw corrupt(giflib(gif.pointee.Error)) }
                }
            case IMAGE_DESC_RECORD_TYPE:
                number += 1
                guard flush(alone: false) else { return }
                let frameName = number == 1 ? name : name + "#frame=\(number)"
                let drawn = Result { () throws(ImageLoadError) in
                    try canvas.draw(gif, control: control, name: frameName, limit: limit)
                }
                control = GraphicsControlBlock(DisposalMode: DISPOSAL_UNSPECIFIED, UserInputFlag: false, DelayTime: 0, TransparentColor: NO_TRANSPARENT_COLOR)
                pending = (number, drawn.map { canvas.frame() })
                if case .failure = drawn {
                    // giflib cannot resynchronise inside a damaged frame.
                    _ = flush(alone: number == 1)
                    return
                }
                if !allFrames { _ = flush(alone: true); return }
                canvas.dispose()
            case TERMINATE_RECORD_TYPE:
                guard number > 0 else { throw corrupt("the file holds no image") }
                _ = flush(alone: number == 1)
                return
            default:
                throw corrupt("unknown record type \(record.rawValue)")
            }
        }
    }

    /// The logical screen, in luma, with what each frame leaves behind.
    private struct Canvas {
        let width: Int
        let height: Int
        var pixels: [UInt8]
        /// What the last frame's rectangle becomes once it has been shown.
        private var disposal: (rect: (x: Int, y: Int, width: Int, height: Int), restore: [UInt8]?)?

        /// A white screen: the background a barcode is printed on.
        init(width: Int, height: Int) {
            self.width = width
            self.height = height
            pixels = [UInt8](repeating: 255, count: width * height)
        }

        func frame() -> Frame { Frame(width: width, height: height, pixels: pixels) }

        /// Decodes the frame whose descriptor is next in `gif` onto the screen.
        mutating func draw(
            _ gif: UnsafeMutablePointer<GifFileType>, control: GraphicsControlBlock, name: String, limit: ImageSizeLimit
        ) throws(ImageLoadError) {
            func corrupt(_ reason: String) -> ImageLoadError { .corrupt(name: name, format: .gif, reason: reason) }
            func giflibError() -> ImageLoadError {
                corrupt("giflib: " + (GifErrorString(gif.pointee.Error).map { String(cString: $0) } ?? "error"))
            }
            guard DGifGetImageDesc(gif) == GIF_OK else { throw giflibError() }
            let image = gif.pointee.Image
            let left = Int(image.Left), top = Int(image.Top), columns = Int(image.Width), rows = Int(image.Height)
            guard columns > 0, rows > 0 else { throw corrupt("a frame has an empty size of \(columns)x\(rows)") }
            guard limit.allows(width: columns, height: rows) else {
                throw .tooLarge(name: name, width: columns, height: rows, limit: limit)
            }
            guard let map = image.ColorMap ?? gif.pointee.SColorMap else { throw corrupt("a frame has no colour table") }
            // Indexes past the table's end are damage; black is as good as any.
            var luma = [UInt8](repeating: 0, count: 256)
            for index in 0..<min(Int(map.pointee.ColorCount), 256) {
                let colour = map.pointee.Colors[index]
                luma[index] = LumaConversion.luma(red: colour.Red, green: colour.Green, blue: colour.Blue)
            }
            let transparent = Int(control.TransparentColor)
            let rect = (x: left, y: top, width: columns, height: rows)
            switch control.DisposalMode {
            case DISPOSE_PREVIOUS: disposal = (rect, pixels)
            case DISPOSE_BACKGROUND: disposal = (rect, nil)
            default: disposal = nil
            }

            // Interlaced frames arrive in four passes of every 8th, 8th, 4th
            // and 2nd row.
            let passes = image.Interlace ? [(0, 8), (4, 8), (2, 4), (1, 2)] : [(0, 1)]
            var line = [GifPixelType](repeating: 0, count: columns)
            for (start, step) in passes {
                for row in Swift.stride(from: start, to: rows, by: step) {
                    guard DGifGetLine(gif, &line, Int32(columns)) == GIF_OK else { throw giflibError() }
                    let y = top + row
                    guard y < height else { continue }
                    for column in 0..<max(0, min(columns, width - left)) where Int(line[column]) != transparent {
                        pixels[y * width + left + column] = luma[Int(line[column])]
                    }
                }
            }
        }

        /// Applies the shown frame's disposal before the next frame is drawn.
        mutating func dispose() {
            guard let (rect, restore) = disposal else { return }
            if let restore {
                pixels = restore
            } else {
                let columns = rect.x..<max(rect.x, min(rect.x + rect.width, width))
                for y in rect.y..<max(rect.y, min(rect.y + rect.height, height)) {
                    for x in columns { pixels[y * width + x] = 255 }
                }
            }
            disposal = nil
        }
    }
}
