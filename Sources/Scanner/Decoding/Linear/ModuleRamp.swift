/// The module along one EAN-13, UPC-A or EAN-8 on a line. Seen at a slant,
/// a symbol's far end is narrower than its near end: a keystone that
/// shortens the far edge by 40 % makes an EAN-13's last digits half as wide
/// as its first, 40 % off the symbol's average at both ends. So each
/// digit, guard and quiet zone is judged against the module at its own
/// place: a straight line fitted through the digits' widths, each of which
/// spans 7 modules between edges of one polarity, whatever the ink spread.
struct ModuleRamp: Sendable {
    /// The module at `centre` (in modules from the symbol's start), and its
    /// change per module.
    private let mean: Float, centre: Float, slope: Float

    /// The most the module may change from one end of the symbol to the
    /// other: keystones of 30, 40 and 50 % narrow it 1.8, 2.4 and 3.4
    /// times. At 50 % the far end's modules are a pixel wide where the near
    /// end's are three, and the digits still read: at most 3, the
    /// degradation renders at 50 % read none of 12 EAN-13, EAN-8 and UPC-A,
    /// at most 4 all 12 (zxing-cpp 3.1.1: 4 of 12 on another seed), none
    /// wrong. A ratio past it is a window across two symbols, or noise.
    static let maximumRatio: Float = 4

    /// Fitted through the `2 * halfDigits` digits of the symbol whose start
    /// guard's first bar is run `s` (3 guard runs, the left half's digits,
    /// 5 centre guard runs, the right half's); nil when the module is not
    /// positive at both ends or changes by more than `maximumRatio`.
    init?(_ w: UnsafeBufferPointer<Float>, symbolAt s: Int, halfDigits: Int) {
        let count = 2 * halfDigits
        guard count > 1, s >= 0, s + 3 + 4 * count + 5 <= w.count else { return nil }
        var sumU: Float = 0, sumM: Float = 0, sumUU: Float = 0, sumUM: Float = 0
        for k in 0..<count {
            let at = EANDecoder.digitRun(k, from: s, halfDigits: halfDigits)
            let u = EANDecoder.digitCentre(k, halfDigits: halfDigits)
            let m = (w[at] + w[at + 1] + w[at + 2] + w[at + 3]) / 7
            sumU += u; sumM += m; sumUU += u * u; sumUM += u * m
        }
        let n = Float(count)
        let (meanU, meanM) = (sumU / n, sumM / n)
        let spread = sumUU - n * meanU * meanU
        guard spread > 0 else { return nil }
        (mean, centre, slope) = (meanM, meanU, (sumUM - n * meanU * meanM) / spread)
        let (first, last) = (module(at: 0), module(at: EANDecoder.symbolModules(halfDigits: halfDigits)))
        guard first > 0, last > 0, max(first, last) <= Self.maximumRatio * min(first, last) else { return nil }
    }

    /// The module `u` modules from the symbol's start.
    func module(at u: Float) -> Float {
        mean + slope * (u - centre)
    }
}
