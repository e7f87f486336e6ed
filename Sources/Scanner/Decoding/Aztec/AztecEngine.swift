/// Our own Aztec reader: compact and full-range symbols and runes, found by
/// their bullseye at any rotation, either polarity, mirrored, decoded with
/// Reed–Solomon (`AztecReader`). Every symbol in the frame is returned.
struct AztecEngine: BarcodeEngine {
    let name = EngineName.aztec
    let kind = Detection.Engine.native
    let supported: Set<Symbology> = [.aztec]

    func decode(_ frame: Frame, symbologies: Set<Symbology>, options: EngineOptions) -> [Detection] {
        guard symbologies.contains(.aztec) else { return [] }
        return frame.matrixReads(AztecReader.read).map { Detection($0, symbology: .aztec) }
    }
}
