// Fuzzes our QR-family reader (QRFuzzEntry): a module grid of any QR, Micro
// QR or rMQR shape through the symbol decoder, a small frame through
// QREngine, or the grid drawn as a frame, as the first byte says.
import CFuzzDriver
import Glibc
import Scanner

exit(fuzz_driver_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in
    guard let data else { return 0 }
    QRFuzzEntry.run(UnsafeBufferPointer(start: data, count: size))
    return 0
})
