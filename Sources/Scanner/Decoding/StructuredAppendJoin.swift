/// Joins the symbols of a structured-append message into one detection of
/// the whole message, once every part of it was read in the frame and the
/// message's parity byte holds. Parts of a message not read whole, or
/// whose parity fails (two messages of one count and parity mixed), stay
/// separate detections, each naming its place in the sequence.
enum StructuredAppendJoin {
    static func joined(_ detections: [Detection]) -> [Detection] {
        var sequences: [SequenceKey: [Int]] = [:]
        for (position, detection) in detections.enumerated() {
            guard let key = SequenceKey(detection) else { continue }
            sequences[key, default: []].append(position)
        }
        var replaced = Set<Int>()
        var messages: [Detection] = []
        // In first-part order, so that the output never depends on hashing.
        for positions in sequences.values.sorted(by: { $0[0] < $1[0] }) {
            let parts = positions.map { detections[$0] }.sorted { $0.partIndex < $1.partIndex }
            guard let message = message(of: parts) else { continue }
            replaced.formUnion(positions)
            messages.append(message)
        }
        return detections.indices.filter { !replaced.contains($0) }.map { detections[$0] } + messages
    }

    /// One detection of every part, in order, with a parity that holds.
    private static func message(of parts: [Detection]) -> Detection? {
        guard let first = parts.first, let sequence = first.structuredAppend else { return nil }
        let whole = StructuredAppend(
            count: sequence.count, parity: sequence.parity, parts: parts.map { StructuredAppend.Part(index: $0.partIndex, corners: $0.corners) },
            fileID: sequence.fileID)
        guard whole.isComplete else { return nil }
        let bytes = parts.flatMap(\.bytes)
        // Macro PDF417 has no parity: its parts share a file ID.
        guard sequence.fileID != nil || bytes.reduce(0, ^) == UInt8(truncatingIfNeeded: sequence.parity) else { return nil }
        let corners = parts.flatMap(\.corners)
        let (xs, ys) = (corners.map(\.x), corners.map(\.y))
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        var message = Detection(
            symbology: first.symbology, bytes: bytes, text: parts.map(\.text).joined(),
            corners: [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: maxX, y: maxY), Point(x: minX, y: maxY)],
            engine: first.engine)
        message.evidence = parts.map(\.evidence).min() ?? 1
        message.isGS1 = first.isGS1
        message.structuredAppend = whole
        return message
    }

    /// The parts of one message share the symbology, the count and the parity (or file ID).
    private struct SequenceKey: Hashable {
        let symbology: Symbology
        let count: Int
        let parity: Int
        let fileID: String?

        init?(_ detection: Detection) {
            guard let sequence = detection.structuredAppend, sequence.parts.count == 1 else { return nil }
            (symbology, count, parity, fileID) = (detection.symbology, sequence.count, sequence.parity, sequence.fileID)
        }
    }
}

private extension Detection {
    var partIndex: Int { structuredAppend?.parts.first?.index ?? -1 }
}
