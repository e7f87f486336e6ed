/// The 2D component's bit stream to GS1 element strings (ISO/IEC 24723 §5.3): an encodation
/// method first, then DataBar Expanded's general-purpose field (`DataBarExpandedDecoding`).
/// Method "0" is the field alone. Method "10" compresses a leading date and lot: "11" (no
/// date) or a 16-bit date with one bit for its AI (0: 11, 1: 17), then the field, whose first
/// value is AI (10)'s unless it starts with FNC1. Method "11" compresses a leading AI (90)
/// (`CompositeAI90`).
enum CompositeData {
    /// CC-B and CC-C carry the bit stream in byte compaction: 8 bits a byte, first bit highest.
    /// (CC-A's is base-928 compacted: `CCACompaction`.)
    static func bits(bytes: [UInt8]) -> DataBarBits {
        var bits = DataBarBits()
        for byte in bytes { bits.append(Int(byte), count: 8) }
        return bits
    }

    static func decode(_ bits: DataBarBits) -> [UInt8]? {
        guard let method = bits.value(at: 0, count: 1) else { return nil }
        if method == 0 { return validated(DataBarExpandedDecoding.elementString(bits, from: 1) { $0 }) }
        guard let second = bits.value(at: 1, count: 1) else { return nil }
        if second == 1 { return validated(CompositeAI90.elementString(bits, from: 2)) }
        var p = 2, head: [UInt8] = []
        if bits.value(at: p, count: 2) == 0b11 {
            p += 2
        } else {
            guard let date = bits.value(at: p, count: 16), let ai = bits.value(at: p + 16, count: 1),
                  let yymmdd = DataBarExpandedDecoding.date(date) else { return nil }
            head = DataBarExpandedDecoding.ascii(ai == 0 ? "11" : "17") + yymmdd
            p += 17
        }
        return validated(DataBarExpandedDecoding.elementString(bits, from: p) { field in
            guard let first = field.first else { return head }
            return first == DataBarExpandedDecoding.separator ? head + field.dropFirst() : head + DataBarExpandedDecoding.ascii("10") + field
        })
    }

    /// Only valid element strings: a 2D component is trusted on its Reed–Solomon and this.
    private static func validated(_ bytes: [UInt8]?) -> [UInt8]? {
        guard let bytes, case .success = GS1ElementString.parse(bytes) else { return nil }
        return bytes
    }
}
