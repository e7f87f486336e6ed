/// Our own MicroPDF417 reader: rows read whole on scan lines across the bars at any rotation,
/// placed by their Row Address Patterns, voted, corrected with Reed–Solomon over GF(929)
/// (`MicroPDF417Reader`). Every symbol in the frame is returned.
struct MicroPDF417Engine: BarcodeEngine {
    let name = EngineName.microPDF417
    let kind = Detection.Engine.native
    let supported: Set<Symbology> = [.microPDF417]

    func decode(_ frame: Frame, symbologies: Set<Symbology>, options: EngineOptions) -> [Detection] {
        guard symbologies.contains(.microPDF417) else { return [] }
        return frame.lumaReads { luma, width, height, stride in MicroPDF417Reader.read(luma, width: width, height: height, stride: stride) }
            // A linked symbol is a GS1 Composite's CC-B, reported with its linear symbol (`CompositeSearch`).
            .filter { !$0.linked }.map { Detection($0, symbology: .microPDF417) }
    }
}
