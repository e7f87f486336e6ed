import Foundation
import ScannerTestSupport
import Testing
@testable import Scanner

/// A file that is not an image is named for what it is, from real files
/// made by the tools that make them (see scripts/setup).
@Suite struct ContentKindTests {
    @Test(arguments: [
        ("gzip -c /etc/hostname > f", ContentKind.gzip),
        ("xz -c /etc/hostname > f", .xz),
        ("zstd -q -c /etc/hostname > f", .zstd),
        ("zip -q f.zip /etc/hostname && mv f.zip f", .zip),
        ("cp /bin/sh f", .elf),
        ("printf 'YUV4MPEG2 W2 H2 F30:1 C420\\nFRAME\\n' > f", .y4mRecording),
        ("printf '<!DOCTYPE html>\\n<html></html>\\n' > f", .html),
        ("printf '<svg xmlns=\"http://www.w3.org/2000/svg\"/>\\n' > f", .xml),
        ("printf 'sku;price\\n4006381333931;1,99 €\\n' > f", .text),
        ("head -c 5000 /dev/zero > f", .zeros),
        (": > f", .empty),
    ])
    func namesWhatAFileReallyHolds(making: String, kind: ContentKind) throws {
        try ImageFixtures.withTemporaryDirectory { directory in
            try ImageTools.shell(making, in: directory)
            let path = directory.appendingPathComponent("f").path
            let error = #expect(throws: ImageLoadError.notAnImage(name: path, content: kind)) {
                try ImageLoader().load(contentsOf: path)
            }
            #expect(error?.description.contains(kind.description) == true, "\(String(describing: error))")
        }
    }

    /// A HEIF photo is an image scan cannot read, not a video: the `ftyp`
    /// brand decides.
    @Test func isoMediaBrandTellsPicturesFromVideo() {
        func kind(brand: String) -> ContentKind? {
            let bytes = [0, 0, 0, 24] + Array("ftyp\(brand)".utf8) + [0, 0, 0, 0]
            return bytes.withUnsafeBytes { ContentKind(detecting: $0) }
        }
        #expect(kind(brand: "heic") == .unsupportedImage("HEIC/HEIF"))
        #expect(kind(brand: "avif") == .unsupportedImage("AVIF"))
        #expect(kind(brand: "isom") == .media("an MP4 or QuickTime video"))
    }

    /// Binary data nothing here knows keeps the generic message, with the
    /// formats scan reads.
    @Test func unknownBinaryKeepsTheFormatList() {
        let error = ImageLoadError.notAnImage(name: "x", content: [UInt8]([0x01, 0x02, 0xFE, 0x80]).withUnsafeBytes { ContentKind(detecting: $0) })
        #expect(error.description == "x is not an image the scanner can read; scan reads JPEG, PNG, WebP, TIFF, GIF, BMP, PDF and PBM/PGM/PPM, recognised by content, not extension")
    }
}
