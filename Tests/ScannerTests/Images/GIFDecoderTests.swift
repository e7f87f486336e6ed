import Foundation
import Scanner
import ScannerTestSupport
import Testing

/// GIF through giflib, files made by netpbm's `pamtogif` and `gifsicle`.
@Suite struct GIFDecoderTests {
    private func frames() throws -> PageFixtures {
        let fixtures = try PageFixtures()
        try fixtures.qr("first frame", named: "one")
        try fixtures.qr("second frame", named: "two")
        try fixtures.shell("""
            pamtogif one.pgm > one.gif && pamtogif -interlace two.pgm > two.gif \
            && gifsicle --merge one.gif two.gif > animation.gif
            """)
        return fixtures
    }

    @Test func decodesTheFirstFrame() throws {
        let fixtures = try frames()
        #expect(try fixtures.pages("one.gif").map(\.texts.value) == [["first frame"]])
        // An animation gives its first frame unless every frame is asked for.
        let pages = try fixtures.pages("animation.gif")
        #expect(pages.map(\.fragment) == [nil])
        #expect(pages.map(\.texts.value) == [["first frame"]])
    }

    @Test func decodesInterlacedRows() throws {
        #expect(try frames().pages("two.gif").map(\.texts.value) == [["second frame"]])
    }

    @Test func everyFrameOnRequest() throws {
        var loader = ImageLoader()
        loader.allGIFFrames = true
        let fixtures = try frames()
        let pages = try fixtures.pages("animation.gif", loader: loader)
        #expect(pages.map(\.fragment) == ["frame=1", "frame=2"])
        #expect(pages.map(\.texts.value) == [["first frame"], ["second frame"]])
        // A still GIF stays one picture, without a fragment.
        #expect(try fixtures.pages("one.gif", loader: loader).map(\.fragment) == [nil])
    }

    @Test func truncatedAndDamagedFilesFailClearly() throws {
        let fixtures = try frames()
        let whole = try fixtures.bytes("one.gif")
        try fixtures.write(Array(whole.prefix(whole.count / 2)), to: "cut.gif")
        // A logical screen of 0x0.
        try fixtures.write(Array(whole.prefix(6)) + [0, 0, 0, 0] + whole.dropFirst(10), to: "empty.gif")
        #expect(fixtures.corruptionReason("cut.gif", format: .gif)?.hasPrefix("giflib: ") == true)
        #expect(fixtures.corruptionReason("empty.gif", format: .gif) == "the header gives an empty size of 0x0")
    }

    @Test func anAbsurdScreenIsRefusedBeforeDecoding() throws {
        let fixtures = try frames()
        let whole = try fixtures.bytes("one.gif")
        // 65535 x 65535: 4 gigapixels.
        try fixtures.write(Array(whole.prefix(6)) + [0xFF, 0xFF, 0xFF, 0xFF] + whole.dropFirst(10), to: "huge.gif")
        #expect(throws: ImageLoadError.tooLarge(name: fixtures.path("huge.gif"), width: 65535, height: 65535, limit: .standard)) {
            try ImageLoader().load(contentsOf: fixtures.path("huge.gif"))
        }
    }
}
