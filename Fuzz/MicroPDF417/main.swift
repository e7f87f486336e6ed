// Fuzzes our MicroPDF417 reader (MicroPDF417FuzzEntry): one size's rows of modules through the row
// scan and symbol decoder, a small frame through MicroPDF417Engine, or the rows drawn as a frame,
// as the first byte says.
import CFuzzDriver
import Glibc
import Scanner

exit(fuzz_driver_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in
    guard let data else { return 0 }
    MicroPDF417FuzzEntry.run(UnsafeBufferPointer(start: data, count: size))
    return 0
})
