import Foundation
import Scanner

/// Builds camera-like clips for capture-session tests: frames of one size on
/// a grey background with symbols placed, moved or left out frame by frame,
/// and optional sensor noise. The clip is written with the library's own
/// `Y4MWriter`, so a test replays exactly what `scan --record` would hold.
public struct RecordingBuilder {
    /// A symbol image (with its quiet zone) whose top-left corner is at
    /// (`x`, `y`) in the frame; parts outside the frame are cut off.
    public struct Placement {
        public let width: Int
        public let height: Int
        fileprivate let pixels: [UInt8]
        public var x: Int
        public var y: Int

        public init(_ image: Frame, x: Int, y: Int) {
            width = image.width
            height = image.height
            pixels = image.packedPixels
            self.x = x
            self.y = y
        }

        public init(_ symbol: RenderedSymbol, x: Int, y: Int) {
            self.init(symbol.frame, x: x, y: y)
        }

        /// The same image at (`x`, `y`).
        public func at(x: Int, y: Int) -> Placement {
            var moved = self
            moved.x = x
            moved.y = y
            return moved
        }
    }

    public let width: Int
    public let height: Int
    public let frameInterval: Duration
    public let background: UInt8
    /// Uniform noise of ±`noise` levels, different in every frame.
    public let noise: Int
    /// What each frame shows, in order.
    public private(set) var scenes: [[Placement]] = []

    public init(width: Int = 640, height: Int = 360, framesPerSecond: Int = 30, background: UInt8 = 128, noise: Int = 0) {
        self.width = width
        self.height = height
        frameInterval = .seconds(1) / framesPerSecond
        self.background = background
        self.noise = noise
    }

    public var frameCount: Int { scenes.count }

    /// Appends `count` frames showing `placements`; none is an empty scene.
    public mutating func show(_ placements: [Placement], frames count: Int) {
        scenes += Array(repeating: placements, count: count)
    }

    public mutating func show(_ placement: Placement, frames count: Int) {
        show([placement], frames: count)
    }

    /// Appends `count` frames without any symbol.
    public mutating func showNothing(frames count: Int) {
        show([], frames: count)
    }

    /// Appends `count` frames in which `placement` slides in a straight line
    /// from its position to (`x`, `y`), reached in the last frame.
    public mutating func move(_ placement: Placement, toX x: Int, y: Int, frames count: Int) {
        for step in 0..<count {
            let t = count > 1 ? Double(step) / Double(count - 1) : 1
            let px = placement.x + Int((Double(x - placement.x) * t).rounded())
            let py = placement.y + Int((Double(y - placement.y) * t).rounded())
            show(placement.at(x: px, y: py), frames: 1)
        }
    }

    /// Frame `index` of the clip.
    public func frame(_ index: Int) -> Frame {
        // Raw copies and pointer loops: the support module is built for
        // debugging, where per-element array access is slow.
        let storage = PixelStorage(count: width * height) { raw in
            let canvas = raw.bindMemory(to: UInt8.self)
            canvas.initialize(repeating: background)
            for placement in scenes[index] {
                let columns = max(0, placement.x)..<min(width, placement.x + placement.width)
                guard !columns.isEmpty else { continue }
                placement.pixels.withUnsafeBufferPointer { image in
                    for y in max(0, placement.y)..<min(height, placement.y + placement.height) {
                        let from = (y - placement.y) * placement.width + columns.lowerBound - placement.x
                        (canvas.baseAddress! + y * width + columns.lowerBound)
                            .update(from: image.baseAddress! + from, count: columns.count)
                    }
                }
            }
            if noise > 0 { addNoise(to: canvas, seed: UInt64(index)) }
        }
        return Frame(width: width, height: height, storage: storage)
    }

    /// Writes the clip to `path` as `.y4m`, at the builder's frame rate.
    public func write(to path: String) throws {
        let writer = try Y4MWriter(path: path, frameInterval: frameInterval, replacing: true)
        for index in scenes.indices { try writer.append(frame(index)) }
    }

    /// Writes the clip as `name` in `directory` and returns its path.
    public func write(_ name: String, in directory: TemporaryDirectory) throws -> String {
        let path = directory.file(name).path
        try write(to: path)
        return path
    }

    /// Writes the clip as a 4:2:0 `.y4m` (neutral chroma), as a camera
    /// recorder such as ffmpeg writes it, rather than the library's `Cmono`.
    public func write420(_ name: String, in directory: TemporaryDirectory) throws -> String {
        let path = directory.file(name).path
        let framesPerSecond = Int((Duration.seconds(1) / frameInterval).rounded())
        var data = Data("YUV4MPEG2 W\(width) H\(height) F\(framesPerSecond):1 Ip A1:1 C420jpeg\n".utf8)
        let chroma = Data(repeating: 128, count: 2 * ((width + 1) / 2) * ((height + 1) / 2))
        for index in scenes.indices {
            data.append(Data("FRAME\n".utf8))
            data.append(contentsOf: frame(index).packedPixels)
            data.append(chroma)
        }
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    private func addNoise(to pixels: UnsafeMutableBufferPointer<UInt8>, seed: UInt64) {
        // One 64-bit draw gives the noise of eight pixels.
        var random = SplitMix64(seed: seed)
        let levels = UInt64(2 * noise + 1)
        let base = pixels.baseAddress!
        var bits: UInt64 = 0
        for index in 0..<pixels.count {
            if index & 7 == 0 { bits = random.next() }
            let value = Int(base[index]) + Int((bits & 0xFF) % levels) - noise
            base[index] = value < 0 ? 0 : value > 255 ? 255 : UInt8(truncatingIfNeeded: value)
            bits >>= 8
        }
    }
}

extension RecordingBuilder {
    /// The payload of `firstFrameQRClip`.
    public static let firstFrameText = "first frame"

    /// The clip of the lost-first-event report: 10 frames of 4:2:0 `.y4m`
    /// with one QR code (164x164 with its quiet zone, on white) in every
    /// frame, so the very first frame already shows the code.
    public static func firstFrameQRClip(in directory: TemporaryDirectory) throws -> String {
        var clip = RecordingBuilder(width: 320, height: 240, background: 255)
        let symbol = try ZintRenderer.render(.qr, .text(firstFrameText), moduleSize: 4)
        clip.show(Placement(symbol, x: 60, y: 40), frames: 10)
        return try clip.write420("q.y4m", in: directory)
    }
}
