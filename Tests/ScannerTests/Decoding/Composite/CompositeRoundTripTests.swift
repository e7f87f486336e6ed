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

    static let components: [(Int, CompositeComponent)] = [(2, .ccB), (3, .ccC)]

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
