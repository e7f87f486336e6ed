/// Decodes Windows and OS/2 bitmaps: 1, 4 and 8 bits through a palette,
/// 16 and 32 bits with or without bit-field masks, and 24-bit BGR, stored
/// bottom-up or top-down.
///
/// Our own reader: Debian has no small library for BMP alone. Every number
/// from the headers is checked before it sizes or indexes anything, and the
/// size limit before pixels are allocated, as in `PNMDecoder`.
enum BMPDecoder {
    /// The DIB header sizes in use: OS/2 core, then Windows 3 to 5.
    static let headerSizes: Set<Int> = [12, 40, 52, 56, 64, 108, 124]

    static func decode(_ bytes: UnsafeRawBufferPointer, name: String, limit: ImageSizeLimit) throws(ImageLoadError) -> Frame {
        func corrupt(_ reason: String) -> ImageLoadError { .corrupt(name: name, format: .bmp, reason: reason) }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        func i32(_ at: Int) -> Int { Int(Int32(truncatingIfNeeded: UInt32(u32(at)))) }

        let headerSize = u32(14)  // one of headerSizes, checked by ImageFormat
        guard bytes.count >= 14 + headerSize else {
            throw corrupt("the file ends inside its \(headerSize)-byte header")
        }
        let pixelOffset = u32(10)
        let core = headerSize == 12
        let width = core ? u16(18) : i32(18)
        let storedHeight = core ? u16(20) : i32(22)
        let bitsPerPixel = core ? u16(24) : u16(28)
        let compression = core ? 0 : u32(30)
        let topDown = storedHeight < 0
        let height = abs(storedHeight)

        // Channel masks: implied for BI_RGB, given for BI_BITFIELDS (3) and
        // BI_ALPHABITFIELDS (6), right after a 40-byte header or inside a larger one.
        var masks: (red: Int, green: Int, blue: Int)
        switch (compression, bitsPerPixel) {
        case (0, 16): masks = (0x7C00, 0x03E0, 0x001F)
        case (0, 24), (0, 32): masks = (0xFF0000, 0x00FF00, 0x0000FF)
        case (0, 1), (0, 4), (0, 8): masks = (0, 0, 0)
        case (3, 16), (3, 32), (6, 16), (6, 32):
            guard bytes.count >= 14 + 40 + 12 else { throw corrupt("the file ends before its colour masks") }
            masks = (u32(54), u32(58), u32(62))
        case (1, _), (2, _):
            throw corrupt("run-length compressed bitmaps are not supported")
        default:
            throw corrupt("\(bitsPerPixel) bits per pixel with compression \(compression) is not a bitmap layout")
        }

        // The palette, as luma, for 1, 4 and 8 bits.
        var palette = [UInt8]()
        if bitsPerPixel <= 8 {
            let entrySize = core ? 3 : 4
            let used = core ? 0 : u32(46)
            let count = used == 0 ? 1 << bitsPerPixel : used
            guard count <= 1 << bitsPerPixel else { throw corrupt("the palette claims \(count) colours for \(bitsPerPixel) bits") }
            let start = 14 + headerSize
            guard bytes.count >= start + count * entrySize else { throw corrupt("the file ends inside the palette") }
            palette = (0..<count).map { i in
                let at = start + i * entrySize
                return LumaConversion.luma(red: bytes[at + 2], green: bytes[at + 1], blue: bytes[at])
            }
        }

        return try limit.makeFrame(width: width, height: height, format: .bmp, name: name) { pixels throws(ImageLoadError) in
            // Rows are padded to four bytes; sizes are within the limit here.
            let rowBytes = (width * bitsPerPixel + 31) / 32 * 4
            guard pixelOffset >= 14 + headerSize, pixelOffset <= bytes.count else {
                throw corrupt("the pixel data offset \(pixelOffset) lies outside the file")
            }
            let available = bytes.count - pixelOffset
            guard available >= rowBytes * height else {
                throw corrupt("pixel data ends after \(available) of \(rowBytes * height) bytes")
            }
            let channels = [masks.red, masks.green, masks.blue].map(Channel.init)
            for row in 0..<height {
                let source = pixelOffset + (topDown ? row : height - 1 - row) * rowBytes
                let out = row * width
                switch bitsPerPixel {
                case 1, 4, 8:
                    let perByte = 8 / bitsPerPixel, mask = (1 << bitsPerPixel) - 1
                    for x in 0..<width {
                        let byte = Int(bytes[source + x / perByte])
                        let index = byte >> ((perByte - 1 - x % perByte) * bitsPerPixel) & mask
                        pixels[out + x] = index < palette.count ? palette[index] : 0
                    }
                case 24:
                    for x in 0..<width {
                        let at = source + x * 3
                        pixels[out + x] = LumaConversion.luma(red: bytes[at + 2], green: bytes[at + 1], blue: bytes[at])
                    }
                default:  // 16 or 32 bits, through the masks
                    let size = bitsPerPixel / 8
                    for x in 0..<width {
                        let value = size == 2 ? u16(source + x * 2) : u32(source + x * 4)
                        pixels[out + x] = LumaConversion.luma(
                            red: channels[0].value(value), green: channels[1].value(value), blue: channels[2].value(value))
                    }
                }
            }
        }
    }

    /// One colour's bits within a 16- or 32-bit pixel, scaled to 8 bits.
    private struct Channel {
        let mask: Int
        let shift: Int
        let maximum: Int

        init(_ mask: Int) {
            self.mask = mask
            shift = mask == 0 ? 0 : mask.trailingZeroBitCount
            maximum = mask >> shift
        }

        func value(_ pixel: Int) -> UInt8 {
            maximum == 0 ? 0 : UInt8(((pixel & mask) >> shift) * 255 / maximum)
        }
    }
}
