import Glibc
import Scanner

// Started as the read helper (zxing 1.4's 1D readers, which can abort), this
// process serves reads and exits here; otherwise it is its own helper.
ReadHelper.enterIfAsked()

// A reader that goes away (`scan | head -1`) ends the run quietly through
// LineWriter's EPIPE result instead of killing the process mid-write.
signal(SIGPIPE, SIG_IGN)

let invocation: Invocation
do {
    invocation = try Invocation(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    LineWriter.standardError.write("scan: \(error)\nTry 'scan --help' for more information.\n")
    exit(2)
}

switch invocation {
case .show(let page):
    LineWriter.standardOutput.write(page.text)
    exit(0)
case .listing(let options):
    exit(DeviceListing(options: options).run())
case .camera(let options):
    exit(ContinuousScan(options: options).run())
case .files(let options):
    exit(FileScan(options: options).run())
}
