import Glibc

/// Where zbar's linear reads lie in a frame, and how many codes each is.
///
/// zbar's scan lines run along rows and columns, and it reports every read
/// of one payload in an image as one symbol whose location is the scan-line
/// points. This stage turns those reads into outlines: a code read on a line
/// or two is traced in the pixels (`LinearExtent`), a tilted code is
/// re-scanned upright, and identical codes side by side are separated.
/// The re-scans are counted by the frame's `WorkMeter` and bounded.
struct LinearGeometry {
    let engine: ZBarEngine
    let symbologies: Set<Symbology>
    let options: EngineOptions

    /// Separation re-scans are bounded: at most `cutsPerRead` cuts tried per
    /// read, codes separated `separationDepth` times over (up to 8 in a
    /// row), and `separationScans` re-scans for one read in all. Unbounded,
    /// the recursion over every gap was exponential: fuzzed images 512 px
    /// wide nested 46 levels deep and ran for minutes.
    static let cutsPerRead = 4, separationDepth = 3, separationScans = 12

    /// The detections in `frame`, with corners in its pixels.
    func detections(in frame: Frame, meter: inout WorkMeter) -> [Detection] {
        scan(frame, &meter).flatMap { read in
            var scans = Self.separationScans
            return uprighted(read, in: frame, &meter).map { [$0] }
                ?? separated(read, in: frame, depth: Self.separationDepth, scans: &scans, &meter)
        }
    }

    /// zbar's reads in `frame`; a re-scan for one read runs only the scan
    /// lines that read it (`lines`), which cross its bars.
    private func scan(_ frame: Frame, _ meter: inout WorkMeter, lines: EngineOptions.ZBarLines? = nil) -> [ZBarRead] {
        meter.charge(frame)
        var options = options
        if let lines { options.zbarLines = lines }
        return engine.reads(frame, symbologies: symbologies, options: options).map { traced($0, in: frame) }
    }

    /// A read on a line or two, with its outline traced in the pixels
    /// instead of the rectangle around one or two points.
    private func traced(_ read: ZBarRead, in frame: Frame) -> ZBarRead {
        let alongRows = read.alongRows
        guard read.detection.symbology.isLinear, Set(read.points.map { alongRows ? $0.y : $0.x }).count < 3,
              let point = read.points.first,
              let box = LinearExtent.box(around: point, in: frame, alongRows: alongRows) else { return read }
        let corners = [(box.along.lowerBound, box.across.lowerBound), (box.along.upperBound, box.across.upperBound)]
        let outline = corners.map { alongRows ? Point(x: Double($0.0), y: Double($0.1)) : Point(x: Double($0.1), y: Double($0.0)) }
        var traced = read
        traced.detection.corners = ZBarEngine.linearQuad(outline, orientation: read.orientation)
        return traced
    }

    /// A tilted linear code, with corners taken from the frame turned so that
    /// the code is upright; nil for a code that is not tilted. zbar's scan
    /// lines run along rows and columns: across a tilted code they decode
    /// only where they cross all of it, so the rectangle around their points
    /// is not the code's outline. Upright, the points bound it.
    private func uprighted(_ read: ZBarRead, in frame: Frame, _ meter: inout WorkMeter) -> Detection? {
        let detection = read.detection
        guard detection.symbology.isLinear, frame.width * frame.height <= 2_000_000,
              let tilt = Self.barTilt(read), abs(tilt) >= 4, !meter.isPastDeadline() else { return nil }
        let upright = frame.rotated(degrees: -tilt)
        // The same symbologies as before: zbar reads UPC-A only with EAN-13 on.
        guard let again = scan(upright, &meter, lines: read.lines).first(where: { $0.detection.bytes == detection.bytes })
        else { return nil }
        var result = detection
        result.corners = again.detection.corners.map { frame.pointBeforeRotation($0, degrees: -tilt) }
        return result
    }

