import Testing
@testable import Scanner

/// Image → QRDetector → QRSymbolDecoder → text, as QREngine runs them.
@Suite struct QRImageToTextTests {
    /// The first reading of each candidate group that decodes.
    static func decodeAll(_ candidates: [QRCandidate]) -> [String] {
        var texts: [String] = []
        var done = Set<Int>()
        for c in candidates where !done.contains(c.group) {
            if let d = QRSymbolDecoder.decode(c.matrix) { texts.append(d.text); done.insert(c.group) }
        }
        return texts
    }

    @Test(arguments: [
        (3, QRTestImage.Options(scale: 3, rotation: 30)),
        (7, QRTestImage.Options(scale: 2.5, rotation: 75, perspective: 0.05, seed: 3)),
        (10, QRTestImage.Options(scale: 3, rotation: 200, blur: 1, noise: 8, gradient: 0.5, seed: 4)),
        (5, QRTestImage.Options(scale: 3, rotation: 10, blur: 1, noise: 5, inverted: true, seed: 5)),
        (2, QRTestImage.Options(scale: 1.5, rotation: 0)),
        (25, QRTestImage.Options(scale: 3, rotation: 45, perspective: 0.04, seed: 6)),
    ])
    func imageToText(version: Int, options: QRTestImage.Options) {
        let text = "End to end \(version): scan me"
        guard let m = QRZint.matrix(["-b", "58", "-d", text, "--vers=\(version)"]) else { Issue.record("zint"); return }
        #expect(Self.decodeAll(QRTestImage(m, options).detect()) == [text], "v\(version) \(options)")
    }
}
