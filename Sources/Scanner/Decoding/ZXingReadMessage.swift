import CZXing

/// The bytes of one zxing-cpp read in the helper process (`ZXingEngine`'s
/// 1D readers): the bridge's options one way, the symbols the other. Every
/// field of `zxb_options` but the character set (the engine sets none), and
/// of `ZXingSymbol`, goes through here (`ZXingIsolationTests` compares an
/// isolated read with an in-process one).
enum ZXingReadMessage {
    static func encode(_ options: zxb_options) -> [UInt8] {
        var out = MessageWriter()
        out.put(Int(options.formats))
        for flag in [options.try_harder, options.try_rotate, options.try_downscale, options.is_pure, options.try_code39_extended] {
            out.put(flag)
        }
        for value in [Int(options.binarizer.rawValue), Int(options.max_symbols), Int(options.downscale_factor), Int(options.downscale_threshold)] {
            out.put(value)
        }
        return out.bytes
    }

    static func options(from bytes: UnsafeRawBufferPointer) -> zxb_options? {
        var input = MessageReader(bytes)
        guard let formats = input.integer().flatMap(UInt32.init(exactly:)), let tryHarder = input.flag(), let tryRotate = input.flag(),
              let tryDownscale = input.flag(), let isPure = input.flag(), let code39Extended = input.flag(),
              let binarizer = input.integer().flatMap(UInt32.init(exactly:)), let maxSymbols = input.integer().flatMap(Int32.init(exactly:)),
              let factor = input.integer().flatMap(Int32.init(exactly:)), let threshold = input.integer().flatMap(Int32.init(exactly:)),
              input.isAtEnd
        else { return nil }
        var options = zxb_default_options(formats)
        (options.try_harder, options.try_rotate, options.try_downscale) = (tryHarder, tryRotate, tryDownscale)
        (options.is_pure, options.try_code39_extended) = (isPure, code39Extended)
        // zxb_read refuses a binarizer it does not know.
        options.binarizer = zxb_binarizer(rawValue: binarizer)
        (options.max_symbols, options.downscale_factor, options.downscale_threshold) = (maxSymbols, factor, threshold)
        return options
    }

    static func encode(_ symbols: [ZXingSymbol]) -> [UInt8] {
        var out = MessageWriter()
        out.put(symbols.count)
        for symbol in symbols {
            out.put(symbol.symbology.rawValue)
            out.put(symbol.text)
            out.put(symbol.bytes)
            out.put(symbol.hasECI)
            out.put(Int(symbol.contentType.rawValue))
            out.put(symbol.symbologyIdentifier)
            out.put(symbol.errorCorrectionLevel)
            out.put(symbol.corners)
        }
        return out.bytes
    }

    static func symbols(from bytes: UnsafeRawBufferPointer) -> [ZXingSymbol]? {
        var input = MessageReader(bytes)
        guard let count = input.count() else { return nil }
        var symbols: [ZXingSymbol] = []
        for _ in 0..<count {
            guard let symbology = input.string().flatMap(Symbology.init(rawValue:)), let text = input.string(),
                  let payload = input.byteArray(), let hasECI = input.flag(),
                  let contentType = input.integer().flatMap(UInt32.init(exactly:)).flatMap(ZXingSymbol.ContentType.init(rawValue:)),
                  let identifier = input.string(), let level = input.string(), let corners = input.points()
            else { return nil }
            symbols.append(ZXingSymbol(
                symbology: symbology, text: text, bytes: payload, hasECI: hasECI, contentType: contentType,
                symbologyIdentifier: identifier, errorCorrectionLevel: level, corners: corners))
        }
        return input.isAtEnd ? symbols : nil
    }
}
