import Foundation
import ScannerTestSupport
import Testing
@testable import Scanner

/// Inputs that must end in a clear error at once, without reading or
/// allocating what they claim.
@Suite struct HostileImageTests {
    @Test func devicesAndFIFOsAreRefusedWithoutReading() throws {
        #expect(throws: ImageLoadError.unreadable(path: "/dev/zero", reason: .notARegularFile(kind: "a device"))) {
            try ImageLoader().load(contentsOf: "/dev/zero")
        }
        try ImageFixtures.withTemporaryDirectory { directory in
            // Nothing writes to it: opening it must not wait for a writer.
            let fifo = directory.appendingPathComponent("camera.png").path
            #expect(mkfifo(fifo, 0o600) == 0)
            let error = #expect(throws: ImageLoadError.unreadable(path: fifo, reason: .notARegularFile(kind: "a FIFO"))) {
                try ImageLoader().load(contentsOf: fifo)
            }
            #expect(error?.description.contains("scan - < \(fifo)") == true)
        }
    }

    /// A 2 GB sparse file costs one small read: zeros are not an image, and
    /// a PGM header over the byte limit is refused before the rest is read.
    @Test func hugeSparseFilesAreJudgedFromTheirFirstBytes() throws {
        try ImageFixtures.withTemporaryDirectory { directory in
            let zeros = directory.appendingPathComponent("zeros.pgm").path
            let header = directory.appendingPathComponent("header.pgm").path
            for (path, start) in [(zeros, ""), (header, "P5 40000 40000 255\n")] {
                #expect(FileManager.default.createFile(atPath: path, contents: Data(start.utf8)))
                #expect(truncate(path, 2 << 30) == 0)
            }
            #expect(throws: ImageLoadError.notAnImage(name: zeros, content: .zeros)) { try ImageLoader().load(contentsOf: zeros) }
            let error = #expect(throws: ImageLoadError.tooManyBytes(name: header, limit: .standard)) {
                try ImageLoader().load(contentsOf: header)
            }
            #expect(error?.description.contains("128 MiB") == true)
        }
    }

    /// A header alone must not cost its frame: the data's length is checked first.
    @Test func pnmDataIsCheckedBeforePixelsAreAllocated() {
        #expect(throws: ImageLoadError.corrupt(name: "big.pgm", format: .pnm, reason: "pixel data ends after 0 of 100000000 bytes")) {
            try ImageLoader().load(Array("P5 10000 10000 255\n".utf8), name: "big.pgm")
        }
    }

    static func noise(width: Int, height: Int) -> Frame {
        var state: UInt32 = 12345
        return Frame(width: width, height: height, pixels: (0..<width * height).map { index in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24) | (index % 7 == 0 ? 0x80 : 0)
        })
    }

    /// Cut mid-data with an EOI put back: libjpeg would fill the rest with
    /// gray and call it a warning; the loader calls it damaged.
    @Test func truncatedJPEGEndingInEOIIsDamaged() throws {
        let jpeg = JPEGEncoder.encode(Self.noise(width: 256, height: 256))
        let cut = Array(jpeg.prefix(jpeg.count * 6 / 10)) + [0xFF, 0xD9]
        let error = #expect(throws: ImageLoadError.self) { try ImageLoader().load(cut, name: "cut.jpg") }
        guard case .corrupt("cut.jpg", .jpeg, let reason) = error else {
            Issue.record("expected a damaged JPEG, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("premature end of data segment"), "\(reason)")
        #expect(throws: Never.self) { try ImageLoader().load(jpeg, name: "whole.jpg") }
    }

    /// 127 scans is over the cap of 100; 81 decodes.
    @Test func progressiveScansAreCapped() throws {
        let frame = Self.noise(width: 64, height: 48)
        let many = JPEGEncoder.encode(frame, progressiveBands: 63)
        let error = #expect(throws: ImageLoadError.self) { try ImageLoader().load(many, name: "scans.jpg") }
        guard case .corrupt(_, .jpeg, let reason) = error else {
            Issue.record("expected a refused JPEG, got \(String(describing: error))")
            return
        }
        #expect(reason == "libjpeg: over 100 progressive scans, more than any encoder writes")
        let decoded = try ImageLoader().load(JPEGEncoder.encode(frame, progressiveBands: 40), name: "ok.jpg")
        #expect((decoded.width, decoded.height) == (64, 48))
    }

    /// A 2 KB progressive file claiming 9500x9500 would have libjpeg zero
    /// 180 MB of coefficients; it is refused at 160 MiB instead.
    @Test func libjpegMemoryIsCapped() throws {
        var jpeg = JPEGEncoder.encode(Self.noise(width: 64, height: 48), progressiveBands: 5)
        let frameHeader = try #require((0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC2 })
        jpeg.replaceSubrange(frameHeader + 5..<frameHeader + 9, with: [0x25, 0x1C, 0x25, 0x1C])
        #expect(throws: ImageLoadError.corrupt(name: "claims.jpg", format: .jpeg, reason: "libjpeg: decoding needs more than 160 MiB")) {
            try ImageLoader().load(jpeg, name: "claims.jpg")
        }
    }

    /// Print workflows' CMYK, inverted (Adobe) or not, and YCCK come out as
    /// the gray they print as, and the code on them reads.
    @Test(arguments: [JPEGEncoder.ColourSpace.cmyk, .adobeCMYK, .adobeYCCK])
    func cmykJPEGBecomesLuma(colourSpace: JPEGEncoder.ColourSpace) throws {
        let symbol = try ZintRenderer.render(.qr, .text("CMYK print 42"), moduleSize: 6)
        let jpeg = JPEGEncoder.encode(symbol.frame, colourSpace: colourSpace, quality: 95)
        let frame = try ImageLoader().load(jpeg, name: "print.jpg")
        #expect((frame.width, frame.height) == (symbol.frame.width, symbol.frame.height))
        let original = symbol.frame.packedPixels, decoded = frame.packedPixels
        let meanError = zip(original, decoded).map { abs(Int($0) - Int($1)) }.reduce(0, +) / original.count
        #expect(meanError < 8, "mean difference \(meanError) from the original gray")
        #expect(BarcodeReader().read(frame).detections.map(\.text) == ["CMYK print 42"])
    }
}
