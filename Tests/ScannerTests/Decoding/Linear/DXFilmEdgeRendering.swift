import Scanner

/// DX Film Edge symbols drawn for tests, from the format's description (zint
/// 2.11 has no DX Film Edge): the clock track above the data track, dark
/// modules on light film, each pixel the area-weighted grey of the modules it
/// covers, so that 1.5 pixels per module blends edges as a camera would.
struct DXFilmEdgeSymbol: Sendable, CustomStringConvertible {
    var part1: Int
    var part2: Int
    var frame: Int?
    var halfFrame = false
    /// Flips the parity bit: a damaged symbol.
    var wrongParity = false

    var description: String { text + (wrongParity ? " (parity flipped)" : "") }

    /// The text a reader must print.
    var text: String { "\(part1)-\(part2)" + (frame.map { "/\($0)" + (halfFrame ? "A" : "") } ?? "") }

    /// The data track, dark = 1: start, part 1, a 0, part 2, [frame, half-frame flag, a 0],
    /// even parity over the bits between start and stop, stop.
    var dataBits: [Int] {
        func bits(_ value: Int, _ count: Int) -> [Int] { (0..<count).reversed().map { value >> $0 & 1 } }
        var body = bits(part1, 7) + [0] + bits(part2, 4)
        if let frame { body += bits(frame, 6) + [halfFrame ? 1 : 0, 0] }
        let parity = body.reduce(0, ^) ^ (wrongParity ? 1 : 0)
        return [1, 0, 1, 0, 1, 0] + body + [parity] + [0, 1, 0, 1]
    }

    /// The clock track: a 5-module bar, alternating one-module spaces and bars, a 3-module bar.
    var clockBits: [Int] {
        let length = dataBits.count
        return [1, 1, 1, 1, 1] + (0..<(length - 8)).map { $0 % 2 } + [1, 1, 1]
    }

    /// The symbol at `moduleSize` pixels per module, each track `trackHeight` modules high,
    /// with `margin` modules of film around it.
    func frame(moduleSize: Double, trackHeight: Double = 3, margin: Double = 4, dark: Int = 40, light: Int = 200) -> Frame {
        let rows = [clockBits, dataBits]
        let length = Double(clockBits.count)
        let width = Int(((length + 2 * margin) * moduleSize).rounded(.up))
        let height = Int(((2 * trackHeight + 2 * margin) * moduleSize).rounded(.up))
        /// 1 where the point (in modules from the symbol's top-left) is dark.
        func ink(_ x: Double, _ y: Double) -> Double {
            guard x >= 0, x < length, y >= 0, y < 2 * trackHeight else { return 0 }
            return Double(rows[Int(y / trackHeight)][Int(x)])
        }
        let samples = 4
        var pixels = [UInt8](repeating: 0, count: width * height)
        for py in 0..<height {
            for px in 0..<width {
                var coverage = 0.0
                for sy in 0..<samples {
                    for sx in 0..<samples {
                        let x = (Double(px) + (Double(sx) + 0.5) / Double(samples)) / moduleSize - margin
                        let y = (Double(py) + (Double(sy) + 0.5) / Double(samples)) / moduleSize - margin
                        coverage += ink(x, y)
                    }
                }
                coverage /= Double(samples * samples)
                pixels[py * width + px] = UInt8((Double(light) - coverage * Double(light - dark)).rounded())
            }
        }
        return Frame(width: width, height: height, pixels: pixels)
    }
}
