import Foundation
import ScannerTestSupport
import Testing
@testable import Scanner

/// A 1D read's outline grown along its bars (`LinearExtent.bars(of:in:)`):
/// the whole height of the bars, and not the symbol printed just beyond them.
@Suite struct LinearExtentTests {
    /// Pixels of white between the bars and the QR code above them: less
    /// than any quiet zone.
    static let gap = 6

    /// A Code 128 with a QR code `gap` pixels above its bars on a white
    /// page; the bars' box in the page's pixels.
    func page() throws -> (frame: Frame, bars: PixelRect) {
        let code = try ZintRenderer.render(.code128, .text("LINEAR EXTENT"), moduleSize: 2, barHeight: 30)
        let qr = try ZintRenderer.render(.qr, .text("ABOVE THE BARS"), moduleSize: 3)
        let (margin, qrBox, codeBox) = (20, qr.symbolBox, code.symbolBox)
        let bars = PixelRect(x: margin, y: margin + qrBox.height + Self.gap, width: codeBox.width, height: codeBox.height)
        let width = 2 * margin + max(qrBox.width, codeBox.width), height = bars.y + bars.height + margin
        var pixels = [UInt8](repeating: 255, count: width * height)
        for (symbol, box, x0, y0) in [(qr, qrBox, margin, margin), (code, codeBox, bars.x, bars.y)] {
            for y in 0..<box.height {
                for x in 0..<box.width { pixels[(y0 + y) * width + x0 + x] = symbol.frame[box.x + x, box.y + y] }
            }
        }
        return (Frame(width: width, height: height, pixels: pixels), bars)
    }

    @Test(arguments: [0.0, 30.0, 107.0])
    func barsAreFollowedToTheirEndsAndNoFurther(degrees: Double) throws {
        let (upright, bars) = try page()
        let frame = upright.rotated(degrees: degrees)
        // The outline of a read through the middle of the bars, four pixels high.
        let middle = Double(bars.y) + Double(bars.height) / 2
        let (left, right) = (Double(bars.x), Double(bars.x + bars.width))
        let read = [Point(x: left, y: middle - 2), Point(x: right, y: middle - 2), Point(x: right, y: middle + 2), Point(x: left, y: middle + 2)]
        let grown = LinearExtent.bars(of: read.map { upright.pointAfterRotation($0, degrees: degrees) }, in: frame)
            .map { upright.pointBeforeRotation($0, degrees: degrees) }
        #expect(grown.count == 4)
        // Along the bars nothing moves; across them the outline reaches the
        // bars' ends within a step and a pixel of blur, and stops short of the QR.
        for (corner, start) in zip(grown, read) { #expect(abs(corner.x - start.x) < 0.5) }
        let (top, bottom) = (Double(bars.y), Double(bars.y + bars.height))
        for corner in grown[0...1] { #expect(corner.y > top - Double(Self.gap) + 1 && corner.y < top + 3) }
        for corner in grown[2...3] { #expect(corner.y > bottom - 3 && corner.y < bottom + Double(Self.gap)) }
    }

    /// Where no bars go on (a flat page), the outline stays as it was read.
    @Test func anOutlineOverNothingStaysAsItIs() {
        let frame = Frame(width: 200, height: 100, pixels: [UInt8](repeating: 200, count: 200 * 100))
        let read = [Point(x: 20, y: 48), Point(x: 180, y: 48), Point(x: 180, y: 52), Point(x: 20, y: 52)]
        #expect(LinearExtent.bars(of: read, in: frame) == read)
    }
}
