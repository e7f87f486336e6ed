/// How well a sampled QR Model 2 grid shows the function patterns it must have (finders with
/// their separators, timing patterns, alignment patterns): a sampling-quality measure that needs
/// no decoding, used to choose between samplings of one symbol.
enum QRPatternFit {
    /// Function modules that differ from what the standard prescribes.
    static func mismatches(_ m: BitMatrix) -> Int {
        let d = m.width
        guard d == m.height, d >= 21 else { return Int.max }
        var bad = 0
        for (fx, fy) in [(0, 0), (d - 7, 0), (0, d - 7)] {
            for dy in -1...7 {
                for dx in -1...7 {
                    let x = fx + dx, y = fy + dy
                    guard x >= 0, y >= 0, x < d, y < d else { continue }
                    let c = max(abs(dx - 3), abs(dy - 3))
                    // Ring of 7 dark, ring of 5 light, 3x3 dark; the separator (c == 4) light.
                    if m[x, y] != (c == 3 || c <= 1) { bad += 1 }
                }
            }
        }
        if d > 16 {
            for i in 8...(d - 9) where m[i, 6] != (i % 2 == 0) || m[6, i] != (i % 2 == 0) {
                bad += m[i, 6] != (i % 2 == 0) && m[6, i] != (i % 2 == 0) ? 2 : 1
            }
        }
        let centres = QRVersion.qr((d - 17) / 4)?.alignmentCentres ?? []
        for cy in centres {
            for cx in centres {
                // The three places under finders hold none.
                if (cx == 6 && cy == 6) || (cx == 6 && cy == d - 7) || (cx == d - 7 && cy == 6) { continue }
                for dy in -2...2 {
                    for dx in -2...2 where m[cx + dx, cy + dy] != (max(abs(dx), abs(dy)) != 1) { bad += 1 }
                }
            }
        }
        return bad
    }
}
