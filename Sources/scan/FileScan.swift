import FoundationEssentials
import Scanner
import ScanOverlay

/// `scan PATH...` and `scan --files-from LIST`: decodes still images and
/// prints what each holds, accounting for every input.
struct FileScan {
    let options: FileOptions
    let output = LineWriter.standardOutput
    let messages = LineWriter.standardError

    /// What one page of an input gave: its detections' output lines, or an error.
    private enum Outcome: Sendable {
        /// `annotated`: the page with its detections drawn, for `--annotate`;
        /// `timedOut`: `--timeout` ended the work on it; `warning`: what was
        /// wrong with a page that still decoded (a JPEG cut short); `page`:
        /// its index in the file, from 0, for --xml.
        case found(
            source: String, page: Int, lines: [[UInt8]], annotated: AnnotationFiles.Page?, timedOut: Bool,
            warning: ImageLoadWarning?)
        case failed(source: String, message: String)
        /// A directory named on the command line that holds no image file:
        /// nothing was read, so it is a no-code record, with a hint on why.
        case empty(directory: String)
    }

    /// The inputs in order: command-line paths (directories walked), then
    /// the `--files-from` list, each read only when a worker is free.
    private struct Inputs: IteratorProtocol {
        var paths: ImageInputs.Expansion
        let list: PathList?

        mutating func next() -> ImageInputs.Input? { paths.next() ?? list?.next() }
    }

    /// Scans every input, on every core, printing in input order; returns
    /// the exit status (see Help's EXIT STATUS).
    func run() -> Int32 {
        let list: PathList?
        do {
            list = try options.filesFrom.map { path throws(PathList.OpenError) in try PathList(path: path, nullSeparated: options.nullSeparated) }
        } catch {
            messages.write("scan: \(error)\n")
            return 2
        }
        var annotations: AnnotationFiles?
        do {
            annotations = try options.annotate.map { directory throws(UsageError) in try AnnotationFiles(directory: directory) }
        } catch {
            messages.write("scan: \(error)\n")
            return 2
        }
        let overlay = options.annotate == nil ? nil : (OverlayRenderer(), options.decoding.regionOfInterest)
        // Several inputs, as grep decides it: more than one path, a
        // directory, or a list; before any is read, as output streams.
        let several = options.paths.count > 1 || list != nil || options.paths.contains(where: ImageInputs.Expansion.isDirectory)
        let configuration = options.decoderConfiguration
        let formatter = DetectionFormatter(format: options.output.format, namesSource: options.withFilename ?? several,
            variableMeasureLayouts: options.output.variableMeasureLayouts)
        var loader = ImageLoader()
        loader.allGIFFrames = options.allFrames
        loader.pdfDotsPerInch = options.pdfDotsPerInch
        let progress = Progress(enabled: !options.output.quiet && messages.isTerminal && several)
        var found = 0, failed = 0, done = 0, readerGone = false
        let xml = options.output.format == .xml
        if xml { readerGone = !output.write(Array(ZBarXML.start.utf8)) }
        var summary = BatchSummary()
        OrderedWorkers.run(
            jobs: Inputs(paths: ImageInputs.Expansion(options.paths), list: list),
            threads: ProcessInfo.processInfo.activeProcessorCount,
            makeState: { [loader] in (BarcodeReader(configuration: configuration), loader) },
            work: { state, input in
                (input, Self.scan(input, reader: state.0, loader: state.1, formatter: formatter, overlay: overlay))
            },
            consume: { input, outcomes in
                done += 1
                progress.update(done: done)
                // zbarimg's document has a source for each file read, around its pages' symbols.
                let xmlSource = xml && Self.isImage(input)
                if xmlSource { readerGone = !output.write(Array(ZBarXML.sourceStart(input.source).utf8)) }
                for outcome in outcomes {
                    var lines: [[UInt8]]
                    switch outcome {
                    case .failed(let source, let message):
                        failed += 1
                        summary.failed()
                        progress.clear()
                        if !options.output.quiet { messages.write("scan: \(message)\n") }
                        lines = formatter.line(for: .error(message), source: source).map { [$0] } ?? []
                    case .empty(let directory):
                        progress.clear()
                        if !options.output.quiet { messages.write("scan: \(Self.emptyDirectoryMessage(directory))\n") }
                        lines = formatter.line(for: .noCode, source: directory).map { [$0] } ?? []
                    case .found(let source, let page, let detections, let annotated, let timedOut, let warning):
                        found += detections.count
                        if let annotated, let message = annotations?.write(annotated) {
                            failed += 1
                            progress.clear()
                            if !options.output.quiet { messages.write("scan: \(message)\n") }
                        }
                        // Cut short, by the time limit or by a file that ends
                        // early, so not accounted as read: its record follows
                        // whatever it gave (the time limit is said first).
                        let cutShort: (message: String, status: DetectionFormatter.Status)?
                        if timedOut {
                            let message = Self.timeoutMessage(source: source, limit: configuration.timeLimit)
                            cutShort = (message, .timedOut(message))
                        } else {
                            cutShort = warning.map { ($0.description, .truncated($0.description)) }
                        }
                        summary.read(symbols: detections.count, cutShort: cutShort != nil)
                        if let cutShort {
                            failed += 1
                            progress.clear()
                            if !options.output.quiet { messages.write("scan: \(cutShort.message)\n") }
                            lines = detections + (formatter.line(for: cutShort.status, source: source).map { [$0] } ?? [])
                        } else {
                            lines = detections.isEmpty ? formatter.line(for: .noCode, source: source).map { [$0] } ?? [] : detections
                        }
                        // XML has no status records, and an index only for a page with a symbol.
                        if xml, !detections.isEmpty {
                            lines = [Array(ZBarXML.indexStart(page).utf8)] + detections + [Array(ZBarXML.indexEnd.utf8)]
                        }
                    }
                    if !lines.isEmpty { progress.clear() }
                    // The reader went away (`scan | head -1`): stop quietly.
                    readerGone = !lines.allSatisfy { output.write($0) }
                    if readerGone { return false }
                }
                if xmlSource { readerGone = !output.write(Array(ZBarXML.sourceEnd.utf8)) }
                return !readerGone
            })
        if xml, !readerGone { _ = output.write(Array(ZBarXML.end.utf8)) }
        progress.clear()
        // As zbarimg ends, but only for a person watching: a script reading
        // standard error gets the records' messages alone.
        if several, !options.output.quiet, !readerGone, messages.isTerminal { messages.write("scan: \(summary.description)\n") }
        if failed > 0 { return 1 }
        return found > 0 ? 0 : 4
    }

