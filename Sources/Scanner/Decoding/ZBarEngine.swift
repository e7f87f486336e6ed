import CZBar

/// zbar: the 1D symbologies and QR.
///
/// Each call gets a fresh `zbar_image_scanner_t`. A reused one carries
/// decoder state from one image into the next: scanning the corpus on two
/// threads, four identical runs read ean13-1/20, ean13-4/19 and upca-4/7
/// right or wrong depending on which images each thread had decoded before
/// (253 to 256 images). Reconfiguring the scanner does not clear that state
/// and zbar 0.23.92 has no call that does, so a scanner lives for one call;
/// creating one costs microseconds against milliseconds of scanning. Frames
/// are handed over as Y800 without copying: a padded or cropped frame is
/// described to zbar as its full stride with a crop rectangle.
struct ZBarEngine: BarcodeEngine {
    let name = EngineName.zbar
    let kind = Detection.Engine.zbar
    let supported: Set<Symbology> = [
        .qr, .ean8, .ean13, .upca, .upce, .code39, .code93, .code128,
        .codabar, .itf, .databar, .databarExpanded, .ean2, .ean5,
    ]

    /// 'Y800' as zbar's fourcc: zbar_fourcc is a macro Swift cannot import.
    private static let y800: UInt = 0x3030_3859

    func decode(_ frame: Frame, symbologies: Set<Symbology>, options: EngineOptions) -> [Detection] {
        Self.delivered(reads(frame, symbologies: symbologies, options: options).map(\.detection), asked: symbologies)
    }

    /// Within a pass, zbar's linear reads get their geometry, which
    /// re-scans and charges each look (`LinearGeometry`).
    func read(_ frame: Frame, symbologies: Set<Symbology>, options: EngineOptions, meter: inout WorkMeter) -> [Detection] {
        Self.delivered(
            LinearGeometry(engine: self, symbologies: symbologies, options: options).detections(in: frame, meter: &meter),
            asked: symbologies)
    }

    /// What a caller gets of zbar's reads: add-ons joined to their main
    /// symbol, and only the symbologies asked for, since zbar also reads
    /// family members that were not (see `scanner(for:_:)`).
    static func delivered(_ found: [Detection], asked: Set<Symbology>) -> [Detection] {
        AddOnPairing.attach(found).filter { asked.contains($0.symbology) }
    }

    /// Every symbol zbar reports in `frame`, with the scan-line points it
    /// was read at. A linear symbol's corners are the rectangle around them.
    func reads(_ frame: Frame, symbologies: Set<Symbology>, options: EngineOptions) -> [ZBarRead] {
        let symbologies = symbologies.intersection(options.zbarSymbologies ?? supported).intersection(supported)
        guard !symbologies.isEmpty else { return [] }
        guard let scanner = Self.scanner(for: symbologies, options) else { return [] }
        defer { zbar_image_scanner_destroy(scanner) }
        guard let image = zbar_image_create() else { return [] }
        defer { zbar_image_destroy(image) }
        return frame.withUnsafeBytes { bytes -> [ZBarRead] in
            // zbar reads rows `stride` apart; the crop keeps it to our width.
            zbar_image_set_format(image, Self.y800)
            zbar_image_set_size(image, UInt32(frame.stride), UInt32(frame.height))
            zbar_image_set_crop(image, 0, 0, UInt32(frame.width), UInt32(frame.height))
            zbar_image_set_data(image, bytes.baseAddress, UInt(frame.stride * frame.height - (frame.stride - frame.width)), nil)
            guard zbar_scan_image(scanner, image) > 0 else { return [] }
            var reads: [ZBarRead] = []
            var symbol = zbar_image_first_symbol(image)
            while let current = symbol {
                if let read = Self.read(current, in: frame) { reads.append(read) }
                symbol = zbar_symbol_next(current)
            }
            return reads
        }
    }

