/// One physical symbol followed across frames: where it was last seen and
/// which payloads were read there.
///
/// A 2D track holds one payload: error correction makes a different payload
/// at the same place a different symbol. A linear track is tied to its place
/// only, so that disagreeing reads of one bar code can be outvoted.
struct Track: Sendable {
    /// How far, in symbol sizes, a symbol may move between the frames that
    /// show it and keep its track. Identical symbols side by side are at
    /// least one size apart, so they stay two tracks.
    static let matchRadius = 0.75

    private(set) var id: UInt64
    let symbology: Symbology
    /// When the item was first decoded.
    private(set) var firstSeen: Duration
    /// When the symbol was last decoded, with any payload.
    private(set) var lastSeen: Duration
    /// Decoded frames since `lastSeen` that covered the symbol's place and
    /// did not read it: the evidence that it has gone.
    private(set) var missedFrames = 0
    private let firstPayload: [UInt8]
    private var box: Box
    /// The payloads read in each of the latest frames that showed the
    /// symbol, with their votes, oldest first. Votes count only these, so
    /// that the next item passed over the same spot can outvote the previous one.
    private var recentReads: [(time: Duration, votes: [[UInt8]: Int])] = []
    /// The read last reported in an `appeared` event; `nil` until then.
    private(set) var lastReport: Detection?
    /// When the reported payload was last read.
    private(set) var lastReportSeen: Duration

    init(id: UInt64, first detection: Detection, at time: Duration) {
        self.id = id
        symbology = detection.symbology
        firstPayload = detection.bytes
        firstSeen = time
        lastSeen = time
        lastReportSeen = time
        box = Box(detection)
    }

    /// Whether `detection` may be this track's symbol, ignoring distance.
    func accepts(_ detection: Detection) -> Bool {
        detection.symbology == symbology && (symbology.isLinear || detection.bytes == firstPayload)
    }

    /// The distance from this track's last place to `detection`, in symbol
    /// sizes, or `nil` beyond `matchRadius`.
    func distance(to detection: Detection) -> Double? {
        let distance = box.distance(to: Box(detection))
        return distance < Self.matchRadius ? distance : nil
    }

    /// Records one frame's reads of this symbol. A payload's vote in one
    /// frame is its strongest read's `evidence` (scan lines at distinct
    /// places, engines, scales), up to `confirmations`: a code read on many
    /// lines is confirmed by its first frame, a read on one line is one
    /// vote. Separate detections of one payload in a frame do not add up.
    /// Votes are kept for the last `2 * confirmations + 1` frames.
    mutating func observe(_ reads: [Detection], at time: Duration, confirmations: Int) {
        guard let last = reads.last else { return }
        var votes: [[UInt8]: Int] = [:]
        for read in reads { votes[read.bytes] = max(votes[read.bytes] ?? 1, min(read.evidence, confirmations)) }
        recentReads.append((time, votes))
        recentReads.removeFirst(max(0, recentReads.count - (2 * confirmations + 1)))
        if let lastReport, votes[lastReport.bytes] != nil { lastReportSeen = time }
        box = Box(last)
        lastSeen = time
        missedFrames = 0
    }

    /// Records a decoded frame that covered this symbol's place without reading it.
    mutating func miss() {
        missedFrames += 1
    }

    /// Whether a frame decoded over `region` (nil: the whole frame) looked
    /// at the symbol's last place: its centre lies inside.
    func isCovered(by region: PixelRect?) -> Bool {
        guard let region else { return true }
        let center = box.center
        return center.x >= Double(region.x) && center.x <= Double(region.x + region.width)
            && center.y >= Double(region.y) && center.y <= Double(region.y + region.height)
    }

    /// The payload with at least `confirmations` votes over the recent
    /// frames and more than any rival, if there is one.
    func winner(confirmations: Int) -> [UInt8]? {
        var votes: [[UInt8]: Int] = [:]
        for frame in recentReads {
            for (payload, count) in frame.votes { votes[payload, default: 0] += count }
        }
        guard let (best, count) = votes.max(by: { $0.value < $1.value }), count >= confirmations,
              votes.allSatisfy({ $0.key == best || $0.value < count })
        else { return nil }
        return best
    }

    mutating func report(_ read: Detection, at time: Duration) {
        lastReport = read
        lastReportSeen = time
    }

    /// The track of the next item at this place, once the reads favour
    /// `payload` over the reported one: a new id, first seen when `payload`
    /// was first read among the recent frames.
    func successor(id: UInt64, payload: [UInt8]) -> Track {
        var next = self
        next.id = id
        next.firstSeen = recentReads.first { $0.votes[payload] != nil }?.time ?? lastSeen
        next.lastReport = nil
        return next
    }
}

/// A symbol's centre and extent, for matching it across frames.
private struct Box: Sendable {
    var center: Point
    var width: Double
    var height: Double

    init(_ detection: Detection) {
        let bounds = detection.boundingBox
        center = detection.center
        width = bounds.maxX - bounds.minX
        height = bounds.maxY - bounds.minY
    }

    /// The centre distance measured per axis in the larger of the two
    /// extents. A linear code's box may be only a few scanlines high, so
    /// each extent is at least a fifth of the longest side (and one pixel).
    func distance(to other: Box) -> Double {
        let longest = max(width, height, other.width, other.height, 1)
        let scaleX = max(width, other.width, longest / 5)
        let scaleY = max(height, other.height, longest / 5)
        let dx = (other.center.x - center.x) / scaleX
        let dy = (other.center.y - center.y) / scaleY
        return (dx * dx + dy * dy).squareRoot()
    }
}
