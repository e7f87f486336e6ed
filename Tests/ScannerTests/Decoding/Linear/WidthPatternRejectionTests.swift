import Testing
import ScannerTestSupport
@testable import Scanner

/// Characters lying between two patterns are refused, not guessed.
@Suite struct WidthPatternRejectionTests {
    static let px: Float = 3

    /// Runs (in pixels, light first) of an ideal symbol.
    static func runs(_ type: Int, _ data: String) throws -> [Float] {
        SyntheticLine.idealRuns(try ZintDump.modules(type: type, data: data), px: px).widths
    }

    /// The pattern nearest to `index` in run space, and how far it lies.
    static func nearest(_ set: WidthPatternSet, to index: Int, among range: Range<Int>) -> Int {
        let n = set.runsPerCharacter
        func distance(_ p: Int) -> Int {
            (0..<n).reduce(0) { $0 + abs(Int(set.widths[index * n + $1]) - Int(set.widths[p * n + $1])) }
        }
        return range.filter { $0 != index }.min { distance($0) < distance($1) } ?? 0
    }

    /// Replaces the character at `start` by the halfway blend of its pattern and its nearest neighbour's.
    static func blend(_ widths: inout [Float], at start: Int, _ set: WidthPatternSet, _ index: Int, _ other: Int) {
        let n = set.runsPerCharacter
        for i in 0..<n {
            widths[start + i] = px * (Float(set.widths[index * n + i]) + Float(set.widths[other * n + i])) / 2
        }
    }

    @Test func code128Blend() throws {
        let clean = try Self.runs(20, "Code128")
        #expect(Code128.decode(ScanRuns(widths: clean)).count == 1)
        // Every data character (and the check character) in turn.
        for k in 1...8 {
            var widths = clean
            let start = 1 + 6 * k
            let index = clean.withUnsafeBufferPointer { Code128Patterns.set.match($0, at: start)!.index }
            let other = Self.nearest(Code128Patterns.set, to: index, among: 0..<103)
            Self.blend(&widths, at: start, Code128Patterns.set, index, other)
            #expect(Code128.decode(ScanRuns(widths: widths)).isEmpty, "character \(k)")
            // Refused at the character itself, not only by the check character.
            var matcher = CalibratedMatcher(Code128Patterns.set)
            widths.withUnsafeBufferPointer { b in
                matcher.learn(b, at: 1, pattern: Code128Patterns.startB)
                #expect(CalibratedSymbol.character(b, at: start, &matcher) == nil, "character \(k)")
            }
        }
    }

    @Test func code128RunOffByAModule() throws {
        let clean = try Self.runs(20, "Code128")
        for run in 7..<(clean.count - 8) {
            var longer = clean
            longer[run] += Self.px
            #expect(Code128.decode(ScanRuns(widths: longer)).isEmpty, "run \(run) + 1")
            // One edge moved by a module: a neighbour loses what this run gains.
            var moved = clean
            moved[run] += Self.px
            moved[run + 1] -= Self.px
            if moved[run + 1] > 0 {
                #expect(Code128.decode(ScanRuns(widths: moved)).isEmpty, "edge after run \(run)")
            }
        }
    }

    @Test func code93Blend() throws {
        let clean = try Self.runs(25, "CODE93")
        #expect(Code93.decode(ScanRuns(widths: clean)).count == 1)
        for k in 1...8 {
            var widths = clean
            let start = 1 + 6 * k
            let index = clean.withUnsafeBufferPointer { Code93Patterns.set.match($0, at: start)!.index }
            let other = Self.nearest(Code93Patterns.set, to: index, among: 0..<47)
            Self.blend(&widths, at: start, Code93Patterns.set, index, other)
            #expect(Code93.decode(ScanRuns(widths: widths)).isEmpty, "character \(k)")
            var matcher = CalibratedMatcher(Code93Patterns.set)
            widths.withUnsafeBufferPointer { b in
                matcher.learn(b, at: 1, pattern: Code93Patterns.startStop)
                #expect(CalibratedSymbol.character(b, at: start, &matcher) == nil, "character \(k)")
            }
        }
        for run in 7..<(clean.count - 9) {
            var longer = clean
            longer[run] += Self.px
            #expect(Code93.decode(ScanRuns(widths: longer)).isEmpty, "run \(run) + 1")
        }
    }

    /// Code 39 has no check character: the element classification is the only guard.
    @Test func code39BetweenNarrowAndWide() throws {
        let clean = try Self.runs(8, "CODE39")   // zint: narrow 1, wide 2 modules
        #expect(Code39.decode(ScanRuns(widths: clean)).map(\.bytes) == [Array("CODE39".utf8)])
        for run in 11..<(clean.count - 11) where run % 10 != 0 {   // skip the gaps
            var halfway = clean
            halfway[run] = clean[run] == Self.px ? 1.5 * Self.px : 1.5 * Self.px
            #expect(Code39.decode(ScanRuns(widths: halfway)).isEmpty, "run \(run) halfway")
            var wider = clean
            wider[run] += Self.px
            #expect(Code39.decode(ScanRuns(widths: wider)).isEmpty, "run \(run) + 1")
        }
    }

    @Test func telepenBetweenNarrowAndWide() throws {
        let clean = try Self.runs(32, "ABC")
        #expect(Telepen.decode(ScanRuns(widths: clean)).map(\.bytes) == [Array("ABC".utf8)])
        for run in 13..<(clean.count - 1) {
            var halfway = clean
            halfway[run] = 2 * Self.px      // between 1 and 3 modules
            #expect(Telepen.decode(ScanRuns(widths: halfway)).isEmpty, "run \(run) halfway")
        }
    }
}
