/// Our own PDF417 reader (`PDF417Reader`): every symbol in the frame, at any rotation, either
/// polarity, mirrored, corrected with Reed–Solomon over GF(929).
struct PDF417Engine: BarcodeEngine {
    let name = EngineName.pdf417
    let kind = Detection.Engine.native
    let supported: Set<Symbology> = [.pdf417]

    func decode(_ frame: Frame, symbologies: Set<Symbology>, options: EngineOptions) -> [Detection] {
        guard symbologies.contains(.pdf417) else { return [] }
        // The guards are found in the view's binarization, which the other matrix readers share.
        return frame.matrixReads { luma, width, height, stride, binarization in
            PDF417Reader.read(luma, width: width, height: height, stride: stride, binarization: binarization)
        }
            // A linked symbol is a GS1 Composite's CC-C, reported with its linear symbol (`CompositeSearch`).
            .filter { !$0.message.linked }.map { Detection($0, symbology: .pdf417) }
    }
}