    private static func scanner(for symbologies: Set<Symbology>, _ options: EngineOptions) -> OpaquePointer? {
        guard let scanner = zbar_image_scanner_create() else { return nil }
        // Each call is a still image: no inter-frame cache, which would hide
        // a code until it has been seen twice.
        zbar_image_scanner_enable_cache(scanner, 0)
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_POSITION, 1)
        // Start from nothing, then enable exactly what was asked. PDF417 is
        // never touched: Debian's zbar lacks it and querying it crashes.
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        for symbology in symbologies {
            zbar_image_scanner_set_config(scanner, zbarType(symbology), ZBAR_CFG_ENABLE, 1)
        }
        if !symbologies.isDisjoint(with: [.ean8, .ean13, .upca, .upce]) {
            // zbar reads UPC-A through its EAN-13 decoder, and with UPC-E off
            // reports a UPC-E expanded as a UPC-A or EAN-13: read both always
            // and let `delivered` drop what was not asked for.
            zbar_image_scanner_set_config(scanner, ZBAR_EAN13, ZBAR_CFG_ENABLE, 1)
            zbar_image_scanner_set_config(scanner, ZBAR_UPCE, ZBAR_CFG_ENABLE, 1)
        }
        // zbar's own floor is 6; the decoder applies the configured minimum
        // (`DecoderConfiguration.minimumITFLength`), so let shorter ones through.
        zbar_image_scanner_set_config(scanner, ZBAR_I25, ZBAR_CFG_MIN_LEN, 4)
        // Raw bytes for QR: our text layer honours the declared encoding.
        zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_BINARY, 1)
        let density: Int32 = options.zbarDensity ?? (options.tryHarder ? 1 : 2)
        // X density spaces the vertical scan lines (columns), Y the rows.
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_X_DENSITY, options.zbarLines == .rows ? 0 : density)
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_Y_DENSITY, options.zbarLines == .columns ? 0 : density)
        return scanner
    }

    private static func zbarType(_ symbology: Symbology) -> zbar_symbol_type_t {
        switch symbology {
        case .qr: ZBAR_QRCODE
        case .ean8: ZBAR_EAN8
        case .ean13: ZBAR_EAN13
        case .upca: ZBAR_UPCA
        case .upce: ZBAR_UPCE
        case .code39: ZBAR_CODE39
        case .code93: ZBAR_CODE93
        case .code128: ZBAR_CODE128
        case .codabar: ZBAR_CODABAR
        case .itf: ZBAR_I25
        case .databar: ZBAR_DATABAR
        case .databarExpanded: ZBAR_DATABAR_EXP
        case .ean2: ZBAR_EAN2
        case .ean5: ZBAR_EAN5
        case .pdf417, .microPDF417, .aztec, .dataMatrix, .maxicode, .databarLimited, .telepen, .dxFilmEdge, .microQR, .rmqr: ZBAR_NONE
        }
    }

    private static func symbology(of type: zbar_symbol_type_t) -> Symbology? {
        switch type {
        case ZBAR_QRCODE: .qr
        case ZBAR_EAN8: .ean8
        case ZBAR_EAN13: .ean13
        case ZBAR_UPCA: .upca
        case ZBAR_UPCE: .upce
        case ZBAR_CODE39: .code39
        case ZBAR_CODE93: .code93
        case ZBAR_CODE128: .code128
        case ZBAR_CODABAR: .codabar
        case ZBAR_I25: .itf
        case ZBAR_DATABAR: .databar
        case ZBAR_DATABAR_EXP: .databarExpanded
        case ZBAR_EAN2: .ean2
        case ZBAR_EAN5: .ean5
        default: nil
        }
    }

    private static func read(_ symbol: OpaquePointer, in frame: Frame) -> ZBarRead? {
        guard let symbology = symbology(of: zbar_symbol_get_type(symbol)) else { return nil }
        let length = Int(zbar_symbol_get_data_length(symbol))
        let drawn: [UInt8] = zbar_symbol_get_data(symbol).map { data in
            data.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
        } ?? []
        let bytes = symbology == .code39 ? Code39Interpretation.interpret(drawn) : drawn
        let points = (0..<zbar_symbol_get_loc_size(symbol)).map {
            Point(x: Double(zbar_symbol_get_loc_x(symbol, $0)), y: Double(zbar_symbol_get_loc_y(symbol, $0)))
        }
        let orientation = zbar_symbol_get_orientation(symbol)
        let alongRows = orientation != ZBAR_ORIENT_RIGHT && orientation != ZBAR_ORIENT_LEFT
        let corners = symbology == .qr && points.count == 4
            // zbar lists QR corners TL, BL, BR, TR.
            ? [points[0], points[3], points[2], points[1]]
            : linearQuad(points, orientation: orientation)
        var detection = Detection(
            symbology: symbology, bytes: bytes, text: TextDecoding.text(for: symbology, bytes: bytes),
            corners: corners, engine: .zbar)
        // A linear read's evidence is the number of distinct scan lines that
        // decoded it; zbar's own quality counts the same line twice when it
        // reads a symbol both ways.
        if symbology.isLinear {
            detection.evidence = max(1, Set(points.map { alongRows ? $0.y : $0.x }).count)
        }
        detection.isGS1 = zbar_symbol_get_modifiers(symbol) & (1 << ZBAR_MOD_GS1.rawValue) != 0
        return ZBarRead(detection: detection, points: points, alongRows: alongRows, orientation: orientation)
    }

    /// The rectangle around a linear code's scan points, listed clockwise
    /// from the symbol's top-left once its orientation is undone.
    static func linearQuad(_ points: [Point], orientation: zbar_orientation_t) -> [Point] {
        // The direction the code reads in, and its "up", in image coordinates.
        let (reading, up): (Point, Point)
        switch orientation {
        case ZBAR_ORIENT_RIGHT: (reading, up) = (Point(x: 0, y: 1), Point(x: 1, y: 0))
        case ZBAR_ORIENT_DOWN: (reading, up) = (Point(x: -1, y: 0), Point(x: 0, y: 1))
        case ZBAR_ORIENT_LEFT: (reading, up) = (Point(x: 0, y: -1), Point(x: -1, y: 0))
        default: (reading, up) = (Point(x: 1, y: 0), Point(x: 0, y: -1))
        }
        return BoundingQuad.enclosing(points, reading: reading, up: up)
    }
}

/// One symbol as zbar reports it: the detection, the scan-line points it
/// was read at, and whether those lines were rows (a code with upright bars).
struct ZBarRead {
    var detection: Detection
    var points: [Point]
    var alongRows: Bool
    /// The scan lines that read it.
    var lines: EngineOptions.ZBarLines { alongRows ? .rows : .columns }
    var orientation: zbar_orientation_t
}
