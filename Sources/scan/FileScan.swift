import Foundation
import Scanner

/// `scan PATH...`: decodes still images and prints what each holds.
struct FileScan {
    let options: Options
    let output = LineWriter.standardOutput
    let messages = LineWriter.standardError

    /// Scans every input; returns the exit status.
    func run() -> Int32 {
        let inputs = ImageInputs.expand(options.paths)
        let decoder = Decoder(configuration: DecoderConfiguration(
            symbologies: options.symbologies, regionOfInterest: options.regionOfInterest,
            effort: options.effort ?? .thorough))
        let loader = ImageLoader()
        let formatter = DetectionFormatter(format: options.format)
        let progress = Progress(total: inputs.count, enabled: !options.quiet && messages.isTerminal && inputs.count > 1)
        var found = 0, failed = 0
        for (index, input) in inputs.enumerated() {
            progress.update(done: index)
            let name: String
            let frame: Frame
            do {
                switch input {
                case .file(let path):
                    name = path
                    frame = try loader.load(contentsOf: path)
                case .standardInput:
                    name = "-"
                    frame = try loader.load(Array(FileHandle.standardInput.readDataToEndOfFile()), name: "standard input")
                }
            } catch {
                failed += 1
                progress.clear()
                if !options.quiet { messages.write("scan: \(error)\n") }
                continue
            }
            for detection in decoder.decode(frame) {
                found += 1
                progress.clear()
                guard output.write(formatter.line(for: detection, source: name)) else { return found > 0 ? 0 : 1 }
            }
        }
        progress.clear()
        if found > 0 { return 0 }
        return failed > 0 ? 1 : 4
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