    /// The bars' angle from the scan lines' normal, in degrees clockwise:
    /// the points where scan lines decoded lie along the code's first and
    /// last bars, so a line fitted through each end's points follows them.
    private static func barTilt(_ read: ZBarRead) -> Double? {
        // In scan-line coordinates: u along the lines, v across them.
        let uv = read.points.map { read.alongRows ? ($0.x, $0.y) : ($0.y, $0.x) }
        guard uv.count >= 6, let minU = uv.map(\.0).min(), let maxU = uv.map(\.0).max(), maxU - minU > 8 else { return nil }
        let band = (maxU - minU) / 5
        var slopes: [Double] = []
        for end in [uv.filter { $0.0 < minU + band }, uv.filter { $0.0 > maxU - band }] where end.count >= 3 {
            // Least squares u = a·v + b.
            let n = Double(end.count)
            let mv = end.map(\.1).reduce(0, +) / n, mu = end.map(\.0).reduce(0, +) / n
            let svv = end.map { ($0.1 - mv) * ($0.1 - mv) }.reduce(0, +)
            guard svv > 0 else { continue }
            slopes.append(end.map { ($0.1 - mv) * ($0.0 - mu) }.reduce(0, +) / svv)
        }
        guard !slopes.isEmpty else { return nil }
        let slope = slopes.reduce(0, +) / Double(slopes.count)
        // Rows: u = x grows with v = y when the bars lean clockwise. Columns
        // swap the axes, which turns the sense round.
        let degrees = atan(slope) * 180 / .pi
        return read.alongRows ? -degrees : degrees
    }

    /// zbar merges every read of one payload in an image into one symbol, so
    /// identical linear codes side by side come back as one whose points
    /// cover them all. One code gives at most two points per scan line; when
    /// a line has more, the frame is cut in two across the scan lines at one
    /// of the widest gaps between the points, and a cut after which both
    /// parts read the payload separates the codes (each part is separated
    /// again, `depth` times at most, for more than two). Codes stacked along
    /// their bars are not separated: any cut along the scan lines leaves a
    /// single code readable on both sides.
    private func separated(_ read: ZBarRead, in frame: Frame, depth: Int, scans: inout Int, _ meter: inout WorkMeter) -> [Detection] {
        let alongX = read.alongRows
        // A row's points share y and lie along x; a column's the reverse.
        let lines = Dictionary(grouping: read.points, by: { alongX ? $0.y : $0.x })
        guard depth > 0, read.detection.symbology.isLinear, lines.values.contains(where: { $0.count > 2 }) else {
            return [read.detection]
        }
        let positions = Set(read.points.map { Int(alongX ? $0.x : $0.y) }).sorted()
        let gaps = zip(positions, positions.dropFirst()).filter { $1 - $0 >= 8 }
            .sorted { ($0.1 - $0.0, $0.0) > ($1.1 - $1.0, $1.0) }
        for (before, after) in gaps.prefix(Self.cutsPerRead) {
            guard scans >= 2, !meter.isPastDeadline() else { break }
            let cut = (before + after) / 2
            let parts = alongX
                ? [PixelRect(x: 0, y: 0, width: cut, height: frame.height),
                   PixelRect(x: cut, y: 0, width: frame.width - cut, height: frame.height)]
                : [PixelRect(x: 0, y: 0, width: frame.width, height: cut),
                   PixelRect(x: 0, y: cut, width: frame.width, height: frame.height - cut)]
            var found: [[Detection]] = []
            for rect in parts {
                let part = frame.cropped(to: rect)
                scans -= 1
                found.append(scan(part, &meter, lines: read.lines)
                    .filter { $0.detection.symbology == read.detection.symbology && $0.detection.bytes == read.detection.bytes }
                    .flatMap { separated($0, in: part, depth: depth - 1, scans: &scans, &meter) }
                    .map { $0.mapped { Point(x: $0.x + Double(rect.x), y: $0.y + Double(rect.y)) } })
                if found.last?.isEmpty == true { break }
            }
            if found.count == 2, found.allSatisfy({ !$0.isEmpty }) { return found.flatMap { $0 } }
        }
        return [read.detection]
    }
}
