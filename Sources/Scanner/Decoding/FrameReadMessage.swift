/// The bytes of a whole-frame read in the helper process
/// (`IsolatedReader`): the configuration one way, the result the other.
///
/// Both ends are the same program, so the format has no version; it is
/// plain fixed-width fields and counted strings (`MessageWriter`). Every field of `DecoderConfiguration`,
/// `ReadResult` and `Detection` goes through here: a new field must be
/// added to both directions (`FrameReadMessageTests` round-trips them).
enum FrameReadMessage {
    static func encode(_ configuration: DecoderConfiguration) -> [UInt8] {
        var out = MessageWriter()
        out.put(configuration.symbologies.map(\.rawValue).sorted())
        let region = configuration.regionOfInterest
        for edge in [region.x, region.y, region.width, region.height] { out.put(edge.bitPattern) }
        out.put(configuration.effort.rawValue)
        out.put(configuration.secondChanceWork)
        out.put(configuration.timeLimit != nil)
        if let limit = configuration.timeLimit {
            out.put(Int(limit.components.seconds))
            out.put(Int(limit.components.attoseconds))
        }
        out.put(configuration.singleEngine?.rawValue ?? "")
        out.put(configuration.linearSecondOpinion)
        out.put(configuration.minimumITFLength)
        out.put(configuration.isolated)
        return out.bytes
    }

    static func configuration(from bytes: UnsafeRawBufferPointer) -> DecoderConfiguration? {
        var input = MessageReader(bytes)
        guard let names = input.strings() else { return nil }
        var symbologies = Set<Symbology>()
        for name in names {
            guard let symbology = Symbology(rawValue: name) else { return nil }
            symbologies.insert(symbology)
        }
        var edges: [Double] = []
        for _ in 0..<4 {
            guard let bits = input.integer() else { return nil }
            edges.append(Double(bitPattern: UInt64(bitPattern: Int64(bits))))
        }
        guard let region = try? RegionOfInterest(x: edges[0], y: edges[1], width: edges[2], height: edges[3]),
              let effort = input.string().flatMap(Effort.init(rawValue:)),
              let work = input.integer(), let limited = input.flag()
        else { return nil }
        var limit: Duration?
        if limited {
            guard let seconds = input.integer(), let attoseconds = input.integer() else { return nil }
            limit = Duration(secondsComponent: Int64(seconds), attosecondsComponent: Int64(attoseconds))
        }
        guard let engine = input.string(), let secondOpinion = input.flag(), let minimumITF = input.integer(),
              let isolated = input.flag(), input.isAtEnd
        else { return nil }
        var configuration = DecoderConfiguration(
            symbologies: symbologies, regionOfInterest: region, effort: effort, secondChanceWork: work, timeLimit: limit)
        if !engine.isEmpty {
            guard let single = Detection.Engine(rawValue: engine) else { return nil }
            configuration.singleEngine = single
        }
        configuration.linearSecondOpinion = secondOpinion
        configuration.minimumITFLength = minimumITF
        configuration.isolated = isolated
        return configuration
    }

    static func encode(_ result: ReadResult) -> [UInt8] {
        var out = MessageWriter()
        out.put(result.passes)
        out.put(result.pixelsExamined)
        out.put(result.reachedTimeLimit)
        out.put(result.detections.count)
        for detection in result.detections {
            out.put(detection.symbology.rawValue)
            out.put(detection.bytes)
            out.put(detection.text)
            out.put(detection.corners)
            out.put(detection.engine.rawValue)
            out.put(detection.evidence)
            out.put(detection.isGS1)
            out.put(detection.addOn != nil)
            out.put(detection.addOn ?? "")
            out.put(detection.matrix != nil)
            if let matrix = detection.matrix {
                out.put(matrix.version)
                out.put(matrix.errorCorrectionLevel ?? "")
                out.put(matrix.mask ?? -1)
                out.put(matrix.mirrored)
                out.put(matrix.correctedCodewords)
            }
            out.put(detection.structuredAppend != nil)
            if let sequence = detection.structuredAppend {
                out.put(sequence.count)
                out.put(sequence.parity)
                out.put(sequence.id ?? "")
                out.put(sequence.parts.count)
                for part in sequence.parts {
                    out.put(part.index)
                    out.put(part.corners)
                }
            }
        }
        return out.bytes
    }

    static func result(from bytes: UnsafeRawBufferPointer) -> ReadResult? {
        var input = MessageReader(bytes)
        guard let passes = input.integer(), let pixels = input.integer(), let reachedTimeLimit = input.flag(),
              let count = input.count()
        else { return nil }
        var detections: [Detection] = []
        for _ in 0..<count {
            guard let symbology = input.string().flatMap(Symbology.init(rawValue:)), let payload = input.byteArray(),
                  let text = input.string(), let corners = input.points()
            else { return nil }
            guard let engine = input.string().flatMap(Detection.Engine.init(rawValue:)), let evidence = input.integer(),
                  let isGS1 = input.flag(), let hasAddOn = input.flag(), let addOn = input.string()
            else { return nil }
            var detection = Detection(symbology: symbology, bytes: payload, text: text, corners: corners, engine: engine)
            detection.evidence = evidence
            detection.isGS1 = isGS1
            detection.addOn = hasAddOn ? addOn : nil
            guard let hasMatrix = input.flag() else { return nil }
            if hasMatrix {
                guard let version = input.string(), let level = input.string(), let mask = input.integer(),
                      let mirrored = input.flag(), let corrected = input.integer(), (-1...7).contains(mask), corrected >= 0
                else { return nil }
                detection.matrix = MatrixSymbolInfo(version: version, errorCorrectionLevel: level.isEmpty ? nil : level,
                                                    mask: mask < 0 ? nil : mask, mirrored: mirrored, correctedCodewords: corrected)
            }
            guard let hasSequence = input.flag() else { return nil }
            if hasSequence {
                guard let count = input.integer(), let parity = input.integer(), let id = input.string(), let partCount = input.count(),
                      (2...StructuredAppend.maxCount).contains(count), (0...255).contains(parity), partCount <= count else { return nil }
                var parts: [StructuredAppend.Part] = []
                for _ in 0..<partCount {
                    guard let index = input.integer(), (0..<count).contains(index), let corners = input.points() else { return nil }
                    parts.append(StructuredAppend.Part(index: index, corners: corners))
                }
                detection.structuredAppend = StructuredAppend(count: count, parity: parity, id: id.isEmpty ? nil : id, parts: parts)
            }
            detections.append(detection)
        }
        guard input.isAtEnd else { return nil }
        return ReadResult(detections: detections, passes: passes, pixelsExamined: pixels, reachedTimeLimit: reachedTimeLimit)
    }
}
