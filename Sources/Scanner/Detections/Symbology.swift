import Foundation

/// A barcode symbology the scanner can decode.
///
/// The raw value is the stable lowercase name used on the command line
/// (`--symbologies`) and in JSON output.
public enum Symbology: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
    case qr
    case ean8
    case ean13
    case upca
    case upce
    case code39
    case code93
    case code128
    case pdf417
    case aztec
    case dataMatrix = "datamatrix"

    /// The label zbarimg prints before a payload, so that scripts written
    /// for zbarimg keep working.
    public var label: String {
        switch self {
        case .qr: "QR-Code"
        case .ean8: "EAN-8"
        case .ean13: "EAN-13"
        case .upca: "UPC-A"
        case .upce: "UPC-E"
        case .code39: "CODE-39"
        case .code93: "CODE-93"
        case .code128: "CODE-128"
        case .pdf417: "PDF417"
        case .aztec: "Aztec"
        case .dataMatrix: "DataMatrix"
        }
    }

    /// One-dimensional codes carry no error correction beyond a check digit,
    /// so a camera session wants more than one frame before trusting them.
    public var isLinear: Bool {
        switch self {
        case .qr, .pdf417, .aztec, .dataMatrix: false
        default: true
        }
    }

    /// The EAN/UPC family, whose payloads have a GTIN and a check digit.
    public var isEANUPC: Bool {
        switch self {
        case .ean8, .ean13, .upca, .upce: true
        default: false
        }
    }

    /// Parses a comma-separated list such as `qr,ean13`. Accepts `all` and a
    /// few common spellings (`qrcode`, `ean-13`, `data-matrix`).
    public static func parseList(_ list: String) throws(SymbologyParseError) -> Set<Symbology> {
        var result = Set<Symbology>()
        for raw in list.split(separator: ",") {
            let name = raw.trimmingCharacters(in: .whitespaces).lowercased()
                .replacingOccurrences(of: "-", with: "").replacingOccurrences(of: "_", with: "")
            if name == "all" { result.formUnion(Symbology.allCases); continue }
            guard let symbology = Symbology(rawValue: name) ?? aliases[name] else {
                throw SymbologyParseError(name: String(raw))
            }
            result.insert(symbology)
        }
        if result.isEmpty { throw SymbologyParseError(name: list) }
        return result
    }

    private static let aliases: [String: Symbology] = [
        "qrcode": .qr, "ean": .ean13, "upc": .upca, "code128": .code128, "pdf": .pdf417,
        "datamatrix": .dataMatrix, "dm": .dataMatrix,
    ]

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
