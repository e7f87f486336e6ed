/// Entry point: every Data Matrix symbol in an 8-bit luma image.
enum DataMatrixReader {
    /// Fits below this fraction of right fixed-pattern modules are not decoded.
    static let minFitScore = 0.75

    static func read(
        _ luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, binarization: Binarization? = nil
    ) -> [DataMatrixRead] {
        guard let binarization = binarization ?? Binarization(luma, width: width, height: height, stride: stride) else { return [] }
        var reads: [DataMatrixRead] = []
        for image in binarization.polarities {
            for candidate in DataMatrixDetector.detect(image) {
                let centre = MatrixPoint(x: candidate.corners.map(\.x).reduce(0, +) / 4,
                                         y: candidate.corners.map(\.y).reduce(0, +) / 4)
                if reads.contains(where: { contains($0.corners, centre) }) { continue }
                if let r = read(image, candidate) { reads.append(r) }
            }
        }
        return reads
    }

    /// Tries the candidate's sizes, nearest the measured module counts first: each that fits is
    /// sampled through its fitted corners, and the first that decodes spares fitting the rest.
    /// Only when none does is each sampled, best fitting first, on the grid its timing lines show
    /// (a curved or bent symbol).
    static func read(_ image: BinaryImage, _ candidate: DataMatrixCandidate) -> DataMatrixRead? {
        var fits: [(DataMatrixSymbolSize, DataMatrixGridFit.Fit)] = []
        for size in candidate.sizes {
            let fit = DataMatrixGridFit.fit(image, corners: candidate.corners, size: size)
            guard fit.score >= minFitScore else { continue }
            if let read = decoded(DataMatrixGridFit.sample, image, candidate, size, fit) { return read }
            fits.append((size, fit))
        }
        for (size, fit) in fits.sorted(by: { $0.1.score > $1.1.score }) {
            if let read = decoded(DataMatrixTimingGrid.sample, image, candidate, size, fit) { return read }
        }
        return nil
    }

    /// The symbol `sampler` samples at `size` through `fit`'s corners, if it decodes.
    private static func decoded(
        _ sampler: (BinaryImage, [MatrixPoint], DataMatrixSymbolSize) -> BitMatrix?, _ image: BinaryImage,
        _ candidate: DataMatrixCandidate, _ size: DataMatrixSymbolSize, _ fit: DataMatrixGridFit.Fit
    ) -> DataMatrixRead? {
        guard let d = sampler(image, fit.corners, size).flatMap(DataMatrixSymbolDecoder.decode) else { return nil }
        return DataMatrixRead(bytes: d.content.bytes, text: d.content.text, isGS1: d.content.isGS1,
                              corners: fit.corners, rows: size.rows, columns: size.columns,
                              correctedCodewords: d.correctedCodewords, eci: d.content.eci,
                              structuredAppend: d.content.structuredAppend,
                              isReaderProgramming: d.content.isReaderProgramming,
                              isMirrored: candidate.isMirrored)
    }

    /// Point inside a convex quadrilateral (either vertex order).
    private static func contains(_ q: [MatrixPoint], _ p: MatrixPoint) -> Bool {
        guard q.count == 4 else { return false }
        var sign = 0.0
        for i in 0..<4 {
            let c = DataMatrixOutline.cross(q[i], q[(i + 1) % 4], p)
            if c * sign < 0 { return false }
            if c != 0 { sign = c }
        }
        return true
    }
}
