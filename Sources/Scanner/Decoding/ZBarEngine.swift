import CZBar
import Foundation

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
final class ZBarEngine: BarcodeEngine {
    let kind = Detection.Engine.zbar
    let supported: Set<Symbology> = [
        .qr, .ean8, .ean13, .upca, .upce, .code39, .code93, .code128,
        .codabar, .itf, .databar, .databarExpanded, .ean2, .ean5,
    ]

    /// 'Y800' as zbar's fourcc: zbar_fourcc is a macro Swift cannot import.
    private static let y800: UInt = 0x3030_3859

    func decode(_ frame: Frame, symbologies: Set<Symbology>, options: EngineOptions) -> [Detection] {
        let wanted = symbologies.intersection(supported)
        guard !wanted.isEmpty else { return [] }
        let found = scan(frame, wanted, options).flatMap { read in
            uprighted(read, in: frame, wanted, options).map { [$0] } ?? separated(read, in: frame, wanted, options)
        }
        // zbar also reads family members that were not asked for (below).
        return AddOnPairing.attach(found).filter { wanted.contains($0.symbology) }
    }

    /// A tilted linear code, with corners taken from the frame turned so that
    /// the code is upright; nil for a code that is not tilted. zbar's scan
    /// lines run along rows and columns: across a tilted code they decode
    /// only where they cross all of it, so the rectangle around their points
    /// is not the code's outline. Upright, the points bound it.
    private func uprighted(_ read: Read, in frame: Frame, _ symbologies: Set<Symbology>, _ options: EngineOptions) -> Detection? {
        let detection = read.detection
        guard detection.symbology.isLinear, frame.width * frame.height <= 2_000_000,
              let tilt = Self.barTilt(read), abs(tilt) >= 4 else { return nil }
        let upright = frame.rotated(degrees: -tilt)
        // The same symbologies as before: zbar reads UPC-A only with EAN-13 on.
        guard let again = scan(upright, symbologies, options).first(where: { $0.detection.bytes == detection.bytes })
        else { return nil }
        var result = detection
        result.corners = again.detection.corners.map { frame.pointBeforeRotation($0, degrees: -tilt) }
        return result
    }

    /// The bars' angle from the scan lines' normal, in degrees clockwise:
    /// the points where scan lines decoded lie along the code's first and
    /// last bars, so a line fitted through each end's points follows them.
    private static func barTilt(_ read: Read) -> Double? {
        // In scan-line coordinates: u along the lines, v across them.
        let uv = read.points.map { read.alongRows ? ($0.x, $0.y) : ($0.y, $0.x) }
        guard uv.count >= 6, let minU = uv.map(\.0).min(), let maxU = uv.map(\.0).max(), maxU - minU > 8 else { return nil }
        let band = (maxU - minU) / 5
        var slopes: [Double] = []
        for end in [uv.filter { $0.0 < minU + band }, uv.filter { $0.0 > maxU - band }] where end.count >= 3 {
            // Least squares u = a·v + b.
            let n = Double(end.count)
            let mv = end.map(\.1).reduce(0, +) / n, mu = end.map(\.0).reduce(0, +) / n
            let svv = end.map { ($0.1 - mv) * ($0.1 - mv) }.reduce(0, +)
            guard svv > 0 else { continue }
            slopes.append(end.map { ($0.1 - mv) * ($0.0 - mu) }.reduce(0, +) / svv)
        }
        guard !slopes.isEmpty else { return nil }
        let slope = slopes.reduce(0, +) / Double(slopes.count)
        // Rows: u = x grows with v = y when the bars lean clockwise. Columns
        // swap the axes, which turns the sense round.
        let degrees = atan(slope) * 180 / .pi
        return read.alongRows ? -degrees : degrees
    }

    /// One zbar symbol: the detection, the scan-line points it was read at,
    /// and whether those lines were rows (a code with upright bars).
    private typealias Read = (detection: Detection, points: [Point], alongRows: Bool)

    private func scan(_ frame: Frame, _ symbologies: Set<Symbology>, _ options: EngineOptions) -> [Read] {
        guard let scanner = Self.scanner(for: symbologies, options) else { return [] }
        defer { zbar_image_scanner_destroy(scanner) }
        guard let image = zbar_image_create() else { return [] }
        defer { zbar_image_destroy(image) }
        return frame.withUnsafeBytes { bytes -> [Read] in
            // zbar reads rows `stride` apart; the crop keeps it to our width.
            zbar_image_set_format(image, Self.y800)
            zbar_image_set_size(image, UInt32(frame.stride), UInt32(frame.height))
            zbar_image_set_crop(image, 0, 0, UInt32(frame.width), UInt32(frame.height))
            zbar_image_set_data(image, bytes.baseAddress, UInt(frame.stride * frame.height - (frame.stride - frame.width)), nil)
            guard zbar_scan_image(scanner, image) > 0 else { return [] }
            var reads: [Read] = []
            var symbol = zbar_image_first_symbol(image)
            while let current = symbol {
                if let read = Self.read(current, in: frame) { reads.append(read) }
                symbol = zbar_symbol_next(current)
            }
            return reads
        }
    }

