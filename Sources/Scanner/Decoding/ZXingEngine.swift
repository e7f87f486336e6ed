import CZXing

/// zxing-cpp 1.4 through the CZXing bridge: PDF417, Aztec, Data Matrix,
/// MaxiCode and QR.
///
/// zxing 1.4's linear readers abort the whole process on some ordinary
/// frames (a failed internal assertion that cannot be caught), so they are
/// off unless the engine is built with `linearReaders: true` (`--engine
/// zxing`, `--second-opinion`); zbar and our readers read those codes. An
/// engine with them reads in the helper process (`ReadHelper`), so an abort
/// costs one reading, never the process.
struct ZXingEngine: BarcodeEngine {
    /// The symbologies read by default: those zbar lacks, plus QR, where
    /// zxing is the stronger of the two. Its 2D readers do not abort.
    static let matrixSymbologies: Set<Symbology> = [.qr, .pdf417, .aztec, .dataMatrix, .maxicode]

    let name = EngineName.zxing
    let kind = Detection.Engine.zxing
    let supported: Set<Symbology>

    /// - Parameter linearReaders: also run zxing's 1D readers (EAN/UPC,
    ///   Code 39/93/128, Codabar, ITF, DataBar), accepting that they may
    ///   abort the process. zxing 1.4 reports no add-ons.
    init(linearReaders: Bool = false) {
        supported = linearReaders ? Symbology.standard.subtracting([.microPDF417]) : Self.matrixSymbologies
        isolated = linearReaders
    }

    /// Whether each read runs in the helper process.
    private let isolated: Bool

    /// How long a read in the helper may take before the helper is killed
    /// and the reading lost.
    static let helperTimeout = Duration.seconds(5)

    func decode(_ frame: Frame, symbologies: Set<Symbology>, options: EngineOptions) -> [Detection] {
        // The protocol has no error channel; the bridge fails only on
        // exhausted memory or a zxing bug, and then this frame finds nothing.
        let symbols = (try? read(frame, symbologies: symbologies, options: options)) ?? []
        return symbols.map { symbol in
            var detection = symbol.detection
            if detection.corners.allSatisfy({ $0 == detection.corners[0] }), let box = frame.symbolBoundingBox() {
                // zxing 1.4 reads MaxiCode only as the image's one pure symbol
                // and gives it no position: it is the image's dark pixels.
                detection.corners = box
            }
            return detection
        }
    }

    /// Everything zxing reports for `frame`, in its pixel coordinates.
    func read(_ frame: Frame, symbologies: Set<Symbology>, options: EngineOptions) throws(ZXingError) -> [ZXingSymbol] {
        let wanted = symbologies.intersection(supported)
        // The 1D readers abort (Result.cpp:140, lineCount() == 1) after the
        // downscaled pass on most clean EAN/UPC renders, and a helper restart
        // costs more than the read: they read without that pass, which is
        // for the matrix readers, and a request for both is two reads.
        let linear = wanted.filter(\.isLinear), matrix = wanted.subtracting(linear)
        guard options.tryHarder, !linear.isEmpty else { return try read(frame, formats: wanted, options: options, downscale: true) }
        let matrixReads = matrix.isEmpty ? [] : try read(frame, formats: matrix, options: options, downscale: true)
        return try read(frame, formats: linear, options: options, downscale: false) + matrixReads
    }

    private func read(_ frame: Frame, formats symbologies: Set<Symbology>, options: EngineOptions, downscale: Bool) throws(ZXingError) -> [ZXingSymbol] {
        let formats = symbologies.reduce(UInt32(0)) { $0 | Self.format(of: $1) }
        guard formats != 0 else { return [] }
        var bridgeOptions = zxb_default_options(formats)
        bridgeOptions.try_harder = options.tryHarder
        bridgeOptions.try_rotate = options.tryHarder
        bridgeOptions.try_downscale = options.tryHarder && options.zxingHalves && downscale
        if options.tryHarder {
            // Halving from 200 px instead of thirding from 500 px read 4 more
            // of the corpus's 173 matrix images (QR, Aztec) and lost none,
            // for about 0.3 ms more per image.
            bridgeOptions.downscale_factor = 2
            bridgeOptions.downscale_threshold = 200
        }
        bridgeOptions.is_pure = options.isPure
        bridgeOptions.binarizer = Self.binarizer(options.binarizer)

        return try read(frame, options: bridgeOptions).get()
    }

    private func read(_ frame: Frame, options: zxb_options) -> Result<[ZXingSymbol], ZXingError> {
        // In the helper itself, an abort ends the helper: the isolation it is.
        guard isolated, !ReadHelper.isHelper else { return Self.readHere(frame, options: options) }
        let failed = { (message: String) in ZXingError(message: message, width: frame.width, height: frame.height) }
        switch ReadHelper.request(.readZXing, details: ZXingReadMessage.encode(options), frame: frame, timeout: Self.helperTimeout) {
        case .success(let reply):
            guard let symbols = reply.withUnsafeBytes(ZXingReadMessage.symbols(from:)) else { return .failure(failed("the helper's answer is malformed")) }
            return .success(symbols)
        case .failure(let failure):
            return .failure(failed(failure.description))
        }
    }

    /// The helper's side of an isolated read: zxing's answer, or its error.
    static func answer(_ request: [UInt8], frame: Frame) -> Result<[UInt8], ReadHelperRefusal> {
        guard let options = request.withUnsafeBytes(ZXingReadMessage.options(from:)) else {
            return .failure(ReadHelperRefusal(message: "zxing-cpp's options are malformed"))
        }
        return readHere(frame, options: options)
            .map(ZXingReadMessage.encode)
            .mapError { ReadHelperRefusal(message: $0.message) }
    }

