import Testing
import ScannerTestSupport
@testable import Scanner

/// The guard finder's quick refusal (`couldBegin`) must refuse only what the full match would:
/// guards drawn at the edge of the match's tolerance, with the wide bar as thin and the space
/// beside it as wide as it allows, are still found, read either way along the line.
@Suite struct PDF417GuardFinderTests {
    /// Pixel widths at a module of 10 pixels: the wide bar 7.5 or 6.5 modules (the match allows
    /// 0.6 module and half a pixel), the space after it 1.6, the rest making up the total.
    static let start: [Int] = [75, 16, 10, 10, 10, 10, 10, 29]
    static let stop: [Int] = [65, 16, 10, 30, 10, 10, 10, 19, 10]

    /// Four equal rows (the finder scans every other one) of `runs`, `firstIsBar` or not, with a
    /// bar of a module (a codeword's) against a guard's outer space so that it does not merge
    /// into the light margins either side.
    static func rows(_ runs: [Int], firstIsBar: Bool) -> BinaryImage {
        var segments = runs.enumerated().map { (width: $0.element, dark: ($0.offset % 2 == 0) == firstIsBar) }
        if !segments[0].dark { segments.insert((10, true), at: 0) }
        if !segments[segments.count - 1].dark { segments.append((10, true)) }
        var row = [UInt8](repeating: 0, count: 40)
        for segment in segments { row += [UInt8](repeating: segment.dark ? 1 : 0, count: segment.width) }
        row += [UInt8](repeating: 0, count: 40)
        let pixels = Array([[UInt8]](repeating: row, count: 4).joined())
        return BinaryImage(width: row.count, height: 4, pixels: pixels, luma: pixels.map { $0 == 1 ? 0 : 255 },
                           thresholds: [128], blockSize: row.count, blocksPerRow: 1)
    }

    @Test(arguments: [(PDF417Guard.start, false), (.start, true), (.stop, false), (.stop, true)])
    func findsAGuardAtTheEdgeOfTheTolerance(_ guardPattern: PDF417Guard, reversed: Bool) {
        let runs = guardPattern == .start ? Self.start : Self.stop
        let total = runs.reduce(0, +)
        #expect(guardPattern.match(runs.map(Double.init)) == Double(total) / Double(guardPattern.modules))
        // Read backwards, the line meets the guard's last element first: a bar when it has 9.
        let image = Self.rows(reversed ? runs.reversed() : runs, firstIsBar: !reversed || runs.count % 2 == 1)
        let hits = PDF417GuardFinder.find(image, step: 2).normal.filter { $0.direction == 0 }
        #expect(hits.contains { $0.guardPattern == guardPattern })
    }

    /// The inverted twin's guards come from the same runs with light and dark swapped: the
    /// same as searching the inverted image itself, line for line, whether a line begins
    /// light or dark.
    @Test(arguments: [false, true])
    func findsTheInvertedTwinsGuardsFromTheSameRuns(beginsDark: Bool) {
        var generator = SplitMix64(seed: beginsDark ? 7 : 8)
        var image = Self.rows(Self.start + [3, 5, 2, 1, 4] + Self.stop, firstIsBar: true)
        // Noise, the left column dark or light, and a guard drawn light on dark.
        var pixels = (0..<image.width * image.height).map { _ in UInt8.random(in: 0...1, using: &generator) }
        for y in 0..<image.height { pixels[y * image.width] = beginsDark ? 1 : 0 }
        let guardRow = Self.rows(Self.stop, firstIsBar: true)
        for x in 0..<min(guardRow.width, image.width) { pixels[x] = 1 - (guardRow.isDark(x, 0) ? 1 : 0) }
        image = BinaryImage(width: image.width, height: image.height, pixels: pixels, luma: pixels.map { $0 == 1 ? 0 : 255 },
                            thresholds: [128], blockSize: image.width, blocksPerRow: 1)
        let both = PDF417GuardFinder.find(image, step: 1)
        let twin = PDF417GuardFinder.find(image.inverted(), step: 1).normal
        func key(_ hit: PDF417GuardHit) -> String { "\(hit.guardPattern) \(hit.direction) \(hit.line) \(hit.outer) \(hit.inner) \(hit.module)" }
        #expect(both.inverted.map(key) == twin.map(key))
        #expect(both.inverted.contains { $0.guardPattern == .stop })
    }
}
