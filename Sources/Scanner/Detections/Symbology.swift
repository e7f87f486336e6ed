import Glibc

/// A barcode symbology the scanner can decode.
///
/// The raw value is the stable lowercase name used on the command line
/// (`--symbologies`) and in JSON output. The EAN-2 and EAN-5 add-ons are
/// never reported on their own: enabling them attaches an add-on to the
/// EAN/UPC symbol it follows (`Detection.addOn`).
public enum Symbology: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
    case qr
    /// Micro QR, M1 to M4: one finder pattern, for small parts.
    case microQR = "microqr"
    /// Rectangular Micro QR (rMQR), for narrow print areas.
    case rmqr
    case ean8
    case ean13
    case upca
    case upce
    case code39
    case code93
    case code128
    case pdf417
    /// MicroPDF417: one to four columns of PDF417's codewords between Row Address Patterns.
    case microPDF417 = "micropdf417"
    case aztec
    case dataMatrix = "datamatrix"
    case codabar
    /// Interleaved 2 of 5; a 14-digit one is an ITF-14 and must carry a
    /// valid GS1 check digit.
    case itf
    /// GS1 DataBar omnidirectional, truncated and stacked: a GTIN-14.
    case databar
    case databarExpanded = "databar-expanded"
    /// GS1 DataBar Limited: a GTIN-14 starting with 0 or 1.
    case databarLimited = "databar-limited"
    /// Telepen, Alpha (full ASCII) and Numeric (digit pairs).
    case telepen
    /// DX Film Edge, along the edge of 35 mm film: the DX number, and the frame number when present.
    case dxFilmEdge = "dxfilmedge"
    case maxicode
    case ean2
    case ean5

    /// The label zbarimg prints before a payload, so that scripts written
    /// for zbarimg keep working.
    public var label: String {
        switch self {
        case .qr: "QR-Code"
        case .microQR: "MicroQR"
        case .rmqr: "rMQR"
        case .ean8: "EAN-8"
        case .ean13: "EAN-13"
        case .upca: "UPC-A"
        case .upce: "UPC-E"
        case .code39: "CODE-39"
        case .code93: "CODE-93"
        case .code128: "CODE-128"
        case .pdf417: "PDF417"
        case .microPDF417: "MicroPDF417"
        case .aztec: "Aztec"
        case .dataMatrix: "DataMatrix"
        case .codabar: "Codabar"
        case .itf: "I2/5"
        case .databar: "DataBar"
        case .databarExpanded: "DataBar-Exp"
        case .databarLimited: "DataBar-Ltd"
        case .telepen: "Telepen"
        case .dxFilmEdge: "DXFilmEdge"
        case .maxicode: "MaxiCode"
        case .ean2: "EAN-2"
        case .ean5: "EAN-5"
        }
    }

    /// One-dimensional codes carry no error correction beyond a check digit,
    /// so a camera session wants more than one frame before trusting them.
    public var isLinear: Bool {
        switch self {
        case .qr, .microQR, .rmqr, .pdf417, .microPDF417, .aztec, .dataMatrix, .maxicode: false
        default: true
        }
    }

    /// The add-ons, which a peer reads only when asked: off by default.
    public var isAddOn: Bool { self == .ean2 || self == .ean5 }

    /// Symbologies whose payload is always GS1 element strings.
    public var isAlwaysGS1: Bool { isDataBar }

    /// Read only when named (`-S all,ean5`): the add-ons, which a peer reads only when asked.
    public var isOptIn: Bool { isAddOn }

    /// What a scanner reads unless told otherwise: everything but the opt-in symbologies.
    public static let standard = Set(allCases.filter { !$0.isOptIn })

    /// The EAN/UPC family, whose payloads have a GTIN and a check digit.
    public var isEANUPC: Bool {
        switch self {
        case .ean8, .ean13, .upca, .upce: true
        default: false
        }
    }

    /// The DataBar family, whose symbols carry a linkage flag for a GS1 Composite's 2D component.
    public var isDataBar: Bool {
        switch self {
        case .databar, .databarLimited, .databarExpanded: true
        default: false
        }
    }

    /// Parses a comma-separated list such as `qr,ean13`. Accepts `all` (the
    /// `standard` set: add-ons only when named, as in `all,ean5`) and a few
    /// common spellings (`qrcode`, `ean-13`, `data-matrix`, `i25`).
    public static func parseList(_ list: String) throws(SymbologyParseError) -> Set<Symbology> {
        var result = Set<Symbology>()
        for raw in list.split(separator: ",") {
            let name = squeezed(String(raw))
            if name == "all" { result.formUnion(standard); continue }
            guard let symbology = allCases.first(where: { squeezed($0.rawValue) == name }) ?? aliases[name] else {
                throw SymbologyParseError(name: String(raw))
            }
            result.insert(symbology)
        }
        if result.isEmpty { throw SymbologyParseError(name: list) }
        return result
    }

    private static let aliases: [String: Symbology] = [
        "qrcode": .qr, "microqrcode": .microQR, "mqr": .microQR, "rmqrcode": .rmqr, "ean": .ean13, "upc": .upca, "code128": .code128, "pdf": .pdf417, "micropdf": .microPDF417,
        "datamatrix": .dataMatrix, "dm": .dataMatrix, "i25": .itf, "interleaved2of5": .itf, "itf14": .itf,
        "rss14": .databar, "databaromni": .databar, "databarexp": .databarExpanded, "rssexpanded": .databarExpanded,
        "databarltd": .databarLimited, "rsslimited": .databarLimited, "dx": .dxFilmEdge, "dxfilm": .dxFilmEdge,
        "maxi": .maxicode,
    ]

    /// Lowercase without spaces, hyphens or underscores.
    private static func squeezed(_ name: String) -> String {
        name.trimming(while: \.isWhitespace).lowercased().replacing("-", with: "").replacing("_", with: "")
    }

    /// Orders symbologies as `allCases` lists them.
    public static func < (lhs: Symbology, rhs: Symbology) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// An unknown name in a `--symbologies` list.
public struct SymbologyParseError: Error, CustomStringConvertible, Sendable {
    /// The name as given.
    public let name: String
    /// The message for a person: the unknown name and the names to use.
    public var description: String {
        "unknown symbology '\(name)': use a comma-separated list of "
            + Symbology.allCases.map(\.rawValue).joined(separator: ", ") + ", or all"
    }
}