    /// zxing-cpp in this process.
    private static func readHere(_ frame: Frame, options: zxb_options) -> Result<[ZXingSymbol], ZXingError> {
        var options = options
        return frame.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
                  let results = zxb_read(base, Int32(frame.width), Int32(frame.height), Int32(frame.stride), &options)
            else { return .failure(ZXingError(message: "out of memory", width: frame.width, height: frame.height)) }
            defer { zxb_results_free(results) }
            if let error = results.pointee.error {
                return .failure(ZXingError(message: String(cString: error), width: frame.width, height: frame.height))
            }
            return .success(UnsafeBufferPointer(start: results.pointee.results, count: results.pointee.count)
                .compactMap(ZXingSymbol.init))
        }
    }

    static func format(of symbology: Symbology) -> UInt32 {
        let format: zxb_format = switch symbology {
        case .qr: ZXB_FORMAT_QR
        case .ean8: ZXB_FORMAT_EAN8
        case .ean13: ZXB_FORMAT_EAN13
        case .upca: ZXB_FORMAT_UPCA
        case .upce: ZXB_FORMAT_UPCE
        case .code39: ZXB_FORMAT_CODE39
        case .code93: ZXB_FORMAT_CODE93
        case .code128: ZXB_FORMAT_CODE128
        case .pdf417: ZXB_FORMAT_PDF417
        case .aztec: ZXB_FORMAT_AZTEC
        case .dataMatrix: ZXB_FORMAT_DATAMATRIX
        case .codabar: ZXB_FORMAT_CODABAR
        case .itf: ZXB_FORMAT_ITF
        case .databar: ZXB_FORMAT_DATABAR
        case .databarExpanded: ZXB_FORMAT_DATABAR_EXPANDED
        case .maxicode: ZXB_FORMAT_MAXICODE
        case .ean2, .ean5, .databarLimited, .telepen, .dxFilmEdge, .microQR, .rmqr, .microPDF417: ZXB_FORMAT_NONE
        }
        return format.rawValue
    }

    private static func binarizer(_ binarizer: EngineOptions.Binarizer) -> zxb_binarizer {
        switch binarizer {
        case .localAverage: ZXB_BINARIZER_LOCAL_AVERAGE
        case .globalHistogram: ZXB_BINARIZER_GLOBAL_HISTOGRAM
        case .fixedThreshold: ZXB_BINARIZER_FIXED_THRESHOLD
        case .boolCast: ZXB_BINARIZER_BOOL_CAST
        }
    }
}

/// One symbol as zxing reports it, with the metadata a text-fixing layer
/// may need beyond a `Detection`.
struct ZXingSymbol: Sendable, Hashable {
    var symbology: Symbology
    /// zxing's UTF-8 rendering of the content (character set from ECI or guessed).
    var text: String
    /// The content without character set conversion.
    var bytes: [UInt8]
    var hasECI: Bool
    var contentType: ContentType
    /// ISO/IEC 15424 symbology identifier such as `]Q1`; empty when none.
    var symbologyIdentifier: String
    /// Error-correction level (`M`, `23%`...); empty when none.
    var errorCorrectionLevel: String
    /// Clockwise from the symbol's top-left.
    var corners: [Point]

    /// What zxing judged the content to be; the raw values are the bridge's.
    enum ContentType: UInt32, Sendable, Hashable {
        case text, binary, mixed, gs1, iso15434, unknownECI
    }

    /// The detection, in the form zbar reports the same symbol: GS1 data
    /// as transmitted (with GS separators), a DataBar with its AI (01).
    var detection: Detection {
        var detection = Detection(symbology: symbology, bytes: bytes, text: text, corners: corners, engine: .zxing)
        detection.isGS1 = contentType == .gs1 || symbology.isAlwaysGS1
        switch symbology {
        case .databar:
            detection.bytes = Array("01".utf8) + bytes
        case .databarExpanded:
            // zxing 1.4 gives DataBar Expanded only in its human-readable form.
            if case .success(let data) = GS1ElementString.parse(humanReadable: text) { detection.bytes = data.transmitted }
        default:
            break
        }
        if detection.isGS1 { detection.text = TextDecoding.text(for: symbology, bytes: detection.bytes) }
        return detection
    }

    private static func string<T>(_ field: T) -> String {
        withUnsafeBytes(of: field) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}

extension ZXingSymbol {
    init?(_ result: zxb_result) {
        guard result.format != ZXB_FORMAT_NONE.rawValue,
              let symbology = Symbology.allCases.first(where: { ZXingEngine.format(of: $0) == result.format })
        else { return nil }
        self.symbology = symbology
        text = String(decoding: UnsafeRawBufferPointer(start: result.text, count: result.text_length), as: UTF8.self)
        bytes = Array(UnsafeRawBufferPointer(start: result.bytes, count: result.bytes_length))
        hasECI = result.has_eci
        contentType = ContentType(rawValue: result.content_type.rawValue) ?? .unknownECI
        symbologyIdentifier = Self.string(result.symbology_identifier)
        errorCorrectionLevel = Self.string(result.ec_level)
        let c = result.corners
        corners = [c.0, c.1, c.2, c.3].map { Point(x: Double($0.x), y: Double($0.y)) }
    }
}

/// zxing-cpp failed inside the bridge (a C++ exception or exhausted memory).
struct ZXingError: Error, CustomStringConvertible, Sendable {
    let message: String
    let width: Int
    let height: Int

    var description: String {
        "zxing-cpp failed on a \(width)x\(height) frame: \(message); "
            + "retry the frame, and report the image if it keeps failing"
    }
}
