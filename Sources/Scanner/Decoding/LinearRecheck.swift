/// zbar readings that zxing's own 1D readers must confirm, because zbar
/// gets their payload wrong on clean renders:
/// - Code 128 with FNC4 (extended Latin-1): zbar ignores FNC4, so
///   `óóóó1234óóabózz` comes back as `ssss1234ssabszz`;
/// - DataBar Expanded: zbar read 19 of 30 zint renders wrong, `21` after a
///   separator as `2Q`.
/// zxing 1.4's 1D readers can abort the process, so they run in the read
/// helper (`ReadHelper`), and only when zbar found one of these symbols.
enum LinearRecheck {
    static let symbologies: Set<Symbology> = [.code128, .databarExpanded]

    /// The symbologies of `found` that need zxing's reading.
    static func needed(by found: [Detection]) -> Set<Symbology> {
        Set(found.filter { $0.engine == .zbar }.map(\.symbology)).intersection(symbologies)
    }

    /// `found` with each zbar reading of a DataBar Expanded replaced by
    /// zxing's reading of the same place, or dropped when zxing has none,
    /// and each Code 128 given back the high bits zxing read in the same
    /// place. A Code 128 that zxing reads otherwise stays zbar's.
    static func corrected(_ found: [Detection], by rereads: [Detection]) -> [Detection] {
        found.compactMap { detection in
            guard detection.engine == .zbar, symbologies.contains(detection.symbology) else { return detection }
            let rival = rereads.first { $0.symbology == detection.symbology && Reconciler.overlaps($0, detection) }
            if detection.symbology == .databarExpanded { return rival }
            guard let rival, rival.bytes != detection.bytes, rival.bytes.count == detection.bytes.count,
                  zip(rival.bytes, detection.bytes).allSatisfy({ $0 & 0x7F == $1 })
            else { return detection }
            var restored = detection
            restored.bytes = rival.bytes
            restored.text = TextDecoding.text(for: detection.symbology, bytes: rival.bytes)
            return restored
        }
    }
}
