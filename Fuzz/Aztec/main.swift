// Fuzzes our Aztec reader (AztecFuzzEntry): a module grid through the symbol
// decoder, a small frame through AztecEngine, or the grid drawn as a frame,
// as the first byte says.
import CFuzzDriver
import Glibc
import Scanner

exit(fuzz_driver_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in
    guard let data else { return 0 }
    AztecFuzzEntry.run(UnsafeBufferPointer(start: data, count: size))
    return 0
})
