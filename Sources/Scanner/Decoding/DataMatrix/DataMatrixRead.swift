/// One Data Matrix symbol read from an image.
struct DataMatrixRead: Sendable, Equatable {
    /// Content bytes (ECI designators removed; macro 05/06 header and trailer included).
    var bytes: [UInt8]
    /// The bytes as text (per ECI character set, ISO 8859-1 by default; FNC1 separators as GS).
    var text: String
    var isGS1: Bool
    /// Symbol corners in image pixels: top-left, top-right, bottom-right, bottom-left of the
    /// symbol in its own orientation (the L finder runs bottom-left → top-left and → bottom-right).
    var corners: [MatrixPoint]
    var rows: Int
    var columns: Int
    var correctedCodewords: Int
    var eci: Int?
    var structuredAppend: DataMatrixContent.StructuredAppend?
    var isReaderProgramming: Bool
    /// Read from a mirror image (not allowed by the standard, but printed by some encoders).
    var isMirrored: Bool
}

extension DataMatrixRead: MatrixSymbolRead {
    var symbolInfo: MatrixSymbolInfo {
        MatrixSymbolInfo(version: "\(rows)x\(columns)", errorCorrectionLevel: nil, mask: nil, mirrored: isMirrored,
                         correctedCodewords: correctedCodewords)
    }

    var sequencePart: SequencePart? {
        structuredAppend.map { SequencePart(index: $0.index, count: $0.count, id: "\($0.fileID >> 8).\($0.fileID & 0xFF)") }
    }
}
