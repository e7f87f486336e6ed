/// One barcode found in one image or frame. Codable, so that an embedder
/// can store or send it as it is (`scan --format json` is a different,
/// documented record: see `DetectionFormatter`).
public struct Detection: Sendable, Hashable, Codable {
    /// Which decoder produced a detection.
    public enum Engine: String, Sendable, Hashable, Codable {
        /// libzbar: 1D codes and QR.
        case zbar
        /// zxing-cpp: PDF417, Aztec and Data Matrix (and its own 1D readers).
        case zxing
        /// This package's own Swift readers (Aztec runes).
        case native
    }

    /// The kind of barcode.
    public var symbology: Symbology
    /// The payload exactly as the symbol encodes it.
    public var bytes: [UInt8]
    /// The payload as text, decoded with the symbol's declared or detected
    /// character set. UPC-A stays 12 digits and UPC-E 8, as encoded; see
    /// `gtin` for the normalised form.
    public var text: String
    /// Four corners in full-image pixel coordinates, clockwise from the
    /// symbol's top-left. For linear codes, the bounding box of the scan.
    public var corners: [Point]
    /// The decoder that read it.
    public var engine: Engine
    /// How many independent reads agree on this one: scan lines at distinct
    /// places, engines, and passes (scales, turns) that read the same
    /// payload at the same place. A 1D code carries only a check digit, so
    /// a single read of it may be a misread; error-corrected 2D codes are
    /// trusted on one read. Also chooses between conflicting readings.
    public var evidence = 1
    /// The payload is GS1 element strings: FNC1 first in Code 128, a GS1
    /// DataMatrix, QR or Aztec, or any DataBar. `gs1` parses it.
    public var isGS1 = false
    /// The EAN-2 or EAN-5 add-on printed after an EAN-13, UPC-A or UPC-E
    /// (a magazine's issue, a book's price), when add-ons are enabled.
    public var addOn: String?
    /// The 2D component (CC-A, CC-B or CC-C) read above this linear symbol: a GS1 Composite,
    /// whose `bytes` join the linear symbol's GS1 data and the component's element strings.
    public var composite: CompositeComponent?
    /// A DataBar's linkage flag as our reader read it: true when the symbol says a 2D component
    /// (a GS1 Composite's) is printed with it, read or not. nil where the symbology has none
    /// (EAN/UPC, GS1-128: their 2D component is looked for) or another engine read it.
    public var linkageFlag: Bool?
    /// A QR-family symbol's version, level, mask, mirroring and corrected
    /// codewords, where our own reader decoded it.
    public var matrix: MatrixSymbolInfo?
    /// This symbol's place in a structured-append message, or, for the
    /// whole message joined from its symbols, every part.
    public var structuredAppend: StructuredAppend?

    /// A detection with every field given.
    public init(symbology: Symbology, bytes: [UInt8], text: String, corners: [Point], engine: Engine) {
        self.symbology = symbology
        self.bytes = bytes
        self.text = text
        self.corners = corners
        self.engine = engine
    }

    /// The trade item's GTIN, always as 14 digits (GTIN-14), so that one
    /// product has one key whatever carries it: an EAN-13 gains a leading
    /// 0, an EAN-8 six, a UPC-A two, a UPC-E is first expanded to UPC-A.
    /// Also an ITF-14's digits and the AI (01) of valid GS1 data (DataBar).
    /// `nil` for anything else.
    public var gtin: String? {
        if let gtin = GTIN.normalised(text, symbology: symbology) { return gtin }
        if case .success(let data)? = gs1 { return data.gtin }
        return nil
    }

    /// The ISBN-13, and ISBN-10 where there is one, of a Bookland EAN-13
    /// (978, 979); nil for any other code.
    public var isbn: ISBN? {
        symbology == .ean13 ? ISBN(ean13: text) : nil
    }

    /// The ISO/IEC 15424 symbology identifier a hardware scanner would send
    /// before the data: `]E0` for EAN-13, `]C1` for GS1-128, `]Q3` for GS1
    /// QR, `]d2` for GS1 DataMatrix, `]e0` for DataBar.
    public var symbologyIdentifier: String {
        SymbologyIdentifier.identifier(for: symbology, isGS1: isGS1, hasAddOn: addOn != nil, text: text)
    }

    /// For GS1 data, its element strings, or why they are malformed; `nil`
    /// when the symbol does not carry GS1 data.
    public var gs1: Result<GS1ElementString, GS1ParseError>? {
        isGS1 ? GS1ElementString.parse(bytes) : nil
    }

    /// The text as a person reads it: GS1 data as `(01)...(10)...` when
    /// well formed, an add-on after a space, otherwise `text`.
    public var humanReadable: String {
        if case .success(let data)? = gs1 { return data.humanReadable }
        return addOn.map { text + " " + $0 } ?? text
    }

    /// A variable-measure EAN-13 (prefixes 02 and 20–29) taken apart with
    /// the first of `layouts` that claims its prefix; `nil` for any other code.
    public func variableMeasure(layouts: [VariableMeasureLayout]) -> Result<VariableMeasure, VariableMeasureError>? {
        guard symbology.isEANUPC, let gtin else { return nil }
        return VariableMeasure.decode(gtin, layouts: layouts)
    }

    /// The same detection with each corner moved by `transform`: from a
    /// derived or cut-out image's pixels back to the image it came from.
    func mapped(_ transform: (Point) -> Point) -> Detection {
        var moved = self
        moved.corners = corners.map(transform)
        moved.structuredAppend?.parts = (structuredAppend?.parts ?? []).map { StructuredAppend.Part(index: $0.index, corners: $0.corners.map(transform)) }
        return moved
    }

    /// The centre of the corners.
    public var center: Point {
        let n = Double(max(corners.count, 1))
        return Point(x: corners.map(\.x).reduce(0, +) / n, y: corners.map(\.y).reduce(0, +) / n)
    }

    /// The axis-aligned box around the corners.
    public var boundingBox: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        (corners.map(\.x).min() ?? 0, corners.map(\.y).min() ?? 0,
         corners.map(\.x).max() ?? 0, corners.map(\.y).max() ?? 0)
    }

    /// `boundingBox` with what the read accounts for around it: 16 pixels for the edges of a
    /// matrix's outer modules, and for a 1D code a quarter of its size, its printed digits and
    /// quiet zones. A matrix's busy cells end at its outline: the wider margin took in a Data
    /// Matrix beside a read Aztec (`ManySymbolsTests`).
    var accountedBox: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let box = boundingBox
        let margin = max(16, symbology.isLinear ? 0.25 * max(box.maxX - box.minX, box.maxY - box.minY) : 0)
        return (box.minX - margin, box.minY - margin, box.maxX + margin, box.maxY + margin)
    }
}
