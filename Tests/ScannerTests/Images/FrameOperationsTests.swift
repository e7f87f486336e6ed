import Foundation
import Scanner
import ScannerTestSupport
import Testing

@Suite struct FrameOperationsTests {
    /// A `width`×`height` frame whose pixel (x, y) is `x + 10 * y`.
    func ramp(_ width: Int, _ height: Int) -> Frame {
        Frame(width: width, height: height, pixels: (0..<height).flatMap { y in (0..<width).map { UInt8($0 + 10 * y) } })
    }

    /// The same pixels in rows padded to a wider stride, cropped from a larger frame.
    func cropped(_ frame: Frame) -> Frame {
        frame.placed(onCanvasWidth: frame.width + 7, height: frame.height + 3, x: 5, y: 2, background: 99)
            .padded(toStride: frame.width + 11, padding: 0)
            .cropped(to: PixelRect(x: 5, y: 2, width: frame.width, height: frame.height))
    }

    func rows(_ frame: Frame) -> [[UInt8]] {
        (0..<frame.height).map { y in (0..<frame.width).map { frame[$0, y] } }
    }

    @Test func downscaleAveragesTwoByTwoBlocks() {
        let frame = Frame(width: 5, height: 3, pixels: [
            0, 10, 100, 101, 7,
            20, 30, 102, 103, 7,
            9, 9, 9, 9, 9,
        ])
        let half = frame.downscaledByTwo()
        // (0+10+20+30)/4 = 15; (100+101+102+103)/4 = 101.5 rounds to 102. The odd column and row drop out.
        #expect((half.width, half.height) == (2, 1))
        #expect(Frame.sizeDownscaledByTwo(width: 5, height: 3).map { [$0.width, $0.height] } == [2, 1])
        #expect(rows(half) == [[15, 102]])
        #expect(rows(cropped(frame).downscaledByTwo()) == rows(half))
    }

    @Test func downscaleLeavesATinyFrameAlone() {
        let line = ramp(5, 1)
        #expect(rows(line.downscaledByTwo()) == rows(line))
        #expect(Frame.sizeDownscaledByTwo(width: 5, height: 1) == nil)
    }

    @Test func upscaleDoublesAndInterpolates() {
        let frame = Frame(width: 2, height: 1, pixels: [0, 200])
        let double = frame.upscaledByTwo()
        #expect((double.width, double.height) == (4, 2))
        let row = rows(double)[0]
        #expect(row.first == 0 && row.last == 200)
        #expect(row == row.sorted(), "\(row)")
        #expect(rows(double)[1] == row)
        let flat = Frame(width: 3, height: 3, pixels: [UInt8](repeating: 77, count: 9)).upscaledByTwo()
        #expect(flat.packedPixels.allSatisfy { $0 == 77 })
        #expect(rows(cropped(ramp(6, 4)).upscaledByTwo()) == rows(ramp(6, 4).upscaledByTwo()))
    }

    /// Every output pixel is the bilinear blend at its centre's place in
    /// the source, (x/2 - 1/4, y/2 - 1/4) clamped to the edge pixels, in
    /// 256ths: however the rows blended across are reused between output rows.
    @Test(arguments: [(1, 1), (1, 5), (5, 1), (2, 2), (7, 4), (6, 9)])
    func upscaleBlendsEachPixelAtItsQuarterPlace(size: (Int, Int)) {
        let (width, height) = size
        var generator = SplitMix64(seed: UInt64(width * 31 + height))
        let frame = Frame(width: width, height: height, pixels: (0..<width * height).map { _ in UInt8.random(in: 0...255, using: &generator) })
        func place(_ i: Int, _ size: Int) -> (Int, Int, Int) {
            let f = max(0, Double(i) / 2 - 0.25), low = min(Int(f), size - 1)
            return (low, min(low + 1, size - 1), Int((f - Double(low)) * 256))
        }
        let expected: [[UInt8]] = (0..<height * 2).map { y in
            let (y0, y1, wy) = place(y, height)
            return (0..<width * 2).map { x in
                let (x0, x1, wx) = place(x, width)
                let top = Int(frame[x0, y0]) * (256 - wx) + Int(frame[x1, y0]) * wx
                let bottom = Int(frame[x0, y1]) * (256 - wx) + Int(frame[x1, y1]) * wx
                return UInt8((top * (256 - wy) + bottom * wy + 32768) >> 16)
            }
        }
        #expect(rows(frame.upscaledByTwo()) == expected)
        #expect(rows(cropped(frame).upscaledByTwo()) == expected)
    }