    /// zbar merges every read of one payload in an image into one symbol, so
    /// identical linear codes side by side come back as one whose points
    /// cover them all. One code gives at most two points per scan line; when
    /// a line has more, the frame is cut in two across the scan lines
    /// between the points, and a cut after which both parts read the payload
    /// separates the codes (each part is separated again, for more than two).
    /// Codes stacked along their bars are not separated: any cut along the
    /// scan lines leaves a single code readable on both sides.
    private func separated(_ read: Read, in frame: Frame, _ symbologies: Set<Symbology>, _ options: EngineOptions) -> [Detection] {
        let alongX = read.alongRows
        // A row's points share y and lie along x; a column's the reverse.
        let lines = Dictionary(grouping: read.points, by: { alongX ? $0.y : $0.x })
        if read.detection.symbology.isLinear, lines.values.contains(where: { $0.count > 2 }) {
            let positions = Set(read.points.map { Int(alongX ? $0.x : $0.y) }).sorted()
            let gaps = zip(positions, positions.dropFirst()).filter { $1 - $0 >= 8 }.sorted { $0.1 - $0.0 > $1.1 - $1.0 }
            for (before, after) in gaps {
                let cut = (before + after) / 2
                let parts = alongX
                    ? [PixelRect(x: 0, y: 0, width: cut, height: frame.height),
                       PixelRect(x: cut, y: 0, width: frame.width - cut, height: frame.height)]
                    : [PixelRect(x: 0, y: 0, width: frame.width, height: cut),
                       PixelRect(x: 0, y: cut, width: frame.width, height: frame.height - cut)]
                let found = parts.map { rect in
                    let part = frame.cropped(to: rect)
                    return scan(part, symbologies, options)
                        .filter { $0.detection.symbology == read.detection.symbology && $0.detection.bytes == read.detection.bytes }
                        .flatMap { separated($0, in: part, symbologies, options) }
                        .map { $0.mapped { Point(x: $0.x + Double(rect.x), y: $0.y + Double(rect.y)) } }
                }
                if found.allSatisfy({ !$0.isEmpty }) { return found.flatMap { $0 } }
            }
        }
        return [read.detection]
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
            // and let `decode` drop what was not asked for.
            zbar_image_scanner_set_config(scanner, ZBAR_EAN13, ZBAR_CFG_ENABLE, 1)
            zbar_image_scanner_set_config(scanner, ZBAR_UPCE, ZBAR_CFG_ENABLE, 1)
        }
        // zbar's own floor is 6; the decoder applies the configured minimum
        // (`DecoderConfiguration.minimumITFLength`), so let shorter ones through.
        zbar_image_scanner_set_config(scanner, ZBAR_I25, ZBAR_CFG_MIN_LEN, 4)
        // Raw bytes for QR: our text layer honours the declared encoding.
        zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_BINARY, 1)
        let density: Int32 = options.zbarDensity ?? (options.tryHarder ? 1 : 2)
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_X_DENSITY, density)
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_Y_DENSITY, density)
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_TEST_INVERTED, options.tryInverted ? 1 : 0)
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
        case .pdf417, .aztec, .dataMatrix, .maxicode: ZBAR_NONE
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

    private static func read(_ symbol: OpaquePointer, in frame: Frame) -> Read? {
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
        var outline = points
        if symbology != .qr, Set(points.map { alongRows ? $0.y : $0.x }).count < 3, let point = points.first,
           let box = LinearExtent.box(around: point, in: frame, alongRows: alongRows) {
            // Read on a line or two: trace the code in the pixels instead.
            let corners = [(box.along.lowerBound, box.across.lowerBound), (box.along.upperBound, box.across.upperBound)]
            outline = corners.map { alongRows ? Point(x: Double($0.0), y: Double($0.1)) : Point(x: Double($0.1), y: Double($0.0)) }
        }
        let corners = symbology == .qr && points.count == 4
            // zbar lists QR corners TL, BL, BR, TR.
            ? [points[0], points[3], points[2], points[1]]
            : linearQuad(outline, orientation: orientation)
        var detection = Detection(
            symbology: symbology, bytes: bytes, text: TextDecoding.text(for: symbology, bytes: bytes),
            corners: corners, engine: .zbar)
        detection.quality = Int(zbar_symbol_get_quality(symbol))
        detection.isGS1 = zbar_symbol_get_modifiers(symbol) & (1 << ZBAR_MOD_GS1.rawValue) != 0
        return (detection, points, alongRows)
    }

    /// The rectangle around a linear code's scan points, listed clockwise
    /// from the symbol's top-left once its orientation is undone.
    private static func linearQuad(_ points: [Point], orientation: zbar_orientation_t) -> [Point] {
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