    /// What a timed-out input says, on standard error and in its record.
    private static func timeoutMessage(source: String, limit: Duration?) -> String {
        let limit = limit?.seconds ?? 0
        let seconds = limit == limit.rounded() ? "\(Int(limit))" : "\(limit)"
        return "\(source): stopped at the time limit of \(seconds) s (--timeout); "
            + "what it found by then is listed; give it more time or try --effort normal"
    }

    /// Whether `input` is an image read (a file or standard input), not a
    /// directory that stands for its failure.
    private static func isImage(_ input: ImageInputs.Input) -> Bool {
        switch input {
        case .file, .standardInput: true
        case .unlistable, .emptyDirectory: false
        }
    }

    /// What a directory without images says on standard error.
    private static func emptyDirectoryMessage(_ directory: String) -> String {
        "\(directory): no image file in this directory or below (names ending in "
            + ImageInputs.imageExtensions.sorted().map { "." + $0 }.joined(separator: " ")
            + "); to scan a file named otherwise, name it on the command line"
    }

    private static func scan(
        _ input: ImageInputs.Input, reader: BarcodeReader, loader: ImageLoader, formatter: DetectionFormatter,
        overlay: (renderer: OverlayRenderer, region: RegionOfInterest)?
    ) -> [Outcome] {
        var outcomes: [Outcome] = []
        let source = input.source
        func take(_ page: ImagePage) -> Bool {
            switch page.frame {
            case .success(let frame):
                let result = reader.read(frame)
                let detections = result.detections
                let timedOut = result.reachedTimeLimit
                let lines = detections.map { formatter.line(for: $0, source: page.source(in: source)) }
                do throws(OverlayError) {
                    let annotated = try overlay.map { overlay throws(OverlayError) in
                        AnnotationFiles.Page(
                            image: try overlay.renderer.render(frame, detections: detections, regionOfInterest: overlay.region).image,
                            file: source, fragment: page.fragment)
                    }
                    outcomes.append(.found(
                        source: page.source(in: source), page: ZBarXML.index(ofFragment: page.fragment), lines: lines,
                        annotated: annotated, timedOut: timedOut, warning: page.warning))
                } catch {
                    outcomes.append(.found(
                        source: page.source(in: source), page: ZBarXML.index(ofFragment: page.fragment), lines: lines,
                        annotated: nil, timedOut: timedOut, warning: page.warning))
                    outcomes.append(.failed(source: page.source(in: source), message: "\(error)"))
                }
            case .failure(let error):
                outcomes.append(.failed(source: page.source(in: source), message: "\(error)"))
            }
            return true
        }
        do throws(ImageLoadError) {
            switch input {
            case .file(let path):
                try loader.forEachPage(contentsOf: path, take)
            case .standardInput:
                try loader.forEachPageOfStandardInput(take)
            case .unlistable(_, let error):
                throw error
            case .emptyDirectory(let path):
                return [.empty(directory: path)]
            }
        } catch {
            return outcomes + [.failed(source: source, message: "\(error)")]
        }
        return outcomes
    }
}

/// A one-line counter on standard error, only when a person is watching.
final class Progress {
    private let enabled: Bool
    private var shown = false

    init(enabled: Bool) {
        self.enabled = enabled
    }

    func update(done: Int) {
        guard enabled else { return }
        LineWriter.standardError.write("\rscanning \(done)…")
        shown = true
    }

    func clear() {
        guard shown else { return }
        LineWriter.standardError.write("\r\u{1B}[K")
        shown = false
    }
}
