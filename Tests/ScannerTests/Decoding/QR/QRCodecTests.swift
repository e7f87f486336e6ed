import Testing
@testable import Scanner

@Suite struct QRCodecTests {
    static let levels: [QRErrorCorrectionLevel] = [.L, .M, .Q, .H]

    /// Printable data that nearly fills version v at the level (byte mode, 3 bytes overhead).
    static func filler(version v: Int, level: QRErrorCorrectionLevel, seed: Int) -> String {
        guard let version = QRVersion.qr(v), let blocks = version.blocks(level) else { return "" }
        let total = QRCodewords.placementOrder(version).count / 8
        let capacity = total - blocks.ecPerBlock * blocks.blockCount - 3
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789 .,-ABCXYZ")
        var state = UInt64(seed &* 2654435761 &+ 12345)
        return String((0..<max(1, capacity)).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return alphabet[Int(state >> 33) % alphabet.count]
        })
    }

    @Test func allVersionsAllLevels() {
        var failures: [String] = []
        for v in 1...40 {
            for (i, level) in Self.levels.enumerated() {
                let data = Self.filler(version: v, level: level, seed: v * 4 + i)
                guard let m = QRZint.matrix(["-b", "58", "--vers=\(v)", "--secure=\(i + 1)", "-d", data]) else {
                    failures.append("zint v\(v) \(level)"); continue
                }
                guard let r = QRSymbolDecoder.decode(m) else { failures.append("decode v\(v) \(level)"); continue }
                if r.text != data || r.version != v || r.ecLevel != level || r.symbolType != .qr || r.mirrored
                    || r.correctedCodewords != 0 {
                    failures.append("mismatch v\(v) \(level): \(r.versionName) \(String(describing: r.ecLevel)) \(r.text.prefix(20))")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func allMasks() {
        for mask in 0..<8 {
            guard let m = QRZint.matrix(["-b", "58", "--mask=\(mask)", "-d", "Mask test \(mask) 0123456789"]) else {
                Issue.record("zint"); continue
            }
            let r = QRSymbolDecoder.decode(m)
            #expect(r?.mask == mask)
            #expect(r?.text == "Mask test \(mask) 0123456789")
        }
    }

    @Test func kanjiMode() {
        let m = QRZint.matrix(["-b", "58", "-d", "漢字テスト"])
        let r = m.flatMap(QRSymbolDecoder.decode)
        #expect(r?.text == "漢字テスト")
        #expect(r?.bytes.first == 0x8A) // 漢 is 0x8ABF in Shift-JIS
        #expect(r?.ecis == [])
    }

    @Test func eciSegments() {
        let utf8 = "Ünïcödé € 漢"
        let r26 = QRZint.matrix(["-b", "58", "--eci=26", "-d", utf8]).flatMap(QRSymbolDecoder.decode)
        #expect(r26?.text == utf8)
        #expect(r26?.ecis == [26])
        #expect(r26?.bytes == Array(utf8.utf8))
        let latin = "Ünïcödé àçè"
        let r3 = QRZint.matrix(["-b", "58", "--eci=3", "-d", latin]).flatMap(QRSymbolDecoder.decode)
        #expect(r3?.text == latin)
        #expect(r3?.ecis == [3])
        #expect(r3?.bytes.count == latin.unicodeScalars.count)
        let cyrillic = "Привет"
        let r7 = QRZint.matrix(["-b", "58", "--eci=7", "-d", cyrillic]).flatMap(QRSymbolDecoder.decode)
        #expect(r7?.text == cyrillic)
        #expect(r7?.ecis == [7])
    }

    @Test func byteModeGuesses() {
        // zint puts Latin-1 text in byte mode without ECI.
        let r = QRZint.matrix(["-b", "58", "-d", "Ünïcödé"]).flatMap(QRSymbolDecoder.decode)
        #expect(r?.text == "Ünïcödé")
        #expect(r?.byteEncodingGuess == "ISO-8859-1")
        let u = QRZint.matrix(["-b", "58", "--binary", "-d", "naïve ✓"]).flatMap(QRSymbolDecoder.decode)
        #expect(u?.text == "naïve ✓")
        #expect(u?.byteEncodingGuess == "UTF-8")
        #expect(QRDataDecoder.guessCharset([0x93, 0xFA, 0x96, 0x7B]) == "SHIFT_JIS") // 日本
    }

    @Test func gs1() {
        let r = QRZint.matrix(["-b", "58", "--gs1", "-d", "[01]09501101530003[10]ABC"]).flatMap(QRSymbolDecoder.decode)
        #expect(r?.isGS1 == true)
        #expect(r?.bytes == Array("0109501101530003".utf8) + Array("10ABC".utf8))
        let s = QRZint.matrix(["-b", "58", "--gs1", "-d", "[10]ABC12[01]09501101530003"]).flatMap(QRSymbolDecoder.decode)
        #expect(s?.isGS1 == true)
        #expect(s?.bytes == Array("10ABC12".utf8) + [0x1D] + Array("0109501101530003".utf8))
        let rm = QRZint.rmqr(["--gs1", "-d", "[10]AB%1[01]09501101530003"], sizeIndex: 31).flatMap(QRSymbolDecoder.decode)
        #expect(rm?.isGS1 == true)
        #expect(rm?.bytes == Array("10AB%1".utf8) + [0x1D] + Array("0109501101530003".utf8))
    }

    @Test func structuredAppend() {
        let r = QRZint.matrix(["-b", "58", "--structapp=2,4,123", "-d", "Part two"]).flatMap(QRSymbolDecoder.decode)
        #expect(r?.structuredAppend == QRStructuredAppend(index: 1, count: 4, parity: 123))
        #expect(r?.text == "Part two")
    }

    @Test func mirrored() {
        for v in [1, 7, 25] {
            guard let m = QRZint.matrix(["-b", "58", "--vers=\(v)", "-d", "Mirror \(v)"]) else { Issue.record("zint"); continue }
            let r = QRSymbolDecoder.decode(m.transposed())
            #expect(r?.mirrored == true)
            #expect(r?.text == "Mirror \(v)")
        }
        if let m = QRZint.matrix(["-b", "97", "-d", "12345"]) {
            #expect(QRSymbolDecoder.decode(m.transposed())?.mirrored == true)
        }
        // rMQR: the mirror image, presented with its long side horizontal, is flipped top to bottom.
        if let m = QRZint.rmqr(["-d", "rMQR mirror"], sizeIndex: 20), var flipped = BitMatrix(width: m.width, height: m.height) {
            for y in 0..<m.height { for x in 0..<m.width { flipped[x, y] = m[x, m.height - 1 - y] } }
            let r = QRSymbolDecoder.decode(flipped)
            #expect(r?.mirrored == true)
            #expect(r?.text == "rMQR mirror")
        }
    }

    /// XORs every module of the given codewords (transmission order) of a symbol.
    static func damage(_ m: BitMatrix, version: QRVersion, codewords: some Sequence<Int>) -> BitMatrix {
        var out = m
        let order = QRCodewords.placementOrder(version)
        for c in codewords {
            for b in 0..<8 where c * 8 + b < order.count {
                let i = order[c * 8 + b]
                out[i % m.width, i / m.width].toggle()
            }
        }
        return out
    }

    @Test func damagedAtLevelH() {
        // Version 5-H: 4 blocks × 22 check codewords → 11 correctable per block. Codewords
        // 0..<44 are the first 11 data codewords of each block (round-robin interleaving).
        guard let version = QRVersion.qr(5),
              let m = QRZint.matrix(["-b", "58", "--vers=5", "--secure=4", "-d", "Damage test at level H, 30%"]) else {
            Issue.record("zint"); return
        }
        let atCapacity = QRSymbolDecoder.decode(Self.damage(m, version: version, codewords: 0..<44))
        #expect(atCapacity?.text == "Damage test at level H, 30%")
        #expect(atCapacity?.correctedCodewords == 44)
        // 46 data codewords (blocks 2 and 3 have 12), then check codewords round-robin: 0..<48
        // puts 12 errors in every block.
        #expect(QRSymbolDecoder.decode(Self.damage(m, version: version, codewords: 0..<48)) == nil)
        // Version 1-H reserves p = 1: 17 check codewords correct 8.
        guard let v1 = QRVersion.qr(1),
              let m1 = QRZint.matrix(["-b", "58", "--vers=1", "--secure=4", "-d", "1-H"]) else { return }
        #expect(QRSymbolDecoder.decode(Self.damage(m1, version: v1, codewords: [0, 2, 4, 6, 8, 10, 12, 14]))?.correctedCodewords == 8)
        #expect(QRSymbolDecoder.decode(Self.damage(m1, version: v1, codewords: 0..<9)) == nil)
    }

    @Test func geometryMatchesTotalCodewords() {
        // 18004 Table 1: total codewords per version.
        let totals = [26, 44, 70, 100, 134, 172, 196, 242, 292, 346, 404, 466, 532, 581, 655, 733, 815, 901, 991, 1085,
                      1156, 1258, 1364, 1474, 1588, 1706, 1828, 1921, 2051, 2185, 2323, 2465, 2611, 2761, 2876, 3034,
                      3196, 3362, 3532, 3706]
        for v in 1...40 {
            guard let version = QRVersion.qr(v) else { continue }
            #expect(QRCodewords.placementOrder(version).count / 8 == totals[v - 1], "version \(v)")
        }
    }
}
