/// A linear decoder: reads symbols left to right on one line's runs.
typealias LinearDecodeFunction = @Sendable (ScanRuns) -> [LinearRead]

/// One read on one line, placed along the line in the line's own (forward) direction.
struct LinearLineRead: Sendable, Hashable {
    /// Its run indices refer to the runs it was read on: `reversed` says whether those were the line's
    /// runs read backwards (`ScanRuns.reversed()`).
    var read: LinearRead
    var reversed: Bool
    /// Where its first and last bar lie along the forward line, in samples (start < end).
    var start: Float
    var end: Float
}

/// Runs a set of linear decoders over one scan line in both directions.
enum LinearLineDecoder {
    /// The decoders of this package; the main package appends Code 128/39/93, Telepen, DataBar.
    static let retailAndTwoOfFive: [LinearDecodeFunction] = [
        EANDecoder.decode, ITFDecoder.decode, CodabarDecoder.decode,
    ]

    /// Samples to runs (`EdgeProfile`) and then `decode(_:decoders:)`.
    static func decode(profile: UnsafeBufferPointer<Float>,
                       decoders: [LinearDecodeFunction] = retailAndTwoOfFive) -> [LinearLineRead] {
        decode(EdgeProfile.runs(profile), decoders: decoders)
    }

    /// Every decoder on the runs and on the reversed runs, and each of `bothWays` (decoders that
    /// read a line in both directions themselves, as DataBar's do) on the runs once, after `alreadyRead`,
    /// what such decoders have already read on these runs (`DataBarLineFinds`). A symbol read
    /// both ways (same symbology and payload, overlapping) is kept once, with the clearer margin.
    static func decode(
        _ runs: ScanRuns, decoders: [LinearDecodeFunction] = retailAndTwoOfFive, bothWays: [LinearDecodeFunction] = [],
        alreadyRead: [LinearRead] = []
    ) -> [LinearLineRead] {
        guard runs.widths.count >= 4, runs.edges.count == runs.widths.count + 1 else { return [] }
        let backward = runs.reversed()
        let total = runs.edges.last ?? 0
        var out: [LinearLineRead] = []
        for read in alreadyRead + bothWays.flatMap({ $0(runs) }) {
            guard let r = place(read, on: runs, reversed: false, total: total) else { continue }
            merge(r, into: &out)
        }
        for decoder in decoders {
            for read in decoder(runs) {
                guard let r = place(read, on: runs, reversed: false, total: total) else { continue }
                merge(r, into: &out)
            }
            for read in decoder(backward) {
                guard let r = place(read, on: backward, reversed: true, total: total) else { continue }
                merge(r, into: &out)
            }
        }
        return out
    }

    /// A read along the forward line, from its first element to the end of
    /// its last: a decoder that counts the line's first or last run, the
    /// margin, in loses it here. (DataBar reads light-on-dark rows too, whose
    /// elements start light.)
    private static func place(_ read: LinearRead, on runs: ScanRuns, reversed: Bool, total: Float) -> LinearLineRead? {
        let first = read.firstRun == 0 ? 1 : read.firstRun
        let end = read.endRun == runs.widths.count ? read.endRun - 1 : read.endRun
        guard first >= 0, first < end, end < runs.edges.count else { return nil }
        let a = runs.edges[first], b = runs.edges[end]
        return reversed
            ? LinearLineRead(read: read, reversed: true, start: total - b, end: total - a)
            : LinearLineRead(read: read, reversed: false, start: a, end: b)
    }

    private static func merge(_ r: LinearLineRead, into out: inout [LinearLineRead]) {
        for i in out.indices where out[i].read.symbology == r.read.symbology && out[i].read.bytes == r.read.bytes
            && out[i].start < r.end && r.start < out[i].end {
            if r.read.margin > out[i].read.margin { out[i] = r }
            return
        }
        out.append(r)
    }
}
