/// Our own MaxiCode reader: symbols found by their bullseye at any rotation, either polarity,
/// mirrored, their hexagonal grid sampled from the bullseye's scale and the lattice's turn, and
/// decoded with Reed–Solomon (`MaxiCodeReader`). Every symbol in the frame is returned.
struct MaxiCodeEngine: BarcodeEngine {
    let name = EngineName.maxiCode
    let kind = Detection.Engine.native
    let supported: Set<Symbology> = [.maxicode]

    func decode(_ frame: Frame, symbologies: Set<Symbology>, options: EngineOptions) -> [Detection] {
        guard symbologies.contains(.maxicode) else { return [] }
        return frame.matrixReads(MaxiCodeReader.read).map { Detection($0, symbology: .maxicode) }
    }
}
