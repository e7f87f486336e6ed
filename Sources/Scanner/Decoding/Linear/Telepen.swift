/// Telepen on one scan line, read left to right: start `_`, data, the mod-127
/// check character and stop `z`, between quiet zones.
///
/// Every character is an ASCII byte with even parity in bit 7, sent least
/// significant bit first in 16 modules, as bar-space pairs: a 1 bit is narrow,
/// narrow; two 0 bits in a row are wide, narrow; 0 1 0 is wide, wide; and in
/// 0 1…1 0 with two or more 1s, the leading 0 1 and the trailing 1 0 are each
/// narrow, wide, with narrow, narrow for every 1 between. Narrow is 1 module,
/// wide 3. (Zeros come in pairs since the parity is even, so a character
/// never splits a pair.)
enum Telepen {
    /// Half of the customary 10 modules, for photos cropped close.
    static let quietZoneNarrows: Float = 5
    static let minConfidence: Float = 0.3
    /// Nominally 3:1.
    static let ratios: ClosedRange<Float> = 2.0...4.2
    /// `z`; the start `_` is matched by its layout below.
    static let stopByte: UInt8 = 0x7A

    /// `_` is five 1 bits then 0 1 0: ten narrow elements, a wide bar and a wide space.
    private static let startLayout: [Bool] = Array(repeating: false, count: 10) + [true, true]

    static func decode(_ runs: ScanRuns) -> [LinearRead] {
        // Start, one data, check, stop (at least 6 runs each) and the quiet zone.
        SymbolScan.reads(RunWidths.sanitized(runs), minimumRuns: 30) { symbol($0, from: $1) }
    }

    /// Data characters as zxing-cpp 3.1.1 prints them. Telepen Numeric draws digit
    /// pairs as characters 27-126 (pair + 27) and a digit followed by `X` as
    /// 17-26, with the same start and stop as Telepen Alpha; nothing in the
    /// symbol says which was meant. zxing-cpp takes a symbol for numeric when no
    /// character is below 17 and some character is a control character from 17
    /// on (where printable text would not go), and then prints every character
    /// as its pair; DEL (127) stays as it is.
    static func text(_ data: [UInt8]) -> [UInt8] {
        guard data.allSatisfy({ $0 >= 17 }), data.contains(where: { $0 < 32 }) else { return data }
        var text: [UInt8] = []
        for c in data {
            switch c {
            case 17...26: text += [48 + c - 17, UInt8(ascii: "X")]
            case 27...126: text += [48 + (c - 27) / 10, 48 + (c - 27) % 10]
            default: text.append(c)
            }
        }
        return text
    }

    private static func symbol(_ runs: UnsafeBufferPointer<Float>, from start: Int) -> LinearRead? {
        guard let classifier = TwoWidthClassifier(runs, at: start, wide: startLayout, ratios: ratios),
              runs[start - 1] + classifier.spread >= quietZoneNarrows * classifier.narrow else { return nil }
        var confidence: Float = 1
        for (i, isWide) in startLayout.enumerated() {
            let e = classifier.classify(runs[start + i], isBar: i % 2 == 0, scale: 1)
            guard e.isWide == isWide, e.confidence >= minConfidence else { return nil }
            confidence = min(confidence, e.confidence)
        }
        var reader = CharacterReader(runs: runs, classifier: classifier, position: start + 12)
        var values: [UInt8] = []
        while true {
            guard let byte = reader.next() else { return nil }
            if reader.ended {
                guard byte == stopByte else { return nil }
                break
            }
            values.append(byte)
        }
        confidence = min(confidence, reader.confidence)
        // Data and check character: the sum of all of them is a multiple of 127.
        guard values.count >= 2, values.reduce(0, { $0 + Int($1) }) % 127 == 0 else { return nil }
        return LinearRead(symbology: .telepen, bytes: text(Array(values.dropLast())),
                          firstRun: start, endRun: reader.position, margin: confidence)
    }

    /// Reads characters one after another, following the module size along the line.
    private struct CharacterReader {
        let runs: UnsafeBufferPointer<Float>
        let classifier: TwoWidthClassifier
        /// The next run to read (a bar); after the stop, the trailing quiet zone.
        var position: Int
        /// Module size relative to the start character's.
        var scale: Float = 1
        var confidence: Float = 1
        /// The last character's final space was the quiet zone.
        var ended = false

        private struct Element { var isWide: Bool; var isQuietZone: Bool }

        private mutating func element(_ i: Int) -> Element? {
            guard i < runs.count else { return nil }
            let isBar = i % 2 == 1
            if !isBar, runs[i] + classifier.spread >= quietZoneNarrows * classifier.narrow * scale {
                return Element(isWide: false, isQuietZone: true)
            }
            let e = classifier.classify(runs[i], isBar: isBar, scale: scale)
            confidence = min(confidence, e.confidence)
            guard e.confidence >= minConfidence else { return nil }
            return Element(isWide: e.isWide, isQuietZone: false)
        }

        /// The next character's byte without its parity bit; nil if its runs are
        /// not a valid even-parity character.
        mutating func next() -> UInt8? {
            var byte: UInt16 = 0, bits = 0
            var i = position
            var inGroup = false
            var narrows: Float = 0, wides: Float = 0, pixels: Float = 0
            func put(_ pattern: [UInt16]) {
                for bit in pattern { byte |= bit << UInt16(bits); bits += 1 }
            }
            while bits < 8 {
                guard let bar = element(i), !bar.isQuietZone, let space = element(i + 1) else { return nil }
                for e in [bar, space] { if e.isWide { wides += 1 } else { narrows += 1 } }
                pixels += runs[i] + (space.isQuietZone ? 0 : runs[i + 1])
                i += 2
                if space.isQuietZone { ended = true }
                switch (bar.isWide, space.isWide) {
                case (false, false): put([1])
                case (false, true):  // opens or closes 0 1…1 0
                    put(inGroup ? [1, 0] : [0, 1])
                    inGroup.toggle()
                case (true, false):
                    guard !inGroup else { return nil }
                    put([0, 0])
                case (true, true):
                    guard !inGroup else { return nil }
                    put([0, 1, 0])
                }
                guard bits <= 8, !ended || bits == 8 else { return nil }
            }
            guard !inGroup else { return nil }
            guard byte.nonzeroBitCount % 2 == 0 else { return nil }
            position = i
            // The next character's module size, from this one's width and make-up.
            let model = narrows * classifier.narrow + wides * classifier.wide
            if !ended, model > 0, pixels > 0 { scale = pixels / model }
            return UInt8(byte & 0x7F)
        }
    }
}
