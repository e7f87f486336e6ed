import ScannerTestSupport
import Testing
@testable import Scanner

/// GS1 Composites drawn by zint, every linear component under each 2D component zint allows it
/// (CC-C only above GS1-128), read back as one detection whose GS1 data is checked AI by AI.
@Suite struct CompositeRoundTripTests {
    struct Linear: Sendable, CustomStringConvertible {
        var symbology: Symbology
        var primary: String
        /// The linear symbol's own element strings, AI and value.
        var elements: [(String, String)]
        var stacked = false
        var description: String { "\(symbology)\(stacked ? " stacked" : "") \(primary)" }
    }

    static let linears: [Linear] = [
        Linear(symbology: .ean13, primary: "331234567890", elements: [("01", "03312345678903")]),
        Linear(symbology: .ean8, primary: "1234567", elements: [("01", "00000012345670")]),
        Linear(symbology: .upca, primary: "03600029145", elements: [("01", "00036000291452")]),
        Linear(symbology: .upce, primary: "0123456", elements: [("01", "00012345000065")]),
        Linear(symbology: .code128, primary: "[01]03312345678903[21]A1", elements: [("01", "03312345678903"), ("21", "A1")]),
        Linear(symbology: .databar, primary: "0331234567890", elements: [("01", "03312345678903")]),
        Linear(symbology: .databar, primary: "0331234567890", elements: [("01", "03312345678903")], stacked: true),
        Linear(symbology: .databarLimited, primary: "0331234567890", elements: [("01", "03312345678903")]),
        Linear(symbology: .databarExpanded, primary: "[01]03312345678903[3103]001234",
               elements: [("01", "03312345678903"), ("3103", "001234")]),
        Linear(symbology: .databarExpanded, primary: "[01]03312345678903[3103]001234",
               elements: [("01", "03312345678903"), ("3103", "001234")], stacked: true),
    ]

    /// The 2D payloads: encodation method "0" (general purpose), and "10" with and without a date.
    static let payloads: [(data: String, elements: [(String, String)])] = [
        ("[99]1234-abcd", [("99", "1234-abcd")]),
        ("[17]261231[10]LOT42", [("17", "261231"), ("10", "LOT42")]),
        ("[10]ABC123[21]S/N-7", [("10", "ABC123"), ("21", "S/N-7")]),
    ]

    static let components: [(Int, CompositeComponent)] = [(1, .ccA), (2, .ccB), (3, .ccC)]

    static func check(_ linear: Linear, component: Int, kind: CompositeComponent, payload: (data: String, elements: [(String, String)]),
                      pixelsPerModule: Double = 4, degrees: Double = 0) throws {
        let frame = try CompositeTestImage.render(
            linear.symbology, primary: linear.primary, component: component, data: payload.data, stacked: linear.stacked,
            pixelsPerModule: pixelsPerModule, degrees: degrees)
        let reads = CompositeTestImage.read(frame).filter { $0.composite != nil }
        let context = "\(linear) \(kind) \(payload.data) \(pixelsPerModule) px \(degrees)°"
        #expect(reads.count == 1, "\(context)")
        guard let read = reads.first else { return }
        #expect(read.symbology == linear.symbology, "\(context)")
        #expect(read.composite == kind, "\(context)")
        #expect(read.isGS1, "\(context)")
        guard case .success(let data)? = read.gs1 else {
            Issue.record("no GS1 data: \(read.text) \(context)")
            return
        }
        let expected = linear.elements + payload.elements
        #expect(data.elements.map(\.ai) == expected.map(\.0), "\(context)")
        #expect(data.elements.map(\.value) == expected.map(\.1), "\(context)")
    }

    @Test(arguments: 0..<linears.count)
    func everyLinearComponent(_ index: Int) throws {
        let linear = Self.linears[index]
        for (component, kind) in Self.components where component < 3 || linear.symbology == .code128 {
            for payload in Self.payloads {
                try Self.check(linear, component: component, kind: kind, payload: payload)
            }
        }
    }
}

