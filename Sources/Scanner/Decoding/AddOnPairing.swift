/// Joins EAN-2 and EAN-5 add-ons to the EAN-13, UPC-A, UPC-E or EAN-8 they
/// follow (zint draws an EAN-8 with one too, and our line reader reads it).
///
/// zbar reports an add-on as a symbol of its own. A till wants one record:
/// the magazine and its issue number. An add-on belongs to the main symbol
/// whose right end (in reading direction) it starts just after, on the same
/// line of bars; an add-on with no main symbol is dropped, as no peer
/// reports one alone. The add-on read on the most lines is joined first,
/// an EAN-5 before an EAN-2 on as many: lines that cross an EAN-5 at a
/// slant can read its first two digits as an EAN-2, whose parity check is
/// only mod 4.
enum AddOnPairing {
    static func attach(_ detections: [Detection]) -> [Detection] {
        let addOns = detections.filter(\.symbology.isAddOn).sorted {
            ($0.evidence, $0.symbology == .ean5 ? 1 : 0) > ($1.evidence, $1.symbology == .ean5 ? 1 : 0)
        }
        guard !addOns.isEmpty else { return detections }
        var result = detections.filter { !$0.symbology.isAddOn }
        for addOn in addOns {
            let candidates = result.indices.filter {
                [.ean13, .upca, .upce, .ean8].contains(result[$0].symbology) && result[$0].addOn == nil
            }
            guard let main = candidates.compactMap({ index in gap(from: result[index], to: addOn).map { (index, $0) } })
                .min(by: { $0.1 < $1.1 })?.0
            else { continue }
            result[main].addOn = addOn.text
        }
        return result
    }

    /// How far past `main`'s right end (in reading order: its outline's
    /// corners run clockwise from where it starts) `addOn`'s centre lies,
    /// when it lies on `main`'s line of bars; nil otherwise.
    private static func gap(from main: Detection, to addOn: Detection) -> Double? {
        guard main.corners.count == 4 else { return nil }
        let (topLeft, topRight, bottomLeft) = (main.corners[0], main.corners[1], main.corners[3])
        let width = distance(topLeft, topRight), height = distance(topLeft, bottomLeft)
        guard width > 0, height > 0 else { return nil }
        let along = Point(x: (topRight.x - topLeft.x) / width, y: (topRight.y - topLeft.y) / width)
        let centre = main.center, other = addOn.center
        let (dx, dy) = (other.x - centre.x, other.y - centre.y)
        let ahead = dx * along.x + dy * along.y - width / 2
        let aside = abs(-dx * along.y + dy * along.x)
        // An EAN-5 is about 48 modules wide against the EAN-13's 95, after
        // a gap of 7 to 12: its centre lies within about half the main width.
        guard ahead > 0, ahead < 0.6 * width, aside < max(height, width / 4) else { return nil }
        return ahead
    }

    private static func distance(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }
}
