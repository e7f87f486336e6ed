/// ISO/IEC 15424 symbology identifiers, as hardware scanners prefix their
/// data: `]` then a code character for the symbology and a modifier.
enum SymbologyIdentifier {
    /// The identifier for a symbol of `symbology`; `isGS1` and `hasAddOn`
    /// select the modifier that marks GS1 data and EAN/UPC add-ons.
    static func identifier(for symbology: Symbology, isGS1: Bool, hasAddOn: Bool, text: String) -> String {
        switch symbology {
        // EAN/UPC: 0 for the 13-digit form, 4 for EAN-8, 3 with an add-on.
        case .ean13, .upca, .upce: hasAddOn ? "]E3" : "]E0"
        case .ean8: "]E4"
        case .ean2, .ean5: "]E0"
        case .code128: isGS1 ? "]C1" : "]C0"
        case .code39: "]A0"
        case .code93: "]G0"
        case .codabar: "]F0"
        // 1: a check digit verified and sent; an ITF-14's always is.
        case .itf: text.count == 14 ? "]I1" : "]I0"
        case .databar, .databarExpanded, .databarLimited: "]e0"
        case .telepen: "]B0"
        // No identifier is assigned to it; X is ISO/IEC 15424's code for other symbologies.
        case .dxFilmEdge: "]X0"
        case .qr, .microQR, .rmqr: isGS1 ? "]Q3" : "]Q1"
        case .dataMatrix: isGS1 ? "]d2" : "]d1"
        // As zxing-cpp reports MicroPDF417: its ISO/IEC 15424 code is PDF417's.
        case .pdf417, .microPDF417: "]L2"
        case .aztec: isGS1 ? "]z1" : "]z0"
        case .maxicode: "]U0"
        }
    }
}
