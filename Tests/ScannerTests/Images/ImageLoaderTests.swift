import Foundation
import Testing
@testable import Scanner

@Suite struct ImageLoaderTests {
    /// A PNG named .jpg is still read as PNG: the content decides.
    @Test func detectsFormatFromContentNotExtension() throws {
        let png = try ImageFixtures.corpusBytes("qrcode-2/#940.png")
        try ImageFixtures.withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("really-a-png.jpg").path
            #expect(FileManager.default.createFile(atPath: path, contents: Data(png)))
            let frame = try ImageLoader().load(contentsOf: path)
            #expect((frame.width, frame.height) == (41, 41))
        }
    }

    @Test func textAndEmptyInputAreNotImages() throws {
        #expect(throws: ImageLoadError.notAnImage(name: "notes.png", content: .text)) {
            try ImageLoader().load(Array("hello, not an image\n".utf8), name: "notes.png")
        }
        #expect(throws: ImageLoadError.notAnImage(name: "empty", content: .empty)) { try ImageLoader().load([], name: "empty") }
        try ImageFixtures.withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("notes.txt").path
            #expect(FileManager.default.createFile(atPath: path, contents: Data("P7 is not PNM\n".utf8)))
            let error = #expect(throws: ImageLoadError.notAnImage(name: path, content: .text)) { try ImageLoader().load(contentsOf: path) }
            #expect(error?.description.contains(path) == true)
        }
    }

    /// Each real file cut in half fails with its library's own message.
    @Test(arguments: [
        ("qrcode-2/#199b.jpg", ImageFormat.jpeg, "libjpeg: Premature end of JPEG file"),
        ("qrcode-2/8.png", .png, "libpng: "), ("datamatrix-3/dm-5.webp", .webP, "libwebp: not enough data"),
    ])
    func truncatedFilesAreCorrupt(file: String, format: ImageFormat, reasonPrefix: String) throws {
        let bytes = ImageFixtures.firstHalf(try ImageFixtures.corpusBytes(file))
        let error = #expect(throws: ImageLoadError.self) { try ImageLoader().load(bytes, name: "half") }
        guard case .corrupt("half", format, let reason) = error else {
            Issue.record("expected a corrupt \(format) error, got \(String(describing: error))")
            return
        }
        #expect(reason.hasPrefix(reasonPrefix) && reason.count > "libpng: ".count, "\(reason)")
        #expect(error!.description.hasPrefix("half is a damaged or truncated \(format.rawValue) image"))
    }

    @Test func missingFileAndDirectoryAreUnreadable() throws {
        try ImageFixtures.withTemporaryDirectory { directory in
            let missing = directory.appendingPathComponent("missing.png").path
            let error = #expect(throws: ImageLoadError.unreadable(path: missing, reason: .notFound)) {
                try ImageLoader().load(contentsOf: missing)
            }
            #expect(error?.description == "cannot read \(missing): no such file; check the path")
            #expect(throws: ImageLoadError.unreadable(path: directory.path, reason: .isDirectory)) {
                try ImageLoader().load(contentsOf: directory.path)
            }
        }
    }

    /// Tests run as root here, which chmod cannot lock out, so the errno
    /// mapping is what is checked.
    @Test func errnoMapsToReasons() {
        #expect(ImageLoadError.UnreadableReason(errno: EACCES) == .permissionDenied)
        #expect(ImageLoadError.UnreadableReason(errno: EPERM) == .permissionDenied)
        #expect(ImageLoadError.UnreadableReason(errno: ENOENT) == .notFound)
        #expect(ImageLoadError.UnreadableReason(errno: EISDIR) == .isDirectory)
        #expect(ImageLoadError.UnreadableReason(errno: EIO) == .other(errno: EIO))
        #expect(ImageLoadError.unreadable(path: "a.png", reason: .permissionDenied).description.contains("chmod"))
    }

    @Test func customLimitAppliesToEveryFormat() throws {
        let small = ImageLoader(limit: ImageSizeLimit(maxPixels: 1000, maxSide: 100))
        for file in ["qrcode-2/#199b.jpg", "qrcode-2/8.png", "datamatrix-3/dm-5.webp"] {
            let path = try ImageFixtures.corpusPath(file)
            let error = #expect(throws: ImageLoadError.self) { try small.load(contentsOf: path) }
            guard case .tooLarge = error else {
                Issue.record("\(file): expected tooLarge, got \(String(describing: error))")
                continue
            }
        }
        #expect(throws: Never.self) { try small.load(Array("P5 10 10 255\n".utf8) + Array(repeating: 7, count: 100), name: "ok.pgm") }
    }

    /// Every corpus image loads, in one process, quickly.
    @Test func loadsTheWholeCorpus() throws {
        let paths = try ImageFixtures.allCorpusImages()
        #expect(paths.count >= 280)
        let loader = ImageLoader()
        var pixels = 0
        let elapsed = try ContinuousClock().measure {
            for path in paths {
                let frame = try loader.load(contentsOf: path)
                pixels += frame.width * frame.height
            }
        }
        print("loaded \(paths.count) corpus images, \(pixels / 1_000_000) megapixels, in \(elapsed)")
        #expect(elapsed < .seconds(20))
    }
}
