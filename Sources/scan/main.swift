import Glibc
import Scanner

// A reader that goes away (`scan | head -1`) ends the run quietly through
// LineWriter's EPIPE result instead of killing the process mid-write.
signal(SIGPIPE, SIG_IGN)

let options: Options
do {
    options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    LineWriter.standardError.write("scan: \(error)\nTry 'scan --help' for more information.\n")
    exit(2)
}

if options.showHelp {
    LineWriter.standardOutput.write(Help.text + "\n")
    exit(0)
}
if options.showManPage {
    LineWriter.standardOutput.write(ManPage.text)
    exit(0)
}
if options.showVersion {
    LineWriter.standardOutput.write(Help.version + "\n")
    exit(0)
}
if options.listDevices || options.listFormats || options.listControls {
    exit(DeviceListing(options: options).run())
}
if options.paths.isEmpty && options.filesFrom == nil {
    exit(ContinuousScan(options: options).run())
}
exit(FileScan(options: options).run())
