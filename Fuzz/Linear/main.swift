// Fuzzes our linear reader (LinearFuzzEntry): a scan line of grey samples or
// of raw Float bits through the edge finder and every 1D decoder both ways,
// or a small frame through LinearEngine, as the first byte says.
import CFuzzDriver
import Glibc
import Scanner

exit(fuzz_driver_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in
    guard let data else { return 0 }
    LinearFuzzEntry.run(UnsafeBufferPointer(start: data, count: size))
    return 0
})
