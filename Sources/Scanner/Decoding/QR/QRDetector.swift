/// Finds QR-family symbols in an 8-bit luma image and samples them into module grids. Both
/// polarities are searched (light-on-dark symbols in the inverted binarization). Finder triples
/// become QR Model 2 candidates; finders left over are tried as Micro QR and rMQR.
enum QRDetector {
    /// Enough for a page of codes; bounds the sampling work on adversarial images.
    static let maxCandidates = 128
    /// Triples that sample nothing cost a search each; past this many the image is noise or
    /// clutter and the rest are not tried.
    static let maxFailedTriples = 150
    /// Triples whose timing lines do not read are still tried from the finder-distance size
    /// estimate, this many times per image.
    static let maxEstimatedTriples = 8

    static func detect(
        _ luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, binarization: Binarization? = nil
    ) -> [QRCandidate] {
        guard let binarization = binarization ?? Binarization(luma, width: width, height: height, stride: stride) else { return [] }
        var out: [QRCandidate] = []
        var group = 0
        for image in binarization.polarities { detect(in: image, inverted: image.isInverted, group: &group, into: &out) }
        return out
    }

    private static func detect(in image: BinaryImage, inverted: Bool, group: inout Int, into out: inout [QRCandidate]) {
        let finders = QRFinderScan.scan(image)
        guard !finders.isEmpty else { return }
        var used = [Bool](repeating: false, count: finders.count)
        var failures = 0, estimated = 0
        for t in QRFinderGrouping.triples(finders) {
            guard failures < maxFailedTriples else { break }
            guard out.count < maxCandidates else { return }
            let (a, b, c) = t.indices
            guard !used[a], !used[b], !used[c] else { continue }
            let allowEstimate = estimated < maxEstimatedTriples
            if QRModel2Sampler.sizeHypotheses(image, t).isEmpty { estimated += 1 }
            let symbols = QRModel2Sampler.sample(image, t, allowEstimate: allowEstimate)
            guard !symbols.isEmpty else { failures += 1; continue }
            used[a] = true; used[b] = true; used[c] = true
            for s in symbols {
                out.append(QRCandidate(family: .qr, matrix: s.matrix, corners: s.corners, moduleSize: s.moduleSize,
                                       inverted: inverted, group: group))
            }
            group += 1
        }
        // Finders no QR symbol claimed may each be a Micro QR or an rMQR symbol. A real finder's 3-module
        // centre is crossed by at least 3 scan rows even at 1.5 px a module; pixel noise that
        // happens to match is mostly seen on 2, and each outline costs 64 rays.
        for (i, f) in finders.enumerated() where !used[i] && f.count >= 3 {
            guard out.count < maxCandidates else { return }
            // Both readings are offered, rMQR first: its test (a full top timing row ending in the
            // corner pattern, and a sub-finder) is the stricter one; the decoder settles it.
            let readings = RMQRSampler.sample(image, f).map { (QRSymbolType.rmqr, $0) }
                + MicroQRSampler.sample(image, f).map { (QRSymbolType.microQR, $0) }
            guard !readings.isEmpty else { continue }
            used[i] = true
            for (family, s) in readings {
                out.append(QRCandidate(family: family, matrix: s.matrix, corners: s.corners, moduleSize: s.moduleSize,
                                       inverted: inverted, group: group))
            }
            group += 1
        }
    }
}
