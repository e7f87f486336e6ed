// Fuzzes our MaxiCode reader (MaxiCodeFuzzEntry): the module grid through the symbol decoder, a
// small frame through MaxiCodeEngine, or the grid drawn as a frame, as the first byte says.
import CFuzzDriver
import Glibc
import Scanner

exit(fuzz_driver_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in
    guard let data else { return 0 }
    MaxiCodeFuzzEntry.run(UnsafeBufferPointer(start: data, count: size))
    return 0
})
