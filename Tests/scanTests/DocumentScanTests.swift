import Foundation
import Scanner
import ScannerTestSupport
import Testing

/// End-to-end: TIFF, GIF, BMP and PDF files, pages as sources, and damaged
/// files of each format reported on one line each.
@Suite struct DocumentScanTests {
    /// A directory with one file of each format holding a QR of its name,
    /// and a 3-page TIFF and PDF with codes on pages 1 and 3.
    private func documents() throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory()
        for name in ["tiff", "gif", "bmp", "one", "three"] {
            try ImageTools.writePGM(ZintRenderer.render(.qr, .text("code in \(name)")).frame, named: name, in: dir.url)
        }
        try ImageTools.writePGM(ImageTools.blank(), named: "two", in: dir.url)
        try ImageTools.shell("""
            pnmtotiff -lzw tiff.pgm > code.tif && pamtogif gif.pgm > code.gif && ppmtobmp -bpp 8 bmp.pgm > code.bmp \
            && for p in one two three; do pnmtotiff -xresolution 72 -yresolution 72 $p.pgm > $p.tif || exit 1; done \
            && tiffcp one.tif two.tif three.tif pages.tif && tiff2pdf -o pages.pdf pages.tif \
            && rm one.tif two.tif three.tif *.pgm
            """, in: dir.url)
        return dir
    }

    @Test func aDirectoryWalkScansEveryFormat() throws {
        let dir = try documents()
        let result = try ScanCommand.run([dir.url.path])
        #expect(result.status == 0, "\(result.stderr)")
        let base = dir.url.path + "/"
        #expect(result.lines == [
            base + "code.bmp:QR-Code:code in bmp",
            base + "code.gif:QR-Code:code in gif",
            base + "code.tif:QR-Code:code in tiff",
            base + "pages.pdf#page=1:QR-Code:code in one",
            base + "pages.pdf#page=3:QR-Code:code in three",
            base + "pages.tif#page=1:QR-Code:code in one",
            base + "pages.tif#page=3:QR-Code:code in three",
        ])
    }

    /// poppler and SDL2, with the libraries only they need, are loaded on
    /// first use (a PDF, a preview window), by no other run: neither by
    /// scan nor by the reader helpers it starts.
    @Test func onlyAPDFLoadsPoppler() throws {
        let dir = try documents()
        for (name, loads) in [("code.tif", false), ("pages.pdf", true)] {
            var environment = ProcessInfo.processInfo.environment
            environment["LD_DEBUG"] = "files"
            let result = try ScanCommand.run([dir.file(name).path], environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("libpoppler-glib.so.8") == loads, "\(name)")
            #expect(!result.stderr.contains("libSDL2"), "\(name)")
            #expect(result.stderr.contains("libzbar.so.0"), "\(name): no loader trace")
        }
    }

    /// A single file of several pages prints zbarimg's bare lines, page
    /// after page, as zbarimg does (scripts written for it keep working);
    /// -H names the pages, and --help says so.
    @Test func aSingleFileOfPagesPrintsAsZbarimgAndHNamesThePages() throws {
        let dir = try documents()
        let path = dir.file("pages.tif").path
        let bare = try ScanCommand.run([path])
        #expect(bare.lines == ["QR-Code:code in one", "QR-Code:code in three"], "\(bare.stdout)")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/zbarimg") {
            let zbarimg = try ScanCommand.run(["-q", path], executable: URL(fileURLWithPath: "/usr/bin/zbarimg"))
            #expect(bare.lines == zbarimg.lines)
        }
        let named = try ScanCommand.run(["-H", path])
        #expect(named.lines == [path + "#page=1:QR-Code:code in one", path + "#page=3:QR-Code:code in three"])
        let help = try ScanCommand.run(["--help"]).stdout
        #expect(help.contains("A single file prints zbarimg's bare lines") && help.contains("add -H to tell its pages apart"))
    }

    @Test func everyPageIsAccountedForInJSON() throws {
        let dir = try documents()
        for name in ["pages.tif", "pages.pdf"] {
            let result = try ScanCommand.run(["--format", "json", dir.file(name).path])
            #expect(result.status == 0)
            #expect(try RecordSchema.violations(in: result.lines) == [])
            let records = try result.lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
            let path = dir.file(name).path
            #expect(records.map { $0["source"] as? String } == [path + "#page=1", path + "#page=2", path + "#page=3"])
            #expect(records.map { ($0["text"] ?? $0["status"]) as? String } == ["code in one", "no-code", "code in three"])
        }
    }

    @Test func damagedFilesOfEachFormatGetOneLineEach() throws {
        let dir = try documents()
        var damaged: [String] = []
        for name in ["code.tif", "code.gif", "code.bmp", "pages.pdf"] {
            let bytes = try Data(contentsOf: dir.file(name))
            let cut = dir.file("cut-" + name)
            try bytes.prefix(bytes.count / 3).write(to: cut)
            var scrambled = bytes
            // Keep the signature, wreck what follows it.
            for index in stride(from: 6, to: min(bytes.count, 200), by: 1) { scrambled[index] = UInt8(truncatingIfNeeded: index &* 37) }
            let wrecked = dir.file("wrecked-" + name)
            try scrambled.write(to: wrecked)
            damaged += [cut.path, wrecked.path]
        }
        let result = try ScanCommand.run(["--format", "json"] + damaged)
        #expect(result.status == 1)
        let errors = result.stderr.split(separator: "\n").map(String.init)
        #expect(errors.count == damaged.count, "\(errors)")
        for path in damaged {
            #expect(errors.filter { $0.contains(path + " ") || $0.contains(path + "#") }.count == 1, "\(path): \(errors)")
        }
        #expect(try RecordSchema.violations(in: result.lines) == [])
        let records = try result.lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(records.allSatisfy { $0["status"] as? String == "error" }, "\(records)")
    }

    /// A JPEG cut short, as a download can be, still gives the code in the
    /// part that arrived (zbarimg and zxing-cpp read it too), with a line on
    /// standard error and a truncated record, and exits 1: the file is damaged.
    @Test func aTruncatedJPEGGivesTheCodesInThePartThatArrived() throws {
        let dir = try TemporaryDirectory()
        let code = try ZintRenderer.render(.qr, .text("above the cut")).frame
        // The code on top; noise below it holds most of the bytes, so the cut falls there.
        let width = code.width, height = code.height * 3
        let pixels = (0..<width * height).map { index in
            index < width * code.height ? code[index % width, index / width]
                : UInt8(truncatingIfNeeded: (index &* 2_654_435_761) >> 13)
        }
        let jpeg = JPEGEncoder.encode(Frame(width: width, height: height, pixels: pixels))
        let path = dir.file("cut.jpg").path
        try Data(jpeg.prefix(jpeg.count / 2)).write(to: URL(fileURLWithPath: path))

        let result = try ScanCommand.run(["--json", path])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(try RecordSchema.violations(in: result.lines) == [])
        let records = try result.lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(records.map { ($0["text"] ?? $0["status"]) as? String } == ["above the cut", "truncated"], "\(result.stdout)")
        #expect(result.stderr.contains("\(path) is a truncated JPEG image"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")

        let text = try ScanCommand.run([path])
        #expect(text.stdout == "QR-Code:above the cut\n" && text.status == 1, "\(text.stdout)")
    }

    @Test func allFramesOfAnAnimatedGIF() throws {
        let dir = try TemporaryDirectory()
        try ImageTools.writePGM(ZintRenderer.render(.qr, .text("frame one")).frame, named: "a", in: dir.url)
        try ImageTools.writePGM(ZintRenderer.render(.qr, .text("frame two")).frame, named: "b", in: dir.url)
        try ImageTools.shell("pamtogif a.pgm > a.gif && pamtogif b.pgm > b.gif && gifsicle --merge a.gif b.gif > ab.gif", in: dir.url)
        let first = try ScanCommand.run([dir.file("ab.gif").path])
        #expect(first.lines == ["QR-Code:frame one"])
        let all = try ScanCommand.run(["--all-frames", "-H", dir.file("ab.gif").path])
        #expect(all.lines == [dir.file("ab.gif").path + "#frame=1:QR-Code:frame one", dir.file("ab.gif").path + "#frame=2:QR-Code:frame two"])
    }
}