    /// Each pixel is dark (0) where it lies below its box's mean (over the
    /// box clipped to the frame, rounded down) less the offset, else light.
    @Test(arguments: [(1, 1, 0, 4), (9, 7, 1, 4), (23, 17, 5, 4), (12, 30, 20, 0), (16, 16, 3, -3)])
    func localThresholdComparesEachPixelWithItsBoxMean(case: (Int, Int, Int, Int)) {
        let (width, height, radius, offset) = `case`
        var generator = SplitMix64(seed: UInt64(width * 131 + height * 7 + radius))
        let frame = Frame(width: width, height: height, pixels: (0..<width * height).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let expected: [[UInt8]] = (0..<height).map { y in
            (0..<width).map { x in
                let ys = max(0, y - radius)..<min(height, y + radius + 1), xs = max(0, x - radius)..<min(width, x + radius + 1)
                let sum = ys.reduce(0) { total, v in xs.reduce(total) { $0 + Int(frame[$1, v]) } }
                return Int(frame[x, y]) < sum / (ys.count * xs.count) - offset ? 0 : 255
            }
        }
        #expect(rows(frame.locallyThresholded(radius: radius, offset: offset)) == expected)
        #expect(rows(cropped(frame).locallyThresholded(radius: radius, offset: offset)) == expected)
    }

    /// Each pixel plus its difference from its 3×3 neighbourhood's mean (the
    /// edge pixels standing in for those outside), clamped to a level.
    @Test(arguments: [(1, 1), (1, 6), (6, 1), (2, 3), (13, 9)])
    func sharpenAddsEachPixelsDifferenceFromItsNeighbours(size: (Int, Int)) {
        let (width, height) = size
        var generator = SplitMix64(seed: UInt64(width * 17 + height))
        let frame = Frame(width: width, height: height, pixels: (0..<width * height).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let expected: [[UInt8]] = (0..<height).map { y in
            (0..<width).map { x in
                var sum = 0
                for dy in -1...1 { for dx in -1...1 { sum += Int(frame[min(max(x + dx, 0), width - 1), min(max(y + dy, 0), height - 1)]) } }
                let centre = Int(frame[x, y])
                return UInt8(clamping: centre + (9 * centre - sum) / 9)
            }
        }
        #expect(rows(frame.sharpened()) == expected)
        #expect(rows(cropped(frame).sharpened()) == expected)
    }

    /// Against the pixel plus `amount` times its difference from a Gaussian
    /// blur worked out in floating point (the edge pixels continuing
    /// outwards): within a level of rounding.
    @Test(arguments: [(1, 1), (1, 9), (9, 1), (4, 3), (23, 17)])
    func unsharpMaskAddsTheDifferenceFromAGaussianBlur(size: (Int, Int)) {
        let (width, height) = size, sigma = 2.0, amount = 2.5
        var generator = SplitMix64(seed: UInt64(width * 31 + height))
        let frame = Frame(width: width, height: height, pixels: (0..<width * height).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let radius = 6, raw = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let kernel = raw.map { $0 / raw.reduce(0, +) }
        let expected: [[Int]] = (0..<height).map { y in
            (0..<width).map { x in
                var blur = 0.0
                for dy in -radius...radius {
                    for dx in -radius...radius {
                        blur += kernel[dx + radius] * kernel[dy + radius]
                            * Double(frame[min(max(x + dx, 0), width - 1), min(max(y + dy, 0), height - 1)])
                    }
                }
                let centre = Double(frame[x, y])
                return Int(min(255, max(0, (centre + amount * (centre - blur)).rounded())))
            }
        }
        for view in [frame, cropped(frame)] {
            let sharpened = rows(view.unsharpMasked(sigma: sigma, amount: amount))
            #expect(zip(sharpened.joined(), expected.joined()).allSatisfy { abs(Int($0) - $1) <= 2 }, "\(sharpened) \(expected)")
        }
    }

    /// A step from light to dark overshoots on both sides, and flat areas stay as they are.
    @Test func unsharpMaskSteepensAStep() {
        let frame = Frame(width: 40, height: 3, pixels: (0..<3).flatMap { _ in (0..<40).map { $0 < 20 ? UInt8(200) : 60 } })
        let row = rows(frame.unsharpMasked(sigma: 2, amount: 2.5))[1]
        #expect(row[19] > 200 && row[20] < 60)
        #expect(row[0] == 200 && row[39] == 60)
    }

    @Test func upscaleThenDownscaleRestoresAnImage() {
        let frame = ramp(8, 6)
        let restored = frame.upscaledByTwo().downscaledByTwo().packedPixels
        #expect(zip(restored, frame.packedPixels).allSatisfy { abs(Int($0) - Int($1)) <= 3 })
    }

    @Test func invertSwapsLightAndDark() {
        let frame = Frame(width: 3, height: 1, pixels: [0, 100, 255])
        #expect(frame.inverted().packedPixels == [255, 155, 0])
        let ramp = ramp(9, 7)
        #expect(ramp.inverted().inverted().packedPixels == ramp.packedPixels)
        #expect(cropped(ramp).inverted().packedPixels == ramp.inverted().packedPixels)
    }

    @Test func contrastStretchMapsTheRangeToBlackAndWhite() {
        let faded = Frame(width: 51, height: 4, pixels: (0..<4).flatMap { _ in (100...150).map(UInt8.init) })
        let stretched = faded.contrastStretched().packedPixels
        #expect(stretched.min() == 0)
        #expect(stretched.max() == 255)
        #expect(Array(stretched.prefix(51)) == Array(stretched.prefix(51)).sorted())
        let flat = Frame(width: 4, height: 4, pixels: [UInt8](repeating: 128, count: 16))
        #expect(flat.contrastStretched().packedPixels == flat.packedPixels)
    }

    @Test func whiteBorderSurroundsTheImage() {
        let frame = ramp(3, 2)
        let bordered = cropped(frame).withWhiteBorder(2)
        #expect((bordered.width, bordered.height) == (7, 6))
        #expect(rows(bordered)[0] == [UInt8](repeating: 255, count: 7))
        #expect(rows(bordered)[5] == [UInt8](repeating: 255, count: 7))
        #expect(rows(bordered)[2] == [255, 255, 0, 1, 2, 255, 255])
        #expect(rows(bordered)[3] == [255, 255, 10, 11, 12, 255, 255])
    }

    /// An outline in the image's pixels whitens the same pixels of a crop,
    /// which stays where it was; the pixels outside are untouched.
    @Test func whitenedPaintsTheInsideOfOutlines() {
        let frame = ramp(10, 8)
        let crop = frame.cropped(to: PixelRect(x: 2, y: 1, width: 6, height: 5))
        #expect(crop.origin == PixelRect(x: 2, y: 1, width: 6, height: 5))
        // A square over image columns 3...5 and rows 2...3, and a triangle
        // whose rows narrow towards image row 5.
        let square = [Point(x: 3, y: 2), Point(x: 5.9, y: 2), Point(x: 5.9, y: 3.9), Point(x: 3, y: 3.9)]
        let triangle = [Point(x: 2, y: 4), Point(x: 8, y: 4), Point(x: 5, y: 6)]
        let painted = crop.whitened([square, triangle])
        #expect(painted.origin == crop.origin)
        #expect(rows(painted)[0] == rows(crop)[0])
        #expect(rows(painted)[1] == [22, 255, 255, 255, 255, 27])
        #expect(rows(painted)[2] == [32, 255, 255, 255, 255, 37])
        #expect(rows(painted)[3] == [255, 255, 255, 255, 255, 255])
        #expect(rows(painted)[4] == [52, 53, 255, 255, 255, 57])
        #expect(crop.whitened([]).packedPixels == crop.packedPixels)
    }

    @Test func quarterTurnsRotateClockwise() {
        let frame = ramp(3, 2)  // [0 1 2] / [10 11 12]
        #expect(rows(frame.rotated(quarterTurns: 1)) == [[10, 0], [11, 1], [12, 2]])
        #expect(rows(frame.rotated(quarterTurns: 2)) == [[12, 11, 10], [2, 1, 0]])
        #expect(rows(frame.rotated(quarterTurns: 3)) == [[2, 12], [1, 11], [0, 10]])
        #expect(rows(frame.rotated(quarterTurns: -1)) == rows(frame.rotated(quarterTurns: 3)))
        #expect(rows(frame.rotated(quarterTurns: 4)) == rows(frame))
        #expect(rows(cropped(frame).rotated(quarterTurns: 1)) == rows(frame.rotated(quarterTurns: 1)))
    }

    @Test func operationsKeepTheStreamPosition() {
        var frame = ramp(4, 4)
        frame.sequence = 42
        frame.captureTime = .milliseconds(1400)
        for derived in [frame.inverted(), frame.downscaledByTwo(), frame.upscaledByTwo(), frame.rotated(quarterTurns: 1),
                        frame.withWhiteBorder(1), frame.contrastStretched(), frame.whitened([])] {
            #expect(derived.sequence == 42)
            #expect(derived.captureTime == .milliseconds(1400))
        }
    }

    @Test func croppedFramesKnowWhereTheyCameFrom() {
        let frame = ramp(10, 8)
        let crop = frame.cropped(to: PixelRect(x: 2, y: 3, width: 5, height: 4))
        #expect(crop.origin == PixelRect(x: 2, y: 3, width: 5, height: 4))
        #expect(crop[0, 0] == 32)
        let inner = crop.cropped(to: PixelRect(x: 1, y: 1, width: 2, height: 2))
        #expect(inner.origin == PixelRect(x: 3, y: 4, width: 2, height: 2))
        #expect(inner.packedPixels == [43, 44, 53, 54])
        // Clipped to the frame, never empty.
        #expect(crop.cropped(to: PixelRect(x: 3, y: 2, width: 50, height: 50)).origin == PixelRect(x: 5, y: 5, width: 2, height: 2))
        #expect(crop.cropped(to: PixelRect(x: 99, y: 99, width: 5, height: 5)).origin == PixelRect(x: 6, y: 6, width: 1, height: 1))
    }

    @Test func detectionsInACropComeBackInFullImageCoordinates() throws {
        let rendered = try ZintRenderer.render(.qr, .text("where am I?"))
        let (x, y) = (300, 200)
        let canvas = rendered.frame.placed(
            onCanvasWidth: rendered.frame.width + 500, height: rendered.frame.height + 300, x: x, y: y)
        let crop = canvas.cropped(to: PixelRect(x: 100, y: 50, width: canvas.width - 150, height: canvas.height - 80))
        // The right half of the crop, which holds the symbol.
        let roi = try RegionOfInterest(x: 0.3, y: 0.2, width: 0.7, height: 0.8)
        let found = BarcodeReader(configuration: DecoderConfiguration(symbologies: [.qr], regionOfInterest: roi)).read(crop).detections
        try #require(found.count == 1)
        #expect(found[0].text == "where am I?")
        let box = rendered.symbolBox
        let topLeft = Point(x: Double(x + box.x), y: Double(y + box.y))
        let bottomRight = Point(x: topLeft.x + Double(box.width), y: topLeft.y + Double(box.height))
        #expect(abs(found[0].corners[0].x - topLeft.x) < 6 && abs(found[0].corners[0].y - topLeft.y) < 6, "\(found[0].corners)")
        #expect(abs(found[0].corners[2].x - bottomRight.x) < 6 && abs(found[0].corners[2].y - bottomRight.y) < 6, "\(found[0].corners)")
        // A region beside the symbol sees nothing.
        let beside = try RegionOfInterest(x: 0, y: 0, width: 0.3, height: 1)
        #expect(BarcodeReader(configuration: DecoderConfiguration(regionOfInterest: beside)).read(crop).detections.isEmpty)
    }
}
