import ScannerTestSupport
@testable import Scanner

/// MicroPDF417 symbols as zint draws them, at other module sizes and turns, read by our engine alone.
enum MicroPDF417TestImage {
    /// zint's render at 4 pixels a module (rows 2 modules high), brought to `pixelsPerModule`
    /// (averaged, as a camera's pixels would be) and turned clockwise by `degrees`.
    static func render(_ payload: ZintPayload, columns: Int, pixelsPerModule: Double = 4, degrees: Double = 0) throws -> Frame {
        var frame = try ZintRenderer.render(.microPDF417, payload, moduleSize: 4, margin: 24, form: .microPDF417(columns: columns)).frame
        if pixelsPerModule != 4 { frame = frame.scaled(by: pixelsPerModule / 4) }
        return degrees == 0 ? frame : frame.rotated(degrees: degrees)
    }

    static func read(_ frame: Frame) -> [Detection] {
        MicroPDF417Engine().decode(frame, symbologies: [.microPDF417], options: EngineOptions())
    }
}
