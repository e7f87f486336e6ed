/// What a Code 128 symbol's character values mean (ISO/IEC 15417 §4.3): code
/// sets A/B/C with Shift and Code A/B/C, FNC1 (first position: GS1; elsewhere
/// the GS1 separator 0x1D), FNC4 for ISO/IEC 8859-1 and FNC2/FNC3, which carry
/// no data.
enum Code128Text {
    struct Result: Sendable, Hashable {
        var bytes: [UInt8]
        var isGS1: Bool
    }

    private enum CodeSet { case a, b, c }

    /// nil if the values are not a valid sequence (a start character inside the data).
    static func interpret<Values: Collection>(start: Int, data: Values) -> Result? where Values.Element == Int {
        var set: CodeSet
        switch start {
        case Code128Patterns.startA: set = .a
        case Code128Patterns.startB: set = .b
        case Code128Patterns.startC: set = .c
        default: return nil
        }
        var bytes: [UInt8] = []
        var isGS1 = false
        var shifted = false       // Shift: the next character only comes from the other of A/B
        var extended = false      // two FNC4 in a row latch the upper half of Latin-1...
        var fnc4Once = false      // ...one FNC4 flips it for the next data character only
        var previousWasLoneFNC4 = false

        for (position, value) in data.enumerated() {
            let current: CodeSet = shifted ? (set == .a ? .b : .a) : set
            shifted = false
            var isFNC4 = false
            defer { previousWasLoneFNC4 = isFNC4 && !previousWasLoneFNC4 }

            if value == 102 { // FNC1 in every set
                if position == 0 { isGS1 = true } else { bytes.append(0x1D) }
                continue
            }
            if current == .c {
                switch value {
                case 0..<100: bytes.append(UInt8(48 + value / 10)); bytes.append(UInt8(48 + value % 10))
                case 100: set = .b
                case 101: set = .a
                default: return nil
                }
                continue
            }
            switch value {
            case 0..<96:
                var byte = current == .a ? (value < 64 ? value + 32 : value - 64) : value + 32
                if extended != fnc4Once { byte += 128 }
                fnc4Once = false
                bytes.append(UInt8(byte))
            case 96, 97: break // FNC3 (reader initialisation), FNC2 (message append): no data
            case 98:
                guard set != .c else { return nil }
                shifted = true
            case 99: set = .c
            case 100 where current == .a, 101 where current == .b:
                set = current == .a ? .b : .a
            case 100, 101:
                isFNC4 = true
                if previousWasLoneFNC4 {
                    // The pair latches or unlatches; undo the single-character flip the first one set.
                    extended.toggle()
                    fnc4Once = false
                } else {
                    fnc4Once = true
                }
            default: return nil
            }
        }
        return Result(bytes: bytes, isGS1: isGS1)
    }
}
