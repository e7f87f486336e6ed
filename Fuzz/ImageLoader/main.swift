// Fuzzes the image loader on arbitrary bytes: format sniffing and every
// decoder (JPEG, PNG, WebP, PNM) behind it, at the standard size limit.
import CFuzzDriver
import Glibc
import Scanner

exit(fuzz_driver_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in
    _ = try? ImageLoader().load(UnsafeRawBufferPointer(start: data, count: size), name: "fuzz input")
    return 0
})
