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

    /// Tries the candidate's sizes, best fitting first; the first that decodes wins. Each is
    /// sampled through its fitted corners, then, if that does not decode, on the grid its timing
    /// lines show (a curved or bent symbol).
    static func read(_ image: BinaryImage, _ candidate: DataMatrixCandidate) -> DataMatrixRead? {
        let fits = candidate.sizes.map { ($0, DataMatrixGridFit.fit(image, corners: candidate.corners, size: $0)) }
            .filter { $0.1.score >= minFitScore }
            .sorted { $0.1.score > $1.1.score }
        for (size, fit) in fits {
            let decoded = [DataMatrixGridFit.sample, DataMatrixTimingGrid.sample].lazy.compactMap {
                $0(image, fit.corners, size).flatMap(DataMatrixSymbolDecoder.decode)
            }.first
            guard let d = decoded else { continue }
            return DataMatrixRead(bytes: d.content.bytes, text: d.content.text, isGS1: d.content.isGS1,
                                  corners: fit.corners, rows: size.rows, columns: size.columns,
                                  correctedCodewords: d.correctedCodewords, eci: d.content.eci,
                                  structuredAppend: d.content.structuredAppend,
                                  isReaderProgramming: d.content.isReaderProgramming,
                                  isMirrored: candidate.isMirrored)
        }
        return nil
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
