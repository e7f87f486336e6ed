import ScannerTestSupport
@testable import Scanner

/// GS1 Composites as zint draws them, at other module sizes and turns, read by our linear engine
/// and the composite search above its reads.
enum CompositeTestImage {
    /// zint's render at 4 pixels a module, brought to `pixelsPerModule` (averaged, as a camera's
    /// pixels would be) and turned clockwise by `degrees`.
    static func render(_ linear: Symbology, primary: String, component: Int, data: String, stacked: Bool = false,
                       pixelsPerModule: Double = 4, degrees: Double = 0) throws -> Frame {
        var frame = try ZintRenderer.render(
            linear, .gs1(data), moduleSize: 4, margin: 24, form: .composite(component: component, primary: primary, stacked: stacked)).frame
        if pixelsPerModule != 4 { frame = frame.scaled(by: pixelsPerModule / 4) }
        return degrees == 0 ? frame : frame.rotated(degrees: degrees)
    }

    static let linearSymbologies: Set<Symbology> = [.ean8, .ean13, .upca, .upce, .code128, .databar, .databarLimited, .databarExpanded]

    static func read(_ frame: Frame) -> [Detection] {
        CompositeSearch.attached(LinearEngine().decode(frame, symbologies: linearSymbologies, options: EngineOptions()), in: frame)
    }
}
