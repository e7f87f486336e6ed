/// Wide/narrow classification against the line's own element widths, for the
/// two-width symbologies (Code 39, Telepen). The widths come from a character of
/// known layout (the start character), bars and spaces apart, so that ink spread
/// (bars wider, spaces narrower by the same amount) is measured and taken out
/// instead of being mistaken for wide elements.
struct TwoWidthClassifier: Sendable, Hashable {
    /// Narrow and wide element widths with the spread taken out, in pixels.
    var narrow: Float
    var wide: Float
    /// How much wider than drawn a bar prints (a space prints that much narrower), in pixels.
    var spread: Float

    struct Element: Sendable, Hashable {
        var isWide: Bool
        /// 1 when the width is exactly narrow or wide; 0 when it lies halfway
        /// between, or a whole narrow-to-wide difference beyond either (a wide
        /// element grown by a module at 2:1 is no element of this line).
        var confidence: Float
    }

    /// Estimates from `wide.count` elements from `start` (a bar first) whose layout
    /// is `wide`; nil unless both widths occur among bars and among spaces and the
    /// wide/narrow ratio lies in `ratios`.
    init?(_ runs: UnsafeBufferPointer<Float>, at start: Int, wide layout: [Bool], ratios: ClosedRange<Float>) {
        guard start >= 0, start <= runs.count - layout.count else { return nil }
        // [bar narrow, bar wide, space narrow, space wide]: sums and counts,
        // inline (this runs at every start of every line).
        var sum = InlineArray<4, Float>(repeating: 0), count = InlineArray<4, Float>(repeating: 0)
        for (i, isWide) in layout.enumerated() {
            let k = (i % 2 == 0 ? 0 : 2) + (isWide ? 1 : 0)
            sum[k] += runs[start + i]
            count[k] += 1
        }
        guard count[0] > 0, count[1] > 0, count[2] > 0, count[3] > 0 else { return nil }
        let nb = sum[0] / count[0], wb = sum[1] / count[1], ns = sum[2] / count[2], ws = sum[3] / count[3]
        narrow = (nb + ns) / 2
        wide = (wb + ws) / 2
        spread = ((nb - ns) + (wb - ws)) / 4
        guard narrow > 0, ratios.contains(wide / narrow) else { return nil }
    }

    /// One element; `scale` follows the line's module size along the symbol (perspective).
    func classify(_ width: Float, isBar: Bool, scale: Float) -> Element {
        let corrected = isBar ? width - spread : width + spread
        let z = (corrected - narrow * scale) / ((wide - narrow) * scale)
        guard z.isFinite else { return Element(isWide: false, confidence: 0) }
        let beyond = max(z - 1, -z, 0)
        return Element(isWide: z > 0.5, confidence: min(abs(z - 0.5) * 2, 1 - beyond))
    }
}
