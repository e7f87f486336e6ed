/// Run widths a decoder can do arithmetic on. The edge detector promises
/// finite, non-negative widths, but a decoder must end cleanly on any input:
/// NaN, infinities and negatives become 0 (a run no pattern matches) and huge
/// values are capped, so that sums over a character stay finite.
enum RunWidths {
    static let cap: Float = 1_000_000

    static func sanitized(_ runs: ScanRuns) -> [Float] {
        runs.widths.map { $0.isFinite && $0 > 0 ? min($0, cap) : 0 }
    }
}
