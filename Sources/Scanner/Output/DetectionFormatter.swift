/// Turns a detection into one output line, in text, raw (text or bytes) or JSON form.
public struct DetectionFormatter: Sendable {
    /// The form of every line: text, raw or JSON.
    public let format: OutputFormat
    /// Whether text lines start with their source, `path:SYMBOLOGY:payload`,
    /// as grep's `-H` does. JSON always names it; raw never does.
    public let namesSource: Bool

    /// How variable-measure EAN-13s are taken apart in JSON; none by default.
    public let variableMeasureLayouts: [VariableMeasureLayout]

    /// A formatter writing `format`.
    public init(format: OutputFormat, namesSource: Bool = false, variableMeasureLayouts: [VariableMeasureLayout] = []) {
        self.format = format
        self.namesSource = namesSource
        self.variableMeasureLayouts = variableMeasureLayouts
    }

    /// An input's outcome when it has no detections to show for itself.
    public enum Status: Sendable, Hashable {
        /// Read, and no symbol found.
        case noCode
        /// Not read; the message says why and what to do.
        case error(String)
        /// Its time limit ended the work on it; what was found by then came
        /// before. The message says so.
        case timedOut(String)
        /// The file ends early; what was found in the part that arrived
        /// came before. The message says so.
        case truncated(String)
    }

    /// The JSON record for a source without detections, or cut short, so
    /// that every input is accounted for; nil in text and raw output, which stay as zbarimg's.
    public func line(for status: Status, source: String) -> [UInt8]? {
        guard format == .json else { return nil }
        var json = JSONLine()
        json.add("source", source)
        switch status {
        case .noCode:
            json.add("status", "no-code")
        case .error(let message):
            json.add("status", "error")
            json.add("error", message)
        case .timedOut(let message):
            json.add("status", "timeout")
            json.add("error", message)
        case .truncated(let message):
            json.add("status", "truncated")
            json.add("error", message)
        }
        return Array((json.text + "\n").utf8)
    }

    /// The line for `detection`, newline included. `source` names the file or
    /// device; `extra` adds fields to the JSON form (events, timing).
    public func line(
        for detection: Detection, source: String, extra: (inout JSONLine) -> Void = { _ in }
    ) -> [UInt8] {
        switch format {
        case .raw:
            return Array(detection.text.utf8) + [0x0A]
        case .rawBytes:
            return detection.bytes + [0x0A]
        case .xml:
            return Array(ZBarXML.symbol(detection).utf8)
        case .text:
            let name = namesSource ? TerminalSafeText.escape(source) + ":" : ""
            return Array((name + detection.symbology.label + ":" + TerminalSafeText.escape(detection.humanReadable) + "\n").utf8)
        case .json:
            var json = JSONLine()
            extra(&json)
            json.add("source", source)
            json.add("symbology", detection.symbology.rawValue)
            json.add("text", detection.text)
            json.add("bytes", Base64.encode(detection.bytes))
            json.add("corners", points: detection.corners)
            json.add("symbology_id", detection.symbologyIdentifier)
            if let addOn = detection.addOn { json.add("add_on", addOn) }
            if let composite = detection.composite { json.add("composite", composite.rawValue) }
            if let gtin = detection.gtin { json.add("gtin", gtin) }
            if let isbn = detection.isbn {
                var object = JSONLine()
                object.add("isbn13", isbn.isbn13)
                if let isbn10 = isbn.isbn10 { object.add("isbn10", isbn10) }
                json.add("isbn", object: object)
            }
            addGS1(of: detection, to: &json)
            addVariableMeasure(of: detection, to: &json)
            if let matrix = detection.matrix { addMatrix(matrix, to: &json) }
            if let sequence = detection.structuredAppend {
                var object = JSONLine()
                object.add("count", sequence.count)
                object.add("parity", sequence.parity)
                if let id = sequence.id { object.add("id", id) }
                object.add("parts", objects: sequence.parts.map { part in
                    var entry = JSONLine()
                    entry.add("index", part.index)
                    entry.add("corners", points: part.corners)
                    return entry
                })
                json.add("structured_append", object: object)
            }
            json.add("engine", detection.engine.rawValue)
            return Array((json.text + "\n").utf8)
        }
    }

    /// `version`, `ec_level`, `mask`, `mirrored` and `corrected_codewords`
    /// of a symbol our own reader decoded.
    private func addMatrix(_ matrix: MatrixSymbolInfo, to json: inout JSONLine) {
        json.add("version", matrix.version)
        if let level = matrix.errorCorrectionLevel { json.add("ec_level", level) }
        if let mask = matrix.mask { json.add("mask", mask) }
        json.add("mirrored", matrix.mirrored)
        json.add("corrected_codewords", matrix.correctedCodewords)
    }

    /// `gs1` (each AI with its value) and `hri`, or `gs1_error` beside the
    /// raw text when the data is malformed.
    private func addGS1(of detection: Detection, to json: inout JSONLine) {
        switch detection.gs1 {
        case .success(let data)?:
            json.add("gs1", objects: data.elements.map { element in
                var object = JSONLine()
                object.add("ai", element.ai)
                object.add("value", element.value)
                return object
            })
            json.add("hri", data.humanReadable)
        case .failure(let error)?:
            json.add("gs1_error", error.description)
        case nil:
            break
        }
    }

    /// `variable_measure` with the item and its price or weight in kg, as
    /// exact decimals in strings, or `variable_measure_error`.
    private func addVariableMeasure(of detection: Detection, to json: inout JSONLine) {
        switch detection.variableMeasure(layouts: variableMeasureLayouts) {
        case .success(let measure)?:
            var object = JSONLine()
            object.add("layout", measure.layout.name)
            object.add("item", measure.item)
            switch measure.measure {
            case .price(let price): object.add("price", price.description)
            case .weight(let kilograms): object.add("weight_kg", kilograms.description)
            }
            json.add("variable_measure", object: object)
        case .failure(let error)?:
            json.add("variable_measure_error", error.description)
        case nil:
            break
        }
    }
}
