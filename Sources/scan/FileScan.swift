import Foundation
import Scanner

/// `scan PATH...`: decodes still images and prints what each holds.
struct FileScan {
    let options: Options
    let output = LineWriter.standardOutput
    let messages = LineWriter.standardError

    /// What one input gave: its detections' output lines, or an error.
    private enum Outcome: Sendable {
        case found([[UInt8]])
        case failed(String)
    }

    /// Scans every input, on every core, printing in input order; returns
    /// the exit status.
    func run() -> Int32 {
        let inputs = ImageInputs.expand(options.paths)
        let configuration = options.decoderConfiguration(defaultEffort: .thorough)
        let formatter = DetectionFormatter(format: options.format)
        let progress = Progress(total: inputs.count, enabled: !options.quiet && messages.isTerminal && inputs.count > 1)
        var found = 0, failed = 0, readerGone = false
        OrderedWorkers.run(
            count: inputs.count, threads: ProcessInfo.processInfo.activeProcessorCount,
            makeState: { (Decoder(configuration: configuration), ImageLoader()) },
            work: { state, index in Self.scan(inputs[index], decoder: state.0, loader: state.1, formatter: formatter) },
            consume: { index, outcome in
                progress.update(done: index)
                switch outcome {
                case .failed(let message):
                    failed += 1
                    progress.clear()
                    if !options.quiet { messages.write("scan: \(message)\n") }
                case .found(let lines):
                    found += lines.count
                    if !lines.isEmpty { progress.clear() }
                    // The reader went away (`scan | head -1`): stop quietly.
                    readerGone = !lines.allSatisfy { output.write($0) }
                }
                return !readerGone
            })
        progress.clear()
        if found > 0 { return 0 }
        return failed > 0 ? 1 : 4
    }

    private static func scan(_ input: ImageInputs.Input, decoder: Decoder, loader: ImageLoader, formatter: DetectionFormatter) -> Outcome {
        do {
            let (name, frame): (String, Frame)
            switch input {
            case .file(let path):
                (name, frame) = (path, try loader.load(contentsOf: path))
            case .standardInput:
                (name, frame) = ("-", try loader.loadStandardInput())
            case .unlistable(let error):
                throw error
            }
            return .found(decoder.decode(frame).map { formatter.line(for: $0, source: name) })
        } catch {
            return .failed("\(error)")
        }
    }
}

/// A one-line counter on standard error, only when a person is watching.
final class Progress {
    private let total: Int
    private let enabled: Bool
    private var shown = false

    init(total: Int, enabled: Bool) {
        self.total = total
        self.enabled = enabled
    }

    func update(done: Int) {
        guard enabled else { return }
        LineWriter.standardError.write("\rscanning \(done + 1)/\(total)…")
        shown = true
    }

    func clear() {
        guard shown else { return }
        LineWriter.standardError.write("\r\u{1B}[K")
        shown = false
    }
}
