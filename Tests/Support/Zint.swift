import CZint
import Scanner

/// A symbol rendered by zint, ready to feed a decoder.
public struct RenderedSymbol: Sendable {
    /// White margin plus symbol, tightly packed.
    public let frame: Frame
    /// Where the symbol's modules lie in `frame`.
    public let symbolBox: PixelRect
}

/// What zint encodes, and how it reads the input.
public enum ZintPayload: Sendable {
    /// UTF-8 text; zint picks the symbology's default character set (and an
    /// ECI when that cannot hold it).
    case text(String)
    /// Raw bytes, no character set implied.
    case bytes([UInt8])
    /// GS1 data in zint's bracket syntax, such as `[01]09501101530003[10]AB1`;
    /// decoders report it with GS (0x1D) separators.
    case gs1(String)
}

/// Which of a symbology's printed forms zint draws.
public enum ZintForm: Sendable {
    case standard
    /// GS1 DataBar stacked omnidirectional: two rows.
    case stacked
    /// ITF-14 as printed on cartons: Interleaved 2 of 5 inside a bearer frame.
    case itf14
    /// GS1 DataBar stacked (not omnidirectional): two rows, the upper short.
    case stackedTruncated
    /// GS1 DataBar Expanded Stacked with this many segment pairs a row.
    case expandedStacked(columns: Int)
    /// Telepen Numeric: digit pairs.
    case telepenNumeric
    /// Code 39 with full ASCII drawn as shift pairs.
    case extendedCode39
    /// Code 32, the Italian pharmacode, drawn as Code 39.
    case code32
    /// PZN, the German pharmacode, drawn as Code 39.
    case pzn
    /// MaxiCode in `mode` (2-6, zint's option_1); modes 2 and 3 carry `primary`, the structured
    /// carrier message's postal code, country and class of service, as zint reads them
    /// ("152382802840001": postal code, then 3 digits each).
    case maxiCode(mode: Int, primary: String)
    /// PDF417 with `columns` data columns (0: zint's choice) and error-correction level 0-8
    /// (-1: zint's choice); compact PDF417 has no right row indicator and a one-bar stop.
    case pdf417(columns: Int, level: Int, compact: Bool)
    /// MicroPDF417 with `columns` data columns (1-4; 0: zint's choice).
    case microPDF417(columns: Int)
    /// A GS1 Composite: the symbology's linear symbol drawn from `primary` (zint's syntax: EAN/UPC
    /// digits, GS1 brackets for GS1-128 and DataBar Expanded, digits for DataBar) under a 2D
    /// component (`component` 1: CC-A, 2: CC-B, 3: CC-C) holding the GS1 payload; `stacked`
    /// draws DataBar (Expanded) stacked.
    case composite(component: Int, primary: String, stacked: Bool)
}

/// A zint failure, with zint's own message.
public struct ZintError: Error, CustomStringConvertible, Sendable {
    public let symbology: Symbology
    public let message: String
    public var description: String { "zint could not render \(symbology.label): \(message)" }
}

