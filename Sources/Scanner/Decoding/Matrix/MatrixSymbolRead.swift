/// What each of our matrix readers knows of one symbol it read, so that one
/// place turns any of them into a `Detection`.
protocol MatrixSymbolRead {
    var bytes: [UInt8] { get }
    var text: String { get }
    var isGS1: Bool { get }
    /// Corners in image pixels, clockwise from the symbol's own top-left.
    var corners: [MatrixPoint] { get }
    var symbolInfo: MatrixSymbolInfo { get }
    /// This symbol's place in a structured-append sequence, nil when it stands alone.
    var sequencePart: SequencePart? { get }
}

/// One symbol's place in a structured-append sequence, as its reader found it.
struct SequencePart: Sendable, Hashable {
    /// 0-based.
    var index: Int
    var count: Int
    var parity = 0
    var id: String?
}

extension Detection {
    /// A read of one of our matrix readers.
    init(_ read: some MatrixSymbolRead, symbology: Symbology) {
        self.init(symbology: symbology, bytes: read.bytes, text: read.text, corners: read.corners.map { Point(x: $0.x, y: $0.y) },
                  engine: .native)
        isGS1 = read.isGS1
        matrix = read.symbolInfo
        structuredAppend = read.sequencePart.map {
            StructuredAppend(count: $0.count, parity: $0.parity, id: $0.id, parts: [StructuredAppend.Part(index: $0.index, corners: corners)])
        }
    }
}

extension Frame {
    /// The reads of one of our matrix readers over this frame's luma and its binarization,
    /// which the pass's matrix readers share.
    func matrixReads<Read>(
        _ reader: (UnsafeBufferPointer<UInt8>, _ width: Int, _ height: Int, _ stride: Int, Binarization?) -> [Read]
    ) -> [Read] {
        let binarization = self.binarization
        return lumaReads { reader($0, $1, $2, $3, binarization) }
    }

    /// The reads of a reader of grey scan lines (MicroPDF417) over this frame's luma, which
    /// needs no binarization made for it.
    func lumaReads<Read>(_ reader: (UnsafeBufferPointer<UInt8>, _ width: Int, _ height: Int, _ stride: Int) -> [Read]) -> [Read] {
        withUnsafeBytes { raw in reader(raw.assumingMemoryBound(to: UInt8.self), width, height, stride) }
    }

    /// This view binarized, made once while its pixels live: each matrix reader of a pass
    /// searches the same view, and a camera frame or image is read by one pass at a time, so
    /// one view is remembered.
    var binarization: Binarization? {
        let view = ViewKey(offset: offset, width: width, height: height, stride: stride)
        return storage.memoized(view) {
            withUnsafeBytes { raw in Binarization(raw.assumingMemoryBound(to: UInt8.self), width: width, height: height, stride: stride) }
        }
    }

    private struct ViewKey: Hashable {
        let offset, width, height, stride: Int
    }
}
