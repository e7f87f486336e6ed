import Foundation
import Testing
import ScannerTestSupport
@testable import Scanner

/// zint renders of every mode read back by our engine alone, turned in 30° steps at 3 to 6
/// pixels a module, mirrored and inverted.
@Suite struct MaxiCodeRoundTripTests {
    static let gs = "\u{1D}", rs = "\u{1E}"
    static let cases: [MaxiCodeTestImage.Case] = [
        // A structured carrier message after the "[)>" RS "01" GS "96" header: the postal code,
        // country and class of service go after the header, as zxing-cpp puts them.
        .init(mode: 2, primary: "152382802840001", payload: .text("[)>\(rs)01\(gs)961Z00004951\(gs)UPSN\(gs)06X610\(gs)159\(gs)1234567\(gs)1/1\(gs)\(gs)Y\(gs)634 ALPHA DR\(gs)PITTSBURGH\(gs)PA\(rs)\u{04}"),
              expected: "[)>\(rs)01\(gs)96152382802\(gs)840\(gs)001\(gs)1Z00004951\(gs)UPSN\(gs)06X610\(gs)159\(gs)1234567\(gs)1/1\(gs)\(gs)Y\(gs)634 ALPHA DR\(gs)PITTSBURGH\(gs)PA\(rs)\u{04}"),
        // Without the header they come first; a 5-digit postal code keeps its length.
        .init(mode: 2, primary: "12345840001", payload: .text("Parcel 7"), expected: "12345\(gs)840\(gs)001\(gs)Parcel 7"),
        .init(mode: 3, primary: "B1050 056999", payload: .text("[)>\(rs)01\(gs)96HELLO"),
              expected: "[)>\(rs)01\(gs)96B1050 \(gs)056\(gs)999\(gs)HELLO"),
        .init(mode: 3, primary: "SW1A1A826002", payload: .text("to London"), expected: "SW1A1A\(gs)826\(gs)002\(gs)to London"),
        // Every code set with shifts and latches, and numeric runs.
        .init(mode: 4, payload: .text("Grüße aus Köln! ÀÉÎÕÜ àéîõü ¿¡©®±µ¼ {x|y}~ @home [a\\b] 123456789012345 end."),
              expected: "Grüße aus Köln! ÀÉÎÕÜ àéîõü ¿¡©®±µ¼ {x|y}~ @home [a\\b] 123456789012345 end."),
        .init(mode: 4, payload: .bytes([0x00, 0x01, 0x09, 0x0A, 0x1B, 0x7F, 0x80, 0x8A, 0x95, 0x9F, 0xA0, 0xFF, 0x41]),
              expected: String(String.UnicodeScalarView([0x00, 0x01, 0x09, 0x0A, 0x1B, 0x7F, 0x80, 0x8A, 0x95, 0x9F, 0xA0, 0xFF, 0x41].map { Unicode.Scalar(UInt8($0)) }))),
        .init(mode: 4, payload: .text("0123456789" + String(repeating: "9", count: 60)), expected: "0123456789" + String(repeating: "9", count: 60)),
        .init(mode: 5, payload: .text("Enhanced error correction, mode 5."), expected: "Enhanced error correction, mode 5."),
        .init(mode: 6, payload: .text("READER PROGRAMMING"), expected: "READER PROGRAMMING"),
        // ECI: Greek in ISO 8859-7, and UTF-8.
        .init(mode: 4, payload: .text("Καλημέρα"), eci: 9, expected: "Καλημέρα"),
        .init(mode: 4, payload: .text("日本語 text"), eci: 26, expected: "日本語 text"),
    ]

    static func check(_ c: MaxiCodeTestImage.Case, _ frame: Frame) -> Bool {
        let reads = MaxiCodeTestImage.read(frame)
        return reads.count == 1 && reads[0].text == c.expected && reads[0].matrix?.version == "mode \(c.mode)"
    }

    @Test(arguments: cases)
    func roundTripsTurnedAndScaled(_ c: MaxiCodeTestImage.Case) throws {
        let frame = try MaxiCodeTestImage.render(c)
        var failed: [String] = []
        for step in 0..<12 {
            let ppm = Double(3 + step % 4)
            if !Self.check(c, MaxiCodeTestImage.transformed(frame, pixelsPerModule: ppm, degrees: Double(30 * step))) {
                failed.append("\(30 * step)° at \(Int(ppm)) px")
            }
        }
        #expect(failed.isEmpty, "\(c): \(failed)")
    }

    @Test(arguments: cases)
    func roundTripsMirroredAndInverted(_ c: MaxiCodeTestImage.Case) throws {
        let frame = try MaxiCodeTestImage.render(c)
        for (mirrored, inverted, degrees) in [(true, false, 45.0), (false, true, 100.0), (true, true, 200.0)] {
            let f = MaxiCodeTestImage.transformed(frame, pixelsPerModule: 5, degrees: degrees, mirrored: mirrored, inverted: inverted)
            let reads = MaxiCodeTestImage.read(f)
            #expect(reads.map(\.text) == [c.expected], "\(c) mirrored \(mirrored) inverted \(inverted)")
            #expect(reads.first?.matrix?.mirrored == mirrored)
        }
    }

    @Test func structuredAppendNamesItsPlace() throws {
        let c = MaxiCodeTestImage.Case(mode: 4, payload: .text("PART TWO"), structuredAppend: (2, 3, ""), expected: "PART TWO")
        let reads = MaxiCodeTestImage.read(try MaxiCodeTestImage.render(c))
        #expect(reads.map(\.text) == ["PART TWO"])
        #expect(reads.first?.structuredAppend?.count == 3)
        #expect(reads.first?.structuredAppend?.parts.map(\.index) == [1])
    }

    @Test func imagesWithoutMaxiCodeReadNothing() throws {
        var rng = SplitMix64(seed: 24)
        // Noise, a QR code and an Aztec code (another bullseye), turned.
        let noise = Frame(width: 300, height: 300, pixels: (0..<90_000).map { _ in UInt8(truncatingIfNeeded: rng.next()) })
        let qr = try ZintRenderer.render(.qr, .text("not a maxicode"), moduleSize: 4).frame
        let aztec = try ZintRenderer.render(.aztec, .text("also not a maxicode, but with a bullseye"), moduleSize: 4).frame
        for frame in [noise, qr, aztec.rotated(degrees: 20), aztec.inverted()] {
            #expect(MaxiCodeTestImage.read(frame).isEmpty)
        }
    }
}
