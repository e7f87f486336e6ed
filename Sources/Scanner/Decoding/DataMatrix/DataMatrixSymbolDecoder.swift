/// From a sampled module matrix (the whole symbol, L finder at left and bottom) to content:
/// placement, Reed–Solomon correction, data decoding.
enum DataMatrixSymbolDecoder {
    struct Decoded: Sendable, Equatable {
        var content: DataMatrixContent
        var size: DataMatrixSymbolSize
        var correctedCodewords: Int
    }

    /// Placement maps for every size, in `DataMatrixSymbolSize.all` order (computed once).
    private static let placements: [DataMatrixPlacement] = DataMatrixSymbolSize.all.map {
        DataMatrixPlacement(rows: $0.mappingRows, columns: $0.mappingColumns)
    }

    /// nil when the matrix is not a symbol size, RS fails, or the data stream is malformed.
    static func decode(_ matrix: BitMatrix) -> Decoded? {
        guard let index = DataMatrixSymbolSize.all.firstIndex(where: {
            $0.rows == matrix.height && $0.columns == matrix.width
        }) else { return nil }
        let size = DataMatrixSymbolSize.all[index]
        let placement = placements[index]
        let codewords = placement.codewords(DataMatrixPlacement.mappingMatrix(of: matrix, size: size))
        guard let fixed = DataMatrixCodewords.correct(codewords, size: size),
              let content = DataMatrixDataDecoder.decode(fixed.data) else { return nil }
        return Decoded(content: content, size: size, correctedCodewords: fixed.corrected)
    }
}
