/// Turns per-frame detections into confirmed, deduplicated events.
///
/// Each symbol in view is followed across frames as a track, by symbology,
/// payload and position, so two identical codes side by side are two items.
/// EAN/UPC reads with a wrong check digit are dropped before anything else.
/// A payload is reported once it has been read in enough frames (see
/// `TrackerConfiguration`) and more often than any rival read at that place;
/// the `DedupPolicy` then decides how often.
///
/// All timing comes from the frames' capture times, never from a clock, so a
/// recording replayed at any speed gives the same events. Call `update` for
/// every decoded frame, including frames without detections: that is how
/// items are seen to leave. Absence is observed, never inferred from
/// silence: an item has left only when it has been missing for the rearm
/// time *and* from `TrackerConfiguration.absenceFrames` decoded frames that
/// covered its place, so a decoder that falls behind the camera (frames
/// dropped, a long gap between decoded frames) never splits one
/// presentation into two.
public struct PresentationTracker: Sendable {
    /// How reads are confirmed and deduplicated; a change applies from the next `update`.
    public var configuration: TrackerConfiguration
    private var tracks: [Track] = []
    private var nextTrackID: UInt64 = 1
    /// Payloads already reported, for `.once`.
    private var reportedPayloads: Set<Payload> = []
    /// When each payload was last reported, for `.window`.
    private var lastReported: [Payload: Duration] = [:]
    /// The last frame given to `update`, which stamps the `left` events of `finish`.
    private var lastFrame: (sequence: UInt64, captureTime: Duration)?

    /// A tracker with no tracks yet.
    public init(configuration: TrackerConfiguration = TrackerConfiguration()) {
        self.configuration = configuration
    }

    /// Feeds one decoded frame's detections and returns the events it
    /// causes: first `left` for items observed gone, then `appeared` in the
    /// order of `frameDetections`. `covering` is the part of the frame that
    /// was decoded, in its pixels (nil: all of it); only a frame that
    /// covered a track's place counts as missing its item.
    public mutating func update(
        frameDetections: [Detection], sequence: UInt64, captureTime: Duration, decodeLatency: Duration? = nil,
        covering region: PixelRect? = nil
    ) -> [DetectionEvent] {
        lastFrame = (sequence, captureTime)
        // Tracks already gone by this frame's time, from the frames before it.
        var events = endTracks(where: isGone(at: captureTime), sequence: sequence, captureTime: captureTime)
        if case .window(let window) = configuration.policy {
            lastReported = lastReported.filter { captureTime - $0.value < window }
        }
        let reads = frameDetections.filter { !$0.symbology.isEANUPC || GTIN.isValid($0.text, symbology: $0.symbology) }
        let owners = assignTracks(to: reads, at: captureTime)
        var readsByTrack: [Int: [Detection]] = [:]
        for (read, owner) in zip(reads, owners) { readsByTrack[owner, default: []].append(read) }
        for (owner, trackReads) in readsByTrack.sorted(by: { $0.key < $1.key }) {
            let confirmations = configuration.confirmations(for: tracks[owner].symbology)
            tracks[owner].observe(trackReads, at: captureTime, confirmations: confirmations)
            // Reads outvoting the reported payload are the next item passed
            // over the same spot, not a misread.
            if let report = tracks[owner].lastReport, let winner = tracks[owner].winner(confirmations: confirmations),
               winner != report.bytes {
                events += departures(of: [tracks[owner]], sequence: sequence, captureTime: captureTime)
                tracks[owner] = tracks[owner].successor(id: newTrackID(), payload: winner)
            }
        }
        // This frame looked where the other tracks were and did not see them.
        for index in tracks.indices where readsByTrack[index] == nil && tracks[index].isCovered(by: region) {
            tracks[index].miss()
        }
        // Only unread tracks can end here, so the indices in `owners` stay valid.
        let gone = isGone(at: captureTime)
        let ending = tracks.indices.filter { readsByTrack[$0] == nil && gone(tracks[$0]) }
        if !ending.isEmpty {
            events += departures(of: ending.map { tracks[$0] }, sequence: sequence, captureTime: captureTime)
            let remaining = tracks.indices.filter { !ending.contains($0) }
            let renumbered = Dictionary(uniqueKeysWithValues: remaining.enumerated().map { ($1, $0) })
            tracks = remaining.map { tracks[$0] }
            return events + appearances(reads: reads, owners: owners.map { renumbered[$0]! }, sequence: sequence,
                                        captureTime: captureTime, decodeLatency: decodeLatency)
        }
        return events + appearances(reads: reads, owners: owners, sequence: sequence, captureTime: captureTime,
                                    decodeLatency: decodeLatency)
    }

    /// Whether a track's item has been observed gone at `time`: missing for
    /// the presence timeout and from enough decoded frames.
    private func isGone(at time: Duration) -> (Track) -> Bool {
        let timeout = configuration.policy.presenceTimeout
        let frames = max(1, configuration.absenceFrames)
        return { time - $0.lastSeen >= timeout && $0.missedFrames >= frames }
    }