extension CompositeRoundTripTests {
    /// Turned: the band follows the linear read's own axes, on whichever side the component lies.
    @Test(arguments: [0.0, 15, 90, 180, 270])
    func turned(_ degrees: Double) throws {
        try Self.check(Self.linears[0], component: 2, kind: .ccB, payload: Self.payloads[1], pixelsPerModule: 3, degrees: degrees)
        guard degrees.truncatingRemainder(dividingBy: 90) == 0 else { return }
        try Self.check(Self.linears[4], component: 3, kind: .ccC, payload: Self.payloads[0], pixelsPerModule: 3, degrees: degrees)
    }

    /// CC-C above GS1-128 turned 15° at 3 pixels a module, or upright at 1.5: not read yet.
    @Test func cccNotYetRead() throws {
        withKnownIssue("CC-C turned 15 degrees, or at 1.5 px a module") {
            try Self.check(Self.linears[4], component: 3, kind: .ccC, payload: Self.payloads[0], pixelsPerModule: 3, degrees: 15)
            try Self.check(Self.linears[4], component: 3, kind: .ccC, payload: Self.payloads[1], pixelsPerModule: 1.5)
        }
    }

    /// CC-A in each of its widths (4 columns above EAN-13, 3 above EAN-8 with no left RAP, 2
    /// above UPC-E), turned and at 2 to 4 pixels a module.
    @Test(arguments: [0.0, 90, 180])
    func ccATurnedAndScaled(_ degrees: Double) throws {
        for index in [0, 1, 3] {
            for pixelsPerModule in [2.0, 3, 4] {
                try Self.check(Self.linears[index], component: 1, kind: .ccA, payload: Self.payloads[1], pixelsPerModule: pixelsPerModule,
                               degrees: degrees)
            }
        }
    }

    @Test(arguments: [1.5, 2, 3, 4])
    func moduleSizes(_ pixelsPerModule: Double) throws {
        try Self.check(Self.linears[0], component: 2, kind: .ccB, payload: Self.payloads[0], pixelsPerModule: pixelsPerModule)
        if pixelsPerModule < 2 {
            // Since main's sparse RAP probe (microcost), our MicroPDF417 reader finds no candidate
            // in this render at 1.5 px a module, in the whole frame as in the band.
            withKnownIssue("CC-B above DataBar Expanded at 1.5 px a module") {
                try Self.check(Self.linears[8], component: 2, kind: .ccB, payload: Self.payloads[2], pixelsPerModule: pixelsPerModule)
            }
        } else {
            try Self.check(Self.linears[8], component: 2, kind: .ccB, payload: Self.payloads[2], pixelsPerModule: pixelsPerModule)
        }
        guard pixelsPerModule >= 2 else { return }
        try Self.check(Self.linears[4], component: 3, kind: .ccC, payload: Self.payloads[1], pixelsPerModule: pixelsPerModule)
    }

    /// A linear code with no component: reported as it is, no composite.
    @Test func linearAlone() throws {
        let frame = try ZintRenderer.render(.ean13, .text("331234567890"), moduleSize: 3, margin: 24).frame
        let reads = CompositeTestImage.read(frame)
        #expect(reads.map(\.text) == ["3312345678903"])
        #expect(reads.first?.composite == nil)
    }
}

extension CompositeRoundTripTests {
    /// Every DataBar reports its linkage flag: set under a component (whose band is then searched
    /// without a probe), clear alone (never searched).
    @Test(arguments: [Symbology.databar, .databarLimited, .databarExpanded])
    func dataBarLinkageFlag(_ symbology: Symbology) throws {
        let linear = try #require(Self.linears.first { $0.symbology == symbology })
        let composite = try CompositeTestImage.render(symbology, primary: linear.primary, component: 2, data: Self.payloads[0].data)
        let linked = LinearEngine().decode(composite, symbologies: [symbology], options: EngineOptions())
        #expect(!linked.isEmpty && linked.allSatisfy { $0.linkageFlag == true })
        let alone = try ZintRenderer.render(symbology, symbology == .databarExpanded ? .gs1(linear.primary) : .text(linear.primary),
                                            moduleSize: 3, margin: 24).frame
        let plain = LinearEngine().decode(alone, symbologies: [symbology], options: EngineOptions())
        #expect(!plain.isEmpty && plain.allSatisfy { $0.linkageFlag == false })
    }
}
