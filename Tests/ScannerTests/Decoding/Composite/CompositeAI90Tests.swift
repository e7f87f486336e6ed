import ScannerTestSupport
import Testing
@testable import Scanner

/// Encodation method "11" (AI 90 compressed, ISO/IEC 24723 §5.3.2): bit streams made by hand
/// from the standard's description, and zint's composites read back AI by AI under CC-A, CC-B
/// and CC-C.
@Suite struct CompositeAI90Tests {
    /// A bit stream from its bits written out ("0" and "1"; spaces ignored).
    static func stream(_ text: String) -> DataBarBits {
        var bits = DataBarBits()
        for c in text where c != " " { bits.append(c == "1" ? 1 : 0, count: 1) }
        return bits
    }

    static func decoded(_ text: String) -> String? {
        CompositeData.decode(stream(text)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Alpha mode, (8004) implied: 3 and K in the short form (K is Table 3's 6th letter), X and 7
    /// in alpha encodation, its FNC1, then "12" "34" in numeric, then padding.
    @Test func alphaModeWithAI8004() {
        let bits = "11 11 11 00011 0101 10111 111011 11111 0010101 0101101 0000 00100"
        #expect(Self.decoded(bits) == "903KX7\u{1D}80041234")
    }

    /// Alphanumeric mode, (21) implied: 500 and Z in the long form, "A-", the alphanumeric FNC1
    /// (back to numeric), then "99".
    @Test func alphanumericModeWithAI21() {
        let bits = "11 0 10 11111 0111110100 11001 100000 111100 01111 1110100 0000 00100"
        #expect(Self.decoded(bits) == "90500ZA-\u{1D}2199")
    }

    /// Numeric mode, nothing implied, number 0 (no digits): "B" alone, then numeric padding.
    @Test func letterAlone() {
        #expect(Self.decoded("11 10 0 00000 0000 0000 00100 00100") == "90B")
    }

    @Test func malformedStreams() {
        // The long form's number past 999, and its letter past Z.
        #expect(Self.decoded("11 10 0 11111 1111101000 00000 0000 00100") == nil)
        #expect(Self.decoded("11 10 0 11111 0000000001 11010 0000 00100") == nil)
        // (21) implied, but no FNC1 ends AI (90): alpha data running to the end.
        #expect(Self.decoded("11 11 10 00001 0000 00000 00001") == nil)
        // An alpha digit cut short: padding after alpha data starts 1111.
        #expect(Self.decoded("11 11 0 00001 0000 11010") == nil)
        // Cut short before the letter.
        #expect(Self.decoded("11 10 0 00001 00") == nil)
    }
}

extension CompositeAI90Tests {
    /// zint's choices, each a variant of AI (90)'s form and what follows it.
    static let payloads: [(data: String, elements: [(String, String)])] = [
        // Numeric mode, long form (A is not in Table 3), (21) implied.
        ("[90]1A12345[21]12345", [("90", "1A12345"), ("21", "12345")]),
        // No digits, short form, alone.
        ("[90]B", [("90", "B")]),
        // Two digits, short form, numeric rest, (8004) implied.
        ("[90]12K3456[8004]9501101ABC123", [("90", "12K3456"), ("8004", "9501101ABC123")]),
        // Three digits, alpha mode to the end of the data.
        ("[90]999ZABCDE1", [("90", "999ZABCDE1")]),
        // Alpha mode, then another AI in the general-purpose field.
        ("[90]7KXYZ[99]AB", [("90", "7KXYZ"), ("99", "AB")]),
        // Alpha mode, (21) implied.
        ("[90]2XYZW[21]77", [("90", "2XYZW"), ("21", "77")]),
        // Alphanumeric mode (lower case, punctuation), (21) implied.
        ("[90]30Tab-1[21]S/N", [("90", "30Tab-1"), ("21", "S/N")]),
        // 31 takes the long form though Q is in Table 3; another AI follows.
        ("[90]31Q9[10]LOT", [("90", "31Q9"), ("10", "LOT")]),
        // (8004) implied after alphanumeric data.
        ("[90]456W-7[8004]9501101", [("90", "456W-7"), ("8004", "9501101")]),
    ]

    static let ean13 = CompositeRoundTripTests.linears[0]
    static let gs1128 = CompositeRoundTripTests.linears[4]

    @Test(arguments: 0..<payloads.count)
    func roundTrips(_ index: Int) throws {
        let payload = Self.payloads[index]
        for (component, kind) in CompositeRoundTripTests.components {
            if component < 3 { try CompositeRoundTripTests.check(Self.ean13, component: component, kind: kind, payload: payload) }
            try CompositeRoundTripTests.check(Self.gs1128, component: component, kind: kind, payload: payload)
        }
    }

    /// Every letter after a number below 31 (Table 3's in the short form, the others in the long),
    /// and after one above it (always the long form).
    @Test(arguments: [5, 640])
    func everyLetter(_ number: Int) throws {
        for letter in UInt8(65)...90 {
            let value = "\(number)\(Character(UnicodeScalar(letter)))1"
            try CompositeRoundTripTests.check(Self.ean13, component: 2, kind: .ccB, payload: ("[90]\(value)", [("90", value)]))
        }
    }
}
