/// One attempt at a frame: which pixels the engines see and how hard they try.
struct Pass {
    /// A derived image and the way back from its pixels to the region's.
    struct View {
        let frame: Frame
        let toRegion: (Point) -> Point
    }

    enum Pixels {
        case asIs, inverted, downscaled, upscaled, stretched, bordered
        case rotated(quarterTurns: Int)
    }

    let pixels: Pixels
    let options: EngineOptions

    func view(of region: Frame) -> View? {
        switch pixels {
        case .asIs:
            return View(frame: region) { $0 }
        case .inverted:
            return View(frame: region.inverted()) { $0 }
        case .stretched:
            return View(frame: region.contrastStretched()) { $0 }
        case .bordered:
            let border = max(16, min(region.width, region.height) / 8)
            return View(frame: region.withWhiteBorder(border)) { Point(x: $0.x - Double(border), y: $0.y - Double(border)) }
        case .downscaled:
            guard region.width >= 200, region.height >= 200 else { return nil }
            return View(frame: region.downscaledByTwo()) { Point(x: $0.x * 2 + 0.5, y: $0.y * 2 + 0.5) }
        case .upscaled:
            guard region.width * region.height <= 1_000_000 else { return nil }
            return View(frame: region.upscaledByTwo()) { Point(x: $0.x / 2, y: $0.y / 2) }
        case .rotated(let turns):
            let rotated = region.rotated(quarterTurns: turns)
            let (w, h) = (Double(region.width), Double(region.height))
            return View(frame: rotated) { p in
                // Undo a clockwise turn of the region.
                switch ((turns % 4) + 4) % 4 {
                case 1: Point(x: p.y, y: h - 1 - p.x)
                case 2: Point(x: w - 1 - p.x, y: h - 1 - p.y)
                case 3: Point(x: w - 1 - p.y, y: p.x)
                default: p
                }
            }
        }
    }

    /// The passes to try, in order, until one finds something.
    static func sequence(for effort: Effort, frame: Frame) -> [Pass] {
        let plain = EngineOptions()
        let harder = EngineOptions(tryHarder: true)
        switch effort {
        case .fast:
            return [Pass(pixels: .asIs, options: plain)]
        case .normal:
            return [
                Pass(pixels: .asIs, options: plain),
                Pass(pixels: .asIs, options: EngineOptions(tryHarder: true, tryInverted: true)),
                Pass(pixels: .downscaled, options: plain),
                Pass(pixels: .bordered, options: harder),
            ]
        case .thorough:
            return [
                Pass(pixels: .asIs, options: harder),
                Pass(pixels: .asIs, options: EngineOptions(tryHarder: true, tryInverted: true)),
                Pass(pixels: .downscaled, options: harder),
                Pass(pixels: .bordered, options: harder),
                Pass(pixels: .upscaled, options: harder),
                Pass(pixels: .stretched, options: harder),
                Pass(pixels: .inverted, options: harder),
            ]
        }
    }
}
