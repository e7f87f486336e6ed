import Scanner

/// Draws what the scanner saw: each detection's outline from its corners,
/// a label with its symbology and payload, and the region of interest, over
/// the frame, antialiased, through cairo.
///
/// The CLI's `--annotate` uses it; an embedder's UI can draw the same
/// overlays. A renderer holds only its style, so one value serves any
/// number of threads.
public struct OverlayRenderer: Sendable {
    /// Outline and label colour of a code found in this frame (green).
    public var freshColour = RGBAImage.Pixel(red: 0, green: 200, blue: 70)
    /// Outline and label colour of a code still being tracked (amber).
    public var trackedColour = RGBAImage.Pixel(red: 255, green: 170, blue: 0)
    /// The region of interest's rectangle (blue).
    public var regionColour = RGBAImage.Pixel(red: 30, green: 130, blue: 255)
    /// Label text, over a box of the mark's colour.
    public var labelTextColour = RGBAImage.Pixel(red: 0, green: 0, blue: 0)
    /// Line width in pixels; nil scales it with the image.
    public var lineWidth: Double?
    /// Label text size in pixels; nil scales it with the image.
    public var fontSize: Double?
    /// Longer payloads are cut, with an ellipsis, so a label stays on the image.
    public var maximumLabelCharacters = 48
    /// The status bar under the frame (dark grey), and its text (light grey).
    public var statusBackgroundColour = RGBAImage.Pixel(red: 32, green: 32, blue: 32)
    public var statusTextColour = RGBAImage.Pixel(red: 230, green: 230, blue: 230)

    /// A renderer with the default style.
    public init() {}

    /// Draws `detections`, all of one freshness, over `frame`.
    public func render(
        _ frame: Frame, detections: [Detection], freshness: OverlayMark.Freshness = .fresh,
        regionOfInterest: RegionOfInterest = .full
    ) throws(OverlayError) -> Overlay {
        try render(frame, marks: detections.map { OverlayMark($0, freshness) }, regionOfInterest: regionOfInterest)
    }

    /// Draws `marks` over `frame`, the whole image their corners refer to,
    /// and the region of interest unless it is the full frame. With
    /// `statusLines`, the image is taller by a bar under the frame holding
    /// them, one a line (a live preview's status); the frame keeps its
    /// coordinates.
    public func render(
        _ frame: Frame, marks: [OverlayMark], regionOfInterest: RegionOfInterest = .full, statusLines: [String] = []
    ) throws(OverlayError) -> Overlay {
        let statusSize = fontSize ?? 12
        let statusLineHeight = (statusSize * 1.4).rounded(.up)
        let barHeight = statusLines.isEmpty ? 0 : Int(statusLineHeight) * statusLines.count + Int(statusSize / 2)
        let canvas = try CairoCanvas(width: frame.width, height: frame.height + barHeight)
        canvas.paint(luma: frame)
        if barHeight > 0 {
            canvas.setColour(statusBackgroundColour)
            canvas.fillRectangle(x: 0, y: Double(frame.height), width: Double(frame.width), height: Double(barHeight))
            canvas.selectFont(size: statusSize)
            canvas.setColour(statusTextColour)
            let left = statusSize / 2
            for (index, line) in statusLines.enumerated() {
                let text = fitted(line, on: canvas, room: Double(frame.width) - 2 * left).text
                canvas.showText(text, x: left, y: Double(frame.height) + statusLineHeight * Double(index + 1))
            }
        }
        // Scaled so that lines and labels read the same on a 640-pixel
        // thumbnail and a 4000-pixel scan.
        let shorterSide = Double(min(frame.width, frame.height))
        let line = lineWidth ?? max(2, shorterSide / 250)
        let textSize = fontSize ?? max(11, shorterSide / 45)
        if !regionOfInterest.isFull {
            let rect = regionOfInterest.pixelRect(width: frame.width, height: frame.height)
            canvas.setColour(regionColour)
            // Inset by half a line, so the whole line lies inside the region.
            let inset = line / 2
            canvas.strokePolygon(
                [Point(x: Double(rect.x) + inset, y: Double(rect.y) + inset),
                 Point(x: Double(rect.x + rect.width) - inset, y: Double(rect.y) + inset),
                 Point(x: Double(rect.x + rect.width) - inset, y: Double(rect.y + rect.height) - inset),
                 Point(x: Double(rect.x) + inset, y: Double(rect.y + rect.height) - inset)],
                lineWidth: line)
        }
        for mark in marks {
            canvas.setColour(colour(mark.freshness))
            canvas.strokePolygon(mark.detection.corners, lineWidth: line)
        }
        // Labels last, so that no outline crosses a label's text.
        canvas.selectFont(size: textSize)
        let boxes = marks.map { mark in
            drawLabel(mark, on: canvas, frameHeight: frame.height, clearance: line)
        }
        return Overlay(image: canvas.image(), labelBoxes: boxes)
    }

    /// The label's text: symbology and payload, control characters escaped
    /// (a payload is untrusted input) and long payloads cut.
    func labelText(_ detection: Detection) -> String {
        var payload = TerminalSafeText.escape(detection.text)
        if payload.count > maximumLabelCharacters {
            payload = String(payload.prefix(max(0, maximumLabelCharacters - 1))) + "…"
        }
        return detection.symbology.label + ": " + payload
    }

    private func colour(_ freshness: OverlayMark.Freshness) -> RGBAImage.Pixel {
        switch freshness {
        case .fresh: freshColour
        case .tracked: trackedColour
        }
    }

    /// `full`, cut with an ellipsis until it is at most `room` pixels wide
    /// in the canvas's font (a few rounds: each keeps the share of
    /// characters that fit at the last width), and its metrics.
    private func fitted(_ full: String, on canvas: CairoCanvas, room: Double)
        -> (text: String, metrics: (advance: Double, ascent: Double, descent: Double))
    {
        var text = full
        var metrics = canvas.measure(text)
        while metrics.advance > room, text.count > 1 {
            let keep = Int(Double(text.count) * room / metrics.advance) - 1
            text = keep > 0 ? String(full.prefix(keep)) + "…" : String(full.prefix(1))
            metrics = canvas.measure(text)
        }
        return (text, metrics)
    }

    /// Draws the label just above the outline (below it when there is no
    /// room above), kept on the frame; returns its box.
    private func drawLabel(_ mark: OverlayMark, on canvas: CairoCanvas, frameHeight: Int, clearance: Double) -> PixelRect {
        let padding = (canvas.measure("").ascent / 4).rounded(.up)
        let (text, metrics) = fitted(labelText(mark.detection), on: canvas, room: Double(canvas.width) - 2 * padding)
        let boxWidth = (metrics.advance + 2 * padding).rounded(.up)
        let boxHeight = (metrics.ascent + metrics.descent + 2 * padding).rounded(.up)
        let box = mark.detection.boundingBox
        var top = (box.minY - clearance - boxHeight).rounded(.down)
        if top < 0 { top = (box.maxY + clearance).rounded(.up) }
        top = max(0, min(top, Double(frameHeight) - boxHeight))
        let left = max(0, min(box.minX.rounded(.down), Double(canvas.width) - boxWidth))
        canvas.setColour(colour(mark.freshness))
        canvas.fillRectangle(x: left, y: top, width: boxWidth, height: boxHeight)
        canvas.setColour(labelTextColour)
        canvas.showText(text, x: left + padding, y: top + padding + metrics.ascent)
        return PixelRect(x: Int(left), y: Int(top), width: Int(boxWidth), height: Int(boxHeight))
    }
}
