/// Our PDF417 reader's fuzzing entry point (Fuzz/PDF417), `package` so the harness reaches the
/// module's internals without `@testable`.
///
/// The first byte chooses what the rest is, by its low two bits: 0 codewords (two bytes each,
/// 0–1023, so reserved and out-of-range values occur) through Reed–Solomon and the data decoder,
/// with rows, columns and level from the next three bytes; 1 a small frame through
/// `PDF417Engine`; 2 and 3 such codewords drawn as a symbol (2 pixels a module, rows 3 modules
/// high, compact when bit 2 is set) through the engine, so the detector meets real guards.
package enum PDF417FuzzEntry {
    package static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let mode = bytes.first else { return }
        let rest = UnsafeBufferPointer(rebasing: bytes.dropFirst().prefix(MatrixFuzzInput.maximumBytes))
        switch mode & 3 {
        case 0:
            guard let (rows, columns, level, words) = symbol(rest) else { return }
            _ = PDF417SymbolDecoder.decode(words, rows: rows, columns: columns, level: level)
        case 1:
            if let frame = MatrixFuzzInput.frame(rest) { decode(frame) }
        default:
            guard let (rows, columns, level, words) = symbol(rest) else { return }
            decode(drawn(words.map { ($0 ?? 0) % PDF417Codewords.valueCount }, rows: rows, columns: columns, level: level, compact: mode & 4 != 0))
        }
    }

    static func decode(_ frame: Frame) {
        _ = PDF417Engine().decode(frame, symbologies: [.pdf417], options: EngineOptions())
    }

    /// Rows 3–90, columns 1–30 (within 928 codewords), level 0–8, then the codewords (nil for
    /// 0xFFFF, an erasure).
    static func symbol(_ b: UnsafeBufferPointer<UInt8>) -> (Int, Int, Int, [Int?])? {
        guard b.count >= 3 else { return nil }
        let columns = Int(b[b.startIndex + 1]) % 30 + 1
        let rows = min(Int(b[b.startIndex]) % 88 + 3, 928 / columns)
        guard rows >= 3 else { return nil }
        let level = Int(b[b.startIndex + 2]) % 9
        var words: [Int?] = []
        var i = b.startIndex + 3
        while words.count < rows * columns {
            let v = i + 1 < b.endIndex ? Int(b[i]) << 8 | Int(b[i + 1]) : 0
            words.append(v == 0xFFFF ? nil : v & 0x3FF)
            i += 2
        }
        return (rows, columns, level, words)
    }

    /// The codewords drawn as a symbol with its guards and row indicators, quiet zone 4 modules.
    static func drawn(_ words: [Int], rows: Int, columns: Int, level: Int, compact: Bool) -> Frame {
        let quiet = 4, scale = 2, rowHeight = 3
        let modules = 17 * (columns + (compact ? 2 : 4)) + 1
        let width = (modules + 2 * quiet) * scale, height = (rows * rowHeight + 2 * quiet) * scale
        var pixels = [UInt8](repeating: 230, count: width * height)
        for r in 0..<rows {
            var patterns: [UInt32] = [0x1FEA8]  // the start pattern's 17 modules
            var row = [PDF417RowIndicator.value(row: r, rows: rows, columns: columns, level: level, left: true)]
            row += words[(r * columns)..<(r * columns + columns)]
            if !compact { row.append(PDF417RowIndicator.value(row: r, rows: rows, columns: columns, level: level, left: false)) }
            patterns += row.map { PDF417Codewords.pattern(value: $0 % PDF417Codewords.valueCount, cluster: 3 * (r % 3)) ?? 0 }
            var bits: [Bool] = []
            for p in patterns { for k in 0..<17 { bits.append(p >> UInt32(16 - k) & 1 == 1) } }
            // The stop pattern (18 modules), or compact's one bar.
            let stop: UInt32 = 0x3FA29
            if compact { bits.append(true) } else { for k in 0..<18 { bits.append(stop >> UInt32(17 - k) & 1 == 1) } }
            for (m, dark) in bits.enumerated() where dark {
                for dy in 0..<(rowHeight * scale) {
                    for dx in 0..<scale { pixels[((quiet + r * rowHeight) * scale + dy) * width + (quiet + m) * scale + dx] = 20 }
                }
            }
        }
        return Frame(width: width, height: height, pixels: pixels)
    }
}
