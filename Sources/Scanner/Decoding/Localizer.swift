import Foundation

/// Where in a frame a code could be, from one cheap look at its luma, so
/// that second chances run only there, and not at all on an image without
/// anything code-like (a blank page, a photo of a wall).
///
/// The frame is cut into a coarse grid of cells. In each, the gradient's
/// structure tensor gives its energy (how much contrast changes) and its
/// coherence (how much the changes share one direction). Bars are strong,
/// coherent edges; matrix codes and text are strong edges in two directions;
/// flat areas, gentle shading and mild sensor noise are weak. Cells strong
/// enough to hold a code are candidates.
struct Localizer {
    /// What the look found.
    struct Candidates: Sendable, Hashable {
        /// The part of the frame that holds every candidate cell, with a
        /// quiet zone around them; nil when no cell holds anything code-like.
        var area: PixelRect?
        /// The direction across the bars of the strongest group of coherent
        /// cells, in degrees clockwise from the x axis (0: upright bars),
        /// when there are bars; nil otherwise.
        var barNormal: Double?
    }

    /// A cell's side in pixels; small frames get smaller cells so that a
    /// short code still fills one.
    static func cellSize(for frame: Frame) -> Int {
        min(frame.width, frame.height) >= 256 ? 16 : 4
    }

    /// Mean squared gradient (per pixel, the sum of both axes' central
    /// differences squared) that a cell needs to be a candidate: a code's
    /// edges of 40 levels or more over a few pixels pass it; ±6 levels of
    /// sensor noise (about 50) and smooth shading do not.
    static let minimumEnergy = 150.0
    /// Coherence from which a cell counts as bars (1: all one direction).
    static let barCoherence = 0.75

    static func candidates(in frame: Frame) -> Candidates {
        let cell = cellSize(for: frame)
        let columns = frame.width / cell, rows = frame.height / cell
        // Too small for a grid: the frame is its own candidate.
        guard columns >= 1, rows >= 1, frame.width >= 3, frame.height >= 3 else {
            return Candidates(area: PixelRect(x: 0, y: 0, width: frame.width, height: frame.height), barNormal: nil)
        }
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        // Bars' doubled-angle vector, weighted by energy, over coherent cells.
        var barCos = 0.0, barSin = 0.0, barCells = 0
        frame.withUnsafeBytes { bytes in
            let stride = frame.stride
            for row in 0..<rows {
                for column in 0..<columns {
                    var sxx = 0, syy = 0, sxy = 0
                    let x0 = max(1, column * cell), x1 = min(frame.width - 1, (column + 1) * cell)
                    let y0 = max(1, row * cell), y1 = min(frame.height - 1, (row + 1) * cell)
                    guard x1 > x0, y1 > y0 else { continue }
                    for y in y0..<y1 {
                        let line = y * stride
                        for x in x0..<x1 {
                            let gx = Int(bytes[line + x + 1]) - Int(bytes[line + x - 1])
                            let gy = Int(bytes[line + stride + x]) - Int(bytes[line - stride + x])
                            sxx += gx * gx
                            syy += gy * gy
                            sxy += gx * gy
                        }
                    }
                    let count = Double((x1 - x0) * (y1 - y0))
                    let energy = Double(sxx + syy) / count
                    guard energy >= minimumEnergy else { continue }
                    minX = min(minX, column); maxX = max(maxX, column)
                    minY = min(minY, row); maxY = max(maxY, row)
                    let (dxx, dyy, dxy) = (Double(sxx), Double(syy), Double(sxy))
                    let coherence = ((dxx - dyy) * (dxx - dyy) + 4 * dxy * dxy).squareRoot() / (dxx + dyy)
                    if coherence >= barCoherence {
                        barCos += (dxx - dyy) / count
                        barSin += 2 * dxy / count
                        barCells += 1
                    }
                }
            }
        }
        guard maxX >= 0 else { return Candidates(area: nil, barNormal: nil) }
        // A quiet zone of two cells around the candidates, and the frame's
        // edge cells when the grid did not reach them.
        let margin = 2 * cell
        let left = max(0, minX * cell - margin), top = max(0, minY * cell - margin)
        let right = maxX == columns - 1 ? frame.width : min(frame.width, (maxX + 1) * cell + margin)
        let bottom = maxY == rows - 1 ? frame.height : min(frame.height, (maxY + 1) * cell + margin)
        let normal = barCells >= 2 ? atan2(barSin, barCos) / 2 * 180 / .pi : nil
        return Candidates(area: PixelRect(x: left, y: top, width: right - left, height: bottom - top), barNormal: normal)
    }
}
