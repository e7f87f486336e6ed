/// One decoded PDF417 symbol.
struct PDF417Read: Sendable {
    var message: PDF417Message
    var rows: Int
    var columns: Int
    /// 0–8: 2^(level+1) check codewords.
    var level: Int
    /// Codewords Reed–Solomon changed (erasures included).
    var correctedCodewords: Int
    /// Read from the symbol's back (its rows run counter-clockwise from the start side).
    var mirrored = false
    /// Outer corners in image pixels, clockwise from the symbol's own top-left (empty when
    /// decoded from bare codewords).
    var corners: [MatrixPoint] = []
}

extension PDF417Read: MatrixSymbolRead {
    var bytes: [UInt8] { message.bytes }
    var text: String { message.text }
    var isGS1: Bool { false }

    var symbolInfo: MatrixSymbolInfo {
        MatrixSymbolInfo(version: "\(rows)x\(columns)", errorCorrectionLevel: String(level), mask: nil, mirrored: mirrored,
                         correctedCodewords: correctedCodewords)
    }

    /// A Macro PDF417 segment; its count is optional, but the last segment says it is the last.
    var sequencePart: SequencePart? {
        message.macro.flatMap { macro in
            (macro.segmentCount ?? (macro.isLastSegment ? macro.segmentIndex + 1 : nil)).map {
                SequencePart(index: macro.segmentIndex, count: $0, id: macro.fileID)
            }
        }
    }
}
