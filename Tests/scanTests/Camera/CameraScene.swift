import Scanner
import ScannerTestSupport

/// What the vivid camera is shown: one zint symbol at a known place on a
/// mid-grey canvas, in one pixel format and size.
struct CameraScene: Sendable, CustomStringConvertible {
    let format: RawPixelFormat
    let width: Int
    let height: Int
    let symbology: Symbology
    let text: String
    /// Where zint's symbol (with a linear code's own quiet zone) starts.
    let symbolOrigin: (x: Int, y: Int)

    var description: String { "\(format.fourcc) \(width)x\(height) \(symbology.rawValue)" }
    /// The frame's file name in the share, read by scripts/vivid/scenarios.sh.
    var fileName: String { "format-\(format.fourcc)-\(width)x\(height).raw" }

    /// Every pixel format at both sizes: a QR code at 640x480, an EAN-13 at
    /// 1280x720, each with its own payload so that a stale frame of another
    /// case cannot pass.
    static let formats: [CameraScene] = RawPixelFormat.allCases.enumerated().flatMap { index, format in
        [
            CameraScene(
                format: format, width: 640, height: 480, symbology: .qr,
                text: "vivid \(format.fourcc) 640x480", symbolOrigin: (200, 120)),
            CameraScene(
                format: format, width: 1280, height: 720, symbology: .ean13,
                text: ean13(body: "40123456780\(index)"), symbolOrigin: (420, 260)),
        ]
    }

    /// The GREY 640x480 scenes of the streaming scenarios: shown first, and
    /// after the camera is unplugged and returns.
    static let before = CameraScene(
        format: .grey, width: 640, height: 480, symbology: .qr, text: "vivid before unplug", symbolOrigin: (120, 100))
    static let after = CameraScene(
        format: .grey, width: 640, height: 480, symbology: .qr, text: "vivid after replug", symbolOrigin: (300, 160))

    /// The code in the middle of the `--preview` window (VividPreviewTests),
    /// inside the centre half that `--zoom 2` crops to.
    static let preview = CameraScene(
        format: .grey, width: 640, height: 480, symbology: .qr, text: "vivid preview", symbolOrigin: (257, 177))

    /// A product from the checkout sample's price list (Tomato soup 400 g).
    static let product = CameraScene(
        format: .grey, width: 640, height: 480, symbology: .ean13, text: "501234567890", symbolOrigin: (160, 140))

    /// The frame, and where the symbol lies in it.
    func render() throws -> (frame: Frame, symbolBox: PixelRect) {
        let moduleSize = symbology == .qr ? 6 : 4
        // White quiet zone round the symbol; the rest of the canvas is grey.
        let symbol = try ZintRenderer.render(symbology, .text(text), moduleSize: moduleSize, margin: 12 * moduleSize)
        let frame = symbol.frame.placed(
            onCanvasWidth: width, height: height,
            x: symbolOrigin.x - symbol.symbolBox.x, y: symbolOrigin.y - symbol.symbolBox.y, background: 128)
        return (frame, Self.darkBounds(of: frame))
    }

    /// The smallest rectangle holding every dark pixel: the symbol's bars or
    /// modules without the quiet zone zint draws into linear symbols.
    private static func darkBounds(of frame: Frame) -> PixelRect {
        var (left, top, right, bottom) = (frame.width, frame.height, -1, -1)
        for y in 0..<frame.height {
            for x in 0..<frame.width where frame[x, y] < 64 {
                (left, top) = (min(left, x), min(top, y))
                (right, bottom) = (max(right, x), max(bottom, y))
            }
        }
        return PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    }

    /// `body` (12 digits) with its check digit.
    private static func ean13(body: String) -> String {
        (0...9).map { body + String($0) }.first { GTIN.hasValidCheckDigit($0) }!
    }
}
