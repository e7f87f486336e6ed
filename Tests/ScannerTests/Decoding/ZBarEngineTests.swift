import Foundation
import ScannerTestSupport
import Testing
@testable import Scanner

/// zbar through its binding: which scan lines run, which symbologies it looks for.
@Suite struct ZBarEngineTests {
    /// Rows read upright bars and columns bars turned a quarter, and each
    /// alone reads nothing across the other: zbar's X density spaces its
    /// vertical scan lines and Y its rows, easy to swap.
    @Test func scanLinesReadOnlyTheBarsTheyCross() throws {
        let upright = try ZintRenderer.render(.ean13, .text("5901234123457"), moduleSize: 2).frame
        let quarter = upright.rotated(quarterTurns: 1)
        func reads(_ frame: Frame, _ lines: EngineOptions.ZBarLines) -> [String] {
            ZBarEngine().decode(frame, symbologies: [.ean13], options: EngineOptions(tryHarder: true, zbarLines: lines)).map(\.text)
        }
        #expect(reads(upright, .rows) == ["5901234123457"])
        #expect(reads(upright, .columns).isEmpty)
        #expect(reads(quarter, .columns) == ["5901234123457"])
        #expect(reads(quarter, .rows).isEmpty)
        #expect(reads(quarter, .both) == ["5901234123457"])
    }

    /// A pass may keep zbar to some of the symbologies asked (a region the
    /// localizer saw as a matrix: QR only); the others are neither read nor
    /// reported, and without the option both symbols are.
    @Test func aPassCanKeepZBarToSomeSymbologies() throws {
        let ean = try ZintRenderer.render(.ean13, .text("5901234123457"), moduleSize: 2).frame
        let qr = try ZintRenderer.render(.qr, .text("ONLY THE QR"), moduleSize: 4).frame
        let page = FrameMosaic.grid([ean, qr], columns: 2)
        func reads(_ only: Set<Symbology>?) -> Set<String> {
            Set(ZBarEngine().decode(page, symbologies: [.ean13, .qr], options: EngineOptions(tryHarder: true, zbarSymbologies: only)).map(\.text))
        }
        #expect(reads(nil) == ["5901234123457", "ONLY THE QR"])
        #expect(reads([.qr]) == ["ONLY THE QR"])
        #expect(reads([.qr, .code128]) == ["ONLY THE QR"])
    }
}