    /// The `appeared` events of one frame's reads.
    private mutating func appearances(
        reads: [Detection], owners: [Int], sequence: UInt64, captureTime: Duration, decodeLatency: Duration?
    ) -> [DetectionEvent] {
        var events: [DetectionEvent] = []
        var consideredTracks = Set<Int>()
        for (read, owner) in zip(reads, owners) {
            let confirmations = configuration.confirmations(for: read.symbology)
            guard tracks[owner].winner(confirmations: confirmations) == read.bytes,
                  configuration.policy == .everyFrame || consideredTracks.insert(owner).inserted,
                  admits(read, of: tracks[owner], at: captureTime)
            else { continue }
            tracks[owner].report(read, at: captureTime)
            events.append(.appeared(.init(
                detection: read, trackID: tracks[owner].id, sequence: sequence, captureTime: captureTime,
                firstSeen: tracks[owner].firstSeen, decodeLatency: decodeLatency)))
        }
        return events
    }

    /// Ends the stream: every track ends, reported ones with a `left` event
    /// (stamped with the last frame) when the configuration asks for them.
    /// What `.once` and `.window` remember is kept; `reset()` forgets it.
    public mutating func finish() -> [DetectionEvent] {
        guard let lastFrame else { return [] }
        return endTracks(where: { _ in true }, sequence: lastFrame.sequence, captureTime: lastFrame.captureTime)
    }

    /// Forgets all tracks and reported payloads, as if newly created.
    public mutating func reset() {
        self = PresentationTracker(configuration: configuration)
    }

    /// Whether the policy lets this confirmed read be reported now, and
    /// records it when it does.
    private mutating func admits(_ read: Detection, of track: Track, at time: Duration) -> Bool {
        let payload = Payload(symbology: read.symbology, bytes: read.bytes)
        switch configuration.policy {
        case .oncePerPresentation:
            return track.lastReport == nil
        case .window(let window):
            if let last = lastReported[payload], time - last < window { return false }
            lastReported[payload] = time
            return true
        case .everyFrame:
            return true
        case .once:
            return reportedPayloads.insert(payload).inserted
        }
    }

    /// The index of each read's track. Reads and tracks are paired greedily,
    /// closest first. A read left over near a track already paired in this
    /// frame is a second read of that symbol (another engine or scale);
    /// any other read starts a track.
    private mutating func assignTracks(to reads: [Detection], at time: Duration) -> [Int] {
        var pairs: [(distance: Double, track: Int, read: Int)] = []
        for (trackIndex, track) in tracks.enumerated() {
            for (readIndex, read) in reads.enumerated() where track.accepts(read) {
                if let distance = track.distance(to: read) { pairs.append((distance, trackIndex, readIndex)) }
            }
        }
        pairs.sort { ($0.distance, $0.track, $0.read) < ($1.distance, $1.track, $1.read) }
        var owners: [Int: Int] = [:]
        var claimed = Set<Int>()
        for pair in pairs where owners[pair.read] == nil && !claimed.contains(pair.track) {
            owners[pair.read] = pair.track
            claimed.insert(pair.track)
        }
        return reads.indices.map { readIndex in
            if let owner = owners[readIndex] { return owner }
            let read = reads[readIndex]
            let nearby = claimed.compactMap { index in
                tracks[index].accepts(read) ? tracks[index].distance(to: read).map { ($0, index) } : nil
            }
            if let (_, index) = nearby.min(by: <) { return index }
            tracks.append(Track(id: newTrackID(), first: read, at: time))
            claimed.insert(tracks.count - 1)
            return tracks.count - 1
        }
    }

    /// Removes the tracks for which `ended` holds and returns the `left`
    /// events due for them, stamped with the frame that saw them gone.
    private mutating func endTracks(
        where ended: (Track) -> Bool, sequence: UInt64, captureTime: Duration
    ) -> [DetectionEvent] {
        let events = departures(of: tracks.filter(ended), sequence: sequence, captureTime: captureTime)
        tracks.removeAll(where: ended)
        return events
    }

    /// `left` events for the reported ones among `ended`, if configured.
    private func departures(of ended: [Track], sequence: UInt64, captureTime: Duration) -> [DetectionEvent] {
        guard configuration.reportsLeft else { return [] }
        return ended.compactMap { track in
            track.lastReport.map { .left(.init(
                detection: $0, trackID: track.id, sequence: sequence, captureTime: captureTime,
                firstSeen: track.firstSeen, lastSeen: track.lastReportSeen)) }
        }
    }

    private mutating func newTrackID() -> UInt64 {
        defer { nextTrackID += 1 }
        return nextTrackID
    }
}

/// A symbology and payload, wherever the symbol is.
private struct Payload: Hashable, Sendable {
    var symbology: Symbology
    var bytes: [UInt8]
}
