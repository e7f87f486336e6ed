import Foundation
import Scanner
import ScannerTestSupport
import Testing

/// Recordings whose headers lie, that never start, or that stream: every
/// number is checked before it sizes anything, and nothing waits forever.
@Suite struct RecordingLimitsTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    private func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = directory.file(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Sizes that overflowed `width * height` (a SIGILL), or exceed the image limit.
    @Test(arguments: [
        "W2 H9223372036854775807", "W9223372036854775807 H9223372036854775807", "W-5 H10", "W0 H0",
        "W65536 H1", "W20000 H20000", "H10",
    ])
    func absurdFrameSizesAreRefused(size: String) throws {
        let path = try file("absurd.y4m", Array("YUV4MPEG2 \(size) F30:1 Cmono\nFRAME\n\0\0\0\0".utf8))
        let error = #expect(throws: RecordingError.self) { try Recording.open(path, realTime: false) }
        guard case .badRecording(path, let reason) = error else {
            Issue.record("expected a bad recording, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("frame size"), "\(reason)")
    }

    /// A rate whose interval times the frame index would overflow falls back to 30 fps.
    @Test func absurdFrameRateFallsBack() throws {
        let frames = Array(repeating: Array("FRAME\n\u{7}".utf8), count: 40).flatMap { $0 }
        let path = try file("rate.y4m", Array("YUV4MPEG2 W1 H1 F1:9223372036854775807 Cmono\n".utf8) + frames)
        let reader = try Y4MReader(path: path, realTime: false)
        #expect(reader.frameInterval == .seconds(1) / 30)
        var count = 0
        while try reader.nextFrame() != nil { count += 1 }
        #expect(count == 40)
    }

    /// A recording of a source that gave no rate says 30 fps exactly (it
    /// said F1000:33 while the default was 33 ms), and reads back as such.
    @Test func aRecordingWithoutARateIsThirtyFramesASecond() throws {
        let path = directory.file("unrated.y4m").path
        let writer = try Y4MWriter(path: path)
        try writer.append(Frame(width: 2, height: 2, pixels: [0, 1, 2, 3]))
        let header = try #require(String(data: try Data(contentsOf: URL(fileURLWithPath: path)), encoding: .isoLatin1))
        #expect(header.hasPrefix("YUV4MPEG2 W2 H2 F30:1 "), "\(header.prefix(40))")
        #expect(try Y4MReader(path: path, realTime: false).frameInterval == .defaultFrameInterval)
    }

    /// Foundation's `contents(atPath:)` leaked on an empty file; the reader no longer uses it.
    @Test func emptyAndNonJPEGStreamsAreRefused() throws {
        let empty = try file("empty.mjpeg", [])
        #expect(throws: RecordingError.badRecording(path: empty, reason: "it does not start with a JPEG image")) {
            try MJPEGStreamReader(path: empty)
        }
        #expect(throws: RecordingError.badRecording(path: empty, reason: "it is empty")) {
            try Recording.open(empty, realTime: false)
        }
        #expect(throws: RecordingError.badRecording(path: directory.url.path, reason: "it is a directory")) {
            try Recording.open(directory.url.path, realTime: false)
        }
    }

    /// A stream of many of the reader's reads (64 KiB, then as much as it holds): every image is found
    /// across the read boundaries, and a cut-off last one is damaged.
    @Test func longStreamsAreReadInPieces() throws {
        let frames = (0..<24).map { index in
            JPEGEncoder.encode(Frame(width: 320, height: 240, pixels: (0..<320 * 240).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> (index % 13)) }), quality: 98)
        }
        let last = frames[0]
        let path = try file("long.mjpeg", frames.flatMap { $0 } + last.prefix(last.count / 2))
        #expect(frames.map(\.count).reduce(0, +) > 1 << 20)
        let reader = try MJPEGStreamReader(path: path)
        var decoded = 0, damaged = 0
        while true {
            do {
                guard let frame = try reader.nextFrame() else { break }
                #expect((frame.frame.width, frame.frame.height) == (320, 240))
                decoded += 1
            } catch {
                damaged += 1
            }
        }
        #expect((decoded, damaged) == (24, 1))
    }

    /// A FIFO nobody writes to is empty at once; one with a writer streams.
    @Test func fifosNeverWaitForAWriter() throws {
        let fifo = directory.file("camera.mjpeg").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: RecordingError.badRecording(path: fifo, reason: "it is empty")) {
            try Recording.open(fifo, realTime: false)
        }
        let jpeg = JPEGEncoder.encode(Frame(width: 16, height: 16, pixels: Array(repeating: 90, count: 256)))
        let writer = Thread {
            // Blocks until the reader opens the FIFO.
            guard let handle = FileHandle(forWritingAtPath: fifo) else { return }
            for _ in 0..<3 { handle.write(Data(jpeg)) }
            try? handle.close()
        }
        writer.start()
        // The writer has to be waiting before the reader opens.
        Thread.sleep(forTimeInterval: 1)
        let source = try Recording.open(fifo, realTime: false)
        var count = 0
        while try source.nextFrame() != nil { count += 1 }
        #expect(count == 3)
    }
}
