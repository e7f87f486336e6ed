// Fuzzes our PDF417 reader (PDF417FuzzEntry): codewords through Reed–Solomon and the data decoder, a
// small frame through PDF417Engine, or codewords drawn as a symbol, as the first byte says.
import CFuzzDriver
import Glibc
import Scanner

exit(fuzz_driver_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in
    guard let data else { return 0 }
    PDF417FuzzEntry.run(UnsafeBufferPointer(start: data, count: size))
    return 0
})
