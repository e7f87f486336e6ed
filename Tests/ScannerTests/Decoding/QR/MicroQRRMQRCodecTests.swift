import Testing
@testable import Scanner

@Suite struct MicroQRRMQRCodecTests {
    static func digits(_ n: Int, seed: Int) -> String {
        var state = UInt64(truncatingIfNeeded: seed &* 7919 &+ 17)
        return String((0..<n).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Character(String(Int(state >> 33) % 10))
        })
    }

    /// The longest data of `make(n)` that zint still puts in the requested symbol.
    static func fill(_ args: (String) -> [String], width: Int? = nil, expect: (QRDecoded) -> Bool,
                     make: (Int) -> String, start: Int) -> (ok: Bool, note: String) {
        // Binary search for the longest data zint accepts for this symbol size.
        var lo = 0, hi = start
        var best: (Int, BitMatrix)?
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if let m = QRZint.matrix(args(make(mid)), width: width) { best = (mid, m); lo = mid } else { hi = mid - 1 }
        }
        if let (n, m) = best {
            let data = make(n)
            guard let r = QRSymbolDecoder.decode(m) else { return (false, "no decode n=\(n)") }
            return (r.text == data && expect(r), "n=\(n) got \(r.versionName) \(String(describing: r.ecLevel)) \(r.text.prefix(16))")
        }
        return (false, "zint never fit")
    }

    @Test func microQRAllVersionsLevelsMasks() {
        let levels: [[Int]] = [[0], [1, 2], [1, 2], [1, 2, 3]] // zint --secure per version (0 = none)
        let lvl: [Int: QRErrorCorrectionLevel] = [1: .L, 2: .M, 3: .Q]
        var failures: [String] = []
        for v in 1...4 {
            for sec in levels[v - 1] {
                for mask in 0..<4 {
                    let res = Self.fill({ d in ["-b", "97", "--vers=\(v)", "--mask=\(mask)"] + (sec > 0 ? ["--secure=\(sec)"] : []) + ["-d", d] },
                                        expect: { r in r.symbolType == .microQR && r.version == v && r.mask == mask && r.ecLevel == lvl[sec] },
                                        make: { Self.digits($0, seed: v * 100 + sec * 10 + mask) }, start: 35)
                    if !res.ok { failures.append("M\(v) sec\(sec) mask\(mask): \(res.note)") }
                }
            }
            // Other modes where the version has them.
            let samples = v == 1 ? [] : v == 2 ? ["AB-12"] : ["Hi there", "漢字テスト", "AB12ab"]
            for s in samples {
                guard let m = QRZint.matrix(["-b", "97", "--vers=\(v)", "-d", s]) else { failures.append("zint M\(v) \(s)"); continue }
                let r = QRSymbolDecoder.decode(m)
                if r?.text != s { failures.append("M\(v) '\(s)': \(String(describing: r?.text))") }
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func rmqrAllSizesBothLevels() {
        var failures: [String] = []
        for idx in 0..<32 {
            let width = QRVersion.rmqrSizes[idx].width
            for (sec, level) in [(2, QRErrorCorrectionLevel.M), (4, .H)] {
                for (modeName, make) in [("numeric", { (n: Int) in Self.digits(n, seed: idx + sec) }),
                                         ("alnum", { (n: Int) in String(repeating: "AB1 ", count: n / 4 + 1).prefix(n).description }),
                                         ("byte", { (n: Int) in String(repeating: "ab1x", count: n / 4 + 1).prefix(n).description })] {
                    let res = Self.fill({ d in ["-b", "145", "--vers=\(idx + 1)", "--secure=\(sec)", "-d", d] }, width: width,
                                        expect: { r in r.symbolType == .rmqr && r.version == idx + 1 && r.ecLevel == level },
                                        make: make, start: 380)
                    if !res.ok { failures.append("\(QRVersion.rmqr(index: idx)?.name ?? "") \(level) \(modeName): \(res.note)") }
                }
            }
            if let m = QRZint.matrix(["-b", "145", "--vers=\(idx + 1)", "-d", "漢字"], width: width) {
                let r = QRSymbolDecoder.decode(m)
                if r?.text != "漢字" { failures.append("kanji \(idx): \(String(describing: r?.text))") }
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }
}