/// Renders barcodes in memory through libzint, so tests know exactly what a
/// decoder should read and where the symbol is.
public enum ZintRenderer {
    /// Renders `payload` as `symbology` with `moduleSize` pixels per module
    /// (even values are exact: zint draws 2 pixels per module at scale 1)
    /// and `margin` white pixels on every side. Linear codes carry no
    /// human-readable text. `structuredAppend` makes the symbol part
    /// `index` (1-based) of `count`, with `id` (QR: the parity byte, in
    /// decimal).
    public static func render(
        _ symbology: Symbology, _ payload: ZintPayload, moduleSize: Int = 4, margin: Int = 20, eci: Int = 0,
        form: ZintForm = .standard, barHeight: Int? = nil, structuredAppend: (index: Int, count: Int, id: String)? = nil
    ) throws(ZintError) -> RenderedSymbol {
        guard let symbol = ZBarcode_Create() else { throw ZintError(symbology: symbology, message: "out of memory") }
        defer { ZBarcode_Delete(symbol) }
        symbol.pointee.symbology = switch form {
        case .standard:
            // Code 128 with FNC1 first is zint's own type, GS1-128.
            if case .gs1 = payload, symbology == .code128 { BARCODE_GS1_128 } else { try zintType(symbology) }
        case .stacked: BARCODE_DBAR_OMNSTK
        case .itf14: BARCODE_ITF14
        case .stackedTruncated: BARCODE_DBAR_STK
        case .expandedStacked: BARCODE_DBAR_EXPSTK
        case .telepenNumeric: BARCODE_TELEPEN_NUM
        case .extendedCode39: BARCODE_EXCODE39
        case .code32: BARCODE_CODE32
        case .pzn: BARCODE_PZN
        case .maxiCode: BARCODE_MAXICODE
        case .pdf417(_, _, let compact): compact ? BARCODE_PDF417COMP : BARCODE_PDF417
        case .microPDF417: BARCODE_MICROPDF417
        case .composite(_, _, let stacked): try compositeType(symbology, stacked: stacked)
        }
        if case .composite(let component, let primary, _) = form {
            symbol.pointee.option_1 = Int32(component)
            withUnsafeMutableBytes(of: &symbol.pointee.primary) { field in
                for (i, byte) in primary.utf8.prefix(127).enumerated() { field[i] = byte }
            }
        }
        if case .microPDF417(let columns) = form { symbol.pointee.option_2 = Int32(columns) }
        if case .expandedStacked(let columns) = form { symbol.pointee.option_2 = Int32(columns) }
        if case .pdf417(let columns, let level, _) = form {
            symbol.pointee.option_1 = Int32(level)
            symbol.pointee.option_2 = Int32(columns)
        }
        if case .maxiCode(let mode, let primary) = form {
            symbol.pointee.option_1 = Int32(mode)
            withUnsafeMutableBytes(of: &symbol.pointee.primary) { field in
                for (i, byte) in primary.utf8.prefix(127).enumerated() { field[i] = byte }
            }
        }
        symbol.pointee.scale = Float(moduleSize) / 2
        symbol.pointee.show_hrt = 0
        // A linear code's bar height in modules; zint's default is 50.
        if let barHeight { symbol.pointee.height = Float(barHeight) }
        symbol.pointee.eci = Int32(eci)
        if let structuredAppend {
            symbol.pointee.structapp.index = Int32(structuredAppend.index)
            symbol.pointee.structapp.count = Int32(structuredAppend.count)
            withUnsafeMutableBytes(of: &symbol.pointee.structapp.id) { id in
                for (i, byte) in structuredAppend.id.utf8.prefix(31).enumerated() { id[i] = byte }
            }
        }
        let bytes: [UInt8]
        switch payload {
        case .text(let text):
            symbol.pointee.input_mode = UNICODE_MODE
            bytes = Array(text.utf8)
        case .bytes(let raw):
            symbol.pointee.input_mode = DATA_MODE
            bytes = raw
        case .gs1(let data):
            symbol.pointee.input_mode = GS1_MODE
            bytes = Array(data.utf8)
        }
        let status = ZBarcode_Encode_and_Buffer(symbol, bytes, Int32(bytes.count), 0)
        guard status < ZINT_ERROR, let bitmap = symbol.pointee.bitmap else {
            let message = withUnsafeBytes(of: symbol.pointee.errtxt) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw ZintError(symbology: symbology, message: message)
        }
        let symbolWidth = Int(symbol.pointee.bitmap_width)
        let symbolHeight = Int(symbol.pointee.bitmap_height)
        let width = symbolWidth + 2 * margin
        let height = symbolHeight + 2 * margin
        var pixels = [UInt8](repeating: 255, count: width * height)
        for y in 0..<symbolHeight {
            for x in 0..<symbolWidth {
                // The bitmap is RGB; zint draws black on white, so red is the luma.
                pixels[(y + margin) * width + x + margin] = bitmap[(y * symbolWidth + x) * 3]
            }
        }
        return RenderedSymbol(
            frame: Frame(width: width, height: height, pixels: pixels),
            symbolBox: PixelRect(x: margin, y: margin, width: symbolWidth, height: symbolHeight))
    }

    private static func compositeType(_ symbology: Symbology, stacked: Bool) throws(ZintError) -> Int32 {
        switch symbology {
        case .ean8, .ean13: BARCODE_EANX_CC
        case .upca: BARCODE_UPCA_CC
        case .upce: BARCODE_UPCE_CC
        case .code128: BARCODE_GS1_128_CC
        case .databar: stacked ? BARCODE_DBAR_OMNSTK_CC : BARCODE_DBAR_OMN_CC
        case .databarLimited: BARCODE_DBAR_LTD_CC
        case .databarExpanded: stacked ? BARCODE_DBAR_EXPSTK_CC : BARCODE_DBAR_EXP_CC
        default: throw ZintError(symbology: symbology, message: "no GS1 Composite form")
        }
    }

    private static func zintType(_ symbology: Symbology) throws(ZintError) -> Int32 {
        switch symbology {
        case .qr: BARCODE_QRCODE
        case .microQR: BARCODE_MICROQR
        case .rmqr: BARCODE_RMQR
        case .ean8, .ean13: BARCODE_EANX
        case .upca: BARCODE_UPCA
        case .upce: BARCODE_UPCE
        case .code39: BARCODE_CODE39
        case .code93: BARCODE_CODE93
        case .code128: BARCODE_CODE128
        case .pdf417: BARCODE_PDF417
        case .microPDF417: BARCODE_MICROPDF417
        case .aztec: BARCODE_AZTEC
        case .dataMatrix: BARCODE_DATAMATRIX
        case .codabar: BARCODE_CODABAR
        case .itf: BARCODE_C25INTER
        case .databar: BARCODE_DBAR_OMN
        case .databarExpanded: BARCODE_DBAR_EXP
        case .maxicode: BARCODE_MAXICODE
        case .databarLimited: BARCODE_DBAR_LTD
        case .telepen: BARCODE_TELEPEN
        // Not in zint 2.11: DXFilmEdgeTests draw their own.
        case .dxFilmEdge: throw ZintError(symbology: symbology, message: "zint 2.11 cannot draw DX Film Edge")
        // An EAN-13 or UPC-A with its add-on after a '+'.
        case .ean2, .ean5: BARCODE_EANX
        }
    }
}
