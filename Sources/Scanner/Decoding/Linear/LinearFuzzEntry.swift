/// The linear reader's fuzzing entry point (Fuzz/Linear), `package` so the
/// harness reaches the module's internals without `@testable`.
///
/// The first byte chooses what the rest is:
/// - bit 7 clear: one scan line. With bit 6 clear, each byte is a grey
///   sample; with it set, every 4 bytes are a `Float`'s bits (NaN,
///   infinities, huge values), which no sampler makes but the edge finder
///   must survive. The line goes through `EdgeProfile` and every decoder both
///   ways, as `LinearEngine` reads it and as `LinearLineDecoder.decode`
///   does alone, its runs into a `DataBarAssembler` and DX Film Edge's clock
///   and data track readers.
/// - bit 7 set: a small frame, width from the second byte (1-256), pixels
///   from the rest, through `LinearEngine().decode`; bit 0 asks it to try
///   harder (diagonals), bit 1 gives a bar direction from the third byte.
package enum LinearFuzzEntry {
    /// Bounds the work of one input: longer lines and frames are cut.
    static let maximumSamples = 1 << 16

    package static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let mode = bytes.first else { return }
        let rest = UnsafeBufferPointer(rebasing: bytes.dropFirst().prefix(maximumSamples))
        if mode & 0x80 == 0 {
            line(mode & 0x40 == 0 ? rest.map { Float($0) } : floats(rest))
        } else {
            frame(rest, tryHarder: mode & 1 != 0, barNormal: mode & 2 != 0)
        }
    }

    private static func floats(_ bytes: UnsafeBufferPointer<UInt8>) -> [Float] {
        stride(from: 0, to: bytes.count - 3, by: 4).map { i in
            Float(bitPattern: UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24)
        }
    }

    private static func line(_ profile: [Float]) {
        let decoders = LinearEngine.decoders(for: LinearEngine().supported)
        let runs = EdgeProfile.runs(profile)
        let opened = runs.openedAtEnds()
        _ = LinearLineDecoder.decode(opened, decoders: decoders.oneWay, bothWays: decoders.bothWays)
        _ = LinearLineDecoder.decode(runs, decoders: decoders.unchecked)
        _ = profile.withUnsafeBufferPointer { LinearLineDecoder.decode(profile: $0) }
        // DX Film Edge's clock tracks, and the line read as a data track on each one's grid.
        for clock in DXFilmEdge.clocks(opened) { _ = DXFilmEdge.data(runs, shift: 0.5, clock: clock) }
        var assembler = DataBarAssembler()
        assembler.add(opened, at: 0)
        assembler.add(runs.reversed(), at: 1)
        _ = assembler.symbols()
    }

    private static func frame(_ bytes: UnsafeBufferPointer<UInt8>, tryHarder: Bool, barNormal: Bool) {
        guard bytes.count >= 2 else { return }
        let width = Int(bytes[0]) + 1
        let height = (bytes.count - 1) / width
        guard height > 0 else { return }
        var options = EngineOptions()
        options.tryHarder = tryHarder
        if barNormal { options.barNormal = Double(bytes[1]) * 360 / 256 }
        let frame = Frame(width: width, height: height, pixels: Array(bytes[1..<(1 + width * height)]))
        let engine = LinearEngine()
        _ = engine.decode(frame, symbologies: engine.supported, options: options)
    }
}
