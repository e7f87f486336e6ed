/// Decodes Netpbm images: PBM (P1 text, P4 packed bits), PGM (P2 text, P5
/// binary) and PPM (P3 text, P6 binary), with any maxval up to 65535.
enum PNMDecoder {
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    static func decode(_ bytes: UnsafeRawBufferPointer, name: String, limit: ImageSizeLimit) throws(ImageLoadError) -> Frame {
        func corrupt(_ reason: String) -> ImageLoadError { .corrupt(name: name, format: .pnm, reason: reason) }
        let kind = bytes[1] - UInt8(ascii: "0")  // 1...6, checked by ImageFormat
        let text = kind <= 3
        let bitmap = kind == 1 || kind == 4
        let channels = kind == 3 || kind == 6 ? 3 : 1
        var reader = Reader(bytes: bytes, position: 2)
        guard let width = reader.number(), let height = reader.number() else {
            throw corrupt("the header's width and height are missing")
        }
        let maxValue = bitmap ? 1 : reader.number() ?? 0
        guard (1...65535).contains(maxValue) else { throw corrupt("the header's maxval must be 1 to 65535") }
        // Binary pixel data starts after exactly one whitespace byte.
        if !text { reader.position += 1 }

        // The size, then the data's length, before any pixel is allocated, so
        // that a header alone (or a sparse file of zeros after it) costs nothing.
        try limit.check(width: width, height: height, format: .pnm, name: name)
        let samplesPerRow = width * channels
        let bytesPerSample = maxValue > 255 ? 2 : 1
        let bytesPerRow = bitmap ? (width + 7) / 8 : samplesPerRow * bytesPerSample
        // Plain numbers take at least a digit and a separator each (plain PBM bits, a digit).
        let needed = text ? (bitmap ? samplesPerRow * height : 2 * samplesPerRow * height - 1) : bytesPerRow * height
        guard reader.remaining >= needed else { throw corrupt("pixel data ends after \(reader.remaining) of \(needed) bytes") }

        return try limit.makeFrame(width: width, height: height, format: .pnm, name: name) {
            pixels throws(ImageLoadError) in
            if !text && !bitmap && maxValue == 255 {
                // The common case needs no rescaling: convert in one pass.
                let data = UnsafeRawBufferPointer(rebasing: bytes[reader.position..<reader.position + needed])
                if channels == 1 {
                    pixels.copyMemory(from: data)
                } else {
                    LumaConversion.convert(data, layout: .rgb, width: width, height: height, sourceStride: samplesPerRow,
                                           into: pixels, destinationStride: width)
                }
                return
            }
            let row = UnsafeMutableRawBufferPointer.allocate(byteCount: samplesPerRow, alignment: 16)
            defer { row.deallocate() }
            for y in 0..<height {
                for i in 0..<samplesPerRow {
                    let value: Int
                    if bitmap {
                        // In PBM 1 is black.
                        if text {
                            guard let bit = reader.bit() else { throw corrupt("pixel data ends at row \(y)") }
                            value = bit
                        } else {
                            value = Int(bytes[reader.position + i / 8] >> (7 - UInt8(i % 8))) & 1
                        }
                        row[i] = value == 1 ? 0 : 255
                        continue
                    } else if text {
                        guard let number = reader.number() else { throw corrupt("pixel data ends at row \(y)") }
                        value = min(number, maxValue)
                    } else if bytesPerSample == 2 {
                        let at = reader.position + 2 * i
                        value = min(Int(bytes[at]) << 8 | Int(bytes[at + 1]), maxValue)
                    } else {
                        value = min(Int(bytes[reader.position + i]), maxValue)
                    }
                    row[i] = UInt8((value * 255 + maxValue / 2) / maxValue)
                }
                if !text { reader.position += bytesPerRow }
                let out = UnsafeMutableRawBufferPointer(rebasing: pixels[y * width..<(y + 1) * width])
                if channels == 1 {
                    out.copyMemory(from: UnsafeRawBufferPointer(row))
                } else {
                    LumaConversion.convert(UnsafeRawBufferPointer(row), layout: .rgb, width: width, height: 1,
                                           sourceStride: samplesPerRow, into: out, destinationStride: width)
                }
            }
        }
    }

    /// Reads the text tokens of a Netpbm header or plain-format body.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var position: Int

        var remaining: Int { max(bytes.count - position, 0) }

        /// Skips whitespace and `#` comments.
        mutating func skipSeparators() {
            while position < bytes.count {
                if isWhitespace(bytes[position]) {
                    position += 1
                } else if bytes[position] == UInt8(ascii: "#") {
                    while position < bytes.count && bytes[position] != 0x0A && bytes[position] != 0x0D { position += 1 }
                } else {
                    return
                }
            }
        }

        /// The next decimal number, saturated far above any size limit so
        /// that an absurd header is reported as too large, not overflowed.
        mutating func number() -> Int? {
            skipSeparators()
            var value: Int?
            while position < bytes.count, let digit = Reader.digit(bytes[position]) {
                value = min((value ?? 0) * 10 + digit, 1 << 40)
                position += 1
            }
            return value
        }

        /// The next plain-PBM pixel: a single 0 or 1, separators optional.
        mutating func bit() -> Int? {
            skipSeparators()
            guard position < bytes.count, let digit = Reader.digit(bytes[position]), digit <= 1 else { return nil }
            position += 1
            return digit
        }

        private static func digit(_ byte: UInt8) -> Int? {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
        }
    }
}
