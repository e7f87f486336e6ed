import Glibc
import Scanner
import ScanOverlay

/// Draws the window's pictures on a thread of its own at the lowest
/// priority (nice 19). Under load, drawing is what waits: the decode thread
/// keeps the CPU, and the window's thread, which only takes input and shows
/// finished pictures, still answers a close or a key at once. (When the
/// window's thread drew at nice 19 itself, a close under a loaded test run
/// went unanswered for over two minutes.)
final class PreviewPainter: @unchecked Sendable {
    // Sendable: `job`, `picture` and `closed` are guarded by `lock`.

    /// One picture to draw: a decoded frame, halved `halvings` times before
    /// drawing, with its marks (in the halved frame's pixels), region and
    /// status bar.
    struct Job: Sendable {
        var frame: Frame
        var halvings: Int
        var marks: [OverlayMark]
        var region: RegionOfInterest
        var statusLines: [String]
    }

    private let lock = Lock()
    private var job: Job?
    private var picture: Result<RGBAImage, OverlayError>?
    private var closed = false
    private let wake: @Sendable () -> Void

    /// Starts the drawing thread; `wake` is called from it when a picture is ready.
    init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
        detachThread(named: "preview painter") { [self] in
            PreviewWindow.lowerThisThreadsPriority()
            drawJobs()
        }
    }

    /// Asks for `job` to be drawn, replacing one not yet started.
    func draw(_ job: Job) {
        lock.withLock {
            self.job = job
            lock.broadcast()
        }
    }

    /// The newest finished picture, if one came since the last call.
    func takePicture() -> Result<RGBAImage, OverlayError>? {
        lock.withLock {
            defer { picture = nil }
            return picture
        }
    }

    /// Ends the drawing thread once its current picture is done.
    func close() {
        lock.withLock {
            closed = true
            lock.broadcast()
        }
    }

    private func drawJobs() {
        let renderer = OverlayRenderer()
        while let job = nextJob() {
            var shown = job.frame
            for _ in 0..<job.halvings { shown = shown.downscaledByTwo() }
            let drawn = Result { () throws(OverlayError) -> RGBAImage in
                try renderer.render(shown, marks: job.marks, regionOfInterest: job.region, statusLines: job.statusLines).image
            }
            lock.withLock { picture = drawn }
            wake()
        }
    }

    private func nextJob() -> Job? {
        lock.withLock {
            while job == nil && !closed { lock.wait() }
            defer { job = nil }
            return closed ? nil : job
        }
    }
}
