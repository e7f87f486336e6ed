/// Our own Data Matrix ECC200 reader: square, rectangular and DMRE symbols
/// found by their L finder and timing edges, decoded with Reed–Solomon
/// (`DataMatrixReader`). Every symbol in the frame is returned.
struct DataMatrixEngine: BarcodeEngine {
    let name = EngineName.dataMatrix
    let kind = Detection.Engine.native
    let supported: Set<Symbology> = [.dataMatrix]

    func decode(_ frame: Frame, symbologies: Set<Symbology>, options: EngineOptions) -> [Detection] {
        guard symbologies.contains(.dataMatrix) else { return [] }
        return frame.matrixReads(DataMatrixReader.read).map { Detection($0, symbology: .dataMatrix) }
    }
}
